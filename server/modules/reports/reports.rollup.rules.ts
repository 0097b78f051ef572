import { offsetAt } from "./reports.rules.js";

/**
 * The daily roll-ups' arithmetic (docs/reports.md "How it reads"), pure: what one parcel (with its bookings), one
 * parcel-less booking or one run adds to the report's cells, from its raw rows. The service stores each one's
 * facts (ReportFact) and applies the difference between the old and the new cells on every recount, so the cells
 * are always the sum of the facts, whatever the order of the recounts.
 */

/**
 * The version of the facts' and cells' shape: a change rebuilds every roll-up (with the time zone, the fingerprint).
 * 2: the first deliveries' hours kept as cells (`h\t<tenths>`) instead of a row per delivered parcel.
 */
export const ROLLUP_VERSION = 2;
export const rollupFingerprint = (timeZone: string) => `v${ROLLUP_VERSION}|${timeZone}`;

/** The history entries the figures read. */
export const REPORT_CODES = ["picked_up", "delivered", "delivery_failed"] as const;

export interface EntryIn {
  id: number;
  code: string;
  reason: string | null;
  at: number;
}
export interface BookingIn {
  shipper_id: number;
  service: string;
  amount: number;
  currency: string;
  created_at: number;
  cancelled: boolean;
}
export interface ParcelIn {
  created_at: number;
  max_expected_delivery_date: string | null;
  entries: EntryIn[];
  bookings: BookingIn[];
  /** The members whose runs hold a stop of the parcel. */
  couriers: number[];
}
export interface StopIn {
  status: string;
  done_at: number | null;
}
export interface RunIn {
  date: string;
  courier_id: number;
  started_at: number | null;
  stops: StopIn[];
}

/** Revenue of one booking: [day, currency, shipper, service, amount]. */
type Rev = [string, string, number, string, number];
/**
 * One parcel's, booking's or run's facts. `s`: the (shipper, service) pairs of its bookings (cancelled ones
 * included, as the raw filter reads them); `k`: its couriers; `c`: its created day; `v`: its first delivery
 * [day, has an expected date, on time, at the first attempt, hours in tenths]; `f`: its failed attempts [day,
 * reason]; `r`: its bookings' revenue; `run`: a run's [date, courier, stops done, stops failed, active ms].
 */
export interface Facts {
  s?: [number, string][];
  k?: number[];
  c?: string;
  v?: [string, 0 | 1, 0 | 1, 0 | 1, number];
  f?: [string, string][];
  r?: Rev[];
  run?: [string, number, number, number, number];
}

/** Local dates of instants in a time zone, the offset looked up once per quarter hour (every change falls on one). */
export class LocalDays {
  private readonly offsets = new Map<number, number>();
  constructor(readonly timeZone: string) {}
  day(ms: number): string {
    const q = Math.floor(ms / 900_000);
    let o = this.offsets.get(q);
    if (o === undefined) {
      if (this.offsets.size > 500_000) this.offsets.clear();
      o = offsetAt(q * 900_000, this.timeZone);
      this.offsets.set(q, o);
    }
    return new Date(ms + o * 60_000).toISOString().slice(0, 10);
  }
}

const byTime = (a: EntryIn, b: EntryIn) => a.at - b.at || a.id - b.id;

/** A parcel's facts from its rows (api-contract.md section 14's definitions, as reports.service.ts's raw reads apply them). */
export function parcelFacts(p: ParcelIn, days: LocalDays): Facts {
  const f: Facts = { c: days.day(p.created_at) };
  const pairs = new Map<string, [number, string]>();
  for (const b of p.bookings) pairs.set(`${b.shipper_id}\t${b.service}`, [b.shipper_id, b.service]);
  if (pairs.size) f.s = [...pairs.values()];
  const couriers = [...new Set(p.couriers)].sort((a, b) => a - b);
  if (couriers.length) f.k = couriers;
  const delivered = p.entries.filter((e) => e.code === "delivered").sort(byTime)[0];
  if (delivered) {
    const day = days.day(delivered.at);
    const picked = p.entries.filter((e) => e.code === "picked_up" && e.at <= delivered.at).map((e) => e.at);
    const started = picked.length ? Math.min(...picked) : p.created_at;
    const max = p.max_expected_delivery_date || null;
    const failedBefore = p.entries.some((e) => e.code === "delivery_failed" && e.at < delivered.at);
    f.v = [day, max ? 1 : 0, max && day <= max ? 1 : 0, failedBefore ? 0 : 1, Math.round(Math.max(0, delivered.at - started) / 360_000)];
  }
  const fails = p.entries.filter((e) => e.code === "delivery_failed").map((e): [string, string] => [days.day(e.at), e.reason ?? ""]);
  if (fails.length) f.f = fails.sort((a, b) => (a[0] + a[1] < b[0] + b[1] ? -1 : a[0] + a[1] > b[0] + b[1] ? 1 : 0));
  const rev = p.bookings.filter((b) => !b.cancelled).map((b): Rev => [days.day(b.created_at), b.currency, b.shipper_id, b.service, b.amount]);
  if (rev.length) f.r = rev;
  return f;
}

