import { config } from "../../core/config.js";

import { db, direct, pgTable, provider } from "../../db/index.js";
import { numberedParams, prismaDate } from "../../db/direct.js";
import { sqliteTime } from "../../db/sqlite-writer.js";

import { addDays, offsetSegments, startOfDay, type Segment } from "./reports.rules.js";

import type { ReportArgs } from "./reports.args.js";

// The reports' SQL: one helper for both databases, the local days of a period, the filters (contract section 14).

export type Rows = Record<string, unknown>[];
export interface Sql {
  onPg: boolean;
  rows(sql: string, params: unknown[]): Promise<Rows>;
  table(name: string): string;
  /** A timestamp as the column compares it. */
  at(ms: number): string;
}
export function sql(): Sql {
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

export const ms = (v: unknown): number | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.getTime() : typeof v === "number" ? v : prismaDate(String(v)).getTime();
export const int = (v: unknown) => Number(v ?? 0);
export const truthy = (v: unknown) => v === true || v === 1 || v === "1" || v === "t" || v === "true";

/** The instants of [from 00:00, to + 1 00:00) in the time zone, and SQL for a timestamp column's local date. */
export class Days {
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
export function parcelFilter(q: Sql, f: ReportArgs, col = `p."id"`): { sql: string; params: unknown[] } {
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

export const countOf = (q: Sql, expr: string) => (q.onPg ? `(${expr})::float8` : expr);
