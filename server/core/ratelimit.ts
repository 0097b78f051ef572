import { Redis } from "ioredis";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "./errors.js";
import { config, readEnv } from "./config.js";
import { provider } from "../db/index.js";
import { pgTarget } from "../db/migrate.js";

/**
 * Abuse limits, one table of rules for both doors, counted by rate-limiter-flexible: each rule counts hits
 * per key (client address or account) in a fixed window. The counters live in Redis when REDIS_URL is set,
 * in the database on PostgreSQL (table RateLimit, so several processes share them), else in memory. A shared
 * store that fails or does not answer within a second is replaced, hit by hit, by counters in this process's
 * memory (the library's insurance limiter) until it answers again: a broken store takes neither the site
 * down nor the limits off.
 */
export interface Rule {
  max: number;
  windowMs: number;
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
    // Reset mails per account (past it, a client's own first asks are still mailed: attempts.ts resetMailAllowed).
    "pin-account": { max: readEnv("RATE_LIMIT_PIN_ACCOUNT"), windowMs: 60 * 60_000 },
    "pin-own": { max: 2, windowMs: 60 * 60_000 },
    reset: { max: readEnv("RATE_LIMIT_RESET"), windowMs: 15 * 60_000 },
    // Visitor contact messages.
    contact: { max: readEnv("RATE_LIMIT_CONTACT"), windowMs: 60 * 60_000 },
    // Anonymous tracking look-ups per client per minute.
    tracking: { max: readEnv("RATE_LIMIT_TRACKING"), windowMs: 60_000 },
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
    quote: { max: readEnv("RATE_LIMIT_QUOTE"), windowMs: 60_000 },
    signup: { max: readEnv("RATE_LIMIT_SIGNUP"), windowMs: 15 * 60_000 },
    // The staff's address search (each may call the geocoder of GEOCODER_URL), per client and minute.
    geocode: { max: readEnv("RATE_LIMIT_GEOCODE"), windowMs: 60_000 },
  });
}

/** A shared store that has not answered in this time counts as failed for this hit (the insurance counts it). */
const STORE_TIMEOUT_MS = 1_000;

let lastFailureLog = 0;
const storeFailed = (e: unknown) => {
  if (Date.now() - lastFailureLog > 10_000) {
    lastFailureLog = Date.now();
    console.error("rate limiter store failed; counting in this process meanwhile:", (e as Error).message);
  }
};

type Shared = { redis: Redis } | { pool: pg.Pool; schema: string } | null;
let shared: Shared | undefined;
function sharedStore(): Shared {
  if (shared !== undefined) return shared;
  const redisUrl = readEnv("REDIS_URL");
  if (redisUrl) {
    // No queue while disconnected: a hit is counted in memory at once instead of waiting for Redis.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: STORE_TIMEOUT_MS });
    redis.on("error", storeFailed);
    shared = { redis };
  } else if (provider() === "postgresql") {
    const { connectionString, schema } = pgTarget(config().databaseUrl);
    const pool = new pg.Pool({ connectionString, max: 2, query_timeout: STORE_TIMEOUT_MS, connectionTimeoutMillis: STORE_TIMEOUT_MS, allowExitOnIdle: true });
    pool.on("error", storeFailed);
    shared = { pool, schema: schema ?? "public" };
  } else shared = null;
  return shared;
}

/**
 * Opens the shared store at start-up and waits (up to a second) until Redis is ready: with no offline queue,
 * hits before the connection would all go to the in-memory insurance, splitting the counts.
 */
export async function openLimits(): Promise<void> {
  const store = sharedStore();
  if (!store || !("redis" in store) || store.redis.status === "ready") return;
  const redis = store.redis;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, STORE_TIMEOUT_MS);
    redis.once("ready", done);
  });
}

