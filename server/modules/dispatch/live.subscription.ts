import { onInvalidate } from "../../core/bus.js";
import { limit } from "../../core/ratelimit.js";
import { findByCode } from "../parcel/parcel.reader.js";
import { checkSecondFactor, trackParcel } from "../parcel/tracking.js";
import { liveOf, type LiveState } from "./live.js";

/**
 * The tracking page's live updates (GraphQL subscription parcelLive over graphql-ws): the parcel's
 * `live` part now, then again whenever it changes. Every change of a run, a stop or a position evicts
 * the parcel's view through the bus (server/core/bus.ts), here and, on PostgreSQL, in every other
 * process: so a position posted to one process reaches viewers subscribed on another. Wakes are
 * coalesced (a burst of positions reads once); the answer goes out only when it differs.
 */
const waiting = new Map<string, Set<() => void>>();
onInvalidate("parcel", (codes) => {
  if (codes === "all") for (const set of waiting.values()) set.forEach((wake) => wake());
  else for (const c of codes) waiting.get(c)?.forEach((wake) => wake());
});

/** Subscriptions open in this process (the bench reports it). */
export const openLiveViews = () => [...waiting.values()].reduce((n, s) => n + s.size, 0);

export interface LiveUpdate {
  tracking_code: string;
  live: LiveState | null;
}

/**
 * Checks the subscription (the code, the limit, the second factor) before any update, so its errors are
 * the subscription's answer (NOT_FOUND, TOO_MANY_REQUESTS, ...), then hands over the stream.
 */
export async function liveUpdates(trackingCode: unknown, verify: string | null | undefined, client: string): Promise<AsyncGenerator<LiveUpdate>> {
  // A subscription counts as one look-up against the client's tracking limit; a second factor as a try.
  await limit("tracking", client);
  const view = await trackParcel(trackingCode);
  const code = view.tracking_code;
  let unlockedId: number | null = null;
  if (verify && view.details_protected) {
    const row = await findByCode(code);
    if (!row) throw new Error("the parcel went while subscribing");
    await checkSecondFactor(row, verify, client);
    unlockedId = row.id;
  }
  return stream(code, unlockedId);
}

async function* stream(code: string, unlockedId: number | null): AsyncGenerator<LiveUpdate> {
  let dirty = true;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  const wake = () => {
    dirty = true;
    wakeUp?.();
  };
  let set = waiting.get(code);
  if (!set) waiting.set(code, (set = new Set()));
  set.add(wake);
  let last = "";
  try {
    for (;;) {
      if (!dirty) await new Promise<void>((resolve) => (wakeUp = resolve));
      wakeUp = null;
      dirty = false;
      clearTimeout(timer);
      let live: LiveState | null;
      let freshUntil: number | null = null;
      if (unlockedId !== null) {
        ({ live, fresh_until: freshUntil } = await liveOf(unlockedId));
      } else {
        // The shared view cache: many viewers of one parcel cost one read per change.
        live = (await trackParcel(code).catch(() => null))?.live ?? null;
        if (live?.courier) freshUntil = Date.parse(live.courier.at) + 10 * 60_000;
      }
      // The courier leaves the map once the last position is 10 minutes old, with no write to say so.
      if (freshUntil) timer = setTimeout(wake, Math.max(0, freshUntil - Date.now()) + 50).unref();
      const json = JSON.stringify(live);
      if (json === last) continue;
      last = json;
      yield { tracking_code: code, live };
    }
  } finally {
    clearTimeout(timer);
    set.delete(wake);
    if (!set.size) waiting.delete(code);
  }
}
