/**
 * The dashboard's daily roll-ups (docs/reports.md "How it reads", issue 39) against a full recount: random writes
 * of every kind that changes a figure (parcels created, edited and deleted; history entries added, moved, changed
 * and deleted, a first delivery moving; bookings created, cancelled, orphaned; runs and stops created, changed,
 * moved to another courier, deleted), from a seeded generator, in TIME_ZONE America/New_York over the change to
 * summer time (2026-03-08). After each round every report, with every filter the roll-ups serve, equals the raw
 * reads (the reference implementation), and the cells kept write by write equal the cells of a rebuild from
 * scratch. Then a change of the fingerprint (another time zone) rebuilds them. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";

let t: TestApp;
type Db = typeof import("../../server/db/index.js");
type Rollups = typeof import("../../server/modules/reports/reports.rollups.js");
type Service = typeof import("../../server/modules/reports/reports.service.js");
type Raw = typeof import("../../server/modules/reports/reports.raw.js");
let dbm: Db;
let rollups: Rollups;
let service: Service;
let raw: Raw;

/** mulberry32: a small seeded generator, so a failure is reproduced by its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}
const SEED = Number(process.env.ROLLUP_SEED || 20260308);
const rnd = seeded(SEED);
// Instants from 2026-03-01 to 2026-03-20 UTC, on the minute, often near New York's midnight (04:00/05:00 UTC).
const START = Date.UTC(2026, 2, 1);
const instant = () => {
  const day = START + rnd.int(20) * 86_400_000;
  const near = rnd.next() < 0.4;
  return new Date(day + (near ? (4 + rnd.int(2)) * 3_600_000 + (rnd.int(5) - 2) * 60_000 : rnd.int(1440) * 60_000));
};
const dateText = () => (rnd.next() < 0.25 ? null : rnd.next() < 0.1 ? "" : `2026-03-${String(1 + rnd.int(20)).padStart(2, "0")}`);
const CODES = ["picked_up", "delivered", "delivered", "delivery_failed", "in_transit", null] as const;
const REASONS = ["nobody_home", "refused", null, ""] as const;

const ids = { shippers: [] as number[], couriers: [] as number[] };
let serial = 0;

/** One random write (answers its name, for a failure's message). */
async function randomWrite(): Promise<string> {
  const d = dbm.db();
  const parcels = await d.parcel.findMany({ select: { id: true } });
  const anyParcel = () => (parcels.length ? rnd.pick(parcels).id : null);
  const op = rnd.int(100);
  if (op < 18 || !parcels.length) {
    const p = await d.parcel.create({
      data: { tracking_code: `RU-${++serial}`, recipient_name: "R", destination: "NYC", created_at: instant(), max_expected_delivery_date: dateText() },
    });
    if (rnd.next() < 0.7)
      await d.booking.create({
        data: {
          shipper_id: rnd.pick(ids.shippers),
          parcel_id: p.id,
          tracking_code: `RU-${serial}`,
          service: rnd.pick(["STD", "EXP"]),
          amount: 100 * (1 + rnd.int(20)),
          currency: rnd.next() < 0.9 ? "EUR" : "USD",
          breakdown: "[]",
          chargeable_weight_kg: 1,
          request_hash: "x",
          created_at: instant(),
          cancelled_at: rnd.next() < 0.1 ? instant() : null,
        },
      });
    return "parcel created";
  }
  if (op < 45) {
    const code = rnd.pick(CODES);
    await d.activity.create({
      data: {
        parcel_id: anyParcel()!,
        title: "x",
        description: "x",
        status_code: code,
        status_reason: code === "delivery_failed" ? rnd.pick(REASONS) : null,
        created_at: instant(),
      },
    });
    return "entry added";
  }
  if (op < 55) {
    const e = await d.activity.findFirst({
      where: { status_code: { in: ["delivered", "delivery_failed", "picked_up"] } },
      skip: rnd.int(5),
      select: { id: true },
    });
    if (!e) return "no entry to move";
    // A first delivery moving, a failure turned into a delivery, a reason changed.
    const change = rnd.int(3);
    await d.activity.update({
      where: { id: e.id },
      data: change === 0 ? { created_at: instant() } : change === 1 ? { status_code: rnd.pick(CODES) } : { status_reason: rnd.pick(REASONS) },
    });
    return "entry changed";
  }
  if (op < 62) {
    const e = await d.activity.findFirst({ skip: rnd.int(8), select: { id: true } });
    if (e) await d.activity.delete({ where: { id: e.id } });
    return "entry deleted";
  }
  if (op < 67) {
    await d.parcel.update({ where: { id: anyParcel()! }, data: rnd.next() < 0.5 ? { created_at: instant() } : { max_expected_delivery_date: dateText() } });
    return "parcel edited";
  }
  if (op < 71) {
    await d.parcel.delete({ where: { id: anyParcel()! } });
    return "parcel deleted (its booking kept without it)";
  }
  if (op < 76) {
    const b = await d.booking.findFirst({ where: { cancelled_at: null }, skip: rnd.int(4), select: { id: true } });
    if (b) await d.booking.update({ where: { id: b.id }, data: { cancelled_at: instant() } });
    return "booking cancelled";
  }
  if (op < 80) {
    await d.booking.create({
      data: {
        shipper_id: rnd.pick(ids.shippers),
        tracking_code: `RU-B${++serial}`,
        service: "STD",
        amount: 250,
        currency: "EUR",
        breakdown: "[]",
        chargeable_weight_kg: 1,
        request_hash: "x",
        created_at: instant(),
      },
    });
    return "booking without a parcel";
  }
  if (op < 88) {
    const started = instant();
    const run = await d.run.create({
      data: { courier_id: rnd.pick(ids.couriers), date: started.toISOString().slice(0, 10), started_at: rnd.next() < 0.8 ? started : null, status: "started" },
    });
    const n = 1 + rnd.int(3);
    for (let i = 0; i < n; i++) {
      const status = rnd.pick(["done", "done", "failed", "pending"]);
      await d.stop.create({
        data: {
          run_id: run.id,
          seq: i,
          parcel_id: anyParcel(),
          address: "x",
          latitude: 0,
          longitude: 0,
          status,
          done_at: status === "done" ? new Date(started.getTime() + (1 + rnd.int(300)) * 60_000) : null,
        },
      });
    }
    return "run with stops";
  }
  if (op < 93) {
    const s = await d.stop.findFirst({ skip: rnd.int(5), select: { id: true } });
    if (s) await d.stop.update({ where: { id: s.id }, data: { status: "done", done_at: instant() } });
    return "stop done";
  }
  if (op < 97) {
    const r = await d.run.findFirst({ skip: rnd.int(3), select: { id: true } });
    if (r) await d.run.update({ where: { id: r.id }, data: { courier_id: rnd.pick(ids.couriers) } });
    return "run given to another courier";
  }
  const r = await d.run.findFirst({ skip: rnd.int(3), select: { id: true } });
  if (r) await d.run.delete({ where: { id: r.id } });
  return "run deleted";
}

