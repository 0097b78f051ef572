// Pure data shared by the server and the client (client/control/screens/scan imports it): no Node APIs.
import { FAILURE_REASON_LABELS, FINAL_STATUSES, STATUS_RULES, type FailureReason, type StatusCode } from "../parcel/status.codes.js";

/**
 * The floor's events, in the order the scan screen offers them: each maps onto a normalised status
 * (status.codes.ts) and a default history title. "custom" takes the title and status the courier gives.
 */
export const SCAN_EVENTS = [
  { id: "picked_up", label: "Picked up", status_code: "picked_up", title: "Picked up" },
  { id: "arrived_hub", label: "Arrived at hub", status_code: "in_transit", title: "Arrived at hub" },
  { id: "departed_hub", label: "Departed hub", status_code: "in_transit", title: "Departed hub" },
  { id: "out_for_delivery", label: "Out for delivery", status_code: "out_for_delivery", title: "Out for delivery" },
  { id: "delivery_failed", label: "Delivery attempt failed", status_code: "delivery_failed", title: "Delivery attempt failed" },
  { id: "delivered", label: "Delivered", status_code: "delivered", title: "Delivered" },
  { id: "returned_to_sender", label: "Returned to sender", status_code: "returned_to_sender", title: "Returned to sender" },
  { id: "custom", label: "Custom event", status_code: null, title: null },
] as const satisfies readonly { id: string; label: string; status_code: StatusCode | null; title: string | null }[];
export type ScanEventId = (typeof SCAN_EVENTS)[number]["id"];

/** At most this many codes in one request (POST /api/scans, scanParcels). */
export const MAX_SCAN_CODES = 500;

/** The title an entry gets when the request names none: the event's own for this status, else the status's label. */
export function defaultScanTitle(status: StatusCode, reason?: string | null): string {
  const event = SCAN_EVENTS.find((e) => e.status_code === status);
  const base = event?.title ?? STATUS_RULES[status].label;
  if (status === "delivery_failed" && reason && reason in FAILURE_REASON_LABELS) {
    return `${base}: ${FAILURE_REASON_LABELS[reason as FailureReason].toLowerCase()}`;
  }
  return base;
}

/** Why a code gets no entry (the `error.code` of its answer). */
export const SCAN_ERRORS = {
  INVALID_CODE: "This is not a tracking code",
  UNKNOWN_CODE: "Unknown tracking code",
  ALREADY_DELIVERED: "Already delivered",
  NOT_ALLOWED: "Not allowed: the parcel's journey is over",
  /** Cash on delivery missing or wrong (the message says which field: cod, cod.amount, cod.method, cod.reference). */
  COD_REFUSED: "cod: the amount due must be collected before delivering",
  /** Another collection of this parcel is recorded. */
  COD_CONFLICT: "cod: this parcel's collection is already recorded",
} as const;
export type ScanErrorCode = keyof typeof SCAN_ERRORS;

/**
 * Which events a parcel still takes, by its current status. After a final status nothing more is
 * expected, with one exception that happens on the floor: a delivered parcel that comes back
 * (refused after the fact, undeliverable return) may still be returned to the sender.
 */
export function scanRefusal(current: string | null, next: StatusCode): ScanErrorCode | null {
  if (!current || !(FINAL_STATUSES as readonly string[]).includes(current)) return null;
  if (current === "delivered") return next === "returned_to_sender" ? null : "ALREADY_DELIVERED";
  return "NOT_ALLOWED";
}

/**
 * Whether a proof of delivery is refused: wherever a "delivered" scan is, except on a parcel that a
 * scan already delivered (the proof completes that delivery; one proof per parcel is checked apart).
 */
export function proofRefusal(current: string | null): ScanErrorCode | null {
  const refusal = scanRefusal(current, "delivered");
  return refusal === "ALREADY_DELIVERED" ? null : refusal;
}
