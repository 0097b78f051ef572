import { shared } from "../../core/freeze.js";
import { ViewCache } from "../../core/cache.js";
import { readEnv } from "../../core/config.js";
import { cacheGeneration, invalidate, onInvalidate, trusted } from "../../core/bus.js";
import { readParcelVersion, readTrackedParcel } from "./parcel.reader.js";
import { publicView, type PublicView } from "./view-shape.js";
import { liveOf } from "../dispatch/live.js";
import { parcelEvents } from "./parcel.events.js";

/**
 * The view cache (see ARCHITECTURE.md): public views by tracking code, shared by both
 * doors (the same object until the parcel changes, so each door makes its answer once per view), and
 * the codes known not to exist. Every write of a parcel or its history ends in the parcel's events
 * views.changed or live.changed (parcel.writes.ts publishes them), on which the codes are evicted here
 * and, on PostgreSQL, in every other process (server/core/bus.ts): topic "parcel" for views, "live" for
 * live parts, which live streams hear too (onLiveChange). While that cross-process channel is down, a
 * hit is used only when the parcel's version column still matches (one indexed read).
 *
 * A cached view is shared by every request until its parcel changes: nobody may change it. Under
 * tests (NODE_ENV=test) each view is frozen, deeply, so a caller that writes into one throws.
 */
const publicCache = new ViewCache<PublicView>(readEnv("PARCEL_CACHE_SIZE"));
const missingCache = new ViewCache<true>(readEnv("PARCEL_MISSING_CACHE_SIZE"));
const evict = (codes: string[] | "all") => {
  if (codes === "all") {
    publicCache.clear();
    missingCache.clear();
  } else {
    for (const c of codes) {
      publicCache.delete(c);
      missingCache.delete(c);
    }
  }
};
onInvalidate("parcel", evict);
onInvalidate("live", evict);

/** Calls `fn` with the codes whose live part changed, in this process or (through the bus) another; "all" after the bus reconnects. */
export function onLiveChange(fn: (codes: string[] | "all") => void): void {
  onInvalidate("live", fn);
}

/** The view cache's subscriptions (server/subscribers.ts): awaited, so a write returns once every process forgot its views. */
export function subscribeViewCache(): void {
  parcelEvents.on("views.changed", "view cache", ({ codes }) => forgetParcel(...codes));
  parcelEvents.on("live.changed", "view cache and live streams", ({ codes }) => invalidate("live", codes));
}

/**
 * Views whose live part shows the courier: when that position is 10 minutes old, the view is stale
 * (nothing is written then). Runs, stops and positions evict the parcels' views as they change
 * (server/modules/dispatch), but write no parcel version: without the invalidation channel, a view
 * with a live part is read again.
 */
const freshUntil = new WeakMap<PublicView, number>();
const usable = (view: PublicView | null, isTrusted: boolean): view is PublicView =>
  !!view && (isTrusted || !view.live) && !((freshUntil.get(view) ?? Infinity) <= Date.now());

/** The public view of a code already checked for its shape, or null when no parcel has it. */
export async function cachedPublicView(code: string): Promise<PublicView | null> {
  const isTrusted = trusted();
  const version = isTrusted ? undefined : await readParcelVersion(code);
  if (version === null || (version === undefined && missingCache.get(code))) return null;
  const hit = publicCache.get(code, version);
  if (usable(hit, isTrusted)) return hit;
  // A write that lands while this read runs must not leave its old state in the cache.
  const generation = cacheGeneration();
  // The parcel, its history and its live stop at once (misses at the same time read together).
  const { row, liveStop } = await readTrackedParcel(code);
  const keep = generation === cacheGeneration();
  if (!row) {
    if (keep) missingCache.set(code, true, 0);
    return null;
  }
  const { live, fresh_until } = await liveOf(row.id, Date.now(), Promise.resolve(liveStop));
  const view = publicView(row, false, live);
  if (fresh_until) freshUntil.set(view, fresh_until);
  shared(view);
  if (keep) publicCache.set(code, view, row.version);
  return view;
}

/** Evicts the codes' cached views here and in every other process: only on the parcel's views.changed event. */
function forgetParcel(...codes: string[]): Promise<void> {
  return invalidate("parcel", codes);
}

/** After writes that name no codes (the demo seed). */
export function forgetAllParcels(): Promise<void> {
  return invalidate("parcel", "all");
}