const PERIODS = [
  { from: "2026-03-05", to: "2026-03-12" },
  { from: "2026-03-08", to: "2026-03-08" },
  { from: "2026-03-01", to: "2026-03-21" },
];
function filters() {
  return [{}, { shipper_id: ids.shippers[0] }, { service: "EXP" }, { shipper_id: ids.shippers[1], service: "STD" }, { courier_id: ids.couriers[0] }];
}

/** Every report with every filter the roll-ups serve, from the roll-ups and from the raw data. */
async function compareAll(where: string) {
  expect(await rollups.drain()).toBe(true);
  expect(await rollups.rollupsUsable(), `${where}: usable`).toBe(true);
  for (const p of PERIODS)
    for (const f of filters()) {
      const args = { ...p, ...f };
      const label = `${where} ${JSON.stringify(args)}`;
      expect(await service.rollupSummary(args), label).toEqual(await raw.rawSummary(args));
      expect(await service.rollupDaily(args), label).toEqual(await raw.rawDaily(args));
    }
}

/** The cells as kept, zeros left out, in a stable order. */
async function cells() {
  const rows = await dbm.db().reportCell.findMany({ orderBy: [{ dim: "asc" }, { day: "asc" }, { measure: "asc" }] });
  return rows.filter((c) => Number(c.n) !== 0 || Number(c.amount) !== 0).map((c) => `${c.dim}|${c.day}|${c.measure}|${c.n}|${c.amount}`);
}

