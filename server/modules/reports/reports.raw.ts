import { db } from "../../db/index.js";

import { getSettings } from "../settings/settings.service.js";

import {
  courierFigures,
  dailyRows,
  deliveryFigures,
  failuresByReason,
  previousPeriod,
  revenueFigures,
  sumDates,
  type DeliveredDay,
  type DeliveredRow,
  type FailureRow,
  type RevenueRow,
  type RunRow,
} from "./reports.rules.js";

import { codFigures } from "./reports.cod.js";

import type { ReportArgs } from "./reports.args.js";
import { countOf, Days, int, ms, parcelFilter, sql, truthy, type Sql } from "./reports.sql.js";

// The figures read from the raw data (parcels, history, bookings, runs): the reference the roll-ups are tested against.

export async function createdByDay(q: Sql, days: Days, f: ReportArgs): Promise<Map<string, number>> {
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

export async function failures(q: Sql, days: Days, f: ReportArgs): Promise<FailureRow[]> {
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
export function firstDelivered(q: Sql, days: Days, f: ReportArgs) {
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

export async function deliveredRows(q: Sql, days: Days, f: ReportArgs): Promise<DeliveredRow[]> {
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

export async function deliveredByDay(q: Sql, days: Days, f: ReportArgs): Promise<Map<string, DeliveredDay>> {
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

export async function revenueRows(q: Sql, days: Days, f: ReportArgs, currency: string): Promise<RevenueRow[]> {
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
export async function runRows(q: Sql, from: string, to: string, f: ReportArgs): Promise<(RunRow & { date: string })[]> {
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

export async function namesOf(kind: "shipper" | "admin", ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const unique = [...new Set(ids)];
  if (kind === "shipper") {
    const rows = await db().shipper.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  const rows = await db().admin.findMany({ where: { id: { in: unique } }, select: { id: true, email: true } });
  return new Map(rows.map((r) => [r.id, r.email]));
}

export const inPeriod = <T extends { date: string }>(rows: readonly T[], from: string, to: string) => rows.filter((r) => r.date >= from && r.date <= to);

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
