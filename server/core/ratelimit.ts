import { Redis } from "ioredis";
import { AppError } from "./errors.js";
import { readEnv } from "./config.js";
import { provider } from "../db/index.js";
import { addToRateCounter } from "../db/rate-counter-store.js";

/**
 * Abuse limits, one table of rules for both doors. Each rule counts hits per key (client
 * address or account) in a fixed window. The counters live in Redis when REDIS_URL is set,
 * in the database on PostgreSQL (so several processes share them), else in memory.
 * Busy rules (`batched`) count locally between flushes to the shared store (see Batched).
 */
export interface Rule {
  max: number;
  windowMs: number;
  batched?: boolean;
}

let cachedRules: Record<string, Rule> | undefined;
/** The rules, read from the environment once (at the first limited request, after start-up). */
export function rules(): Record<string, Rule> {
  return (cachedRules ??= {
    // Sign-in: per client address (every try) and per account (wrong passwords and codes only:
    // server/modules/admin/attempts.ts, which also counts a client's own failures on an account).
    signin: { max: readEnv("RATE_LIMIT_SIGNIN"), windowMs: 15 * 60_000 },
    "signin-account": { max: readEnv("RATE_LIMIT_SIGNIN_ACCOUNT"), windowMs: 15 * 60_000 },
    "signin-own": { max: 0, windowMs: 15 * 60_000 },
    // Reset pins and reset attempts.
    pin: { max: readEnv("RATE_LIMIT_PIN"), windowMs: 15 * 60_000 },
    "pin-account": { max: readEnv("RATE_LIMIT_PIN_ACCOUNT"), windowMs: 60 * 60_000 },
    reset: { max: readEnv("RATE_LIMIT_RESET"), windowMs: 15 * 60_000 },
    // Visitor contact messages.
    contact: { max: readEnv("RATE_LIMIT_CONTACT"), windowMs: 60 * 60_000 },
    // Anonymous tracking look-ups per client per minute.
    tracking: { max: readEnv("RATE_LIMIT_TRACKING"), windowMs: 60_000, batched: true },
    // Second-factor attempts on protected parcels (postcode or e-mail) per client, and per parcel
    // (whoever tries: many client addresses do not buy more guesses at one parcel).
    verify: { max: readEnv("RATE_LIMIT_VERIFY"), windowMs: 15 * 60_000 },
    "verify-parcel": { max: readEnv("RATE_LIMIT_VERIFY_PARCEL"), windowMs: 60 * 60_000 },
    // The first-admin link while it is open (each try hashes a password).
    setup: { max: readEnv("RATE_LIMIT_SETUP"), windowMs: 15 * 60_000 },
    // A recipient's rescheduling choices after a failed delivery attempt, per client.
    reschedule: { max: readEnv("RATE_LIMIT_RESCHEDULE"), windowMs: 15 * 60_000 },
    // Accepting a staff invitation (each try hashes a password), per client.
    accept: { max: readEnv("RATE_LIMIT_ACCEPT"), windowMs: 15 * 60_000 },
    // Shippers: quotes per client and minute (anyone may ask), sign-ups per client (each hashes a password).
    quote: { max: readEnv("RATE_LIMIT_QUOTE"), windowMs: 60_000, batched: true },
    signup: { max: readEnv("RATE_LIMIT_SIGNUP"), windowMs: 15 * 60_000 },
  });
}

type Count = { count: number; resetMs: number };

interface Store {
  /** Adds `n` hits; returns the count in the current window and the ms until it resets. */
  add(key: string, n: number, windowMs: number): Count | Promise<Count>;
  /** Adds one hit when the count is known here and stays within `max`; false (nothing counted) otherwise. */
  takeNow?(key: string, max: number): boolean;
}

class MemoryStore implements Store {
  private windows = new Map<string, { count: number; end: number }>();
  add(key: string, n: number, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.end <= now) {
      w = { count: 0, end: now + windowMs };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) for (const [k, v] of this.windows) if (v.end <= now) this.windows.delete(k);
    }
    w.count = Math.max(0, w.count + n);
    return { count: w.count, resetMs: w.end - now };
  }
  takeNow(key: string, max: number): boolean {
    const w = this.windows.get(key);
    if (!w || w.end <= Date.now() || w.count >= max) return false;
    w.count++;
    return true;
  }
}