beforeAll(async () => {
  t = await startTestApp({ TIME_ZONE: "America/New_York" });
  dbm = await import("../../server/db/index.js");
  rollups = await import("../../server/modules/reports/reports.rollups.js");
  service = await import("../../server/modules/reports/reports.service.js");
  raw = await import("../../server/modules/reports/reports.raw.js");
  const d = dbm.db();
  for (const k of [1, 2]) {
    const s = await d.shipper.create({ data: { name: `Shipper ${k}`, email: `s${k}@rollups.example`, password_hash: "x", email_verified: true } });
    ids.shippers.push(s.id);
    const c = await d.admin.create({ data: { email: `c${k}@rollups.example`, password_hash: "x", role: "courier" } });
    ids.couriers.push(c.id);
  }
  for (const code of ["STD", "EXP"]) await d.service.create({ data: { code, name: code, transit_days_min: 1, transit_days_max: 3 } });
  // The start-up build of the empty database.
  await rollups.rebuild();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`the roll-ups against a full recount (seed ${SEED})`, () => {
  it("equal the raw reads after every round of random writes, and a rebuild from scratch", async () => {
    const done: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 40; i++) done.push(await randomWrite());
      await compareAll(`round ${round + 1} (${done.length} writes)`);
    }
    // Figures worth comparing: every block holds something.
    const all = await service.rollupSummary({ from: "2026-03-01", to: "2026-03-21" });
    expect(all.created).toBeGreaterThan(8);
    expect(all.delivered).toBeGreaterThan(5);
    expect(all.on_time).toBeGreaterThan(0);
    expect(all.failed_attempts).toBeGreaterThan(0);
    expect(all.delivery_hours_p90).not.toBeNull();
    expect(all.revenue.amount).toBeGreaterThan(0);
    expect(all.revenue.by_shipper.length).toBe(2);
    expect(all.couriers.length).toBeGreaterThan(0);
    const kept = await cells();
    expect(kept.length).toBeGreaterThan(50);
    await rollups.rebuild();
    expect(await cells()).toEqual(kept);
    // Every kind of write happened.
    for (const w of [
      "parcel created",
      "entry added",
      "entry changed",
      "entry deleted",
      "parcel deleted (its booking kept without it)",
      "booking cancelled",
      "run with stops",
      "run deleted",
    ])
      expect(done, w).toContain(w);
  }, 600_000);

  it("a delivered parcel's first delivery moving to another day moves its figures", async () => {
    const d = dbm.db();
    const p = await d.parcel.create({
      data: {
        tracking_code: "RU-MOVE",
        recipient_name: "R",
        destination: "NYC",
        created_at: new Date("2026-03-07T12:00:00Z"),
        max_expected_delivery_date: "2026-03-08",
      },
    });
    // 23:30 on the 8th in New York (EDT, UTC-4): on time.
    const e = await d.activity.create({
      data: { parcel_id: p.id, title: "x", description: "x", status_code: "delivered", created_at: new Date("2026-03-09T03:30:00Z") },
    });
    await rollups.drain();
    const day = async (date: string) => (await service.rollupDaily({ from: date, to: date }))[0];
    const before8 = await day("2026-03-08");
    const before9 = await day("2026-03-09");
    // An hour later it is 00:30 on the 9th: a day late.
    await d.activity.update({ where: { id: e.id }, data: { created_at: new Date("2026-03-09T04:30:00Z") } });
    await compareAll("after the move");
    expect((await day("2026-03-08")).delivered).toBe(before8.delivered - 1);
    expect((await day("2026-03-09")).delivered).toBe(before9.delivered + 1);
  }, 300_000);

  it("keep the median and 90th percentile of every filter exact through deleted and moved deliveries, parcels and runs", async () => {
    // A shipper, a service and a courier of their own, in April (the random writes fall in March): New York is on
    // summer time (UTC-4). Each parcel picked up 2026-04-11 12:00 UTC, delivered h hours later; by hand (nearest
    // rank: the ceil(0.5 n)-th and ceil(0.9 n)-th of the sorted hours).
    const d = dbm.db();
    const shipper = await d.shipper.create({ data: { name: "Shipper H", email: "h@rollups.example", password_hash: "x", email_verified: true } });
    const courier = await d.admin.create({ data: { email: "ch@rollups.example", password_hash: "x", role: "courier" } });
    await d.service.create({ data: { code: "OVN", name: "OVN", transit_days_min: 1, transit_days_max: 1 } });
    const PICKED = Date.UTC(2026, 3, 11, 12);
    const HOUR = 3_600_000;
    const run1 = await d.run.create({ data: { courier_id: courier.id, date: "2026-04-11", started_at: new Date(PICKED), status: "started" } });
    const run2 = await d.run.create({ data: { courier_id: courier.id, date: "2026-04-11", started_at: new Date(PICKED), status: "started" } });
    let seq = 0;
    const parcel = async (name: string, booked: [number, string] | null, run: number | null, hours: number[], picked = PICKED) => {
      const p = await d.parcel.create({ data: { tracking_code: `RU-H-${name}`, recipient_name: "R", destination: "NYC", created_at: new Date(picked) } });
      if (booked)
        await d.booking.create({
          data: {
            shipper_id: booked[0],
            parcel_id: p.id,
            tracking_code: `RU-H-${name}`,
            service: booked[1],
            amount: 500,
            currency: "EUR",
            breakdown: "[]",
            chargeable_weight_kg: 1,
            request_hash: "x",
            created_at: new Date(picked),
          },
        });
      if (run)
        await d.stop.create({
          data: { run_id: run, seq: ++seq, parcel_id: p.id, address: "x", latitude: 0, longitude: 0, status: "done", done_at: new Date(picked + HOUR) },
        });
      await d.activity.create({ data: { parcel_id: p.id, title: "x", description: "x", status_code: "picked_up", created_at: new Date(picked) } });
      const delivered: number[] = [];
      for (const h of hours) {
        const e = await d.activity.create({
          data: { parcel_id: p.id, title: "x", description: "x", status_code: "delivered", created_at: new Date(picked + h * HOUR) },
        });
        delivered.push(e.id);
      }
      return { id: p.id, delivered };
    };
    const S = shipper.id;
    const other = ids.shippers[0];
    const q1 = await parcel("1", [S, "OVN"], run1.id, [2, 20]); // a second delivery 20 h after: not its first
    const q2 = await parcel("2", [S, "OVN"], run1.id, [5.5]);
    await parcel("3", [S, "STD"], run2.id, [7]);
    const q4 = await parcel("4", [other, "OVN"], run1.id, [12.3]); // 20:18 in New York, still the 11th
    const q5 = await parcel("5", [S, "OVN"], null, [30]); // the 12th
    await parcel("6", [S, "OVN"], run1.id, [1], Date.UTC(2026, 3, 5, 12)); // the previous period
    const period = { from: "2026-04-10", to: "2026-04-16" }; // the previous one: 04-03 to 04-09
    const dims = { shipper: { shipper_id: S }, service: { service: "OVN" }, both: { shipper_id: S, service: "OVN" }, courier: { courier_id: courier.id } };
    /** [median, p90] of each filter in the period (the previous period's are 1 h, Q6's, throughout), equal to the raw reads. */
    const hours = async (where: string) => {
      expect(await rollups.drain()).toBe(true);
      expect(await rollups.rollupsUsable()).toBe(true);
      const out: Record<string, [number | null, number | null]> = {};
      for (const [name, f] of Object.entries(dims)) {
        const args = { ...period, ...f };
        const s = await service.rollupSummary(args);
        expect(s, `${where} ${name}`).toEqual(await raw.rawSummary(args));
        expect([s.previous.delivery_hours_median, s.previous.delivery_hours_p90], `${where} ${name}: previous`).toEqual([1, 1]);
        out[name] = [s.delivery_hours_median, s.delivery_hours_p90];
      }
      // The unfiltered figures (with the random writes' parcels) as well.
      expect(await service.rollupSummary(period), where).toEqual(await raw.rawSummary(period));
      return out;
    };
    // Shipper H: 2, 5.5, 7, 30; OVN: 2, 5.5, 12.3, 30; both: 2, 5.5, 30; the courier: 2, 5.5, 7, 12.3.
    expect(await hours("written")).toEqual({ shipper: [5.5, 30], service: [5.5, 30], both: [5.5, 30], courier: [5.5, 12.3] });
    // Q2's delivery deleted.
    await d.activity.delete({ where: { id: q2.delivered[0] } });
    expect(await hours("Q2's delivery deleted")).toEqual({ shipper: [7, 30], service: [12.3, 30], both: [2, 30], courier: [7, 12.3] });
    // Q5 deleted (its booking stays, without it).
    await d.parcel.delete({ where: { id: q5.id } });
    expect(await hours("Q5 deleted")).toEqual({ shipper: [2, 7], service: [2, 12.3], both: [2, 2], courier: [7, 12.3] });
    // The run holding Q3 deleted: Q3 leaves the courier's figures.
    await d.run.delete({ where: { id: run2.id } });
    expect(await hours("Q3's run deleted")).toEqual({ shipper: [2, 7], service: [2, 12.3], both: [2, 2], courier: [2, 12.3] });
    // Q4's delivery an hour later (13.3 h, 21:18 in New York).
    await d.activity.update({ where: { id: q4.delivered[0] }, data: { created_at: new Date(PICKED + 13.3 * HOUR) } });
    expect(await hours("Q4's delivery moved")).toEqual({ shipper: [2, 7], service: [2, 13.3], both: [2, 2], courier: [2, 13.3] });
    // Q1's first delivery deleted: its second, 20 h after, is its first now.
    await d.activity.delete({ where: { id: q1.delivered[0] } });
    expect(await hours("Q1's first delivery deleted")).toEqual({ shipper: [7, 20], service: [13.3, 20], both: [20, 20], courier: [13.3, 20] });
    // The kept cells equal a rebuild's.
    const kept = await cells();
    await rollups.rebuild();
    expect(await cells()).toEqual(kept);
  }, 300_000);

  it("rebuild themselves when counted for another time zone, the reports reading raw meanwhile", async () => {
    const d = dbm.db();
    await d.reportState.update({ where: { id: 1 }, data: { fingerprint: "v1|Asia/Tokyo" } });
    // Wrong cells, as a database counted elsewhere would hold.
    await d.reportCell.updateMany({ where: { measure: "created" }, data: { n: 999 } });
    expect(await rollups.rollupsUsable()).toBe(false);
    const args = { from: "2026-03-01", to: "2026-03-21" };
    // The service's entry point reads raw while the roll-ups are not usable.
    const fromRaw = await raw.rawSummary(args);
    expect(await service.reportSummary(args, "admin:1")).toEqual(fromRaw);
    await rollups.rebuild();
    expect(await rollups.rollupsUsable()).toBe(true);
    await compareAll("after the rebuild");
  }, 300_000);
});
