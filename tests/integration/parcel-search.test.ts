// The staff's parcel list at scale keeps its meaning: search by tracking code, recipient or
// destination (containing the text, case-insensitively, every character as itself) through the
// trigram indexes, short searches without them, and the stale list through last_event_at.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { db, pgTable } from "../../server/db/index.js";

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
});
afterAll(async () => t?.close());

let seq = 0;
async function parcel(recipient_name: string, destination: string, extra: Record<string, unknown> = {}) {
  const tracking_code = `SR-${++seq}-${Date.now()}`;
  return ok(await admin.post("/api/parcels", { tracking_code, recipient_name, destination, ...extra }), 201) as { id: number; tracking_code: string };
}
async function entry(parcel_id: number, extra: Record<string, unknown> = {}) {
  return ok(await admin.post("/api/activities", { parcel_id, title: "Scanned", description: "At the hub", ...extra }), 201) as { id: number };
}
/** The codes a search lists (every page), after checking the answer is a 200 with a consistent total. */
async function found(query: string): Promise<string[]> {
  const r = await admin.get(`/api/parcels?per_page=100&${query}`);
  expect(r.status, `${query}: ${r.text.slice(0, 200)}`).toBe(200);
  const page = r.json.data;
  expect(page.total, query).toBe(page.data.length);
  return page.data.map((p: { tracking_code: string }) => p.tracking_code).sort();
}
const search = (text: string) => found(`search=${encodeURIComponent(text)}`);
const codes = (...ps: { tracking_code: string }[]) => ps.map((p) => p.tracking_code).sort();

