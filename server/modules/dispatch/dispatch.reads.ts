import { readEnv } from "../../core/config.js";
import { db } from "../../db/index.js";
import { addressLine, parseAddress } from "../address/address.rules.js";
import { etasOf, pickupWindow, startOf } from "./eta.rules.js";
import {
  PARCEL_SELECT,
  PICKUP_SELECT,
  RUN_INCLUDE,
  actorNow,
  dayPlan,
  mayDispatch,
  mustBeCourierOrDispatch,
  runOrThrow,
  type PickupBrief,
  type RunRow,
  type StopRow,
} from "./run.rows.js";

/** Most parcels the dispatch view lists as unassigned (oldest first). */
export const MAX_UNASSIGNED = 2_000;

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

const emails = async (ids: number[]) =>
  new Map((await db().admin.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, email: true } })).map((a) => [a.id, a.email]));

/** Runs as answered: each stop with its ETA while the run is started (from the latest position, or the start, now). */
export async function runViews(runs: RunRow[], now = new Date()) {
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

export async function viewOf(id: number): Promise<RunView> {
  return (await runViews([await runOrThrow(id)]))[0];
}

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
  const tz = readEnv("TIME_ZONE");
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
        address: { text: p.destination, latitude: p.map_destination_latitude, longitude: p.map_destination_longitude, located: p.destination_located },
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
          window: pickupWindow(p, tz),
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