class RedisStore implements Store {
  constructor(private readonly redis: Redis) {}
  async add(key: string, n: number, windowMs: number) {
    const k = `${readEnv("REDIS_PREFIX")}rl:${key}`;
    const [[, hits], [, ttl]] = (await this.redis.multi().incrby(k, n).pttl(k).exec()) as [[null, number], [null, number]];
    let count = hits;
    if (count < 0) {
      // Hits given back after their window ended: a new window starts at 0, not below.
      await this.redis.set(k, 0, "KEEPTTL");
      count = 0;
    }
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      return { count, resetMs: windowMs };
    }
    return { count, resetMs: ttl };
  }
}

/** Counters in PostgreSQL: one upsert per call, shared by every process on the database. */
class PgStore implements Store {
  add(key: string, n: number, windowMs: number) {
    return addToRateCounter(key, n, windowMs);
  }
}

const FLUSH_MS = 200;

/**
 * A shared store for busy rules without a round trip per hit. The first hit of a key in a window
 * asks the shared store (so what other processes counted applies at once); later hits are counted
 * here and sent in one addition per key every FLUSH_MS, which also brings back the others' hits.
 * Across processes a limit can so be passed by what they count within one flush interval.
 */
type Entry = { known: number; pending: number; end: number; windowMs: number; asking?: Promise<Count> };

class Batched implements Store {
  private keys = new Map<string, Entry>();
  private timer?: NodeJS.Timeout;
  constructor(private readonly shared: Store) {}

  add(key: string, n: number, windowMs: number): Count | Promise<Count> {
    const now = Date.now();
    const e = this.keys.get(key);
    if (e?.asking) return e.asking.then(() => this.add(key, n, windowMs));
    if (e && e.end > now) {
      e.pending += n;
      this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
      return { count: e.known + e.pending, resetMs: e.end - now };
    }
    const fresh: Entry = { known: 0, pending: 0, end: 0, windowMs };
    this.keys.set(key, fresh);
    fresh.asking = Promise.resolve(this.shared.add(key, n, windowMs)).then(
      (r) => {
        fresh.known = r.count;
        fresh.end = Date.now() + r.resetMs;
        fresh.asking = undefined;
        return r;
      },
      (err) => {
        this.keys.delete(key);
        throw err;
      },
    );
    return fresh.asking;
  }

  takeNow(key: string, max: number): boolean {
    const e = this.keys.get(key);
    if (!e || e.asking || e.end <= Date.now() || e.known + e.pending >= max) return false;
    e.pending++;
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return true;
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    const sends: Promise<void>[] = [];
    for (const [key, e] of this.keys) {
      if (e.asking) continue;
      if (!e.pending) {
        if (e.end <= now) this.keys.delete(key);
        continue;
      }
      const n = e.pending;
      e.pending = 0;
      e.known += n;
      sends.push(
        Promise.resolve(this.shared.add(key, n, e.windowMs)).then((r) => {
          e.known = r.count;
          e.end = Date.now() + r.resetMs;
        }, storeFailed),
      );
    }
    await Promise.all(sends);
  }
}

let exact: Store | undefined;
let batched: Store | undefined;

function storeFor(rule: Rule): Store {
  if (!exact) {
    const redisUrl = readEnv("REDIS_URL");
    if (redisUrl) {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
      redis.on("error", storeFailed);
      exact = new RedisStore(redis);
    } else if (provider() === "postgresql") exact = new PgStore();
    else exact = new MemoryStore();
    batched = exact instanceof MemoryStore ? exact : new Batched(exact);
  }
  return rule.batched ? batched! : exact;
}

// A broken limiter store must not take the site down, nor switch the limits off: the failure is
// logged and this process counts on its own (in memory) until the store answers again.
let lastFailureLog = 0;
const storeFailed = (e: unknown) => {
  if (Date.now() - lastFailureLog > 10_000) {
    lastFailureLog = Date.now();
    console.error("rate limiter store failed; counting in this process meanwhile:", (e as Error).message);
  }
};
const fallback = new MemoryStore();
/** A shared store that has not answered in this time counts as failed for this hit. */
const STORE_TIMEOUT_MS = 1_000;
/** After a failure the store is not asked again for this long (no second wait per request meanwhile). */
const STORE_PAUSE_MS = 5_000;
let storeDownUntil = 0;

function withTimeout(p: Promise<Count>): Promise<Count> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const counterKey = (ruleName: string, key: string) => `${ruleName}:${key.toLowerCase().slice(0, 200)}`;

