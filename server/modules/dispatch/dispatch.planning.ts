import { AppError, badInput, conflict, isUniqueViolation } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { notPlannable } from "../../../shared/modules/dispatch/plannable.js";
import { addressLine, parseAddress } from "../address/address.rules.js";
import { roundLength, type Point } from "./route.order.js";
import { distanceMatrix, orderInThread } from "./routing.js";
import { durationOf, startOf } from "./eta.rules.js";
import { viewOf, type RunView } from "./dispatch.reads.js";
import { PICKUP_SELECT, PLAN_SELECT, dayPlan, planParcel, runOrThrow, type ParcelBrief, type RunRow } from "./run.rows.js";
import { LatLngInput, RunStopInput, type CreateRunInput, type UpdateRunInput } from "./dispatch.input.js";
import { mustBeWithinCashLimit } from "../cod/cashup.service.js";

/** Making and changing runs: their courier, start, stops (checked and claimed for the date) and order. */

async function mustBeCourier(courierId: number) {
  const m = await db().admin.findUnique({ where: { id: courierId }, select: { role: true, disabled: true, password_hash: true } });
  if (!m || m.disabled || !m.password_hash || (m.role !== "courier" && m.role !== "dispatcher")) {
    throw badInput("courier_id must be an active courier or dispatcher");
  }
}

async function startPoint(given: LatLngInput | null | undefined, fallback: Point | null): Promise<Point> {
  if (given) {
    const start = await validated(LatLngInput, given).catch((e: AppError) => {
      throw badInput(e.messages.map((m) => `start.${m}`));
    });
    return { latitude: start.latitude, longitude: start.longitude };
  }
  if (fallback) return fallback;
  const plan = await dayPlan();
  if (!plan.depot) throw badInput("start is required: give start, or set the depot's location (depot_latitude, depot_longitude) in the settings");
  return plan.depot;
}

/** A stop to plan: a parcel to deliver, or a pickup (issue 25) to collect. */
type PlannedStop = { latitude: number; longitude: number; address: string } & (
  { parcel: ParcelBrief; pickup?: undefined } | { pickup: { id: number; date: string; from: string; to: string }; parcel?: undefined }
);

type Wanted = { i: number; code: string } | { i: number; pickup: number };

