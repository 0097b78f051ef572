import { describe, expect, it } from "vitest";
import {
  dayPlanOf,
  durationOf,
  etasOf,
  isNear,
  pickupWindow,
  plannedMinutes,
  startOf,
  startWindow,
  windowAround,
  type DayPlan,
  type EtaStop,
} from "./eta.rules.js";
import { haversineM, type Point } from "./route.order.js";

// 36 km/h is 10 m/s: a leg of 1 000 m takes 100 s.
const plan: DayPlan = { speedKmh: 36, stopMinutes: 4, notifyBefore: 1, depot: null };
const now = new Date("2025-06-02T09:00:00.000Z");
const depot: Point = { latitude: 48.85, longitude: 2.35 };
const stop = (id: number, seq: number, leg_m: number, latitude: number, longitude = 2.35): EtaStop => ({ id, seq, leg_m, latitude, longitude });
const after = (ms: number) => new Date(now.getTime() + ms);

describe("the day plan of the settings", () => {
  const settings = { courier_speed_kmh: 30, stop_minutes: 3, notify_stops_before: 2, depot_latitude: 48.85, depot_longitude: 2.35 };

  it("takes the settings as they are", () => {
    expect(dayPlanOf(settings)).toEqual({ speedKmh: 30, stopMinutes: 3, notifyBefore: 2, depot: { latitude: 48.85, longitude: 2.35 } });
  });

  it("a speed not above 0 is 25 km/h; negative minutes and counts are 0; a depot needs both coordinates", () => {
    expect(dayPlanOf({ ...settings, courier_speed_kmh: 0 }).speedKmh).toBe(25);
    expect(dayPlanOf({ ...settings, courier_speed_kmh: -5 }).speedKmh).toBe(25);
    expect(dayPlanOf({ ...settings, stop_minutes: -1 }).stopMinutes).toBe(0);
    expect(dayPlanOf({ ...settings, notify_stops_before: -1 }).notifyBefore).toBe(0);
    expect(dayPlanOf({ ...settings, depot_latitude: null }).depot).toBeNull();
    expect(dayPlanOf({ ...settings, depot_longitude: null }).depot).toBeNull();
  });

  it("a run without a start point starts at 0, 0", () => {
    expect(startOf({ start_latitude: null, start_longitude: null })).toEqual({ latitude: 0, longitude: 0 });
    expect(startOf({ start_latitude: 1.5, start_longitude: 2.5 })).toEqual({ latitude: 1.5, longitude: 2.5 });
  });
});

describe("ETAs", () => {
  it("the first stop: great-circle from the courier at the courier's speed, not its planned leg", () => {
    const first = stop(1, 1, 99_999, 48.86);
    const etas = etasOf(depot, [first], plan, now);
    expect(etas.get(1)).toEqual(after(Math.round(haversineM(depot, first) * 100)));
  });

  it("a later stop that follows in the plan: its planned leg (road metres), after stop_minutes at the one before", () => {
    const first = stop(1, 1, 0, 48.86);
    const etas = etasOf(depot, [first, stop(2, 2, 2_000, 48.9)], plan, now);
    const firstMs = haversineM(depot, first) * 100;
    expect(etas.get(2)).toEqual(after(Math.round(firstMs + 4 * 60_000 + 200_000)));
  });

  it("across a stop no longer pending (a gap in seq): great-circle from the stop before, not the planned leg", () => {
    const first = stop(1, 1, 0, 48.86);
    const third = stop(3, 3, 2_000, 48.87);
    const etas = etasOf(depot, [first, third], plan, now);
    const ms = haversineM(depot, first) * 100 + 4 * 60_000 + haversineM(first, third) * 100;
    expect(etas.get(3)).toEqual(after(Math.round(ms)));
    expect(haversineM(first, third)).not.toBeCloseTo(2_000, -1);
  });

  it("from the courier's last position: the first pending stop's leg is great-circle even when its seq is not 1", () => {
    const courier = { latitude: 48.855, longitude: 2.35 };
    const s = stop(4, 4, 50_000, 48.86);
    expect(etasOf(courier, [s], plan, now).get(4)).toEqual(after(Math.round(haversineM(courier, s) * 100)));
  });

  it("adds up the stop minutes, to the millisecond (no rounding but the last), and has nothing for no stop", () => {
    // Three stops on the same spot: only stop_minutes between them.
    const here = [stop(1, 1, 0, 48.85), stop(2, 2, 0, 48.85), stop(3, 3, 0, 48.85)];
    const etas = etasOf(depot, here, plan, now);
    expect([...etas.values()]).toEqual([now, after(4 * 60_000), after(8 * 60_000)]);
    // 1 m at 7 km/h is 514.2857 ms: each ETA is rounded alone, the sum is not.
    const slow = { ...plan, speedKmh: 7, stopMinutes: 0 };
    const twice = etasOf(depot, [stop(1, 1, 0, 48.85), stop(2, 2, 1, 48.85), stop(3, 3, 1, 48.85)], slow, now);
    expect([...twice.values()].map((d) => d.getTime() - now.getTime())).toEqual([0, 514, 1029]);
    expect(etasOf(depot, [], plan, now).size).toBe(0);
  });
});

