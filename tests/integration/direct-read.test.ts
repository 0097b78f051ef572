import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { db, direct, pgTable, provider } from "../../server/db/index.js";
import { prismaDate } from "../../server/db/direct.js";
import { readParcelVersion, readTrackedParcel } from "../../server/modules/parcel/parcel.reader.js";

// Cache misses of tracking look-ups read with plain driver statements instead of Prisma; the rows
// must be exactly what Prisma returns: the same fields in the same order with the same types.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const prismaRow = (code: string) =>
  db().parcel.findUnique({ where: { tracking_code: code }, include: { history: { orderBy: [{ created_at: "asc" }, { id: "asc" }] } } });

async function expectSameAsPrisma(code: string) {
  const mine = (await readTrackedParcel(code)).row;
  const theirs = await prismaRow(code);
  expect(mine).toStrictEqual(theirs);
  expect(Object.keys(mine!)).toEqual(Object.keys(theirs!));
  for (let i = 0; i < theirs!.history.length; i++) expect(Object.keys(mine!.history[i])).toEqual(Object.keys(theirs!.history[i]));
  return mine!;
}

describe("plain reads of a parcel with its history", () => {
  it("match Prisma's rows for every field type, null or set", async () => {
    const admin = await signedIn(t);
    const bare = ok(await admin.post("/api/parcels", { tracking_code: "DR-1", recipient_name: "Bare", destination: "Oslo" }), 201);
    await expectSameAsPrisma("DR-1");
    const full = ok(
      await admin.post("/api/parcels", {
        tracking_code: "DR-2",
        recipient_name: "Full",
        destination: "Lima",
        recipient_email: "r@example.com",
        status: "In transit",
        weight: 12.75,
        declared_value: 1800,
        show_map: "yes",
        map_zoom: 7,
        map_current_latitude: -12.046,
        map_current_longitude: -77.0428,
        min_expected_delivery_date: "2026-12-01",
        max_expected_delivery_date: "2026-12-03",
      }),
      201,
    );
    ok(await admin.patch("/api/parcels", { id: full.id, protect_details: true, notify_recipient: false, recipient_postcode: "15001" }));
    for (const title of ["Picked up", "At the hub", "Out for delivery"]) {
      ok(await admin.post("/api/activities", { parcel_id: full.id, title, description: `${title}.`, icon: "home_work", color: "green" }), 201);
    }
    const row = await expectSameAsPrisma("DR-2");
    expect(row.history).toHaveLength(3);
    expect(row.created_at).toBeInstanceOf(Date);
    expect(typeof row.protect_details).toBe("boolean");
    expect(await readParcelVersion("DR-2")).toBe((await db().parcel.findUnique({ where: { id: full.id } }))!.version);
    expect(await readParcelVersion("DR-NONE")).toBeNull();
    expect(await readTrackedParcel("DR-NONE")).toEqual({ row: null, liveStop: null });
    expect(bare.id).toBeGreaterThan(0);
  });

  it("read misses that come at once together, each with its own history, and none with another's", async () => {
    const admin = await signedIn(t);
    const codes = Array.from({ length: 70 }, (_, i) => `DR-B${i}`);
    for (const [i, code] of codes.entries()) {
      const p = ok(await admin.post("/api/parcels", { tracking_code: code, recipient_name: `Batch ${i}`, destination: "Oslo" }), 201);
      for (let k = 0; k < i % 4; k++)
        ok(await admin.post("/api/activities", { parcel_id: p.id, title: `${code} step ${k}`, description: ".", icon: "home_work", color: "green" }), 201);
    }
    // 70 at once (more than a batch), some twice, with unknown codes among them.
    const asked = [...codes, "DR-NONE-1", codes[3], "DR-NONE-2", codes[69]];
    const read = await Promise.all(asked.map((c) => readTrackedParcel(c)));
    const theirs = await Promise.all(asked.map((c) => prismaRow(c)));
    expect(read.map((r) => r.row)).toStrictEqual(theirs);
    for (const [i, r] of read.entries()) {
      if (!r.row) continue;
      expect(r.row.tracking_code).toBe(asked[i]);
      expect(r.row.history.every((h) => h.title.startsWith(`${asked[i]} step`))).toBe(true);
      expect(r.liveStop).toBeNull();
    }
  });

  it("read date-times stored in other forms as Prisma does", async () => {
    const p = (await db().parcel.findUnique({ where: { tracking_code: "DR-1" } }))!;
    const insert = (stamp: unknown) =>
      provider() === "postgresql"
        ? db().$executeRawUnsafe(
            `INSERT INTO ${pgTable("Activity")} (parcel_id, title, description, created_at, updated_at) VALUES ($1, 'Raw', 'Raw', $2::timestamp, now())`,
            p.id,
            stamp,
          )
        : db().$executeRawUnsafe(
            `INSERT INTO Activity (parcel_id, title, description, icon, color, created_at, updated_at) VALUES (?, 'Raw', 'Raw', 'x', 'y', ?, ?)`,
            p.id,
            stamp,
            stamp,
          );
    await insert("2026-01-02 03:04:05");
    await insert("2026-01-02 03:04:05.678");
    if (provider() === "sqlite") {
      await insert("2026-01-02T03:04:05.6+00:00");
      await insert(Date.UTC(2026, 0, 2, 3, 4, 6));
    }
    const row = await expectSameAsPrisma("DR-1");
    expect(row.history.length).toBeGreaterThanOrEqual(2);
  });

  it("parse date-time text like Prisma's client", () => {
    expect(prismaDate("2026-01-02 03:04:05").toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(prismaDate("2026-01-02T03:04:05.5+02").toISOString()).toBe("2026-01-02T01:04:05.500Z");
    expect(prismaDate("2026-01-02").toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(prismaDate("03:04:05Z").toISOString()).toBe("1970-01-01T03:04:05.000Z");
  });
});

describe("long reads (the staff's list counts and searches)", () => {
  it("leave the server's thread free while they run, and give the rows as rows does", async () => {
    const count = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT CAST(count(*) AS INTEGER) AS "n" FROM c`;
    expect(await direct().longRows(`SELECT "tracking_code" FROM ${direct().table("Parcel")} WHERE "tracking_code" = ?`, ["DR-1"])).toEqual(
      await direct().rows(`SELECT "tracking_code" FROM ${direct().table("Parcel")} WHERE "tracking_code" = ?`, ["DR-1"]),
    );
    // A read of about a second: the thread that asked keeps ticking (on SQLite the readers' thread does
    // the work; on PostgreSQL the database server). Coarse: the gap it would leave is the whole read.
    let last = performance.now();
    let widest = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      widest = Math.max(widest, now - last);
      last = now;
    }, 5);
    const t0 = performance.now();
    const [{ n }] = await direct().longRows(count, [provider() === "sqlite" ? 6_000_000 : 1_500_000]);
    const took = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20)); // the tick after the read sees the gap it left, if any
    clearInterval(tick);
    expect(Number(n)).toBe(provider() === "sqlite" ? 6_000_000 : 1_500_000);
    expect(widest, `the read took ${Math.round(took)} ms`).toBeLessThan(Math.max(250, took / 2));
  });
});