/** A booking without a parcel (its parcel deleted) still counts in the revenue. */
export function bookingFacts(b: BookingIn, days: LocalDays): Facts {
  return { s: [[b.shipper_id, b.service]], ...(b.cancelled ? {} : { r: [[days.day(b.created_at), b.currency, b.shipper_id, b.service, b.amount]] }) };
}

/** A run's facts: stops done and failed, active time = its last done stop minus its start (0 if either is missing). */
export function runFacts(r: RunIn): Facts {
  let done = 0;
  let failed = 0;
  let last: number | null = null;
  for (const s of r.stops) {
    if (s.status === "done") {
      done++;
      if (s.done_at !== null && (last === null || s.done_at > last)) last = s.done_at;
    } else if (s.status === "failed") failed++;
  }
  const active = r.started_at !== null && last !== null ? Math.max(0, last - r.started_at) : 0;
  return { run: [r.date, r.courier_id, done, failed, active] };
}

export const dimOf = (f: { shipper_id?: number; service?: string; courier_id?: number }): string | null => {
  if (f.courier_id) return f.shipper_id || f.service ? null : `c:${f.courier_id}`;
  if (f.shipper_id && f.service) return `s:${f.shipper_id}|v:${f.service}`;
  if (f.shipper_id) return `s:${f.shipper_id}`;
  if (f.service) return `v:${f.service}`;
  return "";
};
const pairDims = (s: number, v: string) => [`s:${s}`, `v:${v}`, `s:${s}|v:${v}`];

export interface Cell {
  dim: string;
  day: string;
  measure: string;
  n: number;
  amount: number;
}
/**
 * The histogram of first deliveries' hours: one cell a day and tenth of an hour, `h<TAB><tenths>` (n: how many).
 * No other measure begins with "h", so [HOURS_FROM, HOURS_TO) holds exactly these cells under any collation (a
 * PostgreSQL locale such as en_US ignores the tab when it compares: a range bounded by "h\t" and "h\n" would not).
 */
export const hoursMeasure = (tenths: number) => `h\t${tenths}`;
export const HOURS_FROM = "h";
export const HOURS_TO = "i";
const key = (dim: string, day: string, measure: string) => `${dim}\n${day}\n${measure}`;

/** What facts add to the cells, keyed dim\nday\nmeasure. */
export function cellsOf(f: Facts | null, into = new Map<string, Cell>(), sign = 1): Map<string, Cell> {
  if (!f) return into;
  const add = (dims: Iterable<string>, day: string, measure: string, n: number, amount = 0) => {
    for (const dim of dims) {
      const k = key(dim, day, measure);
      const c = into.get(k);
      if (c) {
        c.n += sign * n;
        c.amount += sign * amount;
      } else into.set(k, { dim, day, measure, n: sign * n, amount: sign * amount });
    }
  };
  const couriers = (f.k ?? []).map((c) => `c:${c}`);
  const dims = new Set(["", ...(f.s ?? []).flatMap(([s, v]) => pairDims(s, v)), ...couriers]);
  if (f.c) add(dims, f.c, "created", 1);
  if (f.v) {
    const [day, known, ok, first, tenths] = f.v;
    add(dims, day, "delivered", 1);
    if (known) add(dims, day, "known", 1);
    if (ok) add(dims, day, "on_time", 1);
    if (first) add(dims, day, "first", 1);
    add(dims, day, hoursMeasure(tenths), 1);
  }
  for (const [day, reason] of f.f ?? []) add(dims, day, `f\t${reason}`, 1);
  for (const [day, currency, s, v, amount] of f.r ?? []) add(["", ...pairDims(s, v), ...couriers], day, `r\t${currency}\t${s}\t${v}`, 1, amount);
  if (f.run) {
    const [date, courier, done, failed, active] = f.run;
    add([""], date, `kr\t${courier}`, 1, active);
    if (done) add([""], date, `kd\t${courier}`, done);
    if (failed) add([""], date, `kf\t${courier}`, failed);
  }
  return into;
}

/** The cells' change from old facts to new ones, without the cells that do not change. */
export function cellDelta(pairs: readonly { old: Facts | null; now: Facts | null }[]): Cell[] {
  const m = new Map<string, Cell>();
  for (const p of pairs) {
    cellsOf(p.old, m, -1);
    cellsOf(p.now, m, 1);
  }
  return [...m.values()].filter((c) => c.n !== 0 || c.amount !== 0);
}

/** The median and 90th percentile (nearest rank, as reports.rules.ts nearestRank) of hours from a histogram of tenths (hours1 = tenths / 10). */
export function hoursFromHistogram(hist: readonly { tenths: number; n: number }[]): { median: number | null; p90: number | null } {
  const sorted = [...hist].filter((h) => h.n > 0).sort((a, b) => a.tenths - b.tenths);
  const total = sorted.reduce((s, h) => s + h.n, 0);
  const at = (p: number) => {
    if (!total) return null;
    const rank = Math.max(1, Math.ceil(p * total));
    let seen = 0;
    for (const h of sorted) {
      seen += h.n;
      if (seen >= rank) return h.tenths / 10;
    }
    return null;
  };
  return { median: at(0.5), p90: at(0.9) };
}
