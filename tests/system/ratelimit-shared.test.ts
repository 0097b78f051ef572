import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { Client } from "../helpers/http.js";
import { waitFor } from "../helpers/wait.js";

// Tracking look-ups are counted in the shared counters (rate-limiter-flexible's RateLimiterPostgres, table
// RateLimit); the limit holds across two processes on one PostgreSQL database (no Redis here).
const db = freshDatabase("postgresql");
let a: Site;
let b: Site;
let sql: pg.Client;
beforeAll(async () => {
  const shared = { SEED_DEMO: "false", RATE_LIMIT_TRACKING: "10" };
  a = await startSite({ ...shared, UPLOADS_DIR: path.join(db.dir, "uploads-a") }, db);
  b = await startSite({ ...shared, UPLOADS_DIR: path.join(db.dir, "uploads-b") }, db);
  const u = new URL(db.url);
  const schema = u.searchParams.get("schema")!;
  u.searchParams.delete("schema");
  sql = new pg.Client({ connectionString: u.toString() });
  await sql.connect();
  await sql.query(`SET search_path TO "${schema}"`);
});
afterAll(async () => {
  await sql?.end();
  await a?.stop();
  await b?.stop();
  await dropDatabase(db.url, db.dir);
});

const lookUp = async (site: Site) => (await new Client(site.url).get("/api/parcels/RS-1")).status;
/** Waits until the shared counter holds at least `n` tracking hits of this client. */
async function counted(n: number) {
  await waitFor(async () => ((await sql.query(`SELECT points FROM "RateLimit" WHERE key LIKE 'tracking:%'`)).rows[0]?.points ?? 0) >= n, {
    what: `the shared counter to reach ${n}`,
  });
}

describe("a limit shared by two processes", () => {
  it("counts one process's look-ups in the other's limit", async () => {
    // The graph at start-up is not limited; these are the first tracking look-ups of this client.
    for (let i = 0; i < 6; i++) expect(await lookUp(a)).toBe(404);
    await counted(6);
    // B counts in the same counter: 6 spent, 4 left.
    expect([await lookUp(b), await lookUp(b), await lookUp(b), await lookUp(b)]).toEqual([404, 404, 404, 404]);
    expect(await lookUp(b)).toBe(429);
    // A sees B's look-ups at once.
    await counted(11);
    expect(await lookUp(a)).toBe(429);
  });
});
