// Money on the wire is an integer of the currency's smallest unit; people read and type it in the currency.

/** How many digits the currency's smallest unit has after the point (EUR 2, JPY 0, BHD 3). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in the smallest unit, shown in the reader's locale: 123456 EUR -> "€1,234.56". */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** An amount in the smallest unit as the text of an input: 123456 EUR -> "1234.56"; null -> "". */
export function moneyInput(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return "";
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * What was typed as an amount in the smallest unit: "1234.56" or "1234,56" EUR -> 123456; blank -> null;
 * anything else (letters, more decimals than the currency has) -> NaN, for the form to refuse.
 */
export function parseMoney(text: string, currency: string): number | null {
  const s = text.trim().replace(/\s/g, "");
  if (s === "") return null;
  const digits = minorDigits(currency);
  const m = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(s);
  if (!m || (m[3] ?? "").length > digits) return NaN;
  const minor = Number(m[2]) * 10 ** digits + Number((m[3] ?? "").padEnd(digits, "0") || "0");
  return m[1] ? -minor : minor;
}
