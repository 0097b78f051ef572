import { config } from "../../core/config.js";
import { badInput } from "../../core/errors.js";
import { asJob, callerJob, type JobCaller } from "../../core/jobs.js";
import { validated } from "../../core/validation.js";
import { db, direct, pgTable, provider } from "../../db/index.js";
import { numberedParams, prismaDate } from "../../db/direct.js";
import { sqliteTime } from "../../db/sqlite-writer.js";
import { getSettings } from "../settings/settings.service.js";
import { localNow } from "../rates/pricing.rules.js";
import { csvCell } from "../common/csv.js";
import {
  addDays,
  courierFigures,
  dailyRows,
  deliveryFigures,
  failuresByReason,
  offsetSegments,
  periodProblem,
  previousPeriod,
  rate,
  revenueFigures,
  startOfDay,
  sumDates,
  type DeliveredDay,
  type DeliveredRow,
  type FailureRow,
  type RevenueRow,
  type RunRow,
  type Segment,
} from "./reports.rules.js";
import { ReportQuery } from "./reports.type.js";
import { dimOf, hoursFromHistogram } from "./reports.rollup.rules.js";
import { rollupsUsable } from "./reports.rollups.js";
import { codFigures } from "./reports.cod.js";

/**
 * The owner's dashboard (api-contract.md section 14): aggregate queries over the parcels, their history, the
 * bookings and the runs, grouped by the local day in SQL (the time zone's offsets as a CASE over its changes);
 * only the first deliveries of the period come back one a row (their median and 90th percentile need them).
 * On SQLite every statement runs in the readers' thread (DirectDb.longRows): a report never holds the server's.
 */

export interface ReportArgs {
  from: string;
  to: string;
  shipper_id?: number;
  courier_id?: number;
  service?: string;
}

/** The validated period and filters: from and to default to the 30 days ending today; ids must name a shipper, a member, a service. */
export async function readReportArgs(raw: Record<string, unknown>, now = new Date()): Promise<ReportArgs> {
  const q = await validated(ReportQuery, raw);
  const today = localNow(now, config().timeZone).date;
  const to = q.to?.trim() || (q.from?.trim() ? addDays(q.from.trim(), 29) : today);
  const from = q.from?.trim() || addDays(to, -29);
  const wrong = periodProblem(from, to);
  const messages = wrong ? [wrong] : [];
  const [shipper, courier, service] = await Promise.all([
    q.shipper_id ? db().shipper.findUnique({ where: { id: q.shipper_id }, select: { id: true } }) : null,
    q.courier_id ? db().admin.findUnique({ where: { id: q.courier_id }, select: { id: true } }) : null,
    q.service ? db().service.findUnique({ where: { code: q.service }, select: { id: true } }) : null,
  ]);
  if (q.shipper_id && !shipper) messages.push("shipper_id names no shipper");
  if (q.courier_id && !courier) messages.push("courier_id names no member of the staff");
  if (q.service && !service) messages.push("service names no service");
  if (messages.length) throw badInput(messages);
  return { from, to, shipper_id: q.shipper_id, courier_id: q.courier_id, service: q.service || undefined };
}

type Rows = Record<string, unknown>[];
interface Sql {
  onPg: boolean;
  rows(sql: string, params: unknown[]): Promise<Rows>;
  table(name: string): string;
  /** A timestamp as the column compares it. */
  at(ms: number): string;
}
function sql(): Sql {
  const onPg = provider() === "postgresql";
  const at = (ms: number) => (onPg ? new Date(ms).toISOString().replace("T", " ").replace("Z", "") : sqliteTime(new Date(ms)));
  if (config().directReads) {
    const d = direct();
    return { onPg, at, rows: (s, p) => d.longRows(s, p), table: (n) => d.table(n) };
  }
  return {
    onPg,
    at,
    rows: (s, p) => db().$queryRawUnsafe<Rows>(onPg ? numberedParams(s) : s, ...p),
    table: (n) => (onPg ? pgTable(n) : `"${n}"`),
  };
}

const ms = (v: unknown): number | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.getTime() : typeof v === "number" ? v : prismaDate(String(v)).getTime();
const int = (v: unknown) => Number(v ?? 0);
const truthy = (v: unknown) => v === true || v === 1 || v === "1" || v === "t" || v === "true";