/** The stops asked for, checked: known parcels and pickups, each once, with coordinates, not on another run of the date. */
async function resolveStops(raw: unknown[], date: string, runId: number | null): Promise<PlannedStop[]> {
  const errors: string[] = [];
  const wanted: Wanted[] = [];
  for (const [i, item] of raw.entries()) {
    let s: RunStopInput;
    try {
      s = await validated(RunStopInput, item);
    } catch (e) {
      errors.push(...(e as AppError).messages.map((m) => `stops[${i}].${m}`));
      continue;
    }
    const code = s.tracking_code?.trim();
    if (s.pickup_id != null && code) errors.push(`stops[${i}] names a tracking_code or a pickup_id, not both`);
    else if (s.pickup_id != null) wanted.push({ i, pickup: s.pickup_id });
    else if (code) wanted.push({ i, code });
    else errors.push(`stops[${i}] needs a tracking_code or a pickup_id`);
  }
  const codes = [...new Set(wanted.flatMap((w) => ("code" in w ? [w.code] : [])))];
  const pickupIds = [...new Set(wanted.flatMap((w) => ("pickup" in w ? [w.pickup] : [])))];
  const [parcels, pickups] = await Promise.all([
    codes.length ? db().parcel.findMany({ where: { tracking_code: { in: codes } }, select: PLAN_SELECT }) : [],
    pickupIds.length ? db().pickup.findMany({ where: { id: { in: pickupIds } }, select: PICKUP_SELECT }) : [],
  ]);
  const byCode = new Map(parcels.map((p) => [p.tracking_code, p]));
  const byPickup = new Map(pickups.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const out: PlannedStop[] = [];
  for (const w of wanted) {
    const at = `stops[${w.i}]`;
    if ("code" in w) {
      const p = byCode.get(w.code);
      if (!p) errors.push(`${at}.tracking_code: no parcel has the code ${w.code}`);
      else if (seen.has(w.code)) errors.push(`${at}.tracking_code: ${w.code} is on the run twice`);
      else {
        // The board's rule (shared/modules/dispatch/plannable.ts): what it lists as not plannable, a run refuses.
        const blocked = notPlannable(planParcel(p), date);
        if (blocked || p.map_destination_latitude == null || p.map_destination_longitude == null)
          errors.push(`${at}.tracking_code: the parcel ${w.code} cannot go on a run (${blocked})`);
        else out.push({ parcel: p, address: p.destination, latitude: p.map_destination_latitude, longitude: p.map_destination_longitude });
      }
      seen.add(w.code);
      continue;
    }
    const p = byPickup.get(w.pickup);
    const key = `pickup ${w.pickup}`;
    const place = p ? parseAddress(p.address) : null;
    if (!p) errors.push(`${at}.pickup_id: no pickup has the id ${w.pickup}`);
    else if (seen.has(key)) errors.push(`${at}.pickup_id: the pickup ${w.pickup} is on the run twice`);
    else if (p.date !== date) errors.push(`${at}.pickup_id: the pickup ${w.pickup} is for ${p.date}, not ${date}`);
    else if (p.status !== "requested") errors.push(`${at}.pickup_id: the pickup ${w.pickup} is ${p.status}`);
    else if (place?.latitude == null || place.longitude == null) errors.push(`${at}.pickup_id: the pickup ${w.pickup}'s address has no coordinates`);
    else out.push({ pickup: p, address: addressLine(place), latitude: place.latitude, longitude: place.longitude });
    seen.add(key);
  }
  if (errors.length) throw badInput(errors);
  await mustBeFree(out, date, runId);
  return out;
}

/** 409 when a parcel or pickup of `stops` is already on another run of the date. */
async function mustBeFree(stops: PlannedStop[], date: string, runId: number | null) {
  const parcelIds = stops.flatMap((s) => (s.parcel ? [s.parcel.id] : []));
  const pickupIds = stops.flatMap((s) => (s.pickup ? [s.pickup.id] : []));
  if (!parcelIds.length && !pickupIds.length) return;
  const taken = await db().stop.findFirst({
    where: {
      claim_date: date,
      OR: [{ parcel_id: { in: parcelIds } }, { pickup_id: { in: pickupIds } }],
      ...(runId ? { run_id: { not: runId } } : {}),
    },
    select: { run_id: true, parcel_id: true, pickup_id: true },
  });
  if (taken) {
    const what = taken.pickup_id ? `The pickup ${taken.pickup_id}` : `The parcel ${stops.find((s) => s.parcel?.id === taken.parcel_id)?.parcel?.tracking_code}`;
    throw conflict(`${what} is already on run ${taken.run_id} of ${date}`);
  }
}

/** The stops in the order to drive them, the legs and the round's length (metres). */
async function route(start: Point, stops: PlannedStop[], optimize: boolean) {
  const matrix = await distanceMatrix([start, ...stops]);
  const order = optimize && stops.length > 1 ? await orderInThread(matrix) : stops.map((_, i) => i + 1);
  const legs: number[] = [];
  let prev = 0;
  for (const p of order) {
    legs.push(Math.round(matrix.m[prev * matrix.size + p]));
    prev = p;
  }
  return { ordered: order.map((p) => stops[p - 1]), legs, distance: Math.round(roundLength(order, matrix.m, matrix.size)) };
}

function stopRows(runId: number, date: string, ordered: PlannedStop[], legs: number[]) {
  return ordered.map((s, i) => ({
    run_id: runId,
    seq: i + 1,
    kind: s.pickup ? "pickup" : "delivery",
    parcel_id: s.parcel?.id ?? null,
    pickup_id: s.pickup?.id ?? null,
    claim_date: date,
    address: s.address,
    latitude: s.latitude,
    longitude: s.longitude,
    leg_m: legs[i],
  }));
}

/** Another run took one of the parcels meanwhile (the unique claim of a parcel and date). */
function takenMeanwhile(e: unknown): never {
  if (isUniqueViolation(e)) throw conflict("A parcel or pickup of this run is already on another run of the date");
  throw e;
}

export async function createRun(input: CreateRunInput): Promise<RunView> {
  await mustBeCourier(input.courier_id);
  await mustBeWithinCashLimit(input.courier_id);
  const start = await startPoint(input.start, null);
  const stops = await resolveStops(input.stops, input.date, null);
  const plan = await dayPlan();
  const { ordered, legs, distance } = await route(start, stops, !!input.optimize);
  let id = 0;
  try {
    const run = await db().run.create({
      data: {
        courier_id: input.courier_id,
        date: input.date,
        start_latitude: start.latitude,
        start_longitude: start.longitude,
        distance_m: distance,
        duration_min: durationOf(distance, ordered.length, plan),
      },
    });
    id = run.id;
    if (ordered.length) await db().stop.createMany({ data: stopRows(id, input.date, ordered, legs) });
  } catch (e) {
    // Nothing half-written: the run goes when its stops could not be claimed.
    if (id)
      await db()
        .run.delete({ where: { id } })
        .catch(() => {});
    takenMeanwhile(e);
  }
  return viewOf(id);
}

function mustBePlanned(run: RunRow, what: string) {
  if (run.status !== "planned") throw conflict(`Only a planned run can be ${what}: this one is ${run.status}`);
}

export async function updateRun(input: UpdateRunInput): Promise<RunView> {
  const run = await runOrThrow(input.id);
  mustBePlanned(run, "changed");
  if (input.courier_id !== undefined) await mustBeCourier(input.courier_id);
  // A run given to another courier is a new run for them (courier_cash_limit); its own courier keeps it.
  if (input.courier_id !== undefined && input.courier_id !== run.courier_id) await mustBeWithinCashLimit(input.courier_id);
  const start = input.start ? await startPoint(input.start, null) : startOf(run);
  let stops: PlannedStop[];
  if (input.stops !== undefined) stops = await resolveStops(input.stops, run.date, run.id);
  else {
    stops = run.stops.flatMap((s): PlannedStop[] => {
      const at = { address: s.address, latitude: s.latitude, longitude: s.longitude };
      if (s.parcel) return [{ ...at, parcel: s.parcel }];
      return s.pickup ? [{ ...at, pickup: s.pickup }] : [];
    });
  }
  const plan = await dayPlan();
  const { ordered, legs, distance } = await route(start, stops, !!input.optimize);
  try {
    await db().$transaction([
      db().stop.deleteMany({ where: { run_id: run.id } }),
      db().stop.createMany({ data: stopRows(run.id, run.date, ordered, legs) }),
      db().run.update({
        where: { id: run.id },
        data: {
          ...(input.courier_id !== undefined ? { courier_id: input.courier_id } : {}),
          start_latitude: start.latitude,
          start_longitude: start.longitude,
          distance_m: distance,
          duration_min: durationOf(distance, ordered.length, plan),
        },
      }),
    ]);
  } catch (e) {
    takenMeanwhile(e);
  }
  return viewOf(run.id);
}

export async function deleteRun(id: number): Promise<void> {
  const run = await runOrThrow(id);
  mustBePlanned(run, "deleted");
  const gone = await db().run.deleteMany({ where: { id, status: "planned" } });
  if (!gone.count) throw conflict("Only a planned run can be deleted");
}
