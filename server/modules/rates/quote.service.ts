import type { Actor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { badInput } from "../../core/errors.js";
import { db } from "../../db/index.js";
import type { Place } from "../address/address.rules.js";
import type { PlaceInput } from "../address/address.type.js";
import { validated } from "../../core/validation.js";
import { QuoteInput } from "./rates.type.js";
import { getSettings } from "../settings/settings.service.js";
import { contentVersion } from "../content/content.service.js";
import { checkMaxAmount, maxAmount } from "../settings/amount-limit.js";
import {
  deliveryDates,
  departureDay,
  localNow,
  priceLines,
  shipmentKg,
  transport,
  zoneOf,
  zonedByPostcode,
  type Lane,
  type Line,
  type ParcelDims,
  type Surcharge,
  type ZoneDef,
} from "./pricing.rules.js";
import { DEFAULT_CARD, ensureDefault, list, type ServiceRow } from "./rates.service.js";

/**
 * The quote (public) and the price of a booking: the shipment read, the pricing data kept per content
 * version, every service that fits priced by the rules of pricing.rules.ts.
 */

export interface QuoteRequest {
  from: Place;
  to: Place;
  parcels: ParcelDims[];
  declared_value: number | null;
  cod_amount: number | null;
  ship_date: string | null;
}

/** A validated place (PlaceInput) as priced: country upper case, blanks none. */
export const toPlace = (p: PlaceInput): Place => ({
  country: p.country.trim().toUpperCase(),
  postcode: p.postcode?.trim() || null,
  city: p.city?.trim() || null,
});

/** A validated shipment's parcels, amounts and ship date (QuoteInput's, BookingInput's). */
export const toShipment = (i: Pick<QuoteInput, "parcels" | "declared_value" | "cod_amount" | "ship_date">): Omit<QuoteRequest, "from" | "to"> => ({
  parcels: i.parcels.map((p) => ({ weight_kg: p.weight_kg, length_cm: p.length_cm ?? null, width_cm: p.width_cm ?? null, height_cm: p.height_cm ?? null })),
  declared_value: i.declared_value ?? null,
  cod_amount: i.cod_amount ?? null,
  ship_date: i.ship_date?.trim() || null,
});

export async function readQuote(raw: unknown): Promise<QuoteRequest> {
  const i = await validated(QuoteInput, raw);
  return { from: toPlace(i.from), to: toPlace(i.to), ...toShipment(i) };
}

export interface QuoteOption {
  service: string;
  name: string;
  amount: number;
  currency: string;
  chargeable_weight_kg: number;
  breakdown: Line[];
  transit_days_min: number;
  transit_days_max: number;
  delivery_date_min: string;
  delivery_date_max: string;
}

/**
 * What pricing reads (zones, active services, every card, the currency), kept per process until the
 * content version moves: every write of zones, services, cards and settings calls contentChanged()
 * (server/modules/content), which other processes hear at once (server/core/bus.ts). A quote then
 * reads nothing (a shipper's: its rate_card_id).
 */
interface PricingData {
  version: string;
  zones: ZoneDef[];
  services: ServiceRow[];
  cards: Map<string, { lanes: Lane[]; surcharges: Surcharge[] }>;
  currency: string;
}
let pricing: PricingData | undefined;
let loading: Promise<PricingData> | undefined;
async function pricingData(): Promise<PricingData> {
  const version = await contentVersion();
  if (pricing?.version === version) return pricing;
  if (!loading) {
    loading = (async () => {
      await ensureDefault();
      const [zones, services, cards, settings] = await Promise.all([
        db().zone.findMany({ orderBy: { id: "asc" } }),
        db().service.findMany({ where: { active: true }, orderBy: { id: "asc" } }),
        db().rateCard.findMany(),
        getSettings(),
      ]);
      return {
        version,
        zones: zones.map((z) => ({ name: z.name, countries: list(z.countries), postcodes: list(z.postcodes) })),
        services,
        cards: new Map(cards.map((c) => [c.id, { lanes: JSON.parse(c.lanes) as Lane[], surcharges: JSON.parse(c.surcharges) as Surcharge[] }])),
        currency: settings.currency,
      };
    })().finally(() => (loading = undefined));
  }
  const data = await loading;
  // Labelled with the version read before it was loaded: a write meanwhile makes the next call load again.
  if (data.version === version) pricing = data;
  return data;
}

/** The card a caller is priced on: a shipper's own (rate_card_id), else the default. */
async function cardFor(shipperId: number | null, data: PricingData) {
  if (shipperId !== null) {
    const s = await db().shipper.findUnique({ where: { id: shipperId }, select: { rate_card_id: true } });
    const own = s?.rate_card_id ? data.cards.get(s.rate_card_id) : undefined;
    if (own) return own;
  }
  return data.cards.get(DEFAULT_CARD)!;
}

/** The wire names of a shipment's two places: a quote's from and to, a booking's sender and recipient. */
export type PlaceNames = { from: string; to: string };

/**
 * Every active service with a lane that fits the route and weight, priced by the rules, cheapest first.
 * A place of a country zoned by postcode without one is 422 naming it (priced by the country alone it
 * would cost less than the postcode's zone); a price past the largest amount kept is 422, never stored.
 */
export async function priceShipment(
  q: QuoteRequest,
  shipperId: number | null,
  names: PlaceNames = { from: "from", to: "to" },
  now = new Date(),
): Promise<QuoteOption[]> {
  await checkMaxAmount({ declared_value: q.declared_value, cod_amount: q.cod_amount });
  const limit = await maxAmount();
  const data = await pricingData();
  const { lanes, surcharges } = await cardFor(shipperId, data);
  const { zones, services } = data;
  const settings = { currency: data.currency };
  const unzoned = (["from", "to"] as const).filter((f) => !q[f].postcode && zonedByPostcode(q[f].country, zones));
  if (unzoned.length) throw badInput(unzoned.map((f) => `${names[f]}.postcode is required: ${q[f].country} is priced by postcode`));
  const from = zoneOf(q.from, zones);
  const to = zoneOf(q.to, zones);
  if (!from || !to) return [];
  const local = localNow(now, config().timeZone);
  const out: QuoteOption[] = [];
  for (const s of services) {
    const lane = lanes.find((l) => l.service === s.code && l.from_zone === from.name && l.to_zone === to.name);
    if (!lane) continue;
    const kg = shipmentKg(q.parcels, s.volumetric_divisor);
    const t = transport(lane, kg);
    if (!t) continue;
    const { lines, amount } = priceLines(t, surcharges, { to_zone: to.name, declared_value: q.declared_value, cod_amount: q.cod_amount });
    if (amount > limit)
      throw badInput(
        `parcels make the price of ${s.code} (${amount}) pass the largest amount taken (${limit}, the setting max_amount): send them as several shipments`,
      );
    const departure = departureDay(q.ship_date, s.cutoff, local);
    out.push({
      service: s.code,
      name: s.name,
      amount,
      currency: settings.currency,
      chargeable_weight_kg: kg,
      breakdown: lines,
      transit_days_min: s.transit_days_min,
      transit_days_max: s.transit_days_max,
      ...deliveryDates(departure, s.transit_days_min, s.transit_days_max),
    });
  }
  return out.sort((a, b) => a.amount - b.amount || a.service.localeCompare(b.service));
}

export const NO_SERVICE = "No service covers this route";
export const NO_RATES = "No service covers this route: no prices are set yet (zones, services and a rate card)";

/** Whether a card prices anything: a lane of an active service (its zones exist: a zone a card prices is never deleted). */
const priced = (card: { lanes: Lane[] }, services: ServiceRow[]) => card.lanes.some((l) => services.some((s) => s.code === l.service));

/**
 * POST /api/quotes and the quote mutation: a shipper (session or key) is priced on its own card. No option:
 * the message says whether no lane fits this route or the caller's card prices nothing yet (rates_set false).
 */
export async function quote(raw: unknown, caller: Actor | null) {
  const q = await readQuote(raw);
  const shipperId = caller?.kind === "shipper" ? caller.id : null;
  const options = await priceShipment(q, shipperId);
  if (options.length) return { options, message: "", rates_set: true };
  const data = await pricingData();
  const rates_set = priced(await cardFor(shipperId, data), data.services);
  return { options, message: rates_set ? NO_SERVICE : NO_RATES, rates_set };
}
