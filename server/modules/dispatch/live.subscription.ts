import { limit } from "../../core/ratelimit.js";
import { db } from "../../db/index.js";
import { findByCode } from "../parcel/parcel.reader.js";
import { secondFactorMatches } from "../parcel/status.rules.js";
import { checkSecondFactor, trackParcel } from "../parcel/tracking.js";
import { onLiveChange } from "../parcel/view-cache.js";
import { liveOf, type LiveState } from "./live.js";

/**
 * The tracking page's live updates (GraphQL subscription parcelLive over graphql-ws): the parcel's
 * `live` part now, then again whenever it changes. Every change of a run, a stop or a position (and of
 * the parcel's privacy tier) is a live.changed of the parcel's events, sent on the bus's own "live" topic
 * (view-cache.ts onLiveChange; other writes of the parcel do not wake its streams), here and, on PostgreSQL,
 * in every other process: so a position posted to one process reaches viewers subscribed on another. Wakes are
 * coalesced (a burst of positions reads once); the answer goes out only when it differs.
 */
const waiting = new Map<string, Set<() => void>>();
/** Changes seen per code: a shared read is used only by viewers woken no later than it began. */
const changes = new Map<string, number>();
/** One read of a parcel's live part at a time, shared by its anonymous viewers (1 000 viewers, 1 read). */
const reading = new Map<string, { change: number; read: Promise<LiveRead> }>();
type LiveRead = Awaited<ReturnType<typeof liveOf>> & { tier: Tier | null };
/** What the privacy tier needs at send time: the tier may be set, or the factor changed, while a subscription is open. */
type Tier = { protect_details: boolean; recipient_postcode: string | null; recipient_email: string | null };
onLiveChange((codes) => {
  const list = codes === "all" ? [...waiting.keys()] : codes;
  for (const c of list) {
    if (!waiting.has(c)) continue;
    changes.set(c, (changes.get(c) ?? 0) + 1);
    waiting.get(c)!.forEach((wake) => wake());
  }
});

function sharedLive(code: string, parcelId: number): Promise<LiveRead> {
  const change = changes.get(code) ?? 0;
  const current = reading.get(code);
  if (current && current.change === change) return current.read;
  const read = Promise.all([
    liveOf(parcelId),
    db().parcel.findUnique({ where: { id: parcelId }, select: { protect_details: true, recipient_postcode: true, recipient_email: true } }),
  ]).then(([live, tier]) => ({ ...live, tier }));
  reading.set(code, { change, read });
  void read.finally(() => {
    if (reading.get(code)?.read === read) reading.delete(code);
  });
  return read;
}

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
  // Only a factor checked (and counted) here unlocks; one given while the parcel was not protected never was.
  let verified: string | null = null;
  if (verify && view.details_protected) {
    const row = await findByCode(code);
    if (!row) throw new Error("the parcel went while subscribing");
    await checkSecondFactor(row, verify, client);
    verified = verify;
  }
  return stream(code, view.id, verified);
}

/** Whether an update may carry the whole live part, by the tier in force when it is sent. */
const unlocked = (tier: Tier | null, verified: string | null) =>
  !!tier && (!tier.protect_details || (verified !== null && secondFactorMatches(verified, tier.recipient_postcode, tier.recipient_email)));

async function* stream(code: string, parcelId: number, verified: string | null): AsyncGenerator<LiveUpdate> {
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
      const read = await sharedLive(code, parcelId);
      const full = unlocked(read.tier, verified);
      // The privacy tier without the second factor: the window alone, as in the public view.
      const live: LiveState | null = read.live && !full ? { window: read.live.window } : read.live;
      const freshUntil = full ? read.fresh_until : null;
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
    if (!set.size) {
      waiting.delete(code);
      changes.delete(code);
    }
  }
}
