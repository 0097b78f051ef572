import { STATUS_CODES, type StatusCode } from "./status.codes.js";

export { FINAL_STATUSES, STATUS_CODES, STATUS_RULES, type StatusCode } from "./status.codes.js";

export const isStatusCode = (v: unknown): v is StatusCode => typeof v === "string" && (STATUS_CODES as readonly string[]).includes(v);

/** Quiet parcels: no history for this many days (STALE_AFTER_DAYS, default 5). */
export function staleAfterDays(): number {
  const n = Number(process.env.STALE_AFTER_DAYS);
  return Number.isInteger(n) && n > 0 ? n : 5;
}

/** Recipient notifications are sent only for history entries at most this old. */
export const NOTIFY_MAX_AGE_MS = 7 * 24 * 3600_000;

/** Normalises a postcode for comparison: letters and digits only, upper case. */
export const normalizePostcode = (v: string) => v.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

/**
 * Whether a second factor unlocks a protected parcel's details: the recipient's postcode or
 * e-mail address, compared loosely (case, spaces) and in constant time.
 */
export function secondFactorMatches(given: string | undefined | null, postcode: string | null, email: string | null): boolean {
  const g = (given ?? "").trim();
  if (!g) return false;
  const candidates: [string, string][] = [];
  if (postcode) candidates.push([normalizePostcode(g), normalizePostcode(postcode)]);
  if (email) candidates.push([g.toLowerCase(), email.trim().toLowerCase()]);
  let ok = false;
  for (const [a, b] of candidates) ok = (b.length > 0 && a.length === b.length && timingSafe(a, b)) || ok;
  return ok;
}

function timingSafe(a: string, b: string): boolean {
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** "Jane Doe" → "J*** D***": enough for the recipient to recognise, too little for anyone else. */
export const maskName = (name: string | null) =>
  name == null ? null : name.trim().split(/\s+/).filter(Boolean).map((w) => `${[...w][0]}***`).join(" ");

/** About 11 km: a coarse place instead of an address. */
export const coarse = (v: number | null) => (v == null ? null : Math.round(v * 10) / 10);
