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
 * The position must postdate the run's last settled stop, by its time (`at` after the stop's `done_at`)
 * and by its arrival (after the server settled the stop): until the courier posts one after leaving it,
 * the last position is that stop's door, the previous recipient's.
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
    // done_at is the settling entry's time (a scan may be back-dated), updated_at when the server settled it.
    const { _max: settled } = await db().stop.aggregate({
      where: { run_id: stop.run_id, status: { not: "pending" } },
      _max: { done_at: true, updated_at: true },
    });
    const last = await db().position.findFirst({
      where: {
        run_id: stop.run_id,
        ...(settled.done_at ? { at: { gt: settled.done_at } } : {}),
        ...(settled.updated_at ? { created_at: { gt: settled.updated_at } } : {}),
      },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    if (last && now - last.at.getTime() < COURIER_FRESH_MS) {
      live.courier = { latitude: last.latitude, longitude: last.longitude, at: last.at.toISOString() };
      fresh_until = last.at.getTime() + COURIER_FRESH_MS;
    }
  }
  return { live, fresh_until };
}
