import { readEnv } from "../../core/config.js";
import { AppError, badInput, conflict, forbidden, notFound } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { parcelWrites } from "../parcel/parcel.writes.js";
import { actorNow, isRunId, runOrThrow } from "./run.rows.js";
import { PositionInput, type PositionsInput } from "./dispatch.input.js";

/** Positions may be this far ahead of the server's clock (phones' clocks drift), no further. */
const FUTURE_SLACK_MS = 5 * 60_000;

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

/**
 * A batch of the courier's positions (a phone that was offline sends what it kept): only the run's
 * courier, only while the run is started. The parcel the courier heads to has its view refreshed
 * (its live courier) here and, through the bus, in every process (live subscriptions follow it).
 */
export async function recordPositions(runId: number, raw: PositionsInput, now = new Date()): Promise<void> {
  const run = isRunId(runId) ? await db().run.findUnique({ where: { id: runId }, select: { id: true, courier_id: true, status: true } }) : null;
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