describe("search", () => {
  let zoe: { id: number; tracking_code: string }, ann: typeof zoe, cotton: typeof zoe, near: typeof zoe, qx: typeof zoe;
  beforeAll(async () => {
    zoe = await parcel("Zoë Okafor-Lindqvist", "12 Rue de Rivoli, Paris");
    ann = await parcel("ann o'neil", 'Hamburg "Altona"');
    cotton = await parcel("100% Cotton_Ltd", "Lyon");
    near = await parcel("Mr NEAR(x) OR y* AND z", "Porto");
    qx = await parcel("Qx Bob", "Gdansk");
  });

  it("finds a code by its start, a part or the whole, in any case", async () => {
    expect(await search(zoe.tracking_code)).toEqual(codes(zoe));
    expect(await search(zoe.tracking_code.slice(0, zoe.tracking_code.length - 2))).toEqual(codes(zoe));
    expect(await search(zoe.tracking_code.slice(3).toLowerCase())).toEqual(codes(zoe));
    // Every code starts so: all of them.
    expect(await search("sr-")).toEqual(codes(zoe, ann, cotton, near, qx));
  });

  it("finds part of a name or of a destination, in any case", async () => {
    expect(await search("okafor")).toEqual(codes(zoe));
    expect(await search("OKAFOR-lind")).toEqual(codes(zoe));
    expect(await search("Zoë")).toEqual(codes(zoe));
    expect(await search("rivoli, par")).toEqual(codes(zoe));
    expect(await search("  gdansk ")).toEqual(codes(qx));
    expect(await search("no such text anywhere")).toEqual([]);
  });

  it("takes every character as itself: LIKE wildcards, quotes and full-text syntax", async () => {
    expect(await search("%")).toEqual(codes(cotton));
    expect(await search("_")).toEqual(codes(cotton));
    expect(await search("100%")).toEqual(codes(cotton));
    expect(await search("n_Lt")).toEqual(codes(cotton));
    expect(await search("o_neil")).toEqual([]);
    expect(await search("o'neil")).toEqual(codes(ann));
    expect(await search('"Altona"')).toEqual(codes(ann));
    expect(await search('"')).toEqual(codes(ann));
    expect(await search("NEAR(x)")).toEqual(codes(near));
    expect(await search("OR y*")).toEqual(codes(near));
    expect(await search("y* AND")).toEqual(codes(near));
    expect(await search("*")).toEqual(codes(near));
    expect(await search("\\")).toEqual([]);
    for (const s of ["NEAR(", "a OR", "AND", "-x", "^x", "{tracking_code}: x", "x:y", "(", "'", "''", '""', "%_%", "\\%"]) {
      const r = await admin.get(`/api/parcels?search=${encodeURIComponent(s)}`);
      expect(r.status, s).toBe(200);
    }
  });

  it("short searches (fewer characters than a trigram) still find every match", async () => {
    expect(await search("qx")).toEqual(codes(qx));
    expect(await search("QX")).toEqual(codes(qx));
    // q: Lindqvist and Qx.
    expect(await search("q")).toEqual(codes(zoe, qx));
    expect(await search("ë")).toEqual(codes(zoe));
  });

  it("follows a renamed parcel, a changed code and a deleted one", async () => {
    const p = await parcel("Hedwig Brennan", "Tallinn");
    expect(await search("hedwig")).toEqual(codes(p));
    ok(await admin.patch("/api/parcels", { id: p.id, recipient_name: "Ingrid Brennan", tracking_code: `${p.tracking_code}-X` }));
    expect(await search("hedwig")).toEqual([]);
    expect(await search("ingrid")).toEqual([`${p.tracking_code}-X`]);
    expect(await search(`${p.tracking_code}-x`)).toEqual([`${p.tracking_code}-X`]);
    ok(await admin.delete("/api/parcels", { id: p.id }));
    expect(await search("ingrid")).toEqual([]);
  });

  it("pages a search with its total, and GraphQL answers the same", async () => {
    const r = ok(await admin.get("/api/parcels?search=sr-&per_page=2&page=2"));
    expect(r).toMatchObject({ total: 5, current_page: 2, last_page: 3, per_page: 2 });
    expect(r.data.map((p: { tracking_code: string }) => p.tracking_code)).toEqual([cotton.tracking_code, ann.tracking_code]);
    const g = await admin.gql(`query($s: String) { parcels(search: $s, per_page: 100) { total data { tracking_code } } }`, { s: "NEAR(x) OR" });
    expect(g.errors).toBeUndefined();
    expect(g.data.parcels).toEqual({ total: 1, data: [{ tracking_code: near.tracking_code }] });
  });

  it("counts and pages a search with more matches than its first read holds (1 000)", async () => {
    const now = new Date();
    await db().parcel.createMany({
      data: Array.from({ length: 1010 }, (_, i) => ({
        tracking_code: `WIDE-${String(i).padStart(4, "0")}`,
        recipient_name: "Wide Search",
        destination: "Lyon",
        created_at: now,
      })),
    });
    const first = ok(await admin.get("/api/parcels?search=wide%20sea&per_page=20"));
    expect(first).toMatchObject({ total: 1010, last_page: 51 });
    expect(first.data[0].tracking_code).toBe("WIDE-1009");
    const page10 = ok(await admin.get("/api/parcels?search=wide%20sea&per_page=100&page=10"));
    expect(page10.data.map((p: { tracking_code: string }) => p.tracking_code)).toEqual(
      Array.from({ length: 100 }, (_, i) => `WIDE-${String(109 - i).padStart(4, "0")}`),
    );
    const last = ok(await admin.get("/api/parcels?search=wide%20sea&per_page=100&page=11"));
    expect(last).toMatchObject({ total: 1010, current_page: 11, last_page: 11 });
    expect(last.data.map((p: { tracking_code: string }) => p.tracking_code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `WIDE-${String(9 - i).padStart(4, "0")}`),
    );
    await db().parcel.deleteMany({ where: { tracking_code: { startsWith: "WIDE-" } } });
  });
});

