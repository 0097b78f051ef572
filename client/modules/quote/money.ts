import { fmtNumber } from "../parcel/format";

/** The digits after the decimal point of a currency (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An integer amount of the currency's smallest unit, shown in the visitor's language `lng` ("12,34 €"). */
export function fmtMoney(lng: string, amount: number, currency: string): string {
  return fmtNumber(lng, amount / 10 ** minorDigits(currency), { style: "currency", currency });
}

/** A typed amount in major units ("12.5" or "12,5") as the smallest unit (1250); null when it is not a number. */
export function toMinor(text: string, currency: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  return Math.round(Number(t) * 10 ** minorDigits(currency));
}
