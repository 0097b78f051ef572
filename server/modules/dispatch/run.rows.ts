import { currentCall, type Actor } from "../../core/actor.js";
import { forbidden, notFound } from "../../core/errors.js";
import { can } from "../../../shared/core/permissions.js";
import { db } from "../../db/index.js";
import { getSettings } from "../settings/settings.service.js";
import type { PlanParcel } from "../../../shared/modules/dispatch/plannable.js";
import { dayPlanOf, type DayPlan } from "./eta.rules.js";

/** A run as the dispatch services read it (with its stops in order), the day plan, and who may act on a run. */

export const PARCEL_SELECT = {
  id: true,
  tracking_code: true,
  recipient_name: true,
  destination: true,
  parcel_content: true,
  status_code: true,
  map_destination_latitude: true,
  map_destination_longitude: true,
  destination_located: true,
  // Cash on delivery: the stop shows what to collect (cod_due).
  cod_amount: true,
  cod_currency: true,
} as const;
/** A parcel as the board and a run's check read it to say whether it can go on a run (shared/modules/dispatch/plannable.ts). */
export const PLAN_SELECT = {
  ...PARCEL_SELECT,
  reschedule_choice: true,
  reschedule_date: true,
  // A requested pickup of one of its bookings: the parcel is still at its shipper.
  bookings: { where: { cancelled_at: null, pickup: { status: "requested" } }, select: { pickup_id: true }, take: 1 },
} as const;
export type PlanRow = ParcelBrief & {
  map_destination_latitude: number | null;
  map_destination_longitude: number | null;
  reschedule_choice: string | null;
  reschedule_date: string | null;
  bookings: { pickup_id: number | null }[];
};
/** The row as the plannable rule reads it. */
export const planParcel = (p: PlanRow): PlanParcel => ({
  status_code: p.status_code,
  latitude: p.map_destination_latitude,
  longitude: p.map_destination_longitude,
  reschedule_choice: p.reschedule_choice,
  reschedule_date: p.reschedule_date,
  awaiting_pickup: p.bookings[0]?.pickup_id ?? null,
});
export const PICKUP_SELECT = { id: true, date: true, from: true, to: true, address: true, status: true, _count: { select: { bookings: true } } } as const;
export const RUN_INCLUDE = {
  stops: { orderBy: { seq: "asc" as const }, include: { parcel: { select: PARCEL_SELECT }, pickup: { select: PICKUP_SELECT } } },
};

export type ParcelBrief = {
  id: number;
  tracking_code: string;
  recipient_name: string;
  destination: string;
  parcel_content: string | null;
  status_code: string | null;
  cod_amount: number | null;
  cod_currency: string | null;
};
export type PickupBrief = { id: number; date: string; from: string; to: string; address: string; status: string; _count: { bookings: number } };
export type StopRow = {
  id: number;
  run_id: number;
  seq: number;
  kind: string;
  parcel_id: number | null;
  pickup_id: number | null;
  address: string;
  latitude: number;
  longitude: number;
  leg_m: number;
  status: string;
  window_from: Date | null;
  window_to: Date | null;
  done_at: Date | null;
  near_notified: boolean;
  parcel: ParcelBrief | null;
  pickup: PickupBrief | null;
};
export type RunRow = {
  id: number;
  courier_id: number;
  date: string;
  status: string;
  start_latitude: number | null;
  start_longitude: number | null;
  distance_m: number;
  duration_min: number;
  started_at: Date | null;
  finished_at: Date | null;
  stops: StopRow[];
};

/** The day plan of the settings as they are now. */
export async function dayPlan(): Promise<DayPlan> {
  return dayPlanOf(await getSettings());
}

/** An id a run may have (a 32-bit positive integer): anything else is no run, without a query. */
export const isRunId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

export const readRun = (id: number) => db().run.findUnique({ where: { id }, include: RUN_INCLUDE }) as Promise<RunRow | null>;

export async function runOrThrow(id: number): Promise<RunRow> {
  const run = isRunId(id) ? await readRun(id) : null;
  if (!run) throw notFound("Run not found");
  return run;
}

export const codesOf = (run: RunRow) => run.stops.map((s) => s.parcel?.tracking_code).filter((c): c is string => !!c);

export const actorNow = (): Actor | null => currentCall()?.actor ?? null;
export const mayDispatch = (a: Actor | null) => !a || (a.kind === "member" && can(a.role, "dispatch"));

/** The run's courier or a member with dispatch (calls outside a request, e.g. tests' set-up, are the system's). */
export function mustBeCourierOrDispatch(run: RunRow) {
  const a = actorNow();
  if (mayDispatch(a)) return;
  if (a?.kind === "member" && a.id === run.courier_id) return;
  throw forbidden("Only the run's courier or a member with the permission dispatch may do this");
}
