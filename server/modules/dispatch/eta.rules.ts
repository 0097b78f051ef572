import { zonedInstant } from "../rates/pricing.rules.js";
import { haversineM, type Point } from "./route.order.js";

/**
 * The delivery day's timing rules (ETAs, windows, a run's duration) as pure functions: no database, no
 * clock, no settings read (the caller gives the day plan, "now", the window length and the time zone).
 */

/** What the settings say about the day: the courier's speed, the minutes at each stop, who is near, the depot. */
export interface DayPlan {
  speedKmh: number;
  stopMinutes: number;
  notifyBefore: number;
  depot: Point | null;
}

/** The settings' delivery-day group as stored. */
export interface DaySettings {
  courier_speed_kmh: number;
  stop_minutes: number;
  notify_stops_before: number;
  depot_latitude: number | null;
  depot_longitude: number | null;
}

/** The day plan of the settings: a speed not above 0 is 25 km/h, negative minutes and counts are 0, a depot needs both coordinates. */
export function dayPlanOf(s: DaySettings): DayPlan {
  return {
    speedKmh: s.courier_speed_kmh > 0 ? s.courier_speed_kmh : 25,
    stopMinutes: Math.max(0, s.stop_minutes),
    notifyBefore: Math.max(0, s.notify_stops_before),
    depot: s.depot_latitude != null && s.depot_longitude != null ? { latitude: s.depot_latitude, longitude: s.depot_longitude } : null,
  };
}

/** A run's start point as stored (0, 0 when it has none). */
export const startOf = (run: { start_latitude: number | null; start_longitude: number | null }): Point => ({
  latitude: run.start_latitude ?? 0,
  longitude: run.start_longitude ?? 0,
});

export type EtaStop = { id: number; seq: number; leg_m: number; latitude: number; longitude: number };

/**
 * The ETAs of the pending stops, in order, from `from` at `now`: each leg at the courier's speed (the
 * planned leg, road metres when the routing server gave them, between stops that follow each other in
 * the plan; great-circle from the courier or across a stop no longer pending) plus stop_minutes at each.
 */
export function etasOf(from: Point, pending: EtaStop[], plan: DayPlan, now: Date): Map<number, Date> {
  const out = new Map<number, Date>();
  const metresPerMs = (plan.speedKmh * 1000) / 3_600_000;
  let t = now.getTime();
  let at = from;
  let prevSeq: number | null = null;
  for (const s of pending) {
    const leg = prevSeq !== null && s.seq === prevSeq + 1 ? s.leg_m : haversineM(at, s);
    t += leg / metresPerMs;
    out.set(s.id, new Date(Math.round(t)));
    t += plan.stopMinutes * 60_000;
    at = s;
    prevSeq = s.seq;
  }
  return out;
}

export type Window = { from: Date; to: Date };

/**
 * A window of `windowMinutes` (DELIVERY_WINDOW_MINUTES) centred on the ETA, its ends on whole minutes (widened, never
 * narrowed); but never starting before `notBefore`, the moment it is sent (the run's start): a stop due within half a
 * window of it gets the window from that moment on (its next whole minute), as long, so the ETA still lies in it.
 */
export function windowAround(eta: Date, windowMinutes: number, notBefore?: Date): Window {
  const half = (windowMinutes * 60_000) / 2;
  const minute = 60_000;
  const centred = { from: Math.floor((eta.getTime() - half) / minute) * minute, to: Math.ceil((eta.getTime() + half) / minute) * minute };
  const earliest = notBefore ? Math.ceil(notBefore.getTime() / minute) * minute : -Infinity;
  if (centred.from >= earliest) return { from: new Date(centred.from), to: new Date(centred.to) };
  return { from: new Date(earliest), to: new Date(Math.max(centred.to, earliest + windowMinutes * minute)) };
}

/** A pickup's own window: its date, from and to read in the site's time zone. */
export function pickupWindow(p: { date: string; from: string; to: string }, timeZone: string): Window {
  return { from: zonedInstant(p.date, p.from, timeZone), to: zonedInstant(p.date, p.to, timeZone) };
}

/**
 * The window a stop gets when its run starts (`o.now`): a pickup keeps the one its shipper asked for, a delivery gets
 * one around its ETA that starts no earlier than the start (what its recipient is told then).
 */
export function startWindow(
  stop: { pickup: { date: string; from: string; to: string } | null },
  eta: Date,
  o: { windowMinutes: number; timeZone: string; now: Date },
): Window {
  return stop.pickup ? pickupWindow(stop.pickup, o.timeZone) : windowAround(eta, o.windowMinutes, o.now);
}

/**
 * A planned run's arrivals in minutes after its start (not yet started: no clock time to give): each stop's planned leg
 * (road metres when the routing server gave them) at the courier's speed, plus stop_minutes at each stop before it.
 */
export function plannedMinutes(stops: { id: number; leg_m: number }[], plan: DayPlan): Map<number, number> {
  const out = new Map<number, number>();
  let minutes = 0;
  for (const [i, s] of stops.entries()) {
    minutes += (s.leg_m / (plan.speedKmh * 1000)) * 60 + (i ? plan.stopMinutes : 0);
    out.set(s.id, Math.round(minutes));
  }
  return out;
}

/** Whether a pending stop with `stopsBefore` pending stops before it is near: its recipient is told (notify_stops_before). */
export const isNear = (stopsBefore: number, plan: DayPlan) => stopsBefore <= plan.notifyBefore;

/** A planned run's minutes: its length at the courier's speed plus stop_minutes a stop, rounded. */
export const durationOf = (metres: number, stops: number, plan: DayPlan) => Math.round((metres / (plan.speedKmh * 1000)) * 60 + stops * plan.stopMinutes);
