import { localNow } from "../rates/pricing.rules.js";

/**
 * The owner's dashboard's definitions (api-contract.md section 14), pure: no clock, no database. The service
 * reads the rows; these functions turn them into the figures, so a unit test covers every rule.
 */

/** The longest period a report covers, in days (from and to inclusive). */
export const MAX_REPORT_DAYS = 366;

const DAY_MS = 86_400_000;
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, n: number) => iso(dayMs(date) + n * DAY_MS);
/** The number of days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
/** Every date from `from` to `to`, both included. */
export const datesOf = (from: string, to: string) => Array.from({ length: Math.max(0, daysIn(from, to)) }, (_, i) => addDays(from, i));

/** The period of equal length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const n = daysIn(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** What is wrong with a period (the message names the field), or null. Dates are YYYY-MM-DD already. */
export function periodProblem(from: string, to: string): string | null {
  if (dayMs(from) > dayMs(to)) return "from must be on or before to";
  if (daysIn(from, to) > MAX_REPORT_DAYS) return `to must be within ${MAX_REPORT_DAYS} days of from (a report covers at most ${MAX_REPORT_DAYS} days)`;
  return null;
}

/** The offset of the time zone at an instant, in minutes (local minus UTC). */
export function offsetAt(ms: number, timeZone: string): number {
  const l = localNow(new Date(ms), timeZone);
  return Math.round((Date.parse(`${l.date}T${l.time}:00Z`) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The time zone's offsets over [start, end): the instants where it changes (daylight saving) and the offset
 * from each on. A timestamp t's local date is the UTC date of t + offset of the last segment starting at or
 * before t; the service writes that as SQL (a CASE over the segments' starts).
 */
export interface Segment {
  /** The first instant of the segment (ms); the first segment starts at the range's start. */
  since: number;
  offset: number;
}
export function offsetSegments(start: number, end: number, timeZone: string): Segment[] {
  const segs: Segment[] = [{ since: start, offset: offsetAt(start, timeZone) }];
  // Offsets change at most a few times a year and never twice within 6 hours: step 6 hours, then find the minute.
  const STEP = 6 * 3_600_000;
  for (let t = start; t < end; t += STEP) {
    const next = Math.min(t + STEP, end);
    const o = offsetAt(next, timeZone);
    if (o === segs[segs.length - 1].offset) continue;
    let [lo, hi] = [t, next];
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, timeZone) === o) hi = mid;
      else lo = mid;
    }
    segs.push({ since: hi, offset: o });
  }
  return segs;
}

/** The first instant of a local date in the time zone. */
export function startOfDay(date: string, timeZone: string): number {
  const guess = dayMs(date);
  const first = guess - offsetAt(guess, timeZone) * 60_000;
  return guess - offsetAt(first, timeZone) * 60_000;
}

/** A ratio with 4 decimals; null when the denominator is 0. */
export const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : null);
/** Milliseconds as hours with 1 decimal (half up). */
export const hours1 = (ms: number) => Math.round(ms / 360_000) / 10;
/** The p-th percentile (0 < p <= 1) by nearest rank of ascending values; null when there are none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1];
}

/** One parcel whose first `delivered` entry falls in the period (rows of the service). */
export interface DeliveredRow {
  /** The local date of its first delivered entry. */
  date: string;
  delivered_at: number;
  /** Its first picked_up entry (at or before the delivery), else its creation. */
  started_at: number;
  max_expected_delivery_date: string | null;
  /** A delivery_failed entry before the delivery. */
  failed_before: boolean;
}

export interface DeliveryFigures {
  delivered: number;
  on_time: number;
  on_time_rate: number | null;
  first_attempt: number;
  first_attempt_rate: number | null;
  delivery_hours_median: number | null;
  delivery_hours_p90: number | null;
}

/** A delivered parcel is on time when its local delivery date is on or before its max_expected_delivery_date; without one it counts in neither. */
export const onTime = (date: string, max: string | null): boolean | null => (max ? date <= max : null);

export function deliveryFigures(rows: readonly DeliveredRow[]): DeliveryFigures {
  let known = 0;
  let ok = 0;
  let first = 0;
  const hours: number[] = [];
  for (const r of rows) {
    const t = onTime(r.date, r.max_expected_delivery_date);
    if (t !== null) {
      known++;
      if (t) ok++;
    }
    if (!r.failed_before) first++;
    hours.push(hours1(Math.max(0, r.delivered_at - r.started_at)));
  }
  hours.sort((a, b) => a - b);
  return {
    delivered: rows.length,
    on_time: ok,
    on_time_rate: rate(ok, known),
    first_attempt: first,
    first_attempt_rate: rate(first, rows.length),
    delivery_hours_median: nearestRank(hours, 0.5),
    delivery_hours_p90: nearestRank(hours, 0.9),
  };
}