/**
 * Counts one hit of `rule` for `key` when that can be decided at once and the hit stays within the
 * limit (the key already has a window here, in memory or between a batched rule's flushes): true.
 * Otherwise false and nothing is counted; the caller then goes the way of limit(), which decides
 * the rest (the first hit of a window, a shared store's answer, 429). For the front answers (server/front.ts).
 */
export function takeNow(ruleName: string, key: string): boolean {
  const rule = rules()[ruleName];
  if (!rule || !key) return true;
  const k = counterKey(ruleName, key);
  const store = storeDownUntil > Date.now() ? fallback : storeFor(rule);
  return store.takeNow?.(k, rule.max) ?? false;
}

/**
 * Counts one hit of `rule` for `key`; throws TOO_MANY_REQUESTS (with retryAfter seconds) past the
 * limit. Synchronous when the count is known here (memory, or a batched rule between flushes).
 */
export function limit(ruleName: string, key: string): void | Promise<void> {
  const rule = rules()[ruleName];
  if (!rule || !key) return;
  const counted = hit(counterKey(ruleName, key), rule);
  if (counted instanceof Promise) return counted.then(() => undefined);
}

/**
 * Counts one call against a rule of the caller's own (an API key's limit). Answers the headers the
 * doors send with the answer (X-RateLimit-Limit, -Remaining, -Reset); past the limit, throws
 * RateLimited carrying them too, with Retry-After.
 */
export async function limitCall(key: string, rule: Rule): Promise<Record<string, string>> {
  let r: Count;
  try {
    r = await hit(key, rule);
  } catch (e) {
    if (!(e instanceof RateLimited)) throw e;
    throw new RateLimited(e.retryAfter, { "X-RateLimit-Limit": String(rule.max), "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(e.retryAfter) });
  }
  return {
    "X-RateLimit-Limit": String(rule.max),
    "X-RateLimit-Remaining": String(Math.max(0, rule.max - r.count)),
    "X-RateLimit-Reset": String(Math.max(1, Math.ceil(r.resetMs / 1000))),
  };
}

function hit(k: string, rule: Rule): Count | Promise<Count> {
  const r = add(k, rule, 1);
  return r instanceof Promise ? r.then((c) => check(c, rule)) : check(r, rule);
}

/** Adds `n` (negative: gives hits back) in the rule's store, or in this process's memory while the store fails. */
function add(k: string, rule: Rule, n: number): Count | Promise<Count> {
  const local = (e: unknown) => {
    storeFailed(e);
    storeDownUntil = Date.now() + STORE_PAUSE_MS;
    return fallback.add(k, n, rule.windowMs);
  };
  if (storeDownUntil > Date.now()) return fallback.add(k, n, rule.windowMs);
  let result: Count | Promise<Count>;
  try {
    result = storeFor(rule).add(k, n, rule.windowMs);
  } catch (e) {
    return local(e);
  }
  return result instanceof Promise ? withTimeout(result).catch(local) : result;
}

/**
 * Adds `n` hits of `rule` for `key` without refusing (0 reads the count; a negative `n` gives hits
 * back): the count in the window, the rule's max and the seconds until the window ends. For limits
 * that decide more than "past max: 429" (the sign-in attempts, server/modules/admin/attempts.ts).
 */
export async function tally(ruleName: string, key: string, n: number): Promise<{ count: number; max: number; retryAfter: number }> {
  const rule = rules()[ruleName];
  if (!rule) throw new Error(`no rate-limit rule ${ruleName}`);
  const r = await add(counterKey(ruleName, key), rule, n);
  return { count: r.count, max: rule.max, retryAfter: Math.max(1, Math.ceil(r.resetMs / 1000)) };
}

function check(r: Count, rule: Rule): Count {
  if (r.count > rule.max) throw new RateLimited(Math.max(1, Math.ceil(r.resetMs / 1000)));
  return r;
}

/** Past a limit: 429. `headers` are what the doors add to the answer (Retry-After, and an API key's X-RateLimit-*). */
export class RateLimited extends AppError {
  readonly headers: Record<string, string>;
  constructor(
    readonly retryAfter: number,
    headers: Record<string, string> = {},
  ) {
    super("TOO_MANY_REQUESTS", `Too many requests; try again in ${retryAfter} seconds`);
    this.headers = { ...headers, "Retry-After": String(retryAfter) };
  }
}

/** Sends counts still held locally to the shared store (at shutdown, before the database closes). */
export async function flushLimits(): Promise<void> {
  if (batched instanceof Batched) await batched.flush();
}
