import { readEnv } from "../../core/config.js";
import { STATUS_CODES, type StatusCode } from "./status.codes.js";

export const isStatusCode = (v: unknown): v is StatusCode => typeof v === "string" && (STATUS_CODES as readonly string[]).includes(v);

/** Quiet parcels: no history for this many days (STALE_AFTER_DAYS, default 5). */
export function staleAfterDays(): number {
  return readEnv("STALE_AFTER_DAYS");
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

const EMAIL_IN_TEXT = /[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+/g;
// Postcode shapes common enough to find in free text: UK, Canada, the Netherlands, Poland, Brazil,
// Japan, US ZIP(+4) and five-digit codes, and four-digit codes that are not years (1900-2099).
const POSTCODE_IN_TEXT = new RegExp(
  [
    "\\b[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}\\b",
    "\\b[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d\\b",
    "\\b\\d{4}\\s?[A-Z]{2}\\b",
    "\\b\\d{2}-\\d{3}\\b",
    "\\b\\d{5}-\\d{3}\\b",
    "\\b\\d{3}-\\d{4}\\b",
    "\\b\\d{5}(?:-\\d{4})?\\b",
    "\\b(?!19\\d\\d\\b|20\\d\\d\\b)\\d{4}\\b",
  ].join("|"),
  "gi",
);
const MASK = "•••";

/** The recipient's own postcode wherever it stands in a text, however spaced or cased. */
function postcodePattern(postcode: string | null): RegExp | null {
  const chars = normalizePostcode(postcode ?? "");
  if (chars.length < 3) return null;
  return new RegExp(chars.split("").join("[^0-9A-Za-z]*"), "gi");
}

/**
 * The admin's words on a protected parcel's public view: kept, but any e-mail address, the
 * recipient's postcode and text shaped like a postcode are masked.
 */
export function maskSecrets(text: string | null, postcode: string | null, email: string | null): string | null {
  if (text == null) return text;
  let out = text.replace(EMAIL_IN_TEXT, MASK);
  const own = postcodePattern(postcode);
  if (own) out = out.replace(own, MASK);
  if (email?.trim()) out = out.split(email.trim()).join(MASK);
  return out.replace(POSTCODE_IN_TEXT, MASK);
}

/**
 * A place typed as free text ("18 Rue de Rivoli, 75004 Paris, France") as its town and country
 * only ("Paris, France"): the last part is taken as the country, the nearest part before it that
 * still has a word without digits once postcodes and region codes ("NY 10118") are dropped as
 * the town. The first of three or more parts (the street) is never used, nor a part with a house
 * number; e-mails and the recipient's postcode never survive.
 */
export function townAndCountry(place: string | null, postcode: string | null, email: string | null): string | null {
  if (place == null) return null;
  const own = postcodePattern(postcode);
  const clean = (part: string) => {
    let p = part.replace(EMAIL_IN_TEXT, " ");
    if (own) p = p.replace(own, " ");
    if (email?.trim()) p = p.split(email.trim()).join(" ");
    // Words with digits are house numbers and postcodes; two capitals alone are a region code.
    return p.split(/\s+/).filter((w) => w && !/\d/.test(w) && !/^[A-Z]{2}$/.test(w) && !/^[^\p{L}]+$/u.test(w)).join(" ");
  };
  const parts = place.split(/[,\n;]+/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return null;
  if (parts.length === 1) return clean(parts[0]) || null;
  const country = clean(parts[parts.length - 1]);
  let town = "";
  const first = parts.length >= 3 ? 1 : 0;
  for (let i = parts.length - 2; i >= first && !town; i--) {
    if (i === 0 && /\d/.test(parts[0])) break;
    town = clean(parts[i]);
  }
  return [town, country].filter(Boolean).join(", ") || null;
}
