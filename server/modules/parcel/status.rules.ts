import { readEnv } from "../../core/config.js";
import { STATUS_CODES, type StatusCode } from "../../../shared/modules/parcel/status.codes.js";

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
  name == null
    ? null
    : name
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => `${[...w][0]}***`)
        .join(" ");

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

// Words that make a part of an address a street or a building, never a town: whole words, and the
// endings of compound street names (Hauptstraße, Kerkstraat, Drottninggatan).
const STREET_WORD =
  /^(street|road|avenue|ave|lane|drive|boulevard|blvd|way|terrace|crescent|highway|quay|rue|chemin|allée|via|viale|piazza|calle|avenida|rua|plaza|ulica|utca|depot|unit|flat|apartment|apt|suite|floor|building|box)$/i;
const STREET_END = /(straße|strasse|str\.?|gasse|allee|straat|laan|gracht|plein|gatan|vägen|gade|vej)$/i;

/**
 * A place typed as free text ("18 Rue de Rivoli, 75004 Paris, France") as its town and country
 * only ("Paris, France"), or the country alone when the town cannot be told, or nothing; never a
 * street, house number, postcode or e-mail. The last part is the country when it has no digits
 * (a part with a postcode is a town: "London N1 7GR"); the town is the nearest part before it
 * once postcodes and region codes ("NY 10118") are dropped, unless the street comes first: a part
 * with a number left (a house number) or a street word ends the search, and the first of three or
 * more parts is never used.
 */
export function townAndCountry(place: string | null, postcode: string | null, email: string | null): string | null {
  if (place == null) return null;
  const own = postcodePattern(postcode);
  const words = (part: string) => {
    let p = part.replace(EMAIL_IN_TEXT, " ");
    if (own) p = p.replace(own, " ");
    if (email?.trim()) p = p.split(email.trim()).join(" ");
    return p.replace(POSTCODE_IN_TEXT, " ").split(/\s+/).filter(Boolean);
  };
  const isStreet = (ws: string[]) => ws.some((w) => /\d/.test(w) || STREET_WORD.test(w.replace(/[.,]$/, "")) || STREET_END.test(w));
  // Two capitals alone are a region code; words without a letter are punctuation.
  const shown = (ws: string[]) => ws.filter((w) => !/^[A-Z]{2}$/.test(w) && !/^[^\p{L}]+$/u.test(w)).join(" ");

  const parts = place
    .split(/[,\n;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  const last = parts.length - 1;
  // A last part with a postcode, or the only part, is where the town is sought from; else it is the country.
  const fromLast = /\d/.test(parts[last]) || parts.length === 1;
  const lastWords = words(parts[last]);
  if (!fromLast && isStreet(lastWords)) return null;
  const country = fromLast ? "" : shown(lastWords);
  let town = "";
  const first = parts.length >= 3 ? 1 : 0;
  for (let i = fromLast ? last : last - 1; i >= first && !town; i--) {
    const ws = words(parts[i]);
    if (isStreet(ws)) break;
    town = shown(ws);
  }
  return [town, country].filter(Boolean).join(", ") || null;
}
