import { codDueOf } from "../../../shared/modules/cod/cod.rules.js";
import { readEnv } from "../../core/config.js";
import { db } from "../../db/index.js";
import { addressLine, parseAddress } from "../address/address.rules.js";
import { BOARD_STATUSES, notPlannable } from "../../../shared/modules/dispatch/plannable.js";
import { etasOf, pickupWindow, startOf } from "./eta.rules.js";
import {
  PICKUP_SELECT,
  PLAN_SELECT,
  RUN_INCLUDE,
  actorNow,
  dayPlan,
  mayDispatch,
  mustBeCourierOrDispatch,
  planParcel,
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
    cod_due: s.parcel ? codDueOf(s.parcel) : null,
    plannable: true,
    blocked_reason: null as string | null,
  };
}

/** The members' e-mails and names (null when none is set), by id. */
const members = async (ids: number[]) =>
  new Map((await db().admin.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, email: true, name: true } })).map((a) => [a.id, a]));

/** Runs as answered: each stop with its ETA while the run is started (from the latest position, or the start, now). */
export async function runViews(runs: RunRow[], now = new Date()) {
  if (!runs.length) return [];
  const plan = await dayPlan();
  const who = await members(runs.map((r) => r.courier_id));
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
        courier_email: who.get(run.courier_id)?.email ?? null,
        courier_name: who.get(run.courier_id)?.name ?? null,
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

/**
 * The dispatch board of a date: every parcel not in a final status on no run of the date (a hub scan or not), each
 * saying whether it can go on a run and why not (shared/modules/dispatch/plannable.ts; those that can first, each
 * group oldest first), the date's requested pickups, and the date's runs.
 */
export async function dispatchDay(date: string) {
  const [waiting, pickups, runs, couriers, plan] = await Promise.all([
    db().parcel.findMany({
      // out_for_delivery on no run of the date too: a skipped stop's parcel, back among the unassigned.
      where: { OR: [{ status_code: { in: [...BOARD_STATUSES] } }, { status_code: null }], stops: { none: { claim_date: date } } },
      select: PLAN_SELECT,
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
      select: { id: true, email: true, name: true, role: true },
      orderBy: { email: "asc" },
    }),
    dayPlan(),
  ]);
  const tz = readEnv("TIME_ZONE");
  const parcels = waiting.map((p) => {
    const blocked = notPlannable(planParcel(p), date);
    return {
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
      cod_due: codDueOf(p),
      plannable: !blocked,
      blocked_reason: blocked,
    };
  });
  const stops = [
    ...parcels,
    ...pickups.map((p) => {
      const a = parseAddress(p.address);
      const located = a?.latitude != null && a.longitude != null;
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
        cod_due: null,
        plannable: located,
        blocked_reason: located ? null : "No point on the map: the pickup's address has no coordinates",
      };
    }),
  ];
  return {
    // By name (the e-mail where a member has none).
    couriers: couriers.sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email)),
    depot: plan.depot,
    date,
    unassigned: [...stops.filter((s) => s.plannable), ...stops.filter((s) => !s.plannable)],
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
