/**
 * The quote's rules (api-contract section 10), exactly, as pure functions: no database, no clock
 * (the caller gives "now" and the time zone). Amounts are integers of the currency's smallest unit.
 */

import { percentOf } from "../../../shared/core/money.js";

/** percentOf, or past the largest amount kept its float value (the quote refuses such a price naming it, 422). */
const percent = (amount: number, p: number) => {
  try {
    return percentOf(amount, p);
  } catch (e) {
    if (e instanceof RangeError) return Math.round((amount * p) / 100);
    throw e;
  }
};

export interface Bracket {
  up_to_kg: number;
  amount: number;
}
export interface Lane {
  service: string;
  from_zone: string;
  to_zone: string;
  brackets: Bracket[];
  per_kg_above?: number | null;
}
export type SurchargeCode = "fuel" | "remote" | "cod" | "insurance";
export interface Surcharge {
  code: SurchargeCode;
  kind: "percent" | "fixed";
  value: number;
  min?: number | null;
  zones?: string[] | null;
}
/** What kind each surcharge is (fuel: percent of the transport amount; remote: fixed; cod, insurance: percent of their amount). */
export const SURCHARGE_KINDS: Record<SurchargeCode, "percent" | "fixed"> = { fuel: "percent", remote: "fixed", cod: "percent", insurance: "percent" };
export const SURCHARGE_LABELS: Record<string, string> = {
  base: "Transport",
  extra_kg: "Weight above the last bracket",
  fuel: "Fuel surcharge",
  remote: "Remote area",
  cod: "Cash on delivery",
  insurance: "Insurance",
};

export interface ZoneDef {
  name: string;
  countries: string[];
  postcodes: string[];
}
export interface PlaceRef {
  country: string;
  postcode?: string | null;
}
export interface ParcelDims {
  weight_kg: number;
  length_cm?: number | null;
  width_cm?: number | null;
  height_cm?: number | null;
}

/** Up to the next 0.5 kg (an exact half stays). */
export const upToHalfKg = (kg: number) => Math.ceil(Math.round(kg * 2 * 1e9) / 1e9) / 2;

/** A parcel's chargeable weight: the larger of its weight and L x W x H / divisor, up to the next 0.5 kg. */
export function chargeableKg(p: ParcelDims, divisor: number): number {
  const volumetric = p.length_cm && p.width_cm && p.height_cm ? (p.length_cm * p.width_cm * p.height_cm) / divisor : 0;
  return upToHalfKg(Math.max(p.weight_kg, volumetric));
}

/** The shipment's chargeable weight: the sum over its parcels. */
export const shipmentKg = (parcels: ParcelDims[], divisor: number) => parcels.reduce((kg, p) => kg + chargeableKg(p, divisor), 0);

const normalPostcode = (p: string) => p.toUpperCase().replace(/[\s-]/g, "");

/** A postcode entry: a prefix ("10", "SW1") or a range ("1000-1999") compared on the postcode's leading digits. */
export function postcodeMatches(postcode: string, entry: string): boolean {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(entry.trim());
  if (range) {
    const width = range[1].length;
    // Separators left out ("10-950" is 10950), as for a prefix: the same place written two ways is in one zone.
    const digits = /^\d+/.exec(postcode.replace(/[\s-]/g, ""))?.[0] ?? "";
    if (digits.length < width) return false;
    const n = Number(digits.slice(0, width));
    return n >= Number(range[1]) && n <= Number(range[2]);
  }
  const e = normalPostcode(entry);
  return e !== "" && normalPostcode(postcode).startsWith(e);
}

/**
 * How narrow a postcode entry is, in leading characters fixed: a prefix its length ("185": 3), a range
 * its width less the digits its span leaves free ("10000-14999": 5 - log10(5000), about 1.3).
 */
export function entryNarrowness(entry: string): number {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(entry.trim());
  if (range) return range[1].length - Math.log10(Number(range[2]) - Number(range[1]) + 1);
  return normalPostcode(entry).length;
}

/**
 * The zone of a place: the zone that lists its country and a postcode entry it matches (the narrowest
 * entry wins, so a remote area inside a wider postcode zone is priced as remote), else the zone that
 * lists its country with no postcodes; null: none.
 */
export function zoneOf(place: PlaceRef, zones: ZoneDef[]): ZoneDef | null {
  const inCountry = zones.filter((z) => z.countries.includes(place.country));
  if (place.postcode) {
    let best: { zone: ZoneDef; narrowness: number } | null = null;
    for (const zone of inCountry)
      for (const e of zone.postcodes)
        if (postcodeMatches(place.postcode, e) && (!best || entryNarrowness(e) > best.narrowness)) best = { zone, narrowness: entryNarrowness(e) };
    if (best) return best.zone;
  }
  return inCountry.find((z) => z.postcodes.length === 0) ?? null;
}

