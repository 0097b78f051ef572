import { csvCell } from "../common/csv.js";

import type { rawDaily, rawSummary } from "./reports.raw.js";

// The reports as CSV (contract section 14: ?format=csv).

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
