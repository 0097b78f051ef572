// The audit log's "before" reads of a write inside a transaction run outside it (the committed state).
// On PostgreSQL they used the same pool as the transactions: with every connection held by a
// transaction whose audited write waited for its read, none was left, and the transactions expired
// (500). They have a pool of their own now (server/db/audit.ts, withAudit's reader). Here: audited
// writes in transactions through both doors, twice as many at once as the pool's 4 connections.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await startTestApp({ PG_POOL_MAX: "4" });
  owner = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

describe("audited writes in transactions, more at once than the pool's connections", () => {
  it("each succeeds and is recorded (zone renames: a transaction over the zone and every rate card)", async () => {
    const zones: number[] = [];
    for (let i = 0; i < 8; i++) zones.push(ok(await owner.post("/api/zones", { name: `Z${i}`, countries: ["DE"], postcodes: [`${10 + i}`] }), 201).id);
    const answers = await Promise.all(
      zones.map((id, i) =>
        i % 2
          ? owner.patch("/api/zones", { id, name: `Renamed ${i}` })
          : owner.gql(`mutation($id: Int!, $n: String!) { updateZone(id: $id, input: { name: $n }) { id } }`, { id, n: `Renamed ${i}` }),
      ),
    );
    for (const [i, a] of answers.entries()) {
      if ("errors" in a) expect(a.errors, `zone ${i}`).toBeUndefined();
      else expect(a.status, a.text).toBe(200);
    }
    const log = ok(await owner.get("/api/audit?object_type=zone&per_page=100")).data as { object_id: string; changes: Record<string, unknown> }[];
    for (const [i, id] of zones.entries())
      expect(log.find((e) => e.object_id === String(id) && e.changes.name)?.changes.name).toEqual([`Z${i}`, `Renamed ${i}`]);
  });
});