describe("windows", () => {
  it("centred on the ETA, DELIVERY_WINDOW_MINUTES long when the ETA is on a whole minute", () => {
    const w = windowAround(new Date("2025-06-02T10:00:00.000Z"), 60);
    expect(w).toEqual({ from: new Date("2025-06-02T09:30:00.000Z"), to: new Date("2025-06-02T10:30:00.000Z") });
  });

  it("its ends on whole minutes, widened (the start down, the end up), never narrowed", () => {
    expect(windowAround(new Date("2025-06-02T10:07:30.000Z"), 60)).toEqual({
      from: new Date("2025-06-02T09:37:00.000Z"),
      to: new Date("2025-06-02T10:38:00.000Z"),
    });
    // An odd length: 45 minutes is 22.5 either side.
    expect(windowAround(new Date("2025-06-02T10:00:00.000Z"), 45)).toEqual({
      from: new Date("2025-06-02T09:37:00.000Z"),
      to: new Date("2025-06-02T10:23:00.000Z"),
    });
  });

  it("never starts before the moment it is sent (the run's start): then from the start's next whole minute, as long", () => {
    // Issue 36: a run started at 06:19 told its first recipient "05:55-06:56".
    const start = new Date("2025-06-02T06:19:00.000Z");
    const eta = new Date("2025-06-02T06:25:30.000Z");
    expect(windowAround(eta, 60)).toEqual({ from: new Date("2025-06-02T05:55:00.000Z"), to: new Date("2025-06-02T06:56:00.000Z") });
    expect(windowAround(eta, 60, start)).toEqual({ from: start, to: new Date("2025-06-02T07:19:00.000Z") });
    // A start within a minute: the window begins at its next whole minute, never before it.
    const late = new Date("2025-06-02T06:19:20.000Z");
    expect(windowAround(eta, 60, late)).toEqual({ from: new Date("2025-06-02T06:20:00.000Z"), to: new Date("2025-06-02T07:20:00.000Z") });
    // A stop at the depot itself (ETA = the start): the ETA is in its window.
    const etas = etasOf(depot, [stop(1, 1, 0, depot.latitude, depot.longitude)], plan, now);
    const w = windowAround(etas.get(1)!, 60, now);
    expect(w).toEqual({ from: now, to: new Date("2025-06-02T10:00:00.000Z") });
    // A stop due later than half a window after the start keeps its centred window.
    const far = new Date("2025-06-02T08:00:00.000Z");
    expect(windowAround(far, 60, start)).toEqual(windowAround(far, 60));
    // Exactly half a window away: centred, and it starts at the start.
    expect(windowAround(new Date("2025-06-02T06:49:00.000Z"), 60, start)).toEqual({ from: start, to: new Date("2025-06-02T07:19:00.000Z") });
    // Every ETA from 0 to 90 minutes after a start at :19:45: the window starts at or after the start and holds the ETA.
    const odd = new Date("2025-06-02T06:19:45.000Z");
    for (let m = 0; m <= 90; m += 0.25) {
      const e = new Date(odd.getTime() + m * 60_000 + 15_000);
      const x = windowAround(e, 60, odd);
      expect(x.from.getTime()).toBeGreaterThanOrEqual(odd.getTime());
      expect(x.to.getTime() - x.from.getTime()).toBeGreaterThanOrEqual(60 * 60_000);
      expect(e.getTime()).toBeLessThanOrEqual(x.to.getTime());
    }
  });

  it("a pickup keeps its shipper's window, read in the site's time zone; a delivery gets one around its ETA", () => {
    const pickup = { date: "2025-06-02", from: "09:00", to: "11:30" };
    const berlin = { from: new Date("2025-06-02T07:00:00.000Z"), to: new Date("2025-06-02T09:30:00.000Z") };
    expect(pickupWindow(pickup, "Europe/Berlin")).toEqual(berlin);
    expect(pickupWindow(pickup, "UTC")).toEqual({ from: new Date("2025-06-02T09:00:00.000Z"), to: new Date("2025-06-02T11:30:00.000Z") });
    const eta = new Date("2025-06-02T15:00:00.000Z");
    const o = { windowMinutes: 60, timeZone: "Europe/Berlin", now };
    expect(startWindow({ pickup }, eta, o)).toEqual(berlin);
    expect(startWindow({ pickup: null }, eta, o)).toEqual(windowAround(eta, 60));
    // A pickup's window is its shipper's even when it began before the start; a delivery's never does.
    expect(startWindow({ pickup }, eta, { ...o, now: new Date("2025-06-02T10:00:00.000Z") })).toEqual(berlin);
    expect(startWindow({ pickup: null }, new Date("2025-06-02T10:10:00.000Z"), { ...o, now: new Date("2025-06-02T10:00:00.000Z") }).from).toEqual(
      new Date("2025-06-02T10:00:00.000Z"),
    );
  });
});

describe("near and duration", () => {
  it("a stop is near with at most notify_stops_before pending stops before it", () => {
    expect([0, 1, 2].map((n) => isNear(n, plan))).toEqual([true, true, false]);
    expect(isNear(0, { ...plan, notifyBefore: 0 })).toBe(true);
    expect(isNear(1, { ...plan, notifyBefore: 0 })).toBe(false);
  });

  it("a planned run's arrivals, in minutes after its start: its legs at the courier's speed, stop_minutes at each stop before", () => {
    // 36 km/h: 6 km is 10 minutes; 4 minutes at each stop.
    const m = plannedMinutes(
      [
        { id: 7, leg_m: 6_000 },
        { id: 8, leg_m: 3_000 },
        { id: 9, leg_m: 0 },
      ],
      plan,
    );
    expect([...m.entries()]).toEqual([
      [7, 10],
      [8, 19],
      [9, 23],
    ]);
    expect(plannedMinutes([], plan).size).toBe(0);
  });

  it("a planned run's minutes: its length at the courier's speed plus stop_minutes a stop, rounded", () => {
    // 12 km at 36 km/h is 20 minutes, plus 3 stops of 4.
    expect(durationOf(12_000, 3, plan)).toBe(32);
    expect(durationOf(12_250, 0, plan)).toBe(20);
    expect(durationOf(12_350, 0, plan)).toBe(21);
    expect(durationOf(0, 0, plan)).toBe(0);
  });
});
