/**
 * A parcel's history entry as every view shows it (the parcel's views, the activity and scan
 * answers, webhooks, e-mails): without the server's own bookkeeping columns, with the month, day
 * and time of created_at derived in UTC. The parcel module reads the history; the activity module
 * writes it.
 */

/** The history oldest first, as every view lists it. */
export const historyOrder = { orderBy: [{ created_at: "asc" as const }, { id: "asc" as const }] };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** Columns of an entry that are the server's own bookkeeping: never in a view, a webhook or an e-mail. */
type Internal = "scan_id" | "replaced_status_code" | "replaced_status_reason" | "created_by_id";

/** The entry as it is shown: without its internal columns, with the derived month/day/time of created_at, in UTC. */
export function withDerivedTime<T extends { created_at: Date }>(row: T) {
  const { scan_id: _s, replaced_status_code: _c, replaced_status_reason: _r, created_by_id: _b, ...a } = row as T & Partial<Record<Internal, unknown>>;
  const d = a.created_at;
  return {
    ...(a as Omit<T, Internal>),
    created_at_month: MONTHS[d.getUTCMonth()],
    created_at_day: two(d.getUTCDate()),
    created_at_time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
  };
}