/** The instants of [from 00:00, to + 1 00:00) in the time zone, and SQL for a timestamp column's local date. */
class Days {
  readonly start: number;
  readonly end: number;
  private readonly segs: Segment[];
  constructor(
    private readonly q: Sql,
    from: string,
    to: string,
  ) {
    const tz = config().timeZone;
    this.start = startOfDay(from, tz);
    this.end = startOfDay(addDays(to, 1), tz);
    this.segs = offsetSegments(this.start, this.end, tz);
  }
  /** The local date (YYYY-MM-DD text) of `col`, with its parameters. */
  of(col: string): { sql: string; params: unknown[] } {
    const params: unknown[] = [];
    const offset = (minutes: number) => (this.q.onPg ? minutes : `${minutes >= 0 ? "+" : ""}${minutes} minutes`);
    let expr: string;
    const cast = this.q.onPg ? "::int" : "";
    if (this.segs.length === 1) {
      expr = `?${cast}`;
      params.push(offset(this.segs[0].offset));
    } else {
      const whens = this.segs.slice(1).map((s, i) => {
        params.push(this.q.at(s.since), offset(this.segs[i].offset));
        return `WHEN ${col} < ? THEN ?${cast}`;
      });
      params.push(offset(this.segs[this.segs.length - 1].offset));
      expr = `CASE ${whens.join(" ")} ELSE ?${cast} END`;
    }
    return {
      sql: this.q.onPg ? `to_char(${col} + make_interval(mins => ${expr}), 'YYYY-MM-DD')` : `date(${col}, ${expr})`,
      params,
    };
  }
  /** `col` within the range, with its parameters. */
  within(col: string): { sql: string; params: unknown[] } {
    return { sql: `${col} >= ? AND ${col} < ?`, params: [this.q.at(this.start), this.q.at(this.end)] };
  }
}

/**
 * The filters on the parcel `p` (its booking's shipper and service, a stop on the courier's runs), as sets read once:
 * written as a correlated EXISTS, SQLite searched the shipper's bookings again for every parcel (over 60 s at 100 000).
 */
function parcelFilter(q: Sql, f: ReportArgs, col = `p."id"`): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.shipper_id || f.service) {
    const c = [f.shipper_id ? `fb."shipper_id" = ?` : "", f.service ? `fb."service" = ?` : ""].filter(Boolean);
    parts.push(`${col} IN (SELECT fb."parcel_id" FROM ${q.table("Booking")} fb WHERE ${c.join(" AND ")})`);
    if (f.shipper_id) params.push(f.shipper_id);
    if (f.service) params.push(f.service);
  }
  if (f.courier_id) {
    parts.push(`${col} IN (SELECT fs."parcel_id" FROM ${q.table("Stop")} fs JOIN ${q.table("Run")} fr ON fr."id" = fs."run_id" WHERE fr."courier_id" = ?)`);
    params.push(f.courier_id);
  }
  return { sql: parts.map((s) => ` AND ${s}`).join(""), params };
}

const countOf = (q: Sql, expr: string) => (q.onPg ? `(${expr})::float8` : expr);

async function createdByDay(q: Sql, days: Days, f: ReportArgs): Promise<Map<string, number>> {
  const d = days.of(`p."created_at"`);
  const w = days.within(`p."created_at"`);
  const pf = parcelFilter(q, f);
  const rows = await q.rows(`SELECT ${d.sql} AS "d", ${countOf(q, "count(*)")} AS "n" FROM ${q.table("Parcel")} p WHERE ${w.sql}${pf.sql} GROUP BY 1`, [
    ...d.params,
    ...w.params,
    ...pf.params,
  ]);
  return new Map(rows.map((r) => [String(r.d), int(r.n)]));
}

