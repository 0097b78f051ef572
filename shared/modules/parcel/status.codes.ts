// Pure data shared by the server and the client (client/modules/parcel/status.ts imports it):
// no imports and no Node APIs here.

/**
 * The normalised parcel status, next to the free-text `status`. Each code has a place on the
 * progress bar (0..4, null when the parcel left the normal path) and the activity icon and
 * colour it defaults to.
 */
export const STATUS_CODES = [
  "pending",
  "picked_up",
  "in_transit",
  "on_hold",
  "out_for_delivery",
  "ready_for_pickup",
  "delivery_failed",
  "delivered",
  "returned_to_sender",
  "exception",
  "cancelled",
] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

export const STATUS_RULES: Record<StatusCode, { step: number; icon: string; color: string; label: string }> = {
  pending: { step: 0, icon: "radio_button_unchecked", color: "gold", label: "Pending" },
  picked_up: { step: 1, icon: "moped", color: "green", label: "Picked up" },
  in_transit: { step: 2, icon: "local_shipping", color: "green", label: "In transit" },
  on_hold: { step: 2, icon: "pan_tool", color: "gold", label: "On hold" },
  out_for_delivery: { step: 3, icon: "departure_board", color: "green", label: "Out for delivery" },
  ready_for_pickup: { step: 3, icon: "home_work", color: "green", label: "Ready for pickup" },
  delivery_failed: { step: 3, icon: "pan_tool", color: "red", label: "Delivery failed" },
  delivered: { step: 4, icon: "check_circle", color: "green", label: "Delivered" },
  returned_to_sender: { step: 4, icon: "radio_button_checked", color: "black", label: "Returned to sender" },
  exception: { step: 2, icon: "pan_tool", color: "red", label: "Exception" },
  cancelled: { step: 0, icon: "radio_button_unchecked", color: "black", label: "Cancelled" },
};

/** Statuses after which nothing more is expected: never "stale", never late. */
export const FINAL_STATUSES: readonly StatusCode[] = ["delivered", "returned_to_sender", "cancelled"];

/** Why a delivery attempt failed (a `delivery_failed` entry's status_reason), in the order the screens offer them. */
// cod_not_ready: the recipient did not have the cash-on-delivery amount (contract section 12).
export const FAILURE_REASONS = ["nobody_home", "address_not_found", "refused", "access_restricted", "cod_not_ready", "other"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  nobody_home: "Nobody home",
  address_not_found: "Address not found",
  refused: "Refused",
  access_restricted: "Access restricted",
  cod_not_ready: "Payment not ready",
  other: "Other",
};
