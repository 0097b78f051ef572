import { validated } from "../server/core/validation.js";
import { RateCardInput, ServiceInput, ZoneInput } from "../server/modules/rates/rates.type.js";
import { DEFAULT_CARD } from "../server/modules/rates/rates.service.js";
import { SURCHARGE_KINDS } from "../server/modules/rates/pricing.rules.js";

/**
 * The demo's prices, so a fresh install quotes and books out of the box: SwiftRoute is a UK company
 * (Tilbury), so it prices in pounds (the setting currency, GBP) from the United Kingdom to the UK, the
 * Channel Islands and the Isle of Man, and its nearest neighbours in Europe. Examples to replace
 * (README): the owner changes them under Shippers > Rates. Amounts in pence.
 */

export const DEMO_CURRENCY = "GBP";

export const DEMO_ZONES = [
  { name: "United Kingdom", countries: ["GB"] },
  { name: "Channel Islands and Isle of Man", countries: ["GG", "JE", "IM"] },
  { name: "Near Europe", countries: ["IE", "FR", "BE", "NL", "LU"] },
];

export const DEMO_SERVICES = [
  { code: "standard", name: "Standard", transit_days_min: 2, transit_days_max: 4, cutoff: "17:00" },
  { code: "express", name: "Express", transit_days_min: 1, transit_days_max: 2, cutoff: "15:00" },
];

/** Up to 1, 2, 5, 10 and 20 kg, then per kg above. */
const KG = [1, 2, 5, 10, 20];
const lane = (service: string, to_zone: string, amounts: number[], per_kg_above: number) => ({
  service,
  from_zone: "United Kingdom",
  to_zone,
  brackets: KG.map((up_to_kg, i) => ({ up_to_kg, amount: amounts[i] })),
  per_kg_above,
});

export const DEMO_CARD = {
  name: "Default",
  lanes: [
    lane("standard", "United Kingdom", [495, 595, 795, 1095, 1595], 60),
    lane("express", "United Kingdom", [995, 1195, 1495, 1995, 2795], 100),
    lane("standard", "Channel Islands and Isle of Man", [895, 1095, 1495, 1995, 2995], 120),
    lane("express", "Channel Islands and Isle of Man", [1695, 1995, 2595, 3495, 4995], 200),
    lane("standard", "Near Europe", [1295, 1595, 2195, 2995, 4495], 180),
    lane("express", "Near Europe", [2495, 2995, 3995, 5495, 7995], 300),
  ],
  // Fuel on the transport amount; insurance of the declared value and cash on delivery, each with a minimum.
  surcharges: [
    { code: "fuel", kind: SURCHARGE_KINDS.fuel, value: 8.5 },
    { code: "insurance", kind: SURCHARGE_KINDS.insurance, value: 1.5, min: 250 },
    { code: "cod", kind: SURCHARGE_KINDS.cod, value: 2, min: 150 },
  ],
};

/** The demo's zones, services and default card, checked with the API's own input classes (as stored: lists as comma text). */
export async function demoRates() {
  const zones = [];
  for (const z of DEMO_ZONES) {
    const v = await validated(ZoneInput, z);
    zones.push({ name: v.name!, countries: v.countries!.join(","), postcodes: "" });
  }
  const services = [];
  for (const s of DEMO_SERVICES) services.push({ ...(await validated(ServiceInput, s)) } as typeof s);
  const card = await validated(RateCardInput, DEMO_CARD);
  // Every lane names a demo service and zone (the service checks this against the database).
  for (const l of card.lanes) {
    if (!DEMO_SERVICES.some((s) => s.code === l.service) || ![l.from_zone, l.to_zone].every((z) => DEMO_ZONES.some((d) => d.name === z)))
      throw new Error(`demo rate card: the lane ${l.service} ${l.from_zone} -> ${l.to_zone} names no demo service or zone`);
  }
  return {
    zones,
    services,
    card: { id: DEFAULT_CARD, name: DEMO_CARD.name, lanes: JSON.stringify(DEMO_CARD.lanes), surcharges: JSON.stringify(DEMO_CARD.surcharges) },
  };
}