async function failures(q: Sql, days: Days, f: ReportArgs): Promise<FailureRow[]> {
  const d = days.of(`a."created_at"`);
  const w = days.within(`a."created_at"`);
  const pf = parcelFilter(q, f);
  const join = pf.sql ? ` JOIN ${q.table("Parcel")} p ON p."id" = a."parcel_id"` : "";
  const rows = await q.rows(
    `SELECT ${d.sql} AS "d", a."status_reason" AS "reason", ${countOf(q, "count(*)")} AS "n" FROM ${q.table("Activity")} a${join}
     WHERE a."status_code" = 'delivery_failed' AND ${w.sql}${pf.sql} GROUP BY 1, 2`,
    [...d.params, ...w.params, ...pf.params],
  );
  return rows.map((r) => ({ date: String(r.d), reason: (r.reason as string | null) ?? null, count: int(r.n) }));
}

/** The parcels' first delivered entries in the range: `a` is one, and no delivered entry of its parcel comes before it. */
function firstDelivered(q: Sql, days: Days, f: ReportArgs) {
  const w = days.within(`a."created_at"`);
  const pf = parcelFilter(q, f);
  return {
    from: `${q.table("Activity")} a JOIN ${q.table("Parcel")} p ON p."id" = a."parcel_id"`,
    where: `a."status_code" = 'delivered' AND ${w.sql}
      AND NOT EXISTS (SELECT 1 FROM ${q.table("Activity")} e WHERE e."parcel_id" = a."parcel_id" AND e."status_code" = 'delivered'
        AND (e."created_at" < a."created_at" OR (e."created_at" = a."created_at" AND e."id" < a."id")))${pf.sql}`,
    params: [...w.params, ...pf.params],
  };
}

async function deliveredRows(q: Sql, days: Days, f: ReportArgs): Promise<DeliveredRow[]> {
  const d = days.of(`a."created_at"`);
  const fd = firstDelivered(q, days, f);
  const act = q.table("Activity");
  const rows = await q.rows(
    `SELECT ${d.sql} AS "d", a."created_at" AS "delivered_at", p."max_expected_delivery_date" AS "max_date",
       COALESCE((SELECT min(c."created_at") FROM ${act} c WHERE c."parcel_id" = a."parcel_id" AND c."status_code" = 'picked_up' AND c."created_at" <= a."created_at"), p."created_at") AS "started_at",
       EXISTS (SELECT 1 FROM ${act} x WHERE x."parcel_id" = a."parcel_id" AND x."status_code" = 'delivery_failed' AND x."created_at" < a."created_at") AS "failed_before"
     FROM ${fd.from} WHERE ${fd.where}`,
    [...d.params, ...fd.params],
  );
  return rows.map((r) => ({
    date: String(r.d),
    delivered_at: ms(r.delivered_at)!,
    started_at: ms(r.started_at)!,
    max_expected_delivery_date: (r.max_date as string | null) || null,
    failed_before: truthy(r.failed_before),
  }));
}

async function deliveredByDay(q: Sql, days: Days, f: ReportArgs): Promise<Map<string, DeliveredDay>> {
  const d = days.of(`a."created_at"`);
  const fd = firstDelivered(q, days, f);
  const rows = await q.rows(
    `SELECT x."d", ${countOf(q, "count(*)")} AS "n", ${countOf(q, `sum(CASE WHEN x."m" IS NOT NULL THEN 1 ELSE 0 END)`)} AS "known",
       ${countOf(q, `sum(CASE WHEN x."m" IS NOT NULL AND x."d" <= x."m" THEN 1 ELSE 0 END)`)} AS "ok"
     FROM (SELECT ${d.sql} AS "d", NULLIF(p."max_expected_delivery_date", '') AS "m" FROM ${fd.from} WHERE ${fd.where}) x GROUP BY x."d"`,
    [...d.params, ...fd.params],
  );
  return new Map(rows.map((r) => [String(r.d), { date: String(r.d), delivered: int(r.n), known: int(r.known), on_time: int(r.ok) }]));
}

