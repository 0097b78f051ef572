// Pure rules shared by the server (the dispatch board, a run's stops) and the client (the board): no Node APIs.
import { FINAL_STATUSES, STATUS_CODES, STATUS_RULES, type StatusCode } from "../parcel/status.codes.js";

/** What the board and a run's check know of a parcel to say whether it can go on a run of `date`. */
export interface PlanParcel {
  status_code: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The recipient's choice after a failed attempt: "delivery" (on reschedule_date) or "depot". */
  reschedule_choice: string | null;
  reschedule_date: string | null;
  /** A requested pickup of a booking of the parcel that has not collected it yet (the parcel is still at its shipper). */
  awaiting_pickup: number | null;
}

/** The statuses the dispatch board lists: every one but the final (delivered, returned, cancelled). */
export const BOARD_STATUSES: readonly StatusCode[] = STATUS_CODES.filter((c) => !FINAL_STATUSES.includes(c));

/** What the board lists, in a line above the list. */
export const BOARD_LISTS = "Every parcel not yet delivered, returned or cancelled is listed, scanned at a hub or not.";

/** What makes a parcel plannable, as the board says it (the rule of `notPlannable` in words). */
export const PLANNABLE_RULE =
  "One can go on a run when it has a point on the map, is not on hold, in exception or waiting at a pickup point, " +
  "is not still at its shipper waiting for a pickup, its recipient did not choose another day or the depot, " +
  "and it is on no other run of the date. The others say why.";

/**
 * Why the parcel cannot go on a run of `date` (the first reason, in words a dispatcher reads: "On hold: release it
 * first"), or null when it can. The board lists the reason beside the parcel; a run refuses the parcel with it (422).
 */
export function notPlannable(p: PlanParcel, date: string): string | null {
  const status = p.status_code as StatusCode | null;
  if (status && FINAL_STATUSES.includes(status)) return `${STATUS_RULES[status].label}: its journey is over`;
  if (status === "on_hold") return "On hold: release it first";
  if (status === "exception") return "Exception: resolve it first";
  if (status === "ready_for_pickup") return "Waits at a pickup point for its recipient";
  if (status === "delivery_failed" && p.reschedule_choice === "depot") return "Its recipient collects it at the depot";
  if (status === "delivery_failed" && p.reschedule_choice === "delivery" && p.reschedule_date && p.reschedule_date !== date)
    return `Its recipient chose ${p.reschedule_date}`;
  if ((status === "pending" || !status) && p.awaiting_pickup != null) return `Still at its shipper: pickup ${p.awaiting_pickup} collects it first`;
  if (p.latitude == null || p.longitude == null) return "No point on the map: place the destination to plan it";
  return null;
}
