import { describe, expect, it } from "vitest";
import {
  courierFigures,
  dailyRows,
  datesOf,
  deliveryFigures,
  failuresByReason,
  hours1,
  nearestRank,
  offsetSegments,
  periodProblem,
  previousPeriod,
  rate,
  revenueFigures,
  startOfDay,
  type DeliveredRow,
} from "./reports.rules.js";

const H = 3_600_000;
const at = (s: string) => Date.parse(s);

describe("report rules: periods and days", () => {
  it("takes the period of equal length just before, across months and leap days", () => {
    expect(previousPeriod("2026-03-01", "2026-03-31")).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(previousPeriod("2024-03-01", "2024-03-01")).toEqual({ from: "2024-02-29", to: "2024-02-29" });
    expect(datesOf("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });

  it("refuses from after to and more than 366 days, naming the field", () => {
    expect(periodProblem("2026-01-01", "2026-01-01")).toBeNull();
    expect(periodProblem("2024-01-01", "2024-12-31")).toBeNull(); // 366 days
    expect(periodProblem("2026-01-02", "2026-01-01")).toBe("from must be on or before to");
    expect(periodProblem("2025-01-01", "2026-01-02")).toMatch(/^to must be within 366 days of from/);
  });

  it("finds a day's first instant and the offsets' changes in a zone with daylight saving", () => {
    expect(new Date(startOfDay("2026-07-01", "Europe/Berlin")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(new Date(startOfDay("2026-01-01", "Europe/Berlin")).toISOString()).toBe("2025-12-31T23:00:00.000Z");
    expect(new Date(startOfDay("2026-01-01", "Asia/Kathmandu")).toISOString()).toBe("2025-12-31T18:15:00.000Z");
    const segs = offsetSegments(at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"), "Europe/Berlin");
    expect(segs.map((s) => [new Date(s.since).toISOString(), s.offset])).toEqual([
      ["2026-01-01T00:00:00.000Z", 60],
      ["2026-03-29T01:00:00.000Z", 120],
      ["2026-10-25T01:00:00.000Z", 60],
    ]);
    expect(offsetSegments(at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"), "UTC")).toHaveLength(1);
  });
});

describe("report rules: figures", () => {
  it("rounds rates to 4 decimals and hours to 1 (half up), null without a denominator", () => {
    expect(rate(2, 3)).toBe(0.6667);
    expect(rate(1, 0)).toBeNull();
    expect(hours1(1.25 * H)).toBe(1.3);
    expect(hours1(1.24 * H)).toBe(1.2);
  });

  it("takes percentiles by nearest rank", () => {
    expect(nearestRank([], 0.5)).toBeNull();
    expect(nearestRank([7], 0.9)).toBe(7);
    expect(nearestRank([1, 2, 3, 4], 0.5)).toBe(2); // ceil(0.5 * 4) = 2nd
    expect(nearestRank([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10); // ceil(9.9) = 10th
  });

  it("counts on time against the expected date (none: in neither), first attempts, and hours from the start", () => {
    const rows: DeliveredRow[] = [
      { date: "2026-05-02", delivered_at: 10 * H, started_at: 0, max_expected_delivery_date: "2026-05-02", failed_before: false },
      { date: "2026-05-03", delivered_at: 30 * H, started_at: 0, max_expected_delivery_date: "2026-05-02", failed_before: true },
      { date: "2026-05-03", delivered_at: 5 * H, started_at: 4 * H, max_expected_delivery_date: null, failed_before: false },
    ];
    expect(deliveryFigures(rows)).toEqual({
      delivered: 3,
      on_time: 1,
      on_time_rate: 0.5,
      first_attempt: 2,
      first_attempt_rate: 0.6667,
      delivery_hours_median: 10,
      delivery_hours_p90: 30,
    });
    expect(deliveryFigures([])).toMatchObject({ delivered: 0, on_time_rate: null, first_attempt_rate: null, delivery_hours_median: null });
  });

  it("sums couriers' runs: active hours from start to the last done stop, stops per hour", () => {
    const out = courierFigures(
      [
        { courier_id: 7, started_at: 0, last_done_at: 2 * H, done: 5, failed: 1 },
        { courier_id: 7, started_at: 10 * H, last_done_at: 12 * H, done: 3, failed: 0 },
        { courier_id: 9, started_at: 0, last_done_at: null, done: 0, failed: 2 },
      ],
      new Map([[7, "ann@example.com"]]),
    );
    expect(out).toEqual([
      { courier_id: 7, name: "ann@example.com", stops_done: 8, stops_failed: 1, active_hours: 4, stops_per_hour: 2 },
      { courier_id: 9, name: "", stops_done: 0, stops_failed: 2, active_hours: 0, stops_per_hour: null },
    ]);
  });

  it("adds revenue by service and shipper, failures by reason (none given: other), and a row for every day", () => {
    const r = revenueFigures(
      [
        { date: "2026-05-01", service: "STD", shipper_id: 1, amount: 500, bookings: 1 },
        { date: "2026-05-02", service: "EXP", shipper_id: 1, amount: 900, bookings: 1 },
        { date: "2026-05-02", service: "STD", shipper_id: 2, amount: 300, bookings: 2 },
      ],
      "EUR",
      new Map([[1, "Ada"]]),
    );
    expect(r).toEqual({
      amount: 1700,
      currency: "EUR",
      by_service: [
        { service: "EXP", amount: 900, bookings: 1 },
        { service: "STD", amount: 800, bookings: 3 },
      ],
      by_shipper: [
        { shipper_id: 1, name: "Ada", amount: 1400, bookings: 2 },
        { shipper_id: 2, name: "", amount: 300, bookings: 2 },
      ],
    });
    expect(
      failuresByReason([
        { date: "2026-05-01", reason: "refused", count: 1 },
        { date: "2026-05-02", reason: null, count: 2 },
        { date: "2026-05-03", reason: "refused", count: 2 },
      ]),
    ).toEqual([
      { reason: "refused", count: 3 },
      { reason: "other", count: 2 },
    ]);
    const days = dailyRows("2026-05-01", "2026-05-03", {
      created: new Map([["2026-05-02", 4]]),
      delivered: new Map([["2026-05-02", { date: "2026-05-02", delivered: 2, known: 1, on_time: 1 }]]),
      failed: new Map(),
      revenue: new Map([["2026-05-03", 250]]),
    });
    expect(days).toEqual([
      { date: "2026-05-01", created: 0, delivered: 0, failed_attempts: 0, on_time_rate: null, revenue: 0 },
      { date: "2026-05-02", created: 4, delivered: 2, failed_attempts: 0, on_time_rate: 1, revenue: 0 },
      { date: "2026-05-03", created: 0, delivered: 0, failed_attempts: 0, on_time_rate: null, revenue: 250 },
    ]);
  });
});
