import { currentCall, type Actor } from "../../core/actor.js";
import { readEnv } from "../../core/config.js";
import { AppError, badInput, conflict, forbidden, isUniqueViolation, notFound } from "../../core/errors.js";
import { can } from "../../../shared/core/permissions.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { parcelStates, planEntry, type EntryPlan } from "../activity/activity.service.js";
import { parcelWrites, type AddedEntry } from "../parcel/parcel.writes.js";
import { FINAL_STATUSES } from "../../../shared/modules/parcel/status.codes.js";
import { scanRefusal } from "../../../shared/modules/scan/scan.events.js";
import { getSettings } from "../settings/settings.service.js";
import { addressLine, parseAddress } from "../address/address.rules.js";
import { zonedInstant } from "../rates/pricing.rules.js";
import { haversineM, roundLength, type Point } from "./route.order.js";
import { distanceMatrix, orderInThread } from "./routing.js";
import { dispatchEvents } from "./dispatch.events.js";
import { callerJob } from "../../core/jobs.js";
import { drawInThread } from "../invoice/pdf-thread.js";
import { LatLngInput, PositionInput, RunStopInput, type CreateRunInput, type PositionsInput, type UpdateRunInput } from "./dispatch.input.js";

/** Positions may be this far ahead of the server's clock (phones' clocks drift), no further. */
const FUTURE_SLACK_MS = 5 * 60_000;
/** Most parcels the dispatch view lists as unassigned (oldest first). */
export const MAX_UNASSIGNED = 2_000;
/** Entries written per transaction (as the scans: SQLite's 999 parameters a statement). */
const WRITE_BATCH = 60;

const PARCEL_SELECT = {
  id: true,
  tracking_code: true,
  recipient_name: true,
  destination: true,
  parcel_content: true,
  status_code: true,
  map_destination_latitude: true,
  map_destination_longitude: true,
} as const;
const PICKUP_SELECT = { id: true, date: true, from: true, to: true, address: true, status: true, _count: { select: { bookings: true } } } as const;
const RUN_INCLUDE = {
  stops: { orderBy: { seq: "asc" as const }, include: { parcel: { select: PARCEL_SELECT }, pickup: { select: PICKUP_SELECT } } },
};