describe("the stale list", () => {
  const DAY = 86400_000;
  it("follows the history: new, back-dated, edited and deleted entries, and the creation time", async () => {
    const old = new Date(Date.now() - 10 * DAY).toISOString();
    const moving = await parcel("Stale One", "Riga");
    const quietEntry = await entry(moving.id, { status_code: "in_transit", created_at: old });
    const fresh = await parcel("Stale Two", "Riga");
    await entry(fresh.id, { status_code: "in_transit" });
    const done = await parcel("Stale Three", "Riga");
    await entry(done.id, { status_code: "delivered", created_at: old });
    const empty = await parcel("Stale Four", "Riga");
    await db().parcel.updateMany({ where: { id: empty.id }, data: { created_at: new Date(old) } });
    const stale = () => found("stale_days=5&search=stale");
    expect(await stale()).toEqual(codes(moving, empty));

    // A new entry: no longer quiet. Deleting it: quiet again.
    const news = await entry(moving.id, { title: "Moved" });
    expect(await stale()).toEqual(codes(empty));
    ok(await admin.delete("/api/activities", { id: news.id }));
    expect(await stale()).toEqual(codes(moving, empty));
    // The old entry edited to now: not quiet; back to the past: quiet.
    ok(await admin.patch("/api/activities", { id: quietEntry.id, created_at: new Date().toISOString() }));
    expect(await stale()).toEqual(codes(empty));
    ok(await admin.patch("/api/activities", { id: quietEntry.id, created_at: old }));
    expect(await stale()).toEqual(codes(moving, empty));
    // A parcel registered long ago with no history is quiet; its first entry, even a back-dated one, decides.
    await entry(empty.id, { created_at: new Date(Date.now() - DAY).toISOString() });
    expect(await stale()).toEqual(codes(moving));
    // Without the search, with the reschedule filter, and with paging.
    expect(await found("stale_days=5")).toEqual(codes(moving));
    expect(await found("stale_days=5&to_reschedule=true")).toEqual([]);
    await entry(moving.id, { status_code: "delivery_failed", status_reason: "nobody_home", created_at: old });
    expect(await found("stale_days=5&to_reschedule=true")).toEqual(codes(moving));
    const r = ok(await admin.get("/api/parcels?stale_days=5&per_page=1"));
    expect(r.total).toBe(1);
  });
});

// The plans: codes read together go through the unique index, a search through the trigram index. On
// PostgreSQL a trigram index on the column itself also answered `=`, and the planner took it for ten or
// more codes sharing most of their characters (an import of BULK-00001..: 150-300 ms a batch of 50).
describe("the plans of codes read together and of a search", () => {
  const onPg = process.env.TEST_DB === "postgresql";
  // PostgreSQL in one transaction (one connection): a small table must not hide the choice of index behind a sequential scan.
  const plan = async (sql: string, ...params: unknown[]) => {
    if (!onPg) {
      const rows = await db().$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql.replace(/\$\d+/g, "?")}`, ...params);
      return rows.map((r) => r.detail).join("\n");
    }
    const [, rows] = await db().$transaction([
      db().$executeRawUnsafe(`SET LOCAL enable_seqscan = off`),
      db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sql}`, ...params),
    ]);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  };
  const table = () => (onPg ? pgTable("Parcel") : `"Parcel"`);

  it("reads fifty sequential codes through the unique index, and searches a code through the trigram index", async () => {
    await db().parcel.createMany({
      data: Array.from({ length: 5000 }, (_, i) => ({ tracking_code: `PLAN-${String(i).padStart(5, "0")}`, recipient_name: `Plan ${i}`, destination: "Oslo" })),
    });
    await db().$executeRawUnsafe(`ANALYZE ${table()}`);
    const codes = Array.from({ length: 50 }, (_, i) => `PLAN-${String(3200 + i).padStart(5, "0")}`);
    const byCodes = await plan(`SELECT * FROM ${table()} WHERE "tracking_code" IN (${codes.map((_, i) => `$${i + 1}`).join(", ")})`, ...codes);
    expect(byCodes).toContain("Parcel_tracking_code_key");
    expect(byCodes).not.toMatch(/trgm|ParcelSearch/);
    // What Prisma sends for the same read (the import's, labels', scans'), and the list's search as the service builds it.
    expect(await db().parcel.count({ where: { tracking_code: { in: codes } } })).toBe(50);
    const byPart = onPg
      ? await plan(`SELECT p."id" FROM ${table()} p WHERE lower(p."tracking_code") LIKE lower($1)`, "%lan-032%")
      : await plan(`SELECT rowid FROM "ParcelSearch" WHERE "ParcelSearch" MATCH $1`, '"lan-032"');
    expect(byPart).toContain(onPg ? "Parcel_tracking_code_trgm_idx" : "ParcelSearch VIRTUAL TABLE");
    expect(await search("lan-0320")).toHaveLength(10);
    await db().parcel.deleteMany({ where: { tracking_code: { startsWith: "PLAN-" } } });
  });
});
