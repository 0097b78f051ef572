// Money is an integer of the currency's smallest unit (its minor unit: cents for EUR, yen for JPY, fils for KWD) with
// the currency's ISO 4217 code: on the wire, in the database, in the PDFs. People read and type it in the currency's
// major unit. Everything here works on the integers or on decimal text, never on a float of the major unit, so
// 0.1 + 0.2 is never 0.30000000000000004 of anything. A currency of null is an amount with none (an invoice's):
// two decimals, no symbol.

/**
 * The largest amount kept, either side of zero: the money columns are Int (prisma/models.prisma), 32-bit on
 * PostgreSQL, as is GraphQL's Int that carries them.
 */
export const MAX_AMOUNT_MINOR = 2_147_483_647;

/** A whole amount of the smallest unit that the money columns keep (at most MAX_AMOUNT_MINOR either side of zero). */
export function isAmount(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && Math.abs(n) <= MAX_AMOUNT_MINOR;
}

function kept(n: number): number {
  if (!isAmount(n)) throw new RangeError(`${n} is not an amount kept (a whole number of at most ${MAX_AMOUNT_MINOR} either side of zero)`);
  return n === 0 ? 0 : n;
}

// Intl's formatters are costly to build (locale data): one per currency and locale, reused.
const formats = new Map<string, Intl.NumberFormat>();
function currencyFormat(locale: string | undefined, currency: string | null): Intl.NumberFormat {
  const key = `${locale ?? ""}|${currency ?? ""}`;
  let f = formats.get(key);
  if (!f) {
    if (formats.size > 200) formats.clear();
    const opts: Intl.NumberFormatOptions = currency === null ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { style: "currency", currency };
    formats.set(key, (f = new Intl.NumberFormat(locale, opts)));
  }
  return f;
}

