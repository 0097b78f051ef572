// The control panel's numbers, dates, times and money: in its language (the member's, client/control/i18n.tsx sets it
// with setControlLanguage before each render) with the visitor's own clock, 24 h or 12 h as their browser's locale has
// it, the one rule the public pages follow too (modules/parcel/format.ts). Screens call these, never toLocale*String.
import { languageOf, type LanguageCode } from "@shared/i18n/languages";
import { fmtDate, fmtMoment, fmtNumber, fmtTime, fmtTimeRange } from "../modules/parcel/format";
import { fmtMoney } from "../modules/quote/money";

let lng: LanguageCode = "en";

/** The language the helpers below format in (the control panel's, set by <ControlI18n>). */
export function setControlLanguage(code: LanguageCode): void {
  lng = code;
}
export const controlLanguage = (): LanguageCode => lng;

/** "14:05" or "2:05 PM", in the browser's time zone. */
export const clock = (iso: string | null | undefined): string => fmtTime(lng, iso);

/**
 * "10:15 – 11:15": a window, in the browser's time zone; with its day in front ("Mon, 30 Nov 06:08 – 07:09") when it
 * does not start today, so a window past midnight is not read as this morning's.
 */
export function clockRange(from: string, to: string, now = new Date()): string {
  const range = fmtTimeRange(lng, from, to);
  const start = new Date(from);
  return Number.isNaN(start.getTime()) || start.toDateString() === now.toDateString() ? range : `${day(from)} ${range}`;
}

/** "24 Nov 2026, 14:05": a moment, in the browser's time zone. */
export const moment = (iso: string | null | undefined): string => fmtMoment(lng, iso);

/** A calendar day ("2026-11-24") or an instant's day in the browser's zone, e.g. "Tue, 24 Nov" (opts as Intl's). */
export function day(iso: string | null | undefined, opts: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" }): string {
  if (!iso) return "";
  // A calendar day is that day wherever the browser is; an instant is the browser's day.
  return iso.length === 10
    ? fmtDate(lng, iso, { ...opts, timeZone: "UTC" })
    : fmtDate(lng, iso, { ...opts, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
}

type DurationFormatter = { format(d: { hours?: number; minutes?: number }): string };
type DurationFormatCtor = new (tag: string, opts: { style: "short" }) => DurationFormatter;

/**
 * A length of time in minutes as the language writes it, hours from 60 minutes on: "25 hr, 15 min", "25 Std., 15 Min.",
 * "45 min" (Intl.DurationFormat where the browser has it, else each unit by Intl.NumberFormat in a unit list).
 */
export function duration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const mins = total % 60;
  const tag = languageOf(lng).tag;
  const parts = hours ? (mins ? { hours, minutes: mins } : { hours }) : { minutes: mins };
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;
  try {
    if (DurationFormat) return new DurationFormat(tag, { style: "short" }).format(parts);
    const unit = (n: number, u: "hour" | "minute") => new Intl.NumberFormat(tag, { style: "unit", unit: u, unitDisplay: "short" }).format(n);
    const list = [hours ? unit(hours, "hour") : null, !hours || mins ? unit(mins, "minute") : null].filter((x): x is string => x !== null);
    return new Intl.ListFormat(tag, { type: "unit", style: "short" }).format(list);
  } catch {
    return `${number(total)} min`;
  }
}

/** A number in the language's digits and separators ("1.234,5"). */
export const number = (n: number, opts?: Intl.NumberFormatOptions): string => fmtNumber(lng, n, opts);

/** An integer amount of the currency's smallest unit ("12,34 €"). */
export const money = (amount: number, currency: string): string => fmtMoney(lng, amount, currency);