const limiters = new Map<string, RateLimiterAbstract>();
/** The limiter of a rule (by name, max and window: an API key's own rule has its own). */
function limiterFor(name: string, rule: Rule): RateLimiterAbstract {
  const id = `${name}|${rule.max}|${rule.windowMs}`;
  let l = limiters.get(id);
  if (l) return l;
  // points 0 ("signin-own", counted and read, never refused by the library) is kept as a count: 1 point,
  // the callers compare counts themselves (tally).
  const opts = { keyPrefix: name, points: Math.max(1, rule.max), duration: Math.ceil(rule.windowMs / 1000) };
  const memory = new RateLimiterMemory(opts);
  const store = sharedStore();
  if (!store) l = memory;
  else if ("redis" in store)
    l = new RateLimiterRedis({
      ...opts,
      keyPrefix: `${readEnv("REDIS_PREFIX")}rl:${name}`,
      storeClient: store.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  else
    l = new RateLimiterPostgres({
      ...opts,
      storeClient: store.pool,
      storeType: "pool",
      schemaName: store.schema,
      tableName: "RateLimit",
      // The table comes with the migrations (prisma/postgresql), one for every limiter.
      tableCreated: true,
      clearExpiredByTimeout: false,
      insuranceLimiter: memory,
    });
  if (l !== memory) {
    // The insurance is silent: say once in a while that the store failed.
    for (const fn of ["consume", "penalty", "reward", "get"] as const) {
      const own = memory[fn].bind(memory) as (...a: unknown[]) => Promise<RateLimiterRes>;
      (memory as unknown as Record<string, unknown>)[fn] = (...a: unknown[]) => {
        storeFailed(new Error("no answer"));
        return own(...a);
      };
    }
  }
  limiters.set(id, l);
  return l;
}

const counterKey = (key: string) => key.toLowerCase().slice(0, 200);
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one hit against `rule`; past its max, throws RateLimited (with Retry-After). */
async function consume(name: string, rule: Rule, key: string): Promise<RateLimiterRes> {
  try {
    return await limiterFor(name, rule).consume(counterKey(key));
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new RateLimited(seconds(e.msBeforeNext));
    throw e;
  }
}

/** Counts one hit of `rule` for `key`; throws TOO_MANY_REQUESTS (with retryAfter seconds) past the limit. */
export async function limit(ruleName: string, key: string): Promise<void> {
  const rule = rules()[ruleName];
  if (!rule || !key) return;
  if (LEASED.has(ruleName) && sharedStore() && config().rateLimitLeases) return consumeLeased(ruleName, rule, key);
  await consume(ruleName, rule, key);
}

/**
 * Rules counted by leases: the anonymous ones a page or a client asks many times (every tracking look-up).
 * With a shared store, a process takes a client's hits a share at a time (1/LEASE_SHARE of the max,
 * counted in the store at once) and counts that share down in memory until the window ends; without
 * leases each hit would be a round trip to the database or Redis (at 2 000 look-ups a second, most of
 * the server's work on PostgreSQL). Near the limit, when the store cannot give a whole share, the share
 * is given back and hits are counted one by one: a client is never let past the max, and is refused at
 * most a share per process too early when its hits go to several processes. RATE_LIMIT_LEASES=false
 * counts every hit in the store.
 */
const LEASED = new Set(["tracking", "quote"]);
const LEASE_SHARE = 20;
const LEASES_KEPT = 50_000;
/** Per rule and client, until the window ends: hits left of the share, or counted one by one, or refused. */
type Lease = { until: number } & ({ left: number } | { exact: true } | { refused: true });
const leases = new Map<string, Lease>();
const leasing = new Map<string, Promise<unknown>>();

async function consumeLeased(name: string, rule: Rule, key: string): Promise<void> {
  const id = `${name}|${counterKey(key)}`;
  for (;;) {
    const lease = leases.get(id);
    if (lease && lease.until > Date.now()) {
      if ("refused" in lease) throw new RateLimited(seconds(lease.until - Date.now()));
      if ("exact" in lease) {
        await consume(name, rule, key);
        return;
      }
      if (lease.left > 0) {
        lease.left--;
        return;
      }
    }
    const under = leasing.get(id);
    if (!under) break;
    await under.catch(() => undefined);
  }
  const taking = takeLease(name, rule, key, id);
  leasing.set(id, taking);
  try {
    await taking;
  } finally {
    leasing.delete(id);
  }
}

async function takeLease(name: string, rule: Rule, key: string, id: string): Promise<void> {
  const size = Math.max(1, Math.floor(rule.max / LEASE_SHARE));
  const limiter = limiterFor(name, rule);
  const keep = (lease: Lease) => {
    if (leases.size >= LEASES_KEPT) for (const [k, l] of leases) if (l.until <= Date.now() || leases.size >= LEASES_KEPT) leases.delete(k);
    leases.set(id, lease);
  };
  try {
    const r = await limiter.consume(counterKey(key), size);
    keep({ left: size - 1, until: Date.now() + r.msBeforeNext });
    return;
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const until = Date.now() + e.msBeforeNext;
    if (e.consumedPoints - size >= rule.max) {
      // Past the limit already: this hit counts as one, and this process refuses the rest of the window itself.
      if (size > 1) await limiter.reward(counterKey(key), size - 1);
      keep({ refused: true, until });
      throw new RateLimited(seconds(e.msBeforeNext));
    }
    // Less than a share left: it is given back, and the window's last hits are counted one by one.
    await limiter.reward(counterKey(key), size);
    keep({ exact: true, until });
  }
  await consume(name, rule, key);
}

/**
 * Counts one call against a rule of the caller's own (an API key's limit). Answers the headers the
 * doors send with the answer (X-RateLimit-Limit, -Remaining, -Reset); past the limit, throws
 * RateLimited carrying them too, with Retry-After.
 */
export async function limitCall(key: string, rule: Rule): Promise<Record<string, string>> {
  let r: RateLimiterRes;
  try {
    r = await consume("key", rule, key);
  } catch (e) {
    if (!(e instanceof RateLimited)) throw e;
    throw new RateLimited(e.retryAfter, { "X-RateLimit-Limit": String(rule.max), "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(e.retryAfter) });
  }
  return {
    "X-RateLimit-Limit": String(rule.max),
    "X-RateLimit-Remaining": String(Math.max(0, rule.max - r.consumedPoints)),
    "X-RateLimit-Reset": String(seconds(r.msBeforeNext)),
  };
}

/**
 * Adds `n` hits of `rule` for `key` without refusing (0 reads the count; a negative `n` gives hits
 * back): the count in the window, the rule's max and the seconds until the window ends. For limits
 * that decide more than "past max: 429" (the sign-in attempts, server/modules/admin/attempts.ts).
 */
export async function tally(ruleName: string, key: string, n: number): Promise<{ count: number; max: number; retryAfter: number }> {
  const rule = rules()[ruleName];
  if (!rule) throw new Error(`no rate-limit rule ${ruleName}`);
  const l = limiterFor(ruleName, rule);
  const k = counterKey(key);
  let r: RateLimiterRes | null;
  if (n > 0) r = await l.penalty(k, n);
  else if (n < 0) {
    r = await l.reward(k, -n);
    // Hits given back after their window ended: the new window starts at 0, not below.
    if (r.consumedPoints < 0) {
      await l.delete(k);
      r = null;
    }
  } else r = await l.get(k);
  return { count: Math.max(0, r?.consumedPoints ?? 0), max: rule.max, retryAfter: seconds(r?.msBeforeNext ?? rule.windowMs) };
}

/** Past a limit: 429. `headers` are what the doors add to the answer (Retry-After, and an API key's X-RateLimit-*). */
export class RateLimited extends AppError {
  readonly headers: Record<string, string>;
  constructor(
    readonly retryAfter: number,
    headers: Record<string, string> = {},
    message = `Too many requests; try again in ${retryAfter} seconds`,
  ) {
    super("TOO_MANY_REQUESTS", message);
    this.headers = { ...headers, "Retry-After": String(retryAfter) };
  }
}

/** Closes the connections of the shared store (at shutdown, before the database closes). */
export async function closeLimits(): Promise<void> {
  const s = shared;
  shared = undefined;
  limiters.clear();
  if (s && "redis" in s) s.redis.disconnect();
  else if (s) await s.pool.end();
}