/** How many digits the currency's minor unit has after the point (EUR 2, JPY 0, KWD 3); 2 for none or a code Intl refuses. */
export function minorDigits(currency: string | null): number {
  if (currency === null) return 2;
  try {
    return currencyFormat("en", currency).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount as the exact decimal text of the major unit: 123456 EUR -> "1234.56", -5 EUR -> "-0.05", 1200 JPY -> "1200". */
export function majorText(amount: number, currency: string | null): `${number}` {
  const digits = minorDigits(currency);
  const whole = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, "0");
  const sign = amount < 0 ? "-" : "";
  const text = digits ? `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}` : `${sign}${whole}`;
  return text as `${number}`;
}

/** An amount in the major unit as a number (the double nearest majorText), for formatters that take numbers. */
export const toMajor = (amount: number, currency: string | null): number => Number(majorText(amount, currency));

/** An amount as the text of an input (the major unit, every minor digit): 123456 EUR -> "1234.56"; null -> "". */
export function moneyInput(amount: number | null | undefined, currency: string | null): string {
  return amount === null || amount === undefined ? "" : majorText(amount, currency);
}

/**
 * An amount shown in a locale (the runtime's own when none is given): 123456 EUR "en-GB" -> "€1,234.56",
 * 1234 EUR "de" -> "12,34 €", 124550 and no currency "en-GB" -> "1,245.50". Intl formats the exact decimal text; a
 * currency code Intl refuses is written after the number ("12.34 XX").
 */
export function formatMoney(amount: number, currency: string | null, locale?: string): string {
  const text = majorText(amount, currency);
  try {
    return currencyFormat(locale, currency).format(text);
  } catch {
    return currency === null ? text : `${text} ${currency}`;
  }
}

export interface ParseOptions {
  /** More decimals than the currency has are rounded half up ("0.125" EUR -> 13) instead of refused. */
  round?: boolean;
  /** A leading minus is read (the default); false refuses it. */
  negative?: boolean;
}

/**
 * What was typed as an amount of the smallest unit: "1234.56", "1234,56", "1 234,56" or "1,234.56" EUR -> 123456; blank -> null;
 * anything else -> NaN, for the form to refuse: letters, more decimals than the currency has (unless `round`), a
 * minus (when `negative` is false), an amount beyond MAX_AMOUNT_MINOR. Read from the text, never through a float.
 */
export function parseMoney(text: string, currency: string | null, opts: ParseOptions = {}): number | null {
  return readMinor(text, currency, opts, MAX_AMOUNT_MINOR);
}

function readMinor(text: string, currency: string | null, opts: ParseOptions, limit: number): number | null {
  const s = ungrouped(text.replace(/[\s'’]/g, ""));
  if (s === "") return null;
  const m = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(s);
  if (!m || (m[1] && opts.negative === false)) return NaN;
  const digits = minorDigits(currency);
  const decimals = m[3] ?? "";
  if (decimals.length > digits && !opts.round) return NaN;
  const whole = m[2].replace(/^0+(?=\d)/, "");
  if (whole.length > 16) return NaN;
  const up = decimals.length > digits && decimals[digits] >= "5" ? 1n : 0n;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(decimals.slice(0, digits).padEnd(digits, "0") || "0") + up;
  if (minor > BigInt(limit)) return NaN;
  return m[1] && minor ? -Number(minor) : Number(minor);
}

/**
 * The text without its thousands separators, where they can only be that: "3,000.00" and "3.000,00" (both marks: the
 * last one is the decimal point), "1,000,000" or "1.000.000" (one mark, more than once). Groups must be of three
 * digits ("1,00.5" stays as typed, and is refused). A single mark ("1,500") stays a decimal point, as it always was.
 */
function ungrouped(s: string): string {
  const point = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  if (point < 0) return s;
  const mark = s[point];
  const other = mark === "." ? "," : ".";
  if (s.includes(other)) {
    const whole = s.slice(0, point);
    return /^-?\d{1,3}(?:[.,]\d{3})+$/.test(whole) && !whole.includes(mark) ? whole.split(other).join("") + "." + s.slice(point + 1) : s;
  }
  if (s.indexOf(mark) === point) return s;
  return /^-?\d{1,3}(?:[.,]\d{3})+$/.test(s) ? s.split(mark).join("") : s;
}

/**
 * A number of the major unit (the invoices

/**
 * A number of the major unit (the invoices' Float amount, a number in JSON) in the minor unit, rounded half up as the
 * number prints, not as its binary double: 245.5 -> 24550, 1.005 -> 101; NaN past Number.MAX_SAFE_INTEGER (where
 * integers stop being exact: isAmount says whether a money column keeps it).
 */
export function minorOf(major: number, currency: string | null): number {
  const printed = String(major);
  // Only the very large and the very small print with an exponent: the first are past the safe integers, the others 0.
  const text = !Number.isFinite(major) ? "" : !printed.includes("e") ? printed : Math.abs(major) < 1 ? "0" : "";
  return readMinor(text, currency, { round: true }, Number.MAX_SAFE_INTEGER) ?? NaN;
}

/** A number of the major unit shown as money (formatMoney of minorOf); one past the safe integers as it prints. */
export function formatMajor(major: number, currency: string | null, locale?: string): string {
  const minor = minorOf(major, currency);
  return Number.isNaN(minor) ? String(major) : formatMoney(minor, currency, locale);
}

/** The sum of amounts; a RangeError when one is not a whole amount or the sum is beyond MAX_AMOUNT_MINOR. */
export function addMoney(...amounts: number[]): number {
  return kept(amounts.reduce((sum, a) => sum + kept(a), 0));
}

const big = (n: number | bigint, what: string): bigint => {
  if (typeof n === "bigint") return n;
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} ${n} is not a whole number`);
  return BigInt(n);
};

/**
 * numerator / denominator rounded half up to a whole amount, in integers: a tie goes away from zero (5 / 2 -> 3,
 * -5 / 2 -> -3), as a price rounds a half cent up whatever its sign. A RangeError beyond MAX_AMOUNT_MINOR.
 */
export function roundHalfUp(numerator: number | bigint, denominator: number | bigint = 1): number {
  let n = big(numerator, "numerator");
  let d = big(denominator, "denominator");
  if (d === 0n) throw new RangeError("denominator is 0");
  if (d < 0n) [n, d] = [-n, -d];
  const q = n / d;
  const r = n % d;
  const twice = r < 0n ? -2n * r : 2n * r;
  const rounded = twice >= d ? q + (n < 0n ? -1n : 1n) : q;
  return kept(Number(rounded));
}

/** A percentage's decimal text as integers: 12.5 -> [125n, 1000n] (12.5 per 100), exactly as the number prints. */
function percentFraction(percent: number): [bigint, bigint] {
  const m = Number.isFinite(percent) ? /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(percent)) : null;
  if (!m) throw new RangeError(`percent ${percent} is not a number`);
  const shift = (m[3] ?? "").length - Number(m[4] ?? 0);
  const digits = BigInt(`${m[1]}${m[2]}${m[3] ?? ""}`);
  return shift >= 0 ? [digits, 100n * 10n ** BigInt(shift)] : [digits * 10n ** BigInt(-shift), 100n];
}

/** `percent` per cent of an amount, rounded half up (12.5 % of 1234 -> 154.25 -> 154; of 1236 -> 154.5 -> 155). */
export function percentOf(amount: number, percent: number): number {
  const [n, d] = percentFraction(percent);
  return roundHalfUp(big(kept(amount), "amount") * n, d);
}