async function revenueRows(q: Sql, days: Days, f: ReportArgs, currency: string): Promise<RevenueRow[]> {
  const d = days.of(`b."created_at"`);
  const w = days.within(`b."created_at"`);
  const c: string[] = [];
  const params: unknown[] = [currency];
  if (f.shipper_id) {
    c.push(`b."shipper_id" = ?`);
    params.push(f.shipper_id);
  }
  if (f.service) {
    c.push(`b."service" = ?`);
    params.push(f.service);
  }
  if (f.courier_id) {
    c.push(`b."parcel_id" IN (SELECT fs."parcel_id" FROM ${q.table("Stop")} fs JOIN ${q.table("Run")} fr ON fr."id" = fs."run_id" WHERE fr."courier_id" = ?)`);
    params.push(f.courier_id);
  }
  const rows = await q.rows(
    `SELECT ${d.sql} AS "d", b."service" AS "service", b."shipper_id" AS "shipper_id", ${countOf(q, `sum(b."amount")`)} AS "amount", ${countOf(q, "count(*)")} AS "n"
     FROM ${q.table("Booking")} b WHERE b."cancelled_at" IS NULL AND ${w.sql} AND b."currency" = ?${c.map((x) => ` AND ${x}`).join("")} GROUP BY 1, 2, 3`,
    [...d.params, ...w.params, ...params],
  );
  return rows.map((r) => ({ date: String(r.d), service: String(r.service), shipper_id: int(r.shipper_id), amount: int(r.amount), bookings: int(r.n) }));
}

/** The runs of the dates [from, to] (a run's date is a local date already), with their stops' figures. */
async function runRows(q: Sql, from: string, to: string, f: ReportArgs): Promise<(RunRow & { date: string })[]> {
  // One pass over the runs' stops (not a subquery per figure and run).
  const rows = await q.rows(
    `SELECT r."date" AS "date", r."courier_id" AS "courier_id", r."started_at" AS "started_at",
       max(CASE WHEN s."status" = 'done' THEN s."done_at" END) AS "last_done_at",
       ${countOf(q, `sum(CASE WHEN s."status" = 'done' THEN 1 ELSE 0 END)`)} AS "done",
       ${countOf(q, `sum(CASE WHEN s."status" = 'failed' THEN 1 ELSE 0 END)`)} AS "failed"
     FROM ${q.table("Run")} r LEFT JOIN ${q.table("Stop")} s ON s."run_id" = r."id"
     WHERE r."date" >= ? AND r."date" <= ?${f.courier_id ? ` AND r."courier_id" = ?` : ""}
     GROUP BY r."id", r."date", r."courier_id", r."started_at"`,
    [from, to, ...(f.courier_id ? [f.courier_id] : [])],
  );
  return rows.map((r) => ({
    date: String(r.date),
    courier_id: int(r.courier_id),
    started_at: ms(r.started_at),
    last_done_at: ms(r.last_done_at),
    done: int(r.done),
    failed: int(r.failed),
  }));
}

