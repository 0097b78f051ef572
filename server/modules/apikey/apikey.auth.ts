import type { Actor } from "../../core/actor.js";
import { AppError, isUniqueViolation } from "../../core/errors.js";
import type { Scope } from "../../../shared/core/permissions.js";
import { limitCall } from "../../core/ratelimit.js";
import { sha256 } from "../../core/tokens.js";
import { db, direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";
import { config } from "../../core/config.js";

/** 401 for an unknown or revoked key: the envelope carries no "admin": "false" (a key is no session). */
export class KeyRejected extends AppError {
  constructor() {
    super("UNAUTHENTICATED", "The API key is unknown or revoked");
  }
}

/** A key as sent: `ck_` and 40 characters of base64url (see apikey.service.ts). */
const KEY_SHAPE = /^ck_[A-Za-z0-9_-]{20,100}$/;

/**
 * The key behind `Authorization: Bearer <key>`, read from the database on every request (one
 * indexed read), so a revoked key stops at once on every process. Counts the call against the
 * key's own limit (per minute) and for the keys screen's figures; `headers` are the limit's
 * X-RateLimit-* for the answer (past the limit, RateLimited carries them).
 */
export async function keyActor(raw: string): Promise<{ actor: Actor; headers: Record<string, string> }> {
  const given = raw.trim();
  if (!KEY_SHAPE.test(given)) throw new KeyRejected();
  const key = await keyByHash(sha256(given));
  if (!key || key.revoked_at) throw new KeyRejected();
  const headers = await limitCall(`key:${key.id}`, { max: key.rate_limit, windowMs: 60_000 });
  countUse(key.id);
  return { actor: { kind: "key", id: key.id, name: key.name, scopes: key.scopes.split(",").filter(Boolean) as Scope[], rateLimit: key.rate_limit }, headers };
}

type Key = { id: number; name: string; scopes: string; rate_limit: number; revoked_at: Date | null };
/** Read on every keyed request: a prepared read (a compiled Prisma query costs 1-2 ms of CPU). */
async function keyByHash(hash: string): Promise<Key | null> {
  const d = direct();
  try {
    if (!config().directReads) throw new Unsupported("DIRECT_READS=false");
    const [row] = await d.rows(`SELECT "id", "name", "scopes", "rate_limit", "revoked_at" FROM ${d.table("ApiKey")} WHERE "key_hash" = ?`, [hash]);
    return (row as Key | undefined) ?? null;
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    return db().apiKey.findUnique({ where: { key_hash: hash }, select: { id: true, name: true, scopes: true, rate_limit: true, revoked_at: true } });
  }
}

// Calls per key and day, counted here and added to the database every few seconds (and at shutdown).
const pending = new Map<number, number>();
let timer: NodeJS.Timeout | undefined;
function countUse(id: number) {
  pending.set(id, (pending.get(id) ?? 0) + 1);
  timer ??= setTimeout(() => void flushKeyUse(), 5_000).unref();
}

export async function flushKeyUse(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const day = new Date().toISOString().slice(0, 10);
  const now = new Date();
  const batch = [...pending];
  pending.clear();
  for (const [key_id, n] of batch) {
    try {
      const where = { key_id_day: { key_id, day } };
      try {
        await db().apiKeyUsage.upsert({ where, create: { key_id, day, count: n }, update: { count: { increment: n } } });
      } catch (e) {
        // Another process created the day's row between the upsert's read and its insert: add to it.
        if (!isUniqueViolation(e)) throw e;
        await db().apiKeyUsage.update({ where, data: { count: { increment: n } } });
      }
      await db().apiKey.updateMany({ where: { id: key_id }, data: { last_used_at: now } });
    } catch (e) {
      console.error("API key use not recorded:", (e as Error).message);
    }
  }
}
