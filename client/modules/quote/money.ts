import { parseMoney, toMajor } from "@shared/core/money";
import { bidiMoney, fmtNumber } from "../parcel/format";

/**
 * An integer amount of the currency's smallest unit, shown in the visitor's language `lng` ("12,34 €"): through
 * fmtNumber, so a page the server rendered carries the string (client/formatted.ts); a Latin symbol isolated in a
 * right-to-left language (bidiMoney).
 */
export function fmtMoney(lng: string, amount: number, currency: string): string {
  return bidiMoney(lng, fmtNumber(lng, toMajor(amount, currency), { style: "currency", currency }));
}

/** A typed amount in major units ("12.5" or "12,5") as the smallest unit (1250), rounded half up; null when it is not an amount. */
export function toMinor(text: string, currency: string): number | null {
  const minor = parseMoney(text, currency, { round: true, negative: false });
  return minor === null || Number.isNaN(minor) ? null : minor;
}
