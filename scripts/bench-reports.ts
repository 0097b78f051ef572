// The benchmark's "reports" section (scripts/bench.ts, issue 39): the owner's dashboard on the dated history
// (bench-fill.ts's datedPlan: a year of parcels with their entries, bookings and couriers' runs), while another
// client looks a parcel up every 20 ms. Targets (api-contract.md section 14): a 31-day summary under 500 ms, a
// year's daily report under 1 s, no look-up over 100 ms meanwhile.
import { percentile, probeDuring } from "./bench-heavy.js";

export const SUMMARY_MS = 500;
export const DAILY_MS = 1000;
export const LOOKUP_MS = 100;

export interface ReportRow {
  report: string;
  calls: number;
  /** Each call's milliseconds, the first (cold) included. */
  first_ms: number;
  p50_ms: number;
  max_ms: number;
  lookups: number;
  lookup_p50: number;
  lookup_p99: number;
  lookup_max: number;
  failed: number;
  pass: boolean;
  limit_ms: number;
}

/**
 * Waits until the server's daily roll-ups are built (the server rebuilds them in the background on its first start
 * over the filled database) and nothing is left to recount; answers the seconds waited, or null with
 * REPORTS_SOURCE=raw (the reports then read the raw data: the "before" figures).
 */
export async function waitForRollups(url: string, timeoutMs = 3_600_000): Promise<number | null> {
  if (process.env.REPORTS_SOURCE === "raw") return null;
  const t0 = Date.now();
  const ready = async (): Promise<boolean> => {
    if (url.startsWith("file:")) {
      const { default: Database } = await import("better-sqlite3");
      const db = new Database(url.slice(5), { readonly: true, fileMustExist: true });
      try {
        const s = db.prepare(`SELECT "ready" FROM "ReportState" WHERE "id" = 1`).get() as { ready: number } | undefined;
        return !!s?.ready && !db.prepare(`SELECT 1 FROM "ReportDirty" LIMIT 1`).get();
      } finally {
        db.close();
      }
    }
    const { default: pg } = await import("pg");
    const { pgTarget } = await import("../server/db/migrate.js");
    const { connectionString, schema } = pgTarget(url);
    const c = new pg.Client({ connectionString });
    await c.connect();
    try {
      const q = (t: string) => `"${schema ?? "public"}"."${t}"`;
      const s = await c.query(`SELECT "ready" FROM ${q("ReportState")} WHERE "id" = 1`);
      return !!s.rows[0]?.ready && !(await c.query(`SELECT 1 FROM ${q("ReportDirty")} LIMIT 1`)).rows.length;
    } finally {
      await c.end();
    }
  };
  while (!(await ready())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`the report roll-ups were not built within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return Math.round((Date.now() - t0) / 100) / 10;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Times `calls` GETs of a report one after another, with the look-ups of `code` beside them. */
async function measure(base: string, cookie: string, code: string, report: string, path: string, limit: number, calls = 5): Promise<ReportRow> {
  const times: number[] = [];
  const probed = await probeDuring(base, code, async () => {
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await r.text();
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${body.slice(0, 300)}`);
      times.push(performance.now() - t0);
    }
  });
  const round = (v: number) => Math.round(v * 10) / 10;
  const lookupMax = Math.max(0, ...probed.lookups);
  const row = {
    report,
    calls,
    first_ms: round(times[0]),
    p50_ms: round(percentile(times, 50)),
    max_ms: round(Math.max(...times)),
    lookups: probed.lookups.length,
    lookup_p50: round(percentile(probed.lookups, 50)),
    lookup_p99: round(percentile(probed.lookups, 99)),
    lookup_max: round(lookupMax),
    failed: probed.failed,
    limit_ms: limit,
  };
  return { ...row, pass: row.max_ms <= limit && row.lookup_max <= LOOKUP_MS && row.failed === 0 };
}

/** The section's measurements against a running server (the fill's TIME_ZONE: UTC). */
export async function reportsSection(base: string, cookie: string, code: string, now = Date.now()): Promise<ReportRow[]> {
  const to = day(now);
  const month = `from=${day(now - 30 * 86_400_000)}&to=${to}`;
  const year = `from=${day(now - 365 * 86_400_000)}&to=${to}`;
  return [
    await measure(base, cookie, code, "31-day summary", `/api/reports/summary?${month}`, SUMMARY_MS),
    await measure(base, cookie, code, "31-day summary, one shipper", `/api/reports/summary?${month}&shipper_id=3`, SUMMARY_MS),
    await measure(base, cookie, code, "a year's daily report", `/api/reports/daily?${year}`, DAILY_MS),
    await measure(base, cookie, code, "a year's daily report, CSV", `/api/reports/daily?${year}&format=csv`, DAILY_MS),
  ];
}