type ParcelBrief = {
  id: number;
  tracking_code: string;
  recipient_name: string;
  destination: string;
  parcel_content: string | null;
  status_code: string | null;
};
type PickupBrief = { id: number; date: string; from: string; to: string; address: string; status: string; _count: { bookings: number } };
type StopRow = {
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
type RunRow = {
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

export interface DayPlan {
  speedKmh: number;
  stopMinutes: number;
  notifyBefore: number;
  depot: Point | null;
}

async function dayPlan(): Promise<DayPlan> {
  const s = await getSettings();
  return {
    speedKmh: s.courier_speed_kmh > 0 ? s.courier_speed_kmh : 25,
    stopMinutes: Math.max(0, s.stop_minutes),
    notifyBefore: Math.max(0, s.notify_stops_before),
    depot: s.depot_latitude != null && s.depot_longitude != null ? { latitude: s.depot_latitude, longitude: s.depot_longitude } : null,
  };
}

const startOf = (run: { start_latitude: number | null; start_longitude: number | null }): Point => ({
  latitude: run.start_latitude ?? 0,
  longitude: run.start_longitude ?? 0,
});

/**
 * The ETAs of the pending stops, in order, from `from` at `now`: each leg at the courier's speed (the
 * planned leg, road metres when the routing server gave them, between stops that follow each other in
 * the plan; great-circle from the courier or across a stop no longer pending) plus stop_minutes at each.
 */
export function etasOf(from: Point, pending: { id: number; seq: number; leg_m: number; latitude: number; longitude: number }[], plan: DayPlan, now: Date) {
  const out = new Map<number, Date>();
  const metresPerMs = (plan.speedKmh * 1000) / 3_600_000;
  let t = now.getTime();
  let at = from;
  let prevSeq: number | null = null;
  for (const s of pending) {
    const leg = prevSeq !== null && s.seq === prevSeq + 1 ? s.leg_m : haversineM(at, s);
    t += leg / metresPerMs;
    out.set(s.id, new Date(Math.round(t)));
    t += plan.stopMinutes * 60_000;
    at = s;
    prevSeq = s.seq;
  }
  return out;
}

/** A window of DELIVERY_WINDOW_MINUTES around the ETA, its ends on whole minutes. */
export function windowAround(eta: Date): { from: Date; to: Date } {
  const half = (readEnv("DELIVERY_WINDOW_MINUTES") * 60_000) / 2;
  const minute = 60_000;
  return { from: new Date(Math.floor((eta.getTime() - half) / minute) * minute), to: new Date(Math.ceil((eta.getTime() + half) / minute) * minute) };
}

async function latestPosition(runId: number) {
  return db().position.findFirst({ where: { run_id: runId }, orderBy: [{ at: "desc" }, { id: "desc" }] });
}

/** What a pickup stop shows for a parcel's recipient and contents: who hands over, and how many parcels. */
const pickupWho = (p: PickupBrief) => {
  const a = parseAddress(p.address);
  return a ? [a.company, a.name].filter(Boolean).join(", ") : null;
};
const pickupContents = (p: PickupBrief) => `Pickup: ${p._count.bookings} ${p._count.bookings === 1 ? "parcel" : "parcels"}`;

function stopView(s: StopRow, eta: Date | null) {
  return {
    id: s.id,
    seq: s.seq,
    kind: s.kind,
    tracking_code: s.parcel?.tracking_code ?? null,
    pickup_id: s.pickup_id,
    address: { text: s.address, latitude: s.latitude, longitude: s.longitude },
    window: s.window_from && s.window_to ? { from: s.window_from, to: s.window_to } : null,
    status: s.status,
    eta,
    done_at: s.done_at,
    recipient_name: s.parcel?.recipient_name ?? (s.pickup ? pickupWho(s.pickup) : null),
    contents: s.parcel?.parcel_content ?? (s.pickup ? pickupContents(s.pickup) : null),
    parcel_status: s.parcel?.status_code ?? null,
  };
}

/** A pickup's own window (its date, from and to in the site's time zone). */
const pickupWindow = (p: { date: string; from: string; to: string }) => {
  const tz = readEnv("TIME_ZONE");
  return { from: zonedInstant(p.date, p.from, tz), to: zonedInstant(p.date, p.to, tz) };
};

const emails = async (ids: number[]) =>
  new Map((await db().admin.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, email: true } })).map((a) => [a.id, a.email]));

async function runViews(runs: RunRow[], now = new Date()) {
  if (!runs.length) return [];
  const plan = await dayPlan();
  const who = await emails(runs.map((r) => r.courier_id));
  return Promise.all(
    runs.map(async (run) => {
      let etas = new Map<number, Date>();
      if (run.status === "started") {
        const last = await latestPosition(run.id);
        etas = etasOf(
          last ?? startOf(run),
          run.stops.filter((s) => s.status === "pending"),
          plan,
          now,
        );
      }
      return {
        id: run.id,
        courier_id: run.courier_id,
        courier_email: who.get(run.courier_id) ?? null,
        date: run.date,
        status: run.status,
        start: startOf(run),
        stops: run.stops.map((s) => stopView(s, etas.get(s.id) ?? null)),
        distance_km: Math.round(run.distance_m / 100) / 10,
        duration_min: run.duration_min,
        started_at: run.started_at,
        finished_at: run.finished_at,
      };
    }),
  );
}
export type RunView = Awaited<ReturnType<typeof runViews>>[number];

const readRun = (id: number) => db().run.findUnique({ where: { id }, include: RUN_INCLUDE }) as Promise<RunRow | null>;

async function runOrThrow(id: number): Promise<RunRow> {
  const run = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await readRun(id) : null;
  if (!run) throw notFound("Run not found");
  return run;
}

async function viewOf(id: number): Promise<RunView> {
  return (await runViews([await runOrThrow(id)]))[0];
}

const actorNow = (): Actor | null => currentCall()?.actor ?? null;
const mayDispatch = (a: Actor | null) => !a || (a.kind === "member" && can(a.role, "dispatch"));