/** Whether a place of this country is zoned by its postcode (a zone lists the country with postcode entries): without one it cannot be priced. */
export const zonedByPostcode = (country: string, zones: ZoneDef[]) => zones.some((z) => z.postcodes.length > 0 && z.countries.includes(country));

/**
 * base: the amount of the smallest bracket with up_to_kg >= the weight; above the last bracket,
 * extra_kg is per_kg_above times the kilograms above it, rounded up to whole kg. null: the lane
 * does not fit (above the last bracket with no per_kg_above, or no brackets).
 */
export function transport(lane: Lane, kg: number): { base: number; extra_kg: number | null } | null {
  const brackets = [...lane.brackets].sort((a, b) => a.up_to_kg - b.up_to_kg);
  const fit = brackets.find((b) => b.up_to_kg >= kg);
  if (fit) return { base: fit.amount, extra_kg: null };
  const last = brackets[brackets.length - 1];
  if (!last || lane.per_kg_above === undefined || lane.per_kg_above === null) return null;
  return { base: last.amount, extra_kg: lane.per_kg_above * Math.ceil(Math.round((kg - last.up_to_kg) * 1e9) / 1e9) };
}

export interface Line {
  code: string;
  label: string;
  amount: number;
}

/** The lines of a price: base, extra_kg, then each surcharge that applies; each rounded half up; the amount is their sum. */
export function priceLines(
  t: { base: number; extra_kg: number | null },
  surcharges: Surcharge[],
  ctx: { to_zone: string; declared_value?: number | null; cod_amount?: number | null },
): { lines: Line[]; amount: number } {
  // Every amount is whole minor units; a percentage is taken in integers (money.ts percentOf), a tie rounded up.
  const lines: Line[] = [{ code: "base", label: SURCHARGE_LABELS.base, amount: t.base }];
  if (t.extra_kg !== null) lines.push({ code: "extra_kg", label: SURCHARGE_LABELS.extra_kg, amount: t.extra_kg });
  const transportAmount = t.base + (t.extra_kg ?? 0);
  for (const s of surcharges) {
    let amount: number | null = null;
    if (s.code === "fuel") amount = percent(transportAmount, s.value);
    else if (s.code === "remote") amount = s.zones?.includes(ctx.to_zone) ? s.value : null;
    else if (s.code === "cod") amount = ctx.cod_amount ? Math.max(percent(ctx.cod_amount, s.value), s.min ?? 0) : null;
    else if (s.code === "insurance")
      amount = ctx.declared_value !== undefined && ctx.declared_value !== null ? Math.max(percent(ctx.declared_value, s.value), s.min ?? 0) : null;
    if (amount !== null) lines.push({ code: s.code, label: SURCHARGE_LABELS[s.code], amount });
  }
  return { lines, amount: lines.reduce((n, l) => n + l.amount, 0) };
}

// ---- Dates: working days Monday to Friday, in the site's time zone ----

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
const formats = new Map<string, Intl.DateTimeFormat>();
export function localNow(now: Date, timeZone: string): { date: string; time: string } {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant of a local date (YYYY-MM-DD) and time (HH:MM) in a time zone (the later one in a DST gap or overlap). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at a guess, then at the corrected guess (they differ only around a DST change).
  const offset = (t: number) => {
    const l = localNow(new Date(t), timeZone);
    return Date.parse(`${l.date}T${l.time}:00Z`) - Math.floor(t / 60_000) * 60_000;
  };
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
export const isWorkingDay = (date: string) => {
  const w = dayOf(date).getUTCDay();
  return w !== 0 && w !== 6;
};
export function addDays(date: string, n: number): string {
  const d = dayOf(date);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}
/** The next working day after `date`. */
export function nextWorkingDay(date: string): string {
  let d = addDays(date, 1);
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}
/** `date` plus n working days. */
export function addWorkingDays(date: string, n: number): string {
  let d = date;
  for (let i = 0; i < n; i++) d = nextWorkingDay(d);
  return d;
}

/**
 * The day the shipment leaves: the ship date (default today), the next working day when that is
 * today after the service's cutoff, and a working day (a weekend date moves to Monday).
 */
export function departureDay(shipDate: string | null | undefined, cutoff: string, now: { date: string; time: string }): string {
  let d = shipDate || now.date;
  if (d === now.date && now.time >= cutoff) d = nextWorkingDay(d);
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

export function deliveryDates(departure: string, transitMin: number, transitMax: number) {
  return { delivery_date_min: addWorkingDays(departure, transitMin), delivery_date_max: addWorkingDays(departure, transitMax) };
}