/** A courier's run in the period: its start, its last done stop, its done and failed stops. */
export interface RunRow {
  courier_id: number;
  started_at: number | null;
  last_done_at: number | null;
  done: number;
  failed: number;
}
export interface CourierFigures {
  courier_id: number;
  name: string;
  stops_done: number;
  stops_failed: number;
  active_hours: number;
  stops_per_hour: number | null;
}

/** Per courier: stops done and failed, active hours = the sum over runs of (last done stop - run start), stops per hour. */
export function courierFigures(runs: readonly RunRow[], names: ReadonlyMap<number, string>): CourierFigures[] {
  const by = new Map<number, { done: number; failed: number; ms: number }>();
  for (const r of runs) {
    const c = by.get(r.courier_id) ?? { done: 0, failed: 0, ms: 0 };
    c.done += r.done;
    c.failed += r.failed;
    if (r.started_at !== null && r.last_done_at !== null) c.ms += Math.max(0, r.last_done_at - r.started_at);
    by.set(r.courier_id, c);
  }
  return [...by]
    .map(([id, c]) => ({
      courier_id: id,
      name: names.get(id) ?? "",
      stops_done: c.done,
      stops_failed: c.failed,
      active_hours: hours1(c.ms),
      stops_per_hour: c.ms > 0 ? Math.round((c.done / (c.ms / 3_600_000)) * 10) / 10 : null,
    }))
    .sort((a, b) => b.stops_done - a.stops_done || a.courier_id - b.courier_id);
}

/** Bookings of one day, service and shipper (not cancelled, in the site's currency). */
export interface RevenueRow {
  date: string;
  service: string;
  shipper_id: number;
  amount: number;
  bookings: number;
}
export function revenueFigures(rows: readonly RevenueRow[], currency: string, names: ReadonlyMap<number, string>) {
  const services = new Map<string, { amount: number; bookings: number }>();
  const shippers = new Map<number, { amount: number; bookings: number }>();
  let amount = 0;
  for (const r of rows) {
    amount += r.amount;
    const s = services.get(r.service) ?? { amount: 0, bookings: 0 };
    s.amount += r.amount;
    s.bookings += r.bookings;
    services.set(r.service, s);
    const h = shippers.get(r.shipper_id) ?? { amount: 0, bookings: 0 };
    h.amount += r.amount;
    h.bookings += r.bookings;
    shippers.set(r.shipper_id, h);
  }
  const byAmount = (a: { amount: number }, b: { amount: number }) => b.amount - a.amount;
  return {
    amount,
    currency,
    by_service: [...services].map(([service, v]) => ({ service, ...v })).sort((a, b) => byAmount(a, b) || a.service.localeCompare(b.service)),
    by_shipper: [...shippers]
      .map(([shipper_id, v]) => ({ shipper_id, name: names.get(shipper_id) ?? "", ...v }))
      .sort((a, b) => byAmount(a, b) || a.shipper_id - b.shipper_id),
  };
}

/** Failed attempts of one day and reason. */
export interface FailureRow {
  date: string;
  reason: string | null;
  count: number;
}
/** Failures by reason, most first (an entry without a reason counts as "other"). */
export function failuresByReason(rows: readonly FailureRow[]): { reason: string; count: number }[] {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.reason || "other", (by.get(r.reason || "other") ?? 0) + r.count);
  return [...by].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** One row of the daily report. */
export interface DailyRow {
  date: string;
  created: number;
  delivered: number;
  failed_attempts: number;
  on_time_rate: number | null;
  revenue: number;
}
/** Deliveries of one day: how many, how many with an expected date, how many of those on time. */
export interface DeliveredDay {
  date: string;
  delivered: number;
  known: number;
  on_time: number;
}
/** One row for every date from `from` to `to`, zeros included. */
export function dailyRows(
  from: string,
  to: string,
  parts: { created: Map<string, number>; delivered: Map<string, DeliveredDay>; failed: Map<string, number>; revenue: Map<string, number> },
): DailyRow[] {
  return datesOf(from, to).map((date) => {
    const d = parts.delivered.get(date);
    return {
      date,
      created: parts.created.get(date) ?? 0,
      delivered: d?.delivered ?? 0,
      failed_attempts: parts.failed.get(date) ?? 0,
      on_time_rate: d ? rate(d.on_time, d.known) : null,
      revenue: parts.revenue.get(date) ?? 0,
    };
  });
}

/** Sums a per-date map over [from, to]. */
export function sumDates(m: ReadonlyMap<string, number>, from: string, to: string): number {
  let n = 0;
  for (const [d, v] of m) if (d >= from && d <= to) n += v;
  return n;
}
