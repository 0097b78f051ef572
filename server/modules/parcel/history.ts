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
const INTERNAL = new Set<string>(["scan_id", "replaced_status_code", "replaced_status_reason", "created_by_id"] satisfies Internal[]);

/**
 * The row's own fields in their order, without those in `left` (for views built on every cache miss:
 * a loop of assignments, where rest destructuring and spreads cost several times as much).
 */
export function copyWithout(row: object, left: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in row) if (!left.has(k)) out[k] = (row as Record<string, unknown>)[k];
  return out;
}

/** The month, day and time of an entry's created_at, in UTC, added to `out`. */
export function addDerivedTime(out: Record<string, unknown>, d: Date) {
  out.created_at_month = MONTHS[d.getUTCMonth()];
  out.created_at_day = two(d.getUTCDate());
  out.created_at_time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return out;
}

/** The entry as it is shown: without its internal columns, with the derived month/day/time of created_at, in UTC. */
export function withDerivedTime<T extends { created_at: Date }>(row: T) {
  return addDerivedTime(copyWithout(row, INTERNAL), row.created_at) as Omit<T, Internal> & {
    created_at_month: string;
    created_at_day: string;
    created_at_time: string;
  };
}

/** The internal columns of an entry, for views that copy entries themselves. */
export const INTERNAL_ENTRY_FIELDS: ReadonlySet<string> = INTERNAL;
