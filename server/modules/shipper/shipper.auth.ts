import { currentCall, type Actor, type ShipperActor } from "../../core/actor.js";
import { SessionRequired } from "../../core/errors.js";
import { config } from "../../core/config.js";
import { limitCall } from "../../core/ratelimit.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { db } from "../../db/index.js";
import { KeyRejected } from "../apikey/apikey.auth.js";

/**
 * The shipper's own session (cookie USER_COOKIE, server/core/context.ts) and API keys (`sk_`):
 * read from the database on every request, so a disabled shipper's sessions and keys stop at once
 * on every process. Neither ever names a member of the staff.
 */

const deadline = (now: number) => new Date(now + config().sessionTtlHours * 3600_000);

export async function createShipperSession(shipperId: number): Promise<string> {
  const token = randomToken();
  await db().shipperSession.create({ data: { id: sha256(token), shipper_id: shipperId, expires_at: deadline(Date.now()) } });
  return token;
}

const actorOf = (s: { id: number; name: string; email: string; email_verified: boolean }, key_id: number | null): ShipperActor => ({
  kind: "shipper",
  id: s.id,
  name: s.name,
  email: s.email,
  email_verified: s.email_verified,
  key_id,
});

const SHIPPER = { select: { id: true, name: true, email: true, email_verified: true, disabled: true } } as const;

export async function findShipperSession(token: string | undefined): Promise<ShipperActor | null> {
  if (!token || token.length > 100) return null;
  const s = await db().shipperSession.findUnique({ where: { id: sha256(token) }, include: { shipper: SHIPPER } });
  if (!s || s.shipper.disabled) return null;
  if (s.expires_at.getTime() < Date.now()) {
    await db().shipperSession.deleteMany({ where: { id: s.id } });
    return null;
  }
  return actorOf(s.shipper, null);
}

export async function deleteShipperSession(token: string | undefined): Promise<void> {
  if (token && token.length <= 100) await db().shipperSession.deleteMany({ where: { id: sha256(token) } });
}

/** A shipper's key as sent: `sk_` and 40 characters of base64url. */
export const isShipperKey = (raw: string) => raw.trim().startsWith("sk_");
const KEY_SHAPE = /^sk_[A-Za-z0-9_-]{20,100}$/;
/** Calls per minute of one shipper key (its X-RateLimit-* headers). */
export const SHIPPER_KEY_RATE = 600;

export async function shipperKeyActor(raw: string): Promise<{ actor: ShipperActor; headers: Record<string, string> }> {
  const given = raw.trim();
  if (!KEY_SHAPE.test(given)) throw new KeyRejected();
  const key = await db().shipperKey.findUnique({ where: { key_hash: sha256(given) }, include: { shipper: SHIPPER } });
  if (!key || key.revoked_at || key.shipper.disabled) throw new KeyRejected();
  const headers = await limitCall(`skey:${key.id}`, { max: SHIPPER_KEY_RATE, windowMs: 60_000 });
  noteKeyUse(key.id);
  return { actor: actorOf(key.shipper, key.id), headers };
}

// A key's last use (`last_used_at`), written at most every 5 s per process, not on every call.
const usedKeys = new Set<number>();
let flushTimer: NodeJS.Timeout | undefined;
function noteKeyUse(id: number) {
  usedKeys.add(id);
  flushTimer ??= setTimeout(() => void flushShipperKeyUse(), 5_000).unref();
}

/** Writes the keys' last use now (the key list reads it first; the server's close too). */
export async function flushShipperKeyUse(): Promise<void> {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (!usedKeys.size) return;
  const ids = [...usedKeys];
  usedKeys.clear();
  await db()
    .shipperKey.updateMany({ where: { id: { in: ids } }, data: { last_used_at: new Date() } })
    .catch((e: Error) => console.error("shipper key use not recorded:", e.message));
}

/** The caller authorize() let in for the running call (both doors run the call as it). */
export const caller = (): Actor | null => currentCall()?.actor ?? null;
/** The shipper of the running call (operations declared for shippers only). */
export function callingShipper(): ShipperActor {
  const a = caller();
  if (a?.kind !== "shipper") throw new SessionRequired(["user"]);
  return a;
}
