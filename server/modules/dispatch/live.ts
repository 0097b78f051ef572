import { db } from "../../db/index.js";
import { readLiveStop, type LiveStop } from "../parcel/parcel.reader.js";

/** The courier is shown on the map only with a position younger than this. */
export const COURIER_FRESH_MS = 10 * 60_000;

export interface LiveState {
  window: { from: string; to: string };
  stops_before?: number;
  courier?: { latitude: number; longitude: number; at: string } | null;
}

/**
 * The live part of a parcel's public view: while its stop is pending on a started run, the window,
 * the pending stops before it and, while the courier heads to this very stop with a position under
 * 10 minutes old, the courier. `fresh_until` says when the courier must no longer be shown.
 */
export async function liveOf(
  parcelId: number,
  now = Date.now(),
  read: Promise<LiveStop | null> = readLiveStop({ id: parcelId }),
): Promise<{ live: LiveState | null; fresh_until: number | null }> {
  const stop = await read;
  if (!stop || !stop.window_from || !stop.window_to) return { live: null, fresh_until: null };
  const before = await db().stop.count({ where: { run_id: stop.run_id, status: "pending", seq: { lt: stop.seq } } });
  const live: LiveState = { window: { from: stop.window_from.toISOString(), to: stop.window_to.toISOString() }, stops_before: before, courier: null };
  let fresh_until: number | null = null;
  if (before === 0) {
    const last = await db().position.findFirst({ where: { run_id: stop.run_id }, orderBy: [{ at: "desc" }, { id: "desc" }] });
    if (last && now - last.at.getTime() < COURIER_FRESH_MS) {
      live.courier = { latitude: last.latitude, longitude: last.longitude, at: last.at.toISOString() };
      fresh_until = last.at.getTime() + COURIER_FRESH_MS;
    }
  }
  return { live, fresh_until };
}
