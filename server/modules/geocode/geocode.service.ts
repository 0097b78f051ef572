import { config, readEnv } from "../../core/config.js";
import { ViewCache } from "../../core/cache.js";
import { countryName } from "../address/address.rules.js";
import { findCities } from "../address/gazetteer.js";
import type { PlaceSearchArgs } from "./geocode.type.js";

/**
 * The staff's address search (Create Parcel, Place on map), one service for both doors: the geocoder of
 * GEOCODER_URL when one is set (Nominatim's API or Photon's, GEOCODER_KIND), asked by the server with a
 * User-Agent naming the site (Nominatim's usage policy) and a time-out; when none is set, or it times out,
 * fails or answers what cannot be read, the cities of the offline gazetteer, with a notice saying why.
 * Answers are kept a few minutes per query, so a second search of the same words asks nobody. Never
 * throws for the geocoder's sake: its failures are the notice.
 */

export interface FoundPlace {
  label: string;
  latitude: number;
  longitude: number;
  country: string | null;
  located: "exact" | "city";
}
export interface PlaceSearch {
  source: "geocoder" | "gazetteer";
  notice: string | null;
  places: FoundPlace[];
}

/** How many places an answer holds, and how long an answer is kept. */
export const PLACES_MAX = 5;
const KEPT_MS = 5 * 60_000;
const kept = new ViewCache<{ at: number; answer: PlaceSearch }>(500);

/** Forgets the kept answers (tests that change GEOCODER_URL between searches). */
export const forgetPlaceSearches = () => kept.clear();

export async function searchPlaces(args: PlaceSearchArgs): Promise<PlaceSearch> {
  const q = args.q.trim().replace(/\s+/g, " ");
  const country = args.country ? args.country.trim().toUpperCase() : null;
  const url = readEnv("GEOCODER_URL").replace(/\/+$/, "");
  const kind = geocoderKind();
  const key = JSON.stringify([url, kind, country, q.toLowerCase()]);
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < KEPT_MS) return hit.answer;
  let answer: PlaceSearch;
  let keep = true;
  if (!url) answer = { source: "gazetteer", notice: null, places: await gazetteerPlaces(q, country) };
  else {
    try {
      answer = { source: "geocoder", notice: null, places: await askGeocoder(url, kind, q, country) };
    } catch (e) {
      // A failure is not kept: the next search asks the geocoder again.
      keep = false;
      const notice = e instanceof GeocoderFailed ? e.message : "The address search failed: these are cities from the offline list.";
      if (!(e instanceof GeocoderFailed)) console.warn(`address search failed: ${(e as Error).message}`);
      answer = { source: "gazetteer", notice, places: await gazetteerPlaces(q, country) };
    }
  }
  if (keep) kept.set(key, { at: Date.now(), answer }, 0);
  return answer;
}

/** nominatim or photon (GEOCODER_KIND; anything else is taken as nominatim). */
function geocoderKind(): "nominatim" | "photon" {
  return readEnv("GEOCODER_KIND").trim().toLowerCase() === "photon" ? "photon" : "nominatim";
}

async function gazetteerPlaces(q: string, country: string | null): Promise<FoundPlace[]> {
  return (await findCities(q, country, PLACES_MAX)).map((c) => ({
    label: `${c.name}, ${countryName(c.country)}`,
    latitude: c.latitude,
    longitude: c.longitude,
    country: c.country,
    located: "city" as const,
  }));
}

/** Who is asking: the site by name and address, as Nominatim's usage policy asks of every application. */
function userAgent(): string {
  const c = config();
  return `${c.companyName.replace(/[^\x20-\x7e]/g, "").trim() || "Courier"} parcel site (${c.publicUrl || "self-hosted"})`;
}

/** The geocoder's URL for the search: every value URL-encoded, so the words cannot change the request. */
export function geocoderUrl(base: string, kind: "nominatim" | "photon", q: string, country: string | null): string {
  const u = new URL(`${base}/${kind === "photon" ? "api" : "search"}`);
  u.searchParams.set("q", q);
  u.searchParams.set("limit", String(PLACES_MAX));
  if (kind === "nominatim") {
    u.searchParams.set("format", "jsonv2");
    if (country) u.searchParams.set("countrycodes", country.toLowerCase());
  }
  return u.toString();
}

