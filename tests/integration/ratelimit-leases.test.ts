import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { send } from "../helpers/raw.js";
import { db, pgTable, provider } from "../../server/db/index.js";

// Tracking look-ups are counted a share at a time (a twentieth of the limit) when the counts live in a
// shared store (PostgreSQL here; Redis alike): the limit must stay exact for a client on one process,
// and the store must see a write per share, not per look-up (server/core/ratelimit.ts, leases).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_TRACKING: "100" });
});
afterAll(async () => t?.close());

const storeCount = async (client: string) => {
  if (provider() !== "postgresql") return null;
  const rows = await db().$queryRawUnsafe<{ points: number }[]>(`SELECT points FROM ${pgTable("RateLimit")} WHERE key = $1`, `tracking:${client}`);
  return rows[0]?.points ?? 0;
};

describe("tracking limits counted by shares", () => {
  it("lets exactly the limit through, then refuses with Retry-After until the window ends", async () => {
    const from = "127.0.5.1";
    const statuses: number[] = [];
    // Seven at once first (a share is being taken while the others wait for it), then one after another.
    statuses.push(...(await Promise.all(Array.from({ length: 7 }, () => send(t.url, "GET", "/api/parcels/NOPE-L1", { from })))).map((r) => r.status));
    // Two shares taken (5 + 5), not seven writes.
    if (provider() === "postgresql") expect(await storeCount(from)).toBe(10);
    for (let i = 7; i < 103; i++) statuses.push((await send(t.url, "GET", "/api/parcels/NOPE-L1", { from })).status);
    expect(statuses.slice(0, 100).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(100)).toEqual([429, 429, 429]);
    const refused = await send(t.url, "GET", "/api/parcels/NOPE-L1", { from });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The store holds the limit and the first refused hit: nothing past it was let through.
    if (provider() === "postgresql") expect(await storeCount(from)).toBe(101);
  });

  it("counts each client apart, GraphQL and REST together", async () => {
    const a = "127.0.5.2";
    const b = "127.0.5.3";
    for (let i = 0; i < 60; i++) expect((await send(t.url, "GET", "/api/parcels/NOPE-L2", { from: a })).status).toBe(404);
    const gql = (from: string) =>
      send(t.url, "POST", "/graphql", {
        from,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `{ parcel(trackingCode: "NOPE-L2") { tracking_code } }` }),
      });
    for (let i = 0; i < 40; i++) expect((await gql(a)).status).toBe(200);
    const over = await gql(a);
    expect(over.text).toMatch(/TOO_MANY_REQUESTS|Too many requests/);
    expect((await send(t.url, "GET", "/api/parcels/NOPE-L2", { from: b })).status).toBe(404);
  });
});
