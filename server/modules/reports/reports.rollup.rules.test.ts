import { describe, expect, it } from "vitest";
import { localNow } from "../rates/pricing.rules.js";
import { hours1, nearestRank } from "./reports.rules.js";
import {
  HOURS_FROM,
  HOURS_TO,
  LocalDays,
  bookingFacts,
  cellDelta,
  cellsOf,
  dimOf,
  hoursFromHistogram,
  hoursMeasure,
  parcelFacts,
  runFacts,
  type Cell,
  type EntryIn,
  type ParcelIn,
} from "./reports.rollup.rules.js";

const at = (s: string) => Date.parse(s);

describe("the roll-ups' arithmetic", () => {
  it("gives an instant's local date as Intl does, across daylight saving changes", () => {
    for (const tz of ["Europe/Berlin", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"]) {
      const days = new LocalDays(tz);
      // Every 7 minutes over the spring and autumn changes of 2026, and a day either side.
      for (const [from, to] of [
        ["2026-03-07T00:00:00Z", "2026-03-10T00:00:00Z"],
        ["2026-03-28T00:00:00Z", "2026-03-30T00:00:00Z"],
        ["2026-10-24T00:00:00Z", "2026-11-03T00:00:00Z"],
        ["2026-04-04T00:00:00Z", "2026-04-06T00:00:00Z"],
      ])
        for (let t = at(from); t < at(to); t += 7 * 60_000) expect(days.day(t), `${tz} ${new Date(t).toISOString()}`).toBe(localNow(new Date(t), tz).date);
    }
  }, 60_000); // some 17 500 Intl look-ups: near 5 s on a loaded host (load 20-30)

  it("finds the median and 90th percentile from a histogram as nearest rank does from every value", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const values = Array.from({ length: 1 + Math.floor(next() * 60) }, () => Math.floor(next() * 40));
      const hist = new Map<number, number>();
      for (const v of values) hist.set(v, (hist.get(v) ?? 0) + 1);
      const sorted = values.map((v) => v / 10).sort((a, b) => a - b);
      const got = hoursFromHistogram([...hist].map(([tenths, n]) => ({ tenths, n })));
      expect(got).toEqual({ median: nearestRank(sorted, 0.5), p90: nearestRank(sorted, 0.9) });
    }
    expect(hoursFromHistogram([])).toEqual({ median: null, p90: null });
  });

  it("counts a parcel's first delivery, its attempts and its bookings under every filter it matches", () => {
    const days = new LocalDays("Europe/Berlin");
    const f = parcelFacts(
      {
        created_at: at("2026-03-24T10:00:00Z"),
        max_expected_delivery_date: "2026-03-25",
        entries: [
          { id: 3, code: "delivered", reason: null, at: at("2026-03-25T23:01:00Z") }, // 00:01 on the 26th in Berlin
          { id: 2, code: "delivery_failed", reason: "refused", at: at("2026-03-25T15:00:00Z") },
          { id: 1, code: "picked_up", reason: null, at: at("2026-03-25T08:00:00Z") },
          { id: 4, code: "delivered", reason: null, at: at("2026-03-27T08:00:00Z") },
        ],
        bookings: [{ shipper_id: 5, service: "EXP", amount: 900, currency: "EUR", created_at: at("2026-03-24T10:00:00Z"), cancelled: false }],
        couriers: [9, 9],
      },
      days,
    );
    // Delivered late (the 26th after the 25th), not at the first attempt, 15.0 hours after its pick-up.
    expect(f).toEqual({
      c: "2026-03-24",
      s: [[5, "EXP"]],
      k: [9],
      v: ["2026-03-26", 1, 0, 0, Math.round(hours1(at("2026-03-25T23:01:00Z") - at("2026-03-25T08:00:00Z")) * 10)],
      f: [["2026-03-25", "refused"]],
      r: [["2026-03-24", "EUR", 5, "EXP", 900]],
    });
    const cells = cellsOf(f);
    for (const dim of ["", "s:5", "v:EXP", "s:5|v:EXP", "c:9"]) {
      expect(cells.get(`${dim}\n2026-03-24\ncreated`)?.n, dim).toBe(1);
      expect(cells.get(`${dim}\n2026-03-26\ndelivered`)?.n, dim).toBe(1);
      expect(cells.get(`${dim}\n2026-03-24\nr\tEUR\t5\tEXP`), dim).toMatchObject({ n: 1, amount: 900 });
    }
    expect(cells.has("s:6\n2026-03-24\ncreated")).toBe(false);
    // Recounting the same facts changes nothing; removing them takes every cell back.
    expect(cellDelta([{ old: f, now: f }])).toEqual([]);
    const removed = cellDelta([{ old: f, now: null }]);
    expect(removed).toHaveLength(cells.size);
    for (const c of removed)
      expect(c).toEqual({
        ...cells.get(`${c.dim}\n${c.day}\n${c.measure}`),
        n: -cells.get(`${c.dim}\n${c.day}\n${c.measure}`)!.n,
        amount: -cells.get(`${c.dim}\n${c.day}\n${c.measure}`)!.amount,
      });
  });

  describe("the first deliveries' hours kept as cells", () => {
    const days = new LocalDays("Europe/Berlin");
    const DIMS = ["", "s:5", "v:EXP", "s:5|v:EXP", "s:6", "v:STD", "s:6|v:STD", "c:9"];
    const parcel = (entries: EntryIn[]): ParcelIn => ({
      created_at: at("2026-03-24T10:00:00Z"),
      max_expected_delivery_date: null,
      entries,
      bookings: [
        { shipper_id: 5, service: "EXP", amount: 900, currency: "EUR", created_at: at("2026-03-24T10:00:00Z"), cancelled: false },
        { shipper_id: 6, service: "STD", amount: 500, currency: "EUR", created_at: at("2026-03-24T10:00:00Z"), cancelled: true },
      ],
      couriers: [9],
    });
    const picked: EntryIn = { id: 1, code: "picked_up", reason: null, at: at("2026-03-25T08:00:00Z") };
    const first: EntryIn = { id: 2, code: "delivered", reason: null, at: at("2026-03-25T13:12:00Z") }; // 5.2 h after its pick-up
    const later: EntryIn = { id: 3, code: "delivered", reason: null, at: at("2026-03-27T08:00:00Z") };
    const hCells = (cells: Iterable<Cell>) => [...cells].filter((c) => c.measure >= HOURS_FROM && c.measure < HOURS_TO);
    const hDelta = (old: ParcelIn | null, now: ParcelIn | null) =>
      hCells(cellDelta([{ old: old && parcelFacts(old, days), now: now && parcelFacts(now, days) }]))
        .map((c) => `${c.dim}|${c.day}|${c.measure}|${c.n}`)
        .sort();
    const each = (day: string, tenths: number, n: number) => DIMS.map((d) => `${d}|${day}|${hoursMeasure(tenths)}|${n}`).sort();

    it("adds one cell of the first delivery's tenths on its day under every filter it counts in (the delivered count's)", () => {
      const cells = cellsOf(parcelFacts(parcel([picked, first, later]), days));
      const hours = hCells(cells.values());
      expect(hours.map((c) => `${c.dim}|${c.day}|${c.measure}|${c.n}|${c.amount}`).sort()).toEqual(DIMS.map((d) => `${d}|2026-03-25|h\t52|1|0`).sort());
      // Exactly where "delivered" is counted.
      const delivered = [...cells.values()].filter((c) => c.measure === "delivered");
      expect(hours.map((c) => `${c.dim}|${c.day}`).sort()).toEqual(delivered.map((c) => `${c.dim}|${c.day}`).sort());
      // A parcel not delivered (a failure, a pick-up) has none.
      expect(hCells(cellsOf(parcelFacts(parcel([picked, { id: 4, code: "delivery_failed", reason: "refused", at: first.at }]), days)).values())).toEqual([]);
      // The h cells sort apart from every other measure.
      for (const c of cells.values()) if (!c.measure.startsWith("h\t")) expect(c.measure >= HOURS_FROM && c.measure < HOURS_TO, c.measure).toBe(false);
    });

    it("moves a cell when the first delivery moves, and takes it off when the delivery is deleted", () => {
      const before = parcel([picked, first, later]);
      // Recounted unchanged: nothing moves.
      expect(hDelta(before, before)).toEqual([]);
      // A later delivery moving (still after the first one) changes no hours.
      expect(hDelta(before, parcel([picked, first, { ...later, at: at("2026-03-28T08:00:00Z") }]))).toEqual([]);
      // The first delivery an hour later, the same day: from 5.2 h to 6.2 h.
      expect(hDelta(before, parcel([picked, { ...first, at: at("2026-03-25T14:12:00Z") }, later]))).toEqual(
        [...each("2026-03-25", 52, -1), ...each("2026-03-25", 62, 1)].sort(),
      );
      // To the next day (23:30 UTC is 00:30 in Berlin), 15.5 h.
      expect(hDelta(before, parcel([picked, { ...first, at: at("2026-03-25T23:30:00Z") }, later]))).toEqual(
        [...each("2026-03-25", 52, -1), ...each("2026-03-26", 155, 1)].sort(),
      );
      // The pick-up moving changes the hours, not the day.
      expect(hDelta(before, parcel([{ ...picked, at: at("2026-03-25T09:00:00Z") }, first, later]))).toEqual(
        [...each("2026-03-25", 52, -1), ...each("2026-03-25", 42, 1)].sort(),
      );
      // The first delivery deleted: the later one becomes the first (48 h after the pick-up, on the 27th).
      expect(hDelta(before, parcel([picked, later]))).toEqual([...each("2026-03-25", 52, -1), ...each("2026-03-27", 480, 1)].sort());
      // Every delivery deleted, or the parcel itself: its cells taken off, none added.
      expect(hDelta(before, parcel([picked]))).toEqual(each("2026-03-25", 52, -1));
      expect(hDelta(before, null)).toEqual(each("2026-03-25", 52, -1));
      // Delivered again: added back where it was.
      expect(hDelta(parcel([picked]), before)).toEqual(each("2026-03-25", 52, 1));
    });

    it("leave a filter the parcel no longer counts in", () => {
      const before = parcel([picked, first]);
      const off = { ...before, bookings: before.bookings.slice(0, 1), couriers: [] };
      expect(hDelta(before, off)).toEqual(["c:9", "s:6", "v:STD", "s:6|v:STD"].map((d) => `${d}|2026-03-25|h\t52|-1`).sort());
    });
  });

  it("counts a run's stops and active time, and a cancelled booking not at all", () => {
    const r = runFacts({
      date: "2026-03-25",
      courier_id: 3,
      started_at: at("2026-03-25T07:00:00Z"),
      stops: [
        { status: "done", done_at: at("2026-03-25T09:00:00Z") },
        { status: "done", done_at: at("2026-03-25T08:00:00Z") },
        { status: "failed", done_at: null },
        { status: "pending", done_at: null },
      ],
    });
    expect(r.run).toEqual(["2026-03-25", 3, 2, 1, 2 * 3_600_000]);
    expect(runFacts({ date: "2026-03-25", courier_id: 3, started_at: null, stops: [{ status: "done", done_at: 1 }] }).run).toEqual(["2026-03-25", 3, 1, 0, 0]);
    const days = new LocalDays("UTC");
    expect(bookingFacts({ shipper_id: 1, service: "STD", amount: 5, currency: "EUR", created_at: 0, cancelled: true }, days).r).toBeUndefined();
  });

  it("serves every filter but the courier with another one", () => {
    expect(dimOf({})).toBe("");
    expect(dimOf({ shipper_id: 2 })).toBe("s:2");
    expect(dimOf({ service: "STD" })).toBe("v:STD");
    expect(dimOf({ shipper_id: 2, service: "STD" })).toBe("s:2|v:STD");
    expect(dimOf({ courier_id: 4 })).toBe("c:4");
    expect(dimOf({ courier_id: 4, shipper_id: 2 })).toBeNull();
  });
});