/** The run's courier or a member with dispatch (calls outside a request, e.g. tests' set-up, are the system's). */
function mustBeCourierOrDispatch(run: RunRow) {
  const a = actorNow();
  if (mayDispatch(a)) return;
  if (a?.kind === "member" && a.id === run.courier_id) return;
  throw forbidden("Only the run's courier or a member with the permission dispatch may do this");
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** The dispatch board of a date: the deliveries waiting for a run, and the date's runs. */
export async function dispatchDay(date: string) {
  const [waiting, pickups, runs, couriers, plan] = await Promise.all([
    db().parcel.findMany({
      where: {
        // out_for_delivery on no run of the date: a skipped stop's parcel, back among the unassigned.
        OR: [
          { status_code: { in: ["in_transit", "out_for_delivery"] } },
          { status_code: "delivery_failed", OR: [{ reschedule_date: date }, { reschedule_choice: null }] },
        ],
        stops: { none: { claim_date: date } },
      },
      select: PARCEL_SELECT,
      orderBy: { id: "asc" },
      take: MAX_UNASSIGNED,
    }),
    // The date's requested pickups on no run of the date (a skipped one is back here).
    db().pickup.findMany({
      where: { date, status: "requested", stops: { none: { claim_date: date } } },
      select: PICKUP_SELECT,
      orderBy: [{ from: "asc" }, { id: "asc" }],
      take: MAX_UNASSIGNED,
    }),
    db().run.findMany({ where: { date }, include: RUN_INCLUDE, orderBy: { id: "asc" } }) as Promise<RunRow[]>,
    // Who may take a run (mustBeCourier's rule): the board's courier list, which the staff list (owner only) cannot give a dispatcher.
    db().admin.findMany({
      where: { role: { in: ["courier", "dispatcher"] }, disabled: false, password_hash: { not: "" } },
      select: { id: true, email: true, role: true },
      orderBy: { email: "asc" },
    }),
    dayPlan(),
  ]);
  return {
    couriers,
    depot: plan.depot,
    date,
    unassigned: [
      ...waiting.map((p) => ({
        id: null,
        seq: null,
        kind: "delivery",
        tracking_code: p.tracking_code,
        pickup_id: null,
        address: { text: p.destination, latitude: p.map_destination_latitude, longitude: p.map_destination_longitude },
        window: null,
        status: "pending",
        eta: null,
        done_at: null,
        recipient_name: p.recipient_name,
        contents: p.parcel_content,
        parcel_status: p.status_code,
      })),
      ...pickups.map((p) => {
        const a = parseAddress(p.address);
        return {
          id: null,
          seq: null,
          kind: "pickup",
          tracking_code: null,
          pickup_id: p.id,
          address: { text: a ? addressLine(a) : p.address, latitude: a?.latitude ?? null, longitude: a?.longitude ?? null },
          window: pickupWindow(p),
          status: "pending",
          eta: null,
          done_at: null,
          recipient_name: pickupWho(p),
          contents: pickupContents(p),
          parcel_status: null,
        };
      }),
    ],
    runs: await runViews(runs),
  };
}

/** Runs of a date (or every date): all of them for a member with dispatch, else the caller's own. */
export async function listRuns(date?: string | null) {
  const a = actorNow();
  const mine = mayDispatch(a) ? {} : { courier_id: a?.kind === "member" ? a.id : -1 };
  const runs = (await db().run.findMany({
    where: { ...(date ? { date } : {}), ...mine },
    include: RUN_INCLUDE,
    orderBy: [{ date: "desc" }, { id: "asc" }],
    take: 100,
  })) as RunRow[];
  return runViews(runs);
}

export async function getRun(id: number) {
  const run = await runOrThrow(id);
  mustBeCourierOrDispatch(run);
  return (await runViews([run]))[0];
}

/** A run's positions, oldest first (staff with dispatch only: the access table). */
export async function listPositions(runId: number) {
  await runOrThrow(runId);
  return db().position.findMany({
    where: { run_id: runId },
    orderBy: [{ at: "asc" }, { id: "asc" }],
    select: { latitude: true, longitude: true, at: true, accuracy: true },
    take: 10_000,
  });
}

// ---------------------------------------------------------------------------------------------------
// Planning

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
    codes.length ? db().parcel.findMany({ where: { tracking_code: { in: codes } }, select: PARCEL_SELECT }) : [],
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
      else if (p.status_code && (FINAL_STATUSES as readonly string[]).includes(p.status_code))
        errors.push(`${at}.tracking_code: the parcel ${w.code} is ${p.status_code.replace(/_/g, " ")}`);
      else if (p.map_destination_latitude == null || p.map_destination_longitude == null)
        errors.push(`${at}.tracking_code: the parcel ${w.code} has no destination coordinates (map_destination_latitude, map_destination_longitude)`);
      else out.push({ parcel: p, address: p.destination, latitude: p.map_destination_latitude, longitude: p.map_destination_longitude });
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

const durationOf = (metres: number, stops: number, plan: DayPlan) => Math.round((metres / (plan.speedKmh * 1000)) * 60 + stops * plan.stopMinutes);

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

// ---------------------------------------------------------------------------------------------------
// The day itself

const codesOf = (run: RunRow) => run.stops.map((s) => s.parcel?.tracking_code).filter((c): c is string => !!c);

/**
 * Starts a run: each stop gets its window around its ETA from the start now, each delivery's parcel an
 * "Out for delivery" history entry (the one history path: status, webhooks, the recipient's status
 * e-mail, caches), and each recipient with an e-mail their window.
 */
export async function startRun(id: number, now = new Date()): Promise<RunView> {
  const run = await runOrThrow(id);
  mustBeCourierOrDispatch(run);
  if (run.status !== "planned") throw conflict(`The run is already ${run.status}`);
  const pending = run.stops.filter((s) => s.status === "pending");
  if (!pending.length) throw badInput("stops: the run has no stops to start");
  const plan = await dayPlan();
  const etas = etasOf(startOf(run), pending, plan, now);
  // A pickup keeps the window its shipper asked for; a delivery gets one around its ETA.
  const windows = new Map(pending.map((s) => [s.id, s.pickup ? pickupWindow(s.pickup) : windowAround(etas.get(s.id)!)]));
  const claimed = await db().run.updateMany({ where: { id, status: "planned" }, data: { status: "started", started_at: now } });
  if (!claimed.count) throw conflict("The run was started or changed meanwhile");
  await db().$transaction([
    ...pending.map((s, i) =>
      db().stop.update({
        where: { id: s.id },
        data: { window_from: windows.get(s.id)!.from, window_to: windows.get(s.id)!.to, near_notified: i <= plan.notifyBefore },
      }),
    ),
  ]);

  // Out for delivery, in batches like the scans (one entry per parcel a transaction).
  const deliveries = pending.filter((s) => s.kind === "delivery" && s.parcel_id);
  const states = await parcelStates(deliveries.map((s) => s.parcel_id!));
  const plans: EntryPlan[] = states
    .filter((st) => !scanRefusal(st.status_code, "out_for_delivery"))
    .map((st) =>
      planEntry(st, {
        title: "Out for delivery",
        description: "The courier is on the way.",
        status_code: "out_for_delivery",
        status_reason: null,
        created_at: now,
      }),
    );
  await parcelWrites(async (w) => {
    for (let k = 0; k < plans.length; k += WRITE_BATCH) await w.addEntries(plans.slice(k, k + WRITE_BATCH));
    w.liveChanged(...codesOf(run));
  });
  const started = deliveries.map((s, i) => ({ stop_id: s.id, parcel_id: s.parcel_id!, window: windows.get(s.id)!, stops_before: i }));
  await dispatchEvents.publish("run.started", { run_id: id, deliveries: started });
  return viewOf(id);
}

/** The run's pending stops, their order and what follows a change: the run finishes, recipients near are told, views go. */
async function afterStopChange(runId: number): Promise<void> {
  const run = await readRun(runId);
  if (!run) return;
  const pending = run.stops.filter((s) => s.status === "pending");
  if (!pending.length && run.status === "started") {
    await db().run.updateMany({ where: { id: runId, status: "started" }, data: { status: "finished", finished_at: new Date() } });
  } else if (run.status === "started") {
    const plan = await dayPlan();
    for (const [i, s] of pending.entries()) {
      if (i > plan.notifyBefore) break;
      if (s.near_notified || !s.parcel_id || !s.window_from || !s.window_to) continue;
      const claim = await db().stop.updateMany({ where: { id: s.id, near_notified: false }, data: { near_notified: true } });
      const near = { run_id: runId, stop_id: s.id, parcel_id: s.parcel_id, window: { from: s.window_from, to: s.window_to }, stops_before: i };
      if (claim.count) await dispatchEvents.publish("stop.near", near);
    }
  }
  await parcelWrites(async (w) => w.liveChanged(...codesOf(run)));
}

const DONE_BY: Record<string, "done" | "failed"> = { delivered: "done", picked_up: "done", delivery_failed: "failed" };

/**
 * On the parcel's history.added (dispatch.subscribers.ts), for every batch of new entries: a
 * delivered or picked-up entry marks the parcel's pending stop on a started run done, a failed
 * attempt failed (so a scan, a proof of delivery and a failed attempt all count).
 */
export async function stopsFollowEntries(added: AddedEntry[]): Promise<void> {
  const relevant = added.filter((a) => a.activity.status_code && DONE_BY[a.activity.status_code]);
  if (!relevant.length) return;
  const runs = new Set<number>();
  await pickupsFollowEntries(
    relevant.filter((a) => a.activity.status_code === "picked_up"),
    runs,
  );
  const stops = await db().stop.findMany({
    where: { parcel_id: { in: [...new Set(relevant.map((a) => a.parcel_id))] }, status: "pending", run: { status: "started" } },
    select: { id: true, run_id: true, parcel_id: true },
  });
  for (const s of stops) {
    const entry = relevant.filter((a) => a.parcel_id === s.parcel_id).at(-1)!;
    const settled = { run_id: s.run_id, stop_id: s.id, status: DONE_BY[entry.activity.status_code!], at: entry.activity.created_at };
    const done = await db().stop.updateMany({ where: { id: s.id, status: "pending" }, data: { status: settled.status, done_at: settled.at } });
    if (!done.count) continue;
    runs.add(s.run_id);
    await dispatchEvents.publish("stop.settled", settled);
  }
  for (const runId of runs) await afterStopChange(runId);
}

/**
 * A pickup stop on a started run is done once every parcel of its bookings (cancelled ones aside) has been
 * picked up: the pickup is then `collected`. A shipper who hands over fewer parcels: the courier skips the stop.
 */
async function pickupsFollowEntries(pickedUp: AddedEntry[], runs: Set<number>): Promise<void> {
  if (!pickedUp.length) return;
  const booked = await db().booking.findMany({
    where: { parcel_id: { in: [...new Set(pickedUp.map((a) => a.parcel_id))] }, pickup_id: { not: null } },
    select: { pickup_id: true },
  });
  if (!booked.length) return;
  const stops = await db().stop.findMany({
    where: { pickup_id: { in: [...new Set(booked.map((b) => b.pickup_id!))] }, status: "pending", run: { status: "started" } },
    select: { id: true, run_id: true, pickup_id: true },
  });
  const at = pickedUp.at(-1)!.activity.created_at;
  for (const s of stops) {
    const waiting = await db().booking.count({ where: { pickup_id: s.pickup_id, cancelled_at: null, parcel: { status_code: "pending" } } });
    if (waiting) continue;
    const done = await db().stop.updateMany({ where: { id: s.id, status: "pending" }, data: { status: "done", done_at: at } });
    if (!done.count) continue;
    await db().pickup.update({ where: { id: s.pickup_id! }, data: { status: "collected" } });
    runs.add(s.run_id);
    await dispatchEvents.publish("stop.settled", { run_id: s.run_id, stop_id: s.id, status: "done", at });
  }
}

/**
 * On parcel.deleted (dispatch.subscribers.ts): a deleted parcel's stop went with it, a planned run is routed again (same order, new legs and length),
 * a started one goes on (and finishes when no stop is left).
 */
export async function runsLostStops(runIds: number[]): Promise<void> {
  for (const id of new Set(runIds)) {
    const run = await readRun(id);
    if (run?.status === "planned")
      await updateRun({ id } as UpdateRunInput).catch((e) => console.error(`run ${id} could not be routed again:`, (e as Error).message));
    else if (run?.status === "started") await afterStopChange(id);
  }
}

/** The courier skips a stop: it leaves the run's claim on the parcel, back among the date's unassigned. */
export async function skipStop(runId: number, stopId: number): Promise<RunView> {
  const run = await runOrThrow(runId);
  mustBeCourierOrDispatch(run);
  const stop = run.stops.find((s) => s.id === stopId);
  if (!stop) throw notFound("Stop not found on this run");
  if (run.status !== "started") throw conflict(`Stops are skipped on a started run: this one is ${run.status} (change a planned run instead)`);
  if (stop.status !== "pending") throw conflict(`The stop is already ${stop.status}`);
  const at = new Date();
  const done = await db().stop.updateMany({ where: { id: stopId, status: "pending" }, data: { status: "skipped", claim_date: null, done_at: at } });
  if (!done.count) throw conflict("The stop was done meanwhile");
  await dispatchEvents.publish("stop.settled", { run_id: runId, stop_id: stopId, status: "skipped", at });
  await afterStopChange(runId);
  return viewOf(runId);
}

/**
 * A batch of the courier's positions (a phone that was offline sends what it kept): only the run's
 * courier, only while the run is started. The parcel the courier heads to has its view refreshed
 * (its live courier) here and, through the bus, in every process (live subscriptions follow it).
 */
export async function recordPositions(runId: number, raw: PositionsInput, now = new Date()): Promise<void> {
  const run =
    Number.isInteger(runId) && runId > 0 && runId <= 2_147_483_647
      ? await db().run.findUnique({ where: { id: runId }, select: { id: true, courier_id: true, status: true } })
      : null;
  if (!run) throw notFound("Run not found");
  const a = actorNow();
  if (!(a?.kind === "member" && a.id === run.courier_id)) throw forbidden("Only the run's courier may share positions on it");
  if (run.status !== "started") throw conflict(`Positions are taken while the run is started: this one is ${run.status}`);
  const errors: string[] = [];
  // created_at from this clock, the one that settles stops: the live view compares them (live.ts).
  const rows: { run_id: number; latitude: number; longitude: number; accuracy: number | null; at: Date; created_at: Date }[] = [];
  for (const [i, item] of raw.positions.entries()) {
    let p: PositionInput;
    try {
      p = await validated(PositionInput, item);
    } catch (e) {
      errors.push(...(e as AppError).messages.map((m) => `positions[${i}].${m}`));
      continue;
    }
    const at = new Date(p.at);
    if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) errors.push(`positions[${i}].at must not be in the future`);
    else rows.push({ run_id: runId, latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy ?? null, at, created_at: now });
  }
  if (errors.length) throw badInput(errors);
  await db().position.createMany({ data: rows });
  purgeSoon(now);
  const next = await db().stop.findFirst({
    where: { run_id: runId, status: "pending" },
    orderBy: { seq: "asc" },
    select: { parcel: { select: { tracking_code: true } } },
  });
  // Not awaited: the other processes' acknowledgements are not the phone's concern (this process forgot at once).
  if (next?.parcel) parcelWrites(async (w) => w.liveChanged(next.parcel!.tracking_code)).catch(() => {});
}

