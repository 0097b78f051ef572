import type { TFunction } from "i18next";
import { languageOf } from "@shared/i18n/languages";
import { FINAL_STATUSES, isStatusCode } from "./status";
import { kept } from "../../formatted";
import { beforeLocal } from "../../components/hydrated";

const DAY_MS = 24 * 3600_000;

/** The real language tag of a chooser's code (i18next's language: `in` is Hindi's `hi`), for Intl. */
const tagOf = (lng: string) => languageOf(lng).tag;

/** Intl formatters are costly to build (locale data): one per kind, language and options, reused. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * `apply` with the formatter of these options, its string kept by `input` (client/formatted.ts) unless it depends on
 * where it runs: a date format with no time zone named (the visitor's own) that is not kept as local days.
 */
function format<K extends "d" | "n">(
  kind: K,
  lng: string,
  opts: K extends "d" ? Intl.DateTimeFormatOptions : Intl.NumberFormatOptions,
  input: string,
  apply: (f: K extends "d" ? Intl.DateTimeFormat : Intl.NumberFormat) => string,
  keep = kind === "n" || !!(opts as Intl.DateTimeFormatOptions).timeZone,
): string {
  const tag = tagOf(lng);
  const key = `${kind}${tag}${JSON.stringify(opts)}`;
  const run = () => {
    let f = formatters.get(key);
    if (!f) formatters.set(key, (f = kind === "d" ? new Intl.DateTimeFormat(tag, opts) : new Intl.NumberFormat(tag, opts)));
    return apply(f as Parameters<typeof apply>[0]);
  };
  return keep ? kept(key, input, run) : run();
}

/**
 * The time zone to format instants in: `timeZone`, or where none is given the visitor's own, named UTC when it is
 * UTC at those instants (the server's string then, without Intl). As options, empty for the visitor's own.
 */
function zoneAt(timeZone: string | undefined, ...at: Date[]): { timeZone?: string } {
  const zone = timeZone ?? (at.every((d) => d.getTimezoneOffset() === 0) ? "UTC" : undefined);
  return zone ? { timeZone: zone } : {};
}

type Cycle = "h12" | "h23";
const cycles = new Map<string, Cycle | null>();
/**
 * A locale's clock: 12 h (with AM/PM) or 24 h, from CLDR's preferred hour cycle (Intl.Locale: no formatter is built,
 * but the first one asked loads ICU's data for dates, 10-20 ms here: see beforeLocal below). Kept by tag.
 */
function cycleOf(tag: string): Cycle | null {
  let cycle = cycles.get(tag);
  if (cycle !== undefined) return cycle;
  try {
    const l = new Intl.Locale(tag) as Intl.Locale & { getHourCycles?: () => string[]; hourCycles?: string[] };
    const c = (l.getHourCycles?.() ?? l.hourCycles)?.[0];
    cycle = c ? (c === "h11" || c === "h12" ? "h12" : "h23") : null;
  } catch {
    cycle = null;
  }
  cycles.set(tag, cycle);
  return cycle;
}
let ownCycle: Cycle | null | undefined;
/** The visitor's clock, as their browser's first language has it (en-GB: 24 h, en-US: 12 h); none on the server. */
function visitorCycle(): Cycle | null {
  if (ownCycle === undefined) {
    const own = typeof window === "undefined" ? undefined : (navigator.languages?.[0] ?? navigator.language);
    ownCycle = own ? cycleOf(own) : null;
  }
  return ownCycle;
}
let clockWarmed = false;
/**
 * A page that shows a time of day shows it with the visitor's clock once hydrated: both clocks are then read first,
 * each in a task of its own, so the render that follows loads no locale data (on a phone the first read is a long
 * task). Called by every formatter of a time; only in the browser, once.
 */
function warmClock(lng: string): void {
  if (clockWarmed || typeof window === "undefined") return;
  clockWarmed = true;
  beforeLocal(visitorCycle);
  beforeLocal(() => cycleOf(tagOf(lng)));
}

