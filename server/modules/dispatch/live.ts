import { db } from "../../db/index.js";
import { readLiveStop, type LiveStop } from "../parcel/parcel.reader.js";
import { haversineM } from "./route.order.js";

/** The courier is shown on the map only with a position younger than this. */
export const COURIER_FRESH_MS = 10 * 60_000;
/** Nor while the courier is still this close to the door last settled (GPS in a street is off by 10-30 m). */
export const DOOR_RADIUS_M = 50;

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
 * and by its arrival (after the server settled the stop), and away from that stop's door: until the
 * courier posts one after leaving it, the last position is the previous recipient's address.
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
    const settled = await db().stop.findMany({
      where: { run_id: stop.run_id, status: { not: "pending" } },
      select: { done_at: true, updated_at: true, latitude: true, longitude: true },
    });
    const door = settled.reduce<(typeof settled)[number] | null>((a, s) => (!a || s.updated_at > a.updated_at ? s : a), null);
    const doneAt = settled.reduce<Date | null>((a, s) => (s.done_at && (!a || s.done_at > a) ? s.done_at : a), null);
    const last = await db().position.findFirst({
      where: {
        run_id: stop.run_id,
        ...(doneAt ? { at: { gt: doneAt } } : {}),
        ...(door ? { created_at: { gt: door.updated_at } } : {}),
      },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    if (last && now - last.at.getTime() < COURIER_FRESH_MS && !(door && haversineM(door, last) < DOOR_RADIUS_M)) {
      live.courier = { latitude: last.latitude, longitude: last.longitude, at: last.at.toISOString() };
      fresh_until = last.at.getTime() + COURIER_FRESH_MS;
    }
  }
  return { live, fresh_until };
}
