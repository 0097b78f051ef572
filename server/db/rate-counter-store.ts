import { db, pgTable } from "./index.js";

/**
 * The rate limiter's counters in PostgreSQL (table RateCounter), shared by every process on the
 * database: adds `n` hits to `key` in one upsert, starting a new window of `windowMs` when the last
 * one has ended (a negative `n` gives hits back, never below 0). Answers the count in the window and the ms until it ends (server/core/ratelimit.ts).
 */
export async function addToRateCounter(key: string, n: number, windowMs: number): Promise<{ count: number; resetMs: number }> {
  const T = pgTable("RateCounter");
  const rows = await db().$queryRawUnsafe<{ count: number; reset_ms: number }[]>(
    `INSERT INTO ${T} AS r (key, count, window_end) VALUES ($1, GREATEST($3::int, 0), now() + ($2 || ' milliseconds')::interval)
     ON CONFLICT (key) DO UPDATE SET
       count = GREATEST(CASE WHEN r.window_end <= now() THEN $3::int ELSE r.count + $3::int END, 0),
       window_end = CASE WHEN r.window_end <= now() THEN now() + ($2 || ' milliseconds')::interval ELSE r.window_end END
     RETURNING count::int AS count, (extract(epoch FROM (window_end - now())) * 1000)::int AS reset_ms`,
    key,
    String(windowMs),
    n,
  );
  return { count: rows[0].count, resetMs: Math.max(0, rows[0].reset_ms) };
}