/**
 * A time of day the visitor's way: in the language shown, with their own clock (24 h or 12 h) where it is not the
 * language's (English is 12 h, a British visitor's browser 24 h). Only in the visitor's own zone (no `timeZone`): what
 * the server renders, and the hydrating client with it, is the language's (components/hydrated.ts), then the visitor's.
 * One rule for every time the site shows: the tracking page's window and moments, the control panel's times.
 */
function clockOf(lng: string, timeZone: string | undefined): { hourCycle?: Cycle } {
  warmClock(lng);
  if (timeZone) return {};
  const own = visitorCycle();
  return own && own !== cycleOf(tagOf(lng)) ? { hourCycle: own } : {};
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
    return format("d", lng, { ...opts, ...zoneAt("timeZone" in opts ? opts.timeZone : "UTC", d) }, `${+d}`, (f) => f.format(d));
  } catch {
    return iso;
  }
}

/** A currency's symbol with Latin letters in it ("UK£", "US$", "CHF"), with the signs beside them. */
const LATIN_SYMBOL =
  /[^\s\d\u0660-\u0669\u06f0-\u06f9\u066b\u066c\u200e\u200f\u061c.,-]*[A-Za-z][^\s\d\u0660-\u0669\u06f0-\u06f9\u066b\u066c\u200e\u200f\u061c.,]*/;

/**
 * A formatted amount in the language `lng` with, in a right-to-left language, its currency's Latin symbol isolated
 * (U+2068 ... U+2069): Arabic writes the pound sterling "16.00 UK£", and in a right-to-left line the bidirectional
 * algorithm drew its "£" to the left of "UK" ("£UK 16.00"). Left-to-right languages: the text as it is.
 */
export function bidiMoney(lng: string, text: string): string {
  const language = languageOf(lng);
  return "rtl" in language && language.rtl ? text.replace(LATIN_SYMBOL, (symbol) => `\u2068${symbol}\u2069`) : text;
}

export function fmtNumber(lng: string, n: number, opts?: Intl.NumberFormatOptions): string {
  try {
    return format("n", lng, opts ?? {}, `${n}`, (f) => f.format(n));
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
    // Local midnights shown in the local zone: the same days wherever this runs, so kept by their dates.
    return format("d", lng, opts, `${min}/${max}`, (f) => (start.getTime() === end.getTime() ? f.format(start) : f.formatRange(start, end)), true);
  } catch {
    return start.getTime() === end.getTime() ? (min ?? max ?? "") : `${min} – ${max}`;
  }
}

/** "10:15 – 11:15" in the visitor's language and clock: a delivery window (an hour or so), times alone even across midnight. */
export function fmtTimeRange(lng: string, from: string, to: string, timeZone?: string): string {
  try {
    const a = new Date(from);
    const b = new Date(to);
    const opts = { timeStyle: "short", ...clockOf(lng, timeZone), ...zoneAt(timeZone, a, b) } as const;
    return format("d", lng, opts, `${+a}/${+b}`, (f) => `${f.format(a)} – ${f.format(b)}`);
  } catch {
    return `${from}–${to}`;
  }
}

/** "14:05" (or "2:05 PM") in the visitor's language and clock: a time of day alone. */
export function fmtTime(lng: string, iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return format("d", lng, { timeStyle: "short", ...clockOf(lng, timeZone), ...zoneAt(timeZone, d) }, `${+d}`, (f) => f.format(d));
  } catch {
    return iso;
  }
}

/**
 * A moment in the visitor's own time zone and clock, e.g. "24 Nov 2026, 14:05" (or in `timeZone`: the server renders
 * UTC, and the hydrating client too, before it shows the visitor's own: components/hydrated.ts).
 */
export function fmtMoment(lng: string, iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return format("d", lng, { dateStyle: "medium", timeStyle: "short", ...clockOf(lng, timeZone), ...zoneAt(timeZone, d) }, `${+d}`, (f) => f.format(d));
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
    category = kept(`p${tag}`, String(count), () => new Intl.PluralRules(tag).select(count));
  } catch {
    /* keep "other" */
  }
  const shown = fmtNumber(lng, count);
  const replace = { count: shown };
  return t(`${key}_${category}`, { replace, defaultValue: t(`${key}_other`, { replace }) });
}
