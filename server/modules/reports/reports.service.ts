import { asJob, callerJob, type JobCaller } from "../../core/jobs.js";

import { getSettings } from "../settings/settings.service.js";

import {
  courierFigures,
  dailyRows,
  failuresByReason,
  previousPeriod,
  rate,
  revenueFigures,
  sumDates,
  type DeliveredDay,
  type FailureRow,
  type RevenueRow,
  type RunRow,
} from "./reports.rules.js";

import { HOURS_FROM, HOURS_TO, dimOf, hoursFromHistogram } from "./reports.rollup.rules.js";
import { rollupsUsable } from "./reports.rollups.js";
import { codFigures } from "./reports.cod.js";

import type { ReportArgs } from "./reports.args.js";
import { countOf, int, sql, type Sql } from "./reports.sql.js";
import { inPeriod, namesOf, rawDaily, rawSummary } from "./reports.raw.js";

/**
 * The owner's dashboard (api-contract.md section 14): aggregate queries over the parcels, their history, the
 * bookings and the runs, grouped by the local day in SQL (the time zone's offsets as a CASE over its changes);
 * only the first deliveries of the period come back one a row (their median and 90th percentile need them).
 * On SQLite every statement runs in the readers' thread (DirectDb.longRows): a report never holds the server's.
 */

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

/** Every cell but the histogram's (HOURS_FROM, HOURS_TO as its parameters). */
const NO_HOURS = `("measure" < ? OR "measure" >= ?)`;

/** The cells of a filter over [from, to] (zeros left out, the histogram's left to hoursOf): day, measure, n, amount. */
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
     WHERE "dim" = ? AND "day" >= ? AND "day" <= ? AND ${runsOnly ? `"measure" >= 'k' AND "measure" < 'l'` : NO_HOURS}`,
    [dim, from, to, ...(runsOnly ? [] : [HOURS_FROM, HOURS_TO])],
  );
  return rows.map((r) => ({ day: String(r.day), measure: String(r.measure), n: int(r.n), amount: int(r.amount) })).filter((c) => c.n !== 0 || c.amount !== 0);
}

/**
 * The histogram of first deliveries' hours of a filter, the period [from, to] (cur 1) and the one before it [prev,
 * from) (cur 0), summed over their days: one range of ReportCell's key (dim, day, measure), the h cells only.
 */
async function hoursOf(q: Sql, dim: string, prev: string, from: string, to: string): Promise<{ cur: number; tenths: number; n: number }[]> {
  const rows = await q.rows(
    `SELECT CASE WHEN "day" >= ? THEN 1 ELSE 0 END AS "cur", "measure", ${countOf(q, `sum("n")`)} AS "n" FROM ${q.table("ReportCell")}
     WHERE "dim" = ? AND "day" >= ? AND "day" <= ? AND "measure" >= ? AND "measure" < ? GROUP BY 1, 2`,
    [from, dim, prev, to, HOURS_FROM, HOURS_TO],
  );
  return rows.map((r) => ({ cur: int(r.cur), tenths: Number(String(r.measure).split("\t")[1]), n: int(r.n) }));
}

/** The summary from the roll-ups: the same figures as rawSummary (tests/integration/reports-rollups.test.ts). */
export async function rollupSummary(f: ReportArgs) {
  const q = sql();
  const prev = previousPeriod(f.from, f.to);
  const dim = dimOf(f)!;
  const { currency } = await getSettings();
  const cells = await cellsOf(q, dim, prev.from, f.to);
  const runCells = dim === "" ? cells : await cellsOf(q, "", prev.from, f.to, true);
  const hist = await hoursOf(q, dim, prev.from, f.from, f.to);
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
    const hours = hoursFromHistogram(hist.filter((h) => h.cur === current));
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
     FROM ${q.table("ReportCell")} WHERE "dim" = ? AND "day" >= ? AND "day" <= ? AND ${NO_HOURS} GROUP BY "day"`,
    ["f\t", rev, dimOf(f)!, f.from, f.to, HOURS_FROM, HOURS_TO],
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