let nextPurge = 0;
/** Positions older than POSITION_DAYS go, at most once an hour per process (on a position post). */
function purgeSoon(now: Date) {
  if (now.getTime() < nextPurge) return;
  nextPurge = now.getTime() + 3_600_000;
  purgePositions(now).catch((e) => console.error("position purge failed:", (e as Error).message));
}

export async function purgePositions(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - readEnv("POSITION_DAYS") * 86_400_000);
  return (await db().position.deleteMany({ where: { OR: [{ created_at: { lt: cutoff } }, { at: { lt: cutoff } }] } })).count;
}

/** The run sheet (PDF): its courier or a member with dispatch. pdfkit and bwip-js load in the PDF threads. */
export async function runSheet(id: number): Promise<{ pdf: Buffer; filename: string }> {
  const run = await runOrThrow(id);
  mustBeCourierOrDispatch(run);
  const [view] = await runViews([run]);
  const sheet = {
    id: run.id,
    date: run.date,
    courier: view.courier_email ?? `member ${run.courier_id}`,
    status: run.status,
    distance_km: view.distance_km,
    duration_min: view.duration_min,
    company: readEnv("COMPANY_NAME"),
    stops: view.stops.map((s) => ({
      seq: s.seq,
      tracking_code: s.tracking_code,
      recipient_name: s.recipient_name,
      address: s.address.text,
      window: s.window,
      contents: s.contents,
      status: s.status,
    })),
  };
  // Drawn in a PDF thread, one PDF at a time per caller (429 for a second meanwhile).
  const pdf = await callerJob("documents", () => drawInThread({ kind: "run-sheet", run: sheet }));
  return { pdf, filename: `run-${run.id}-${run.date}.pdf` };
}
