import { serverTexts, type ServerLanguage } from "../../core/server-i18n.js";
import { formatMoney } from "../../../shared/core/money.js";

/**
 * What the server writes to a shipper in its language (`Shipper.language`; none: the company's, settings/company-language.ts): its account mails
 * (verification, password reset, invitation), the statement's mail and the statement and COD remittance PDFs.
 * The texts are ./locales/<code>.json (server/core/server-i18n.ts reads them); money, dates and durations are
 * the language's own by Intl (English keeps en-GB's, as before).
 */
export interface ShipperLanguage extends ServerLanguage {
  /** The locale for Intl: the language's tag, en-GB for English. */
  locale: string;
  /** An amount in the currency's smallest unit: 123456 EUR -> "1.234,56 €" in German. */
  money(minor: number, currency: string | null): string;
  /** A day (a Date, or YYYY-MM-DD) written out: "5. März 2026". */
  date(d: Date | string): string;
  /** A day in digits, for a table: "05.03.2026". */
  day(d: Date | string): string;
  /** A duration: "72 Stunden", "30 دقيقة". */
  hours(n: number): string;
  minutes(n: number): string;
}

const texts = serverTexts("server/modules/shipper/locales");

export function shipperLanguage(code: string | null | undefined): ShipperLanguage {
  const l = texts(code);
  const locale = l.code === "en" ? "en-GB" : l.tag;
  const long = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  const asDate = (d: Date | string) => (typeof d === "string" ? new Date(`${d}T00:00:00Z`) : d);
  const written = (f: Intl.DateTimeFormat) => (d: Date | string) => {
    const at = asDate(d);
    return Number.isNaN(at.getTime()) ? String(d) : f.format(at);
  };
  const unit = (u: string) => new Intl.NumberFormat(locale, { style: "unit", unit: u, unitDisplay: "long" });
  return {
    ...l,
    locale,
    money: (minor, currency) => formatMoney(minor, currency, locale),
    date: written(long),
    day: written(short),
    hours: (n) => unit("hour").format(n),
    minutes: (n) => unit("minute").format(n),
  };
}
