import { readEnv } from "../../core/config.js";
import { badInput, conflict, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { getSettings } from "../settings/settings.service.js";
import { parcelStates, planEntry, type EntryPlan } from "../activity/activity.service.js";
import { entryLanguages } from "../activity/entry.language.js";
import { parcelWrites, type AddedEntry } from "../parcel/parcel.writes.js";
import { scanRefusal } from "../../../shared/modules/scan/scan.events.js";
import { etasOf, isNear, startOf, startWindow } from "./eta.rules.js";
import { dispatchEvents } from "./dispatch.events.js";
import { viewOf, type RunView } from "./dispatch.reads.js";
import { updateRun } from "./dispatch.planning.js";
import { codesOf, dayPlan, mustBeCourierOrDispatch, readRun, runOrThrow } from "./run.rows.js";
import type { UpdateRunInput } from "./dispatch.input.js";

/** The day itself: a run starts, its stops settle (from the parcels' history, or skipped), it finishes. */

/** Entries written per transaction (as the scans: SQLite's 999 parameters a statement). */
const WRITE_BATCH = 60;

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
  const o = { windowMinutes: (await getSettings()).delivery_window_minutes, timeZone: readEnv("TIME_ZONE"), now };
  const windows = new Map(pending.map((s) => [s.id, startWindow(s, etas.get(s.id)!, o)]));
  const claimed = await db().run.updateMany({ where: { id, status: "planned" }, data: { status: "started", started_at: now } });
  if (!claimed.count) throw conflict("The run was started or changed meanwhile");
  await db().$transaction([
    ...pending.map((s, i) =>
      db().stop.update({
        where: { id: s.id },
        data: { window_from: windows.get(s.id)!.from, window_to: windows.get(s.id)!.to, near_notified: isNear(i, plan) },
      }),
    ),
  ]);

  // Out for delivery, in batches like the scans (one entry per parcel a transaction).
  const deliveries = pending.filter((s) => s.kind === "delivery" && s.parcel_id);
  const states = await parcelStates(deliveries.map((s) => s.parcel_id!));
  // In the language of the entry's reader: the recipient's, else the member starting the run's (entry.language.ts).
  const language = await entryLanguages(states);
  const plans: EntryPlan[] = states
    .filter((st) => !scanRefusal(st.status_code, "out_for_delivery"))
    .map((st) =>
      planEntry(st, {
        title: language(st).t("history.status.out_for_delivery"),
        description: language(st).t("history.onTheWay"),
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
      if (!isNear(i, plan)) break;
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
