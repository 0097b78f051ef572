import { describe, expect, it } from "vitest";
import { localNow } from "../rates/pricing.rules.js";
import { hours1, nearestRank } from "./reports.rules.js";
import { LocalDays, bookingFacts, cellDelta, cellsOf, dimOf, hoursFromHistogram, parcelFacts, runFacts } from "./reports.rollup.rules.js";

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
  });

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
