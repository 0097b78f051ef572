import type { TFunction } from "i18next";
import { languageOf } from "../../i18n/languages";
import { FINAL_STATUSES, isStatusCode } from "./status";

const DAY_MS = 24 * 3600_000;

/** The real language tag of a chooser's code (i18next's language: `in` is Hindi's `hi`), for Intl. */
const tagOf = (lng: string) => languageOf(lng).tag;

/** Intl formatters are costly to build (locale data); one per language and options, reused. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(tag: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${tag}${JSON.stringify(opts)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(tag, opts)));
  return f;
}
function numberFormat(tag: string, opts?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n${tag}${JSON.stringify(opts ?? {})}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(tag, opts)));
  return f;
}

/** A calendar date (YYYY-MM-DD) as local midnight, so it shows as the same day in any time zone. */
export function calendarDate(ymd: string | null | undefined): Date | null {
  const m = ymd ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** An instant or a calendar date, in the visitor's language `lng` (i18n.language; UTC unless opts say otherwise). */
export function fmtDate(lng: string, iso: string | null | undefined, opts: Intl.DateTimeFormatOptions): string {
  if (!iso) return "";
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return dateFormat(tagOf(lng), { timeZone: "UTC", ...opts }).format(d);
  } catch {
    return iso;
  }
}

export function fmtNumber(lng: string, n: number, opts?: Intl.NumberFormatOptions): string {
  try {
    return numberFormat(tagOf(lng), opts).format(n);
  } catch {
    return String(n);
  }
}

/**
 * The estimated delivery window in the visitor's language and time zone, e.g. "Tue, 24 Nov –
 * Thu, 26 Nov" (the year only when it is not this year). One date when both ends are equal.
 */
export function deliveryWindow(lng: string, min: string | null | undefined, max: string | null | undefined, now = new Date()): string {
  const a = calendarDate(min);
  const b = calendarDate(max);
  const from = a ?? b;
  const to = b ?? a;
  if (!from || !to) return "";
  const [start, end] = from <= to ? [from, to] : [to, from];
  const otherYear = start.getFullYear() !== now.getFullYear() || end.getFullYear() !== now.getFullYear();
  const opts: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", ...(otherYear ? { year: "numeric" } : {}) };
  try {
    const f = dateFormat(tagOf(lng), opts);
    return start.getTime() === end.getTime() ? f.format(start) : f.formatRange(start, end);
  } catch {
    return start.getTime() === end.getTime() ? (min ?? max ?? "") : `${min} – ${max}`;
  }
}

/**
 * A moment in the visitor's own time zone, e.g. "24 Nov 2026, 14:05" (or in `timeZone`: the server renders
 * UTC, and the hydrating client too, before it shows the visitor's own: components/hydrated.ts).
 */
/** "10:15 – 11:15" in the visitor's language: a delivery window (an hour or so), times alone even across midnight. */
export function fmtTimeRange(lng: string, from: string, to: string, timeZone?: string): string {
  try {
    const f = dateFormat(tagOf(lng), { timeStyle: "short", ...(timeZone ? { timeZone } : {}) });
    return `${f.format(new Date(from))} – ${f.format(new Date(to))}`;
  } catch {
    return `${from}–${to}`;
  }
}

export function fmtMoment(lng: string, iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return dateFormat(tagOf(lng), { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(d);
  } catch {
    return iso;
  }
}

/**
 * Whole days without news when the parcel has gone quiet (at least quiet_after_days and not in a
 * final status), else null. Same rule as the control panel's list of quiet parcels.
 */
export function quietDays(p: { last_event_at: string; quiet_after_days: number; status_code?: string | null }, now = Date.now()): number | null {
  if (isStatusCode(p.status_code) && FINAL_STATUSES.includes(p.status_code)) return null;
  const last = new Date(p.last_event_at).getTime();
  if (Number.isNaN(last)) return null;
  const days = Math.floor((now - last) / DAY_MS);
  return days >= Math.max(1, p.quiet_after_days) ? days : null;
}

/**
 * A plural string (`key_one`, `key_few`, `key_other`, ... as i18next names them) chosen with the
 * plural rules of the language's real tag: the chooser's codes `in`, `se` and `vn` are not
 * Hindi's, Swedish's and Vietnamese's tags, so i18next's own choice by code would be wrong there.
 * The count is shown with the language's digits.
 */
export function plural(t: TFunction, lng: string, key: string, count: number): string {
  const tag = tagOf(lng);
  let category: string = "other";
  try {
    category = new Intl.PluralRules(tag).select(count);
  } catch {
    /* keep "other" */
  }
  const shown = fmtNumber(lng, count);
  const replace = { count: shown };
  return t(`${key}_${category}`, { replace, defaultValue: t(`${key}_other`, { replace }) });
}