async function namesOf(kind: "shipper" | "admin", ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const unique = [...new Set(ids)];
  if (kind === "shipper") {
    const rows = await db().shipper.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  const rows = await db().admin.findMany({ where: { id: { in: unique } }, select: { id: true, email: true } });
  return new Map(rows.map((r) => [r.id, r.email]));
}

const inPeriod = <T extends { date: string }>(rows: readonly T[], from: string, to: string) => rows.filter((r) => r.date >= from && r.date <= to);

/**
 * The summary of [from, to] and of the period of equal length before it. A report reads every parcel of its period:
 * each caller runs at most JOB_LIMITS.reports at once (the dashboard asks for the summary and the days together), so
 * one member reloading a year cannot queue the readers for everyone else.
 */
export function reportSummary(f: ReportArgs, caller?: JobCaller) {
  return report(caller, () => summaryOf(f));
}

/** One row for every day of [from, to], zeros included (a job as reportSummary is). */
export function reportDaily(f: ReportArgs, caller?: JobCaller) {
  return report(caller, () => dailyOf(f));
}

/** A report as a job of its caller: the one given (REST's raw routes), else the call's (core/actor.ts runAs). */
const report = <T>(caller: JobCaller | undefined, fn: () => Promise<T>) => (caller ? asJob("reports", caller, fn) : callerJob("reports", fn));

/** The roll-ups serve the filters they are kept for (all but the courier with another filter) once usable. */
async function fromRollups(f: ReportArgs): Promise<boolean> {
  return dimOf(f) !== null && (await rollupsUsable());
}

async function summaryOf(f: ReportArgs) {
  return (await fromRollups(f)) ? rollupSummary(f) : rawSummary(f);
}
async function dailyOf(f: ReportArgs) {
  return (await fromRollups(f)) ? rollupDaily(f) : rawDaily(f);
}

/** The summary read from the raw data: the reference the roll-ups are tested against (REPORTS_SOURCE=raw). */
export async function rawSummary(f: ReportArgs) {
  const q = sql();
  const prev = previousPeriod(f.from, f.to);
  const days = new Days(q, prev.from, f.to);
  const { currency } = await getSettings();
  // One statement at a time: on SQLite they queue on the one readers' thread anyway, and on PostgreSQL a report takes one connection.
  const created = await createdByDay(q, days, f);
  const failed = await failures(q, days, f);
  const delivered = await deliveredRows(q, days, f);
  const revenue = await revenueRows(q, days, f, currency);
  const runs = await runRows(q, prev.from, f.to, f);
  const cod = await codFigures(q, f, currency);
  const [shippers, couriers] = await Promise.all([
    namesOf(
      "shipper",
      revenue.map((r) => r.shipper_id),
    ),
    namesOf(
      "admin",
      runs.map((r) => r.courier_id),
    ),
  ]);
  const figures = (from: string, to: string, current: boolean) => {
    const fails = inPeriod(failed, from, to);
    return {
      from,
      to,
      created: sumDates(created, from, to),
      ...deliveryFigures(inPeriod(delivered, from, to)),
      failed_attempts: fails.reduce((n, r) => n + r.count, 0),
      failures_by_reason: failuresByReason(fails),
      revenue: revenueFigures(inPeriod(revenue, from, to), currency, shippers),
      cod: current ? cod.current : cod.previous,
      couriers: courierFigures(inPeriod(runs, from, to), couriers),
    };
  };
  return { ...figures(f.from, f.to, true), previous: figures(prev.from, prev.to, false) };
}

/** The daily report read from the raw data (the reference, as rawSummary). */
export async function rawDaily(f: ReportArgs) {
  const q = sql();
  const days = new Days(q, f.from, f.to);
  const { currency } = await getSettings();
  const created = await createdByDay(q, days, f);
  const delivered = await deliveredByDay(q, days, f);
  const failed = new Map<string, number>();
  for (const r of await failures(q, days, f)) failed.set(r.date, (failed.get(r.date) ?? 0) + r.count);
  const revenue = new Map<string, number>();
  for (const r of await revenueRows(q, days, f, currency)) revenue.set(r.date, (revenue.get(r.date) ?? 0) + r.amount);
  return dailyRows(f.from, f.to, { created, delivered, failed, revenue });
}

/** The cells of a filter over [from, to] (zeros left out): day, measure, n, amount. */
async function cellsOf(
  q: Sql,
  dim: string,
  from: string,
  to: string,
  runsOnly = false,
): Promise<{ day: string; measure: string; n: number; amount: number }[]> {
  const num = (c: string) => (q.onPg ? `("${c}")::float8` : `("${c}" + 0)`);
  const rows = await q.rows(
    `SELECT "day", "measure", ${num("n")} AS "n", ${num("amount")} AS "amount" FROM ${q.table("ReportCell")}
     WHERE "dim" = ? AND "day" >= ? AND "day" <= ?${runsOnly ? ` AND "measure" >= 'k' AND "measure" < 'l'` : ""}`,
    [dim, from, to],
  );
  return rows.map((r) => ({ day: String(r.day), measure: String(r.measure), n: int(r.n), amount: int(r.amount) })).filter((c) => c.n !== 0 || c.amount !== 0);
}

/** The summary from the roll-ups: the same figures as rawSummary (tests/integration/reports-rollups.test.ts). */
export async function rollupSummary(f: ReportArgs) {
  const q = sql();
  const prev = previousPeriod(f.from, f.to);
  const dim = dimOf(f)!;
  const { currency } = await getSettings();
  const cells = await cellsOf(q, dim, prev.from, f.to);
  const runCells = dim === "" ? cells : await cellsOf(q, "", prev.from, f.to, true);
  const pf = parcelFilter(q, f, `x."parcel_id"`);
  const hist = await q.rows(
    `SELECT CASE WHEN x."day" >= ? THEN 1 ELSE 0 END AS "cur", x."tenths" AS "tenths", ${countOf(q, "count(*)")} AS "n" FROM ${q.table("ReportDelivery")} x
     WHERE x."day" >= ? AND x."day" <= ?${pf.sql} GROUP BY 1, 2`,
    [f.from, prev.from, f.to, ...pf.params],
  );
  const created = new Map<string, number>();
  const delivered = new Map<string, DeliveredDay & { first: number }>();
  const failed: FailureRow[] = [];
  const revenue: RevenueRow[] = [];
  for (const c of cells) {
    const [m, a, b, v] = c.measure.split("\t");
    if (m === "created") created.set(c.day, c.n);
    else if (m === "delivered" || m === "known" || m === "on_time" || m === "first") {
      const d = delivered.get(c.day) ?? { date: c.day, delivered: 0, known: 0, on_time: 0, first: 0 };
      d[m] = c.n;
      delivered.set(c.day, d);
    } else if (m === "f") failed.push({ date: c.day, reason: a || null, count: c.n });
    else if (m === "r" && a === currency) revenue.push({ date: c.day, service: v, shipper_id: Number(b), amount: c.amount, bookings: c.n });
  }
  const runs = new Map<string, RunRow & { date: string; runs: number }>();
  for (const c of runCells) {
    const [m, courier] = c.measure.split("\t");
    if (m !== "kr" && m !== "kd" && m !== "kf") continue;
    if (f.courier_id && Number(courier) !== f.courier_id) continue;
    const k = `${c.day}\t${courier}`;
    const r = runs.get(k) ?? { date: c.day, courier_id: Number(courier), started_at: 0, last_done_at: 0, done: 0, failed: 0, runs: 0 };
    if (m === "kr") {
      r.runs = c.n;
      r.last_done_at = c.amount;
    } else if (m === "kd") r.done = c.n;
    else r.failed = c.n;
    runs.set(k, r);
  }
  const runRows = [...runs.values()].filter((r) => r.runs > 0);
  const cod = await codFigures(q, f, currency);
  const [shippers, couriers] = await Promise.all([
    namesOf(
      "shipper",
      revenue.map((r) => r.shipper_id),
    ),
    namesOf(
      "admin",
      runRows.map((r) => r.courier_id),
    ),
  ]);
  const figures = (from: string, to: string, current: 0 | 1) => {
    const fails = inPeriod(failed, from, to);
    const days = inPeriod([...delivered.values()], from, to);
    const sum = (k: "delivered" | "known" | "on_time" | "first") => days.reduce((n, d) => n + d[k], 0);
    const hours = hoursFromHistogram(hist.filter((h) => int(h.cur) === current).map((h) => ({ tenths: int(h.tenths), n: int(h.n) })));
    return {
      from,
      to,
      created: sumDates(created, from, to),
      delivered: sum("delivered"),
      on_time: sum("on_time"),
      on_time_rate: rate(sum("on_time"), sum("known")),
      first_attempt: sum("first"),
      first_attempt_rate: rate(sum("first"), sum("delivered")),
      delivery_hours_median: hours.median,
      delivery_hours_p90: hours.p90,
      failed_attempts: fails.reduce((n, r) => n + r.count, 0),
      failures_by_reason: failuresByReason(fails),
      revenue: revenueFigures(inPeriod(revenue, from, to), currency, shippers),
      cod: current ? cod.current : cod.previous,
      couriers: courierFigures(inPeriod(runRows, from, to), couriers),
    };
  };
  return { ...figures(f.from, f.to, 1), previous: figures(prev.from, prev.to, 0) };
}

/** The daily report from the roll-ups (the same rows as rawDaily): the day's cells summed in SQL, a row a day. */
export async function rollupDaily(f: ReportArgs) {
  const q = sql();
  const { currency } = await getSettings();
  const sum = (cond: string, col = "n") => countOf(q, `sum(CASE WHEN ${cond} THEN "${col}" ELSE 0 END)`);
  const rev = `r\t${currency}\t`;
  const rows = await q.rows(
    `SELECT "day", ${sum(`"measure" = 'created'`)} AS "created", ${sum(`"measure" = 'delivered'`)} AS "delivered",
       ${sum(`"measure" = 'known'`)} AS "known", ${sum(`"measure" = 'on_time'`)} AS "on_time",
       ${sum(`substr("measure", 1, 2) = ?`)} AS "failed", ${sum(`substr("measure", 1, ${rev.length}) = ?`, "amount")} AS "revenue"
     FROM ${q.table("ReportCell")} WHERE "dim" = ? AND "day" >= ? AND "day" <= ? GROUP BY "day"`,
    ["f\t", rev, dimOf(f)!, f.from, f.to],
  );
  const created = new Map<string, number>();
  const delivered = new Map<string, DeliveredDay>();
  const failed = new Map<string, number>();
  const revenue = new Map<string, number>();
  for (const r of rows) {
    const day = String(r.day);
    created.set(day, int(r.created));
    if (int(r.delivered)) delivered.set(day, { date: day, delivered: int(r.delivered), known: int(r.known), on_time: int(r.on_time) });
    failed.set(day, int(r.failed));
    revenue.set(day, int(r.revenue));
  }
  return dailyRows(f.from, f.to, { created, delivered, failed, revenue });
}

type Summary = Awaited<ReturnType<typeof rawSummary>>;
type Daily = Awaited<ReturnType<typeof rawDaily>>;

/** CSV (UTF-8 with a byte-order mark, CRLF): one line per figure, the period's and the previous one's. */
export function summaryCsv(s: Summary): string {
  const lines: unknown[][] = [["figure", "current", "previous"]];
  const keys = [
    "created",
    "delivered",
    "on_time",
    "on_time_rate",
    "first_attempt",
    "first_attempt_rate",
    "failed_attempts",
    "delivery_hours_median",
    "delivery_hours_p90",
  ] as const;
  lines.push(["from", s.from, s.previous.from], ["to", s.to, s.previous.to]);
  for (const k of keys) lines.push([k, s[k], s.previous[k]]);
  lines.push(["revenue", s.revenue.amount, s.previous.revenue.amount], ["currency", s.revenue.currency, s.previous.revenue.currency]);
  for (const k of Object.keys(s.cod) as (keyof Summary["cod"])[]) lines.push([`cod.${k}`, s.cod[k], s.previous.cod[k]]);
  const keyed = <T>(list: T[], key: (t: T) => string, value: (t: T) => unknown) => new Map(list.map((t) => [key(t), value(t)]));
  const pairs = (prefix: string, cur: Map<string, unknown>, old: Map<string, unknown>) => {
    for (const k of new Set([...cur.keys(), ...old.keys()])) lines.push([`${prefix}.${k}`, cur.get(k) ?? 0, old.get(k) ?? 0]);
  };
  const reasons = (x: Summary | Summary["previous"]) =>
    keyed(
      x.failures_by_reason,
      (r) => r.reason,
      (r) => r.count,
    );
  pairs("failures", reasons(s), reasons(s.previous));
  const services = (x: Summary | Summary["previous"]) =>
    keyed(
      x.revenue.by_service,
      (r) => r.service,
      (r) => r.amount,
    );
  pairs("revenue.service", services(s), services(s.previous));
  const shippers = (x: Summary | Summary["previous"]) =>
    keyed(
      x.revenue.by_shipper,
      (r) => String(r.shipper_id),
      (r) => r.amount,
    );
  pairs("revenue.shipper", shippers(s), shippers(s.previous));
  for (const k of ["stops_done", "stops_failed", "active_hours", "stops_per_hour"] as const) {
    const of = (x: Summary | Summary["previous"]) =>
      keyed(
        x.couriers,
        (c) => String(c.courier_id),
        (c) => c[k],
      );
    pairs(`courier.${k}`, of(s), of(s.previous));
  }
  return toCsv(lines);
}

export function dailyCsv(rows: Daily): string {
  const cols = ["date", "created", "delivered", "failed_attempts", "on_time_rate", "revenue"] as const;
  return toCsv([[...cols], ...rows.map((r) => cols.map((c) => r[c]))]);
}

const toCsv = (lines: unknown[][]) => `\uFEFF${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
