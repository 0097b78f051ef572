// The control panel's numbers, dates, times and money: in its language (the member's, client/control/i18n.tsx sets it
// with setControlLanguage before each render) with the visitor's own clock, 24 h or 12 h as their browser's locale has
// it, the one rule the public pages follow too (modules/parcel/format.ts). Screens call these, never toLocale*String.
import type { LanguageCode } from "@shared/i18n/languages";
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

/** A number in the language's digits and separators ("1.234,5"). */
export const number = (n: number, opts?: Intl.NumberFormatOptions): string => fmtNumber(lng, n, opts);

/** An integer amount of the currency's smallest unit ("12,34 €"). */
export const money = (amount: number, currency: string): string => fmtMoney(lng, amount, currency);