class GeocoderFailed extends Error {}

async function askGeocoder(base: string, kind: "nominatim" | "photon", q: string, country: string | null): Promise<FoundPlace[]> {
  const timeout = readEnv("GEOCODER_TIMEOUT_MS");
  let res: Response;
  let text: string;
  try {
    res = await fetch(geocoderUrl(base, kind, q, country), {
      signal: AbortSignal.timeout(timeout),
      headers: { accept: "application/json", "user-agent": userAgent() },
      redirect: "error",
    });
    text = await res.text();
  } catch (e) {
    const name = (e as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new GeocoderFailed(`The address search did not answer within ${Math.round(timeout / 100) / 10} s: these are cities from the offline list.`);
    throw new GeocoderFailed("The address search could not be reached: these are cities from the offline list.");
  }
  if (!res.ok) throw new GeocoderFailed(`The address search answered with an error (HTTP ${res.status}): these are cities from the offline list.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GeocoderFailed("The address search answered something that is not JSON: these are cities from the offline list.");
  }
  const places = readAnswer(body);
  if (!places) throw new GeocoderFailed("The address search's answer could not be read: these are cities from the offline list.");
  return (country ? places.filter((p) => !p.country || p.country === country) : places).slice(0, PLACES_MAX);
}

const finite = (v: unknown, min: number, max: number): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= min && n <= max ? n : null;
};
// C0 and C1 controls and the bidi embeddings, overrides and isolates (validation.ts's one-line rule) become spaces.
// eslint-disable-next-line no-control-regex -- control characters are what this pattern looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;
const oneLine = (v: unknown) => (typeof v === "string" ? v.replace(CONTROL, " ").trim().slice(0, 300) : "");
const code = (v: unknown) => (typeof v === "string" && /^[a-z]{2}$/i.test(v) ? v.toUpperCase() : null);

/**
 * The places of either API's answer, whichever it is (detected from the answer): Nominatim's a JSON array of
 * { lat, lon, display_name, address.country_code }; Photon's a GeoJSON FeatureCollection whose features carry
 * [lon, lat] and properties (name, street, housenumber, postcode, city, country, countrycode). null: neither.
 */
export function readAnswer(body: unknown): FoundPlace[] | null {
  if (Array.isArray(body)) {
    const out: FoundPlace[] = [];
    for (const r of body as Record<string, unknown>[]) {
      if (!r || typeof r !== "object") continue;
      const latitude = finite(r.lat, -90, 90);
      const longitude = finite(r.lon, -180, 180);
      const label = oneLine(r.display_name);
      if (latitude === null || longitude === null || !label) continue;
      const address = r.address && typeof r.address === "object" ? (r.address as Record<string, unknown>) : {};
      out.push({ label, latitude, longitude, country: code(address.country_code), located: "exact" });
    }
    return out;
  }
  const fc = body as { type?: unknown; features?: unknown } | null;
  if (fc && typeof fc === "object" && fc.type === "FeatureCollection" && Array.isArray(fc.features)) {
    const out: FoundPlace[] = [];
    for (const f of fc.features as { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown> }[]) {
      const c = f?.geometry?.coordinates;
      if (!Array.isArray(c)) continue;
      const longitude = finite(c[0], -180, 180);
      const latitude = finite(c[1], -90, 90);
      const p = f.properties && typeof f.properties === "object" ? f.properties : {};
      const street = [oneLine(p.street), oneLine(p.housenumber)].filter(Boolean).join(" ");
      const town = [oneLine(p.postcode), oneLine(p.city)].filter(Boolean).join(" ");
      const parts = [oneLine(p.name), street, town, oneLine(p.state), oneLine(p.country)].filter(Boolean);
      const label = [...new Set(parts)].join(", ").slice(0, 300);
      if (latitude === null || longitude === null || !label) continue;
      out.push({ label, latitude, longitude, country: code(p.countrycode), located: "exact" });
    }
    return out;
  }
  return null;
}
