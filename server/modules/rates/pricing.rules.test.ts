import { describe, expect, it } from "vitest";
import {
  chargeableKg,
  deliveryDates,
  departureDay,
  entryNarrowness,
  localNow,
  postcodeMatches,
  priceLines,
  shipmentKg,
  transport,
  zoneOf,
  zonedByPostcode,
  type Lane,
} from "./pricing.rules.js";

const lane: Lane = {
  service: "STD",
  from_zone: "A",
  to_zone: "B",
  brackets: [
    { up_to_kg: 5, amount: 900 },
    { up_to_kg: 1, amount: 500 },
  ],
  per_kg_above: 120,
};

describe("pricing rules", () => {
  it("chargeable weight: the larger of weight and volume / divisor, up to the next 0.5 kg, per parcel", () => {
    expect(chargeableKg({ weight_kg: 1.01 }, 5000)).toBe(1.5);
    expect(chargeableKg({ weight_kg: 1.5 }, 5000)).toBe(1.5);
    expect(chargeableKg({ weight_kg: 0.2 }, 5000)).toBe(0.5);
    // 40 x 30 x 20 / 5000 = 4.8 kg of volume beats 1 kg of weight.
    expect(chargeableKg({ weight_kg: 1, length_cm: 40, width_cm: 30, height_cm: 20 }, 5000)).toBe(5);
    expect(chargeableKg({ weight_kg: 1, length_cm: 40, width_cm: 30, height_cm: 20 }, 6000)).toBe(4);
    // Rounded per parcel, then summed: 2 x 1.1 kg is 3 kg, not 2.5.
    expect(shipmentKg([{ weight_kg: 1.1 }, { weight_kg: 1.1 }], 5000)).toBe(3);
  });

  it("brackets: the smallest with up_to_kg at or above the weight; above the last, per_kg_above on whole kg", () => {
    expect(transport(lane, 0.5)).toEqual({ base: 500, extra_kg: null });
    expect(transport(lane, 1)).toEqual({ base: 500, extra_kg: null });
    expect(transport(lane, 1.5)).toEqual({ base: 900, extra_kg: null });
    expect(transport(lane, 5)).toEqual({ base: 900, extra_kg: null });
    // 6.5 kg: 1.5 kg above the last bracket, rounded up to 2 kg.
    expect(transport(lane, 6.5)).toEqual({ base: 900, extra_kg: 240 });
    expect(transport({ ...lane, per_kg_above: null }, 6.5)).toBeNull();
  });

  it("zones: a postcode prefix or range is more specific than the country alone", () => {
    const zones = [
      { name: "DE", countries: ["DE"], postcodes: [] },
      { name: "Berlin", countries: ["DE"], postcodes: ["10000-14999"] },
      { name: "Hamburg", countries: ["DE"], postcodes: ["20"] },
    ];
    expect(zoneOf({ country: "DE", postcode: "10115" }, zones)?.name).toBe("Berlin");
    expect(zoneOf({ country: "DE", postcode: "20095" }, zones)?.name).toBe("Hamburg");
    expect(zoneOf({ country: "DE", postcode: "80331" }, zones)?.name).toBe("DE");
    expect(zoneOf({ country: "DE" }, zones)?.name).toBe("DE");
    expect(zoneOf({ country: "FR", postcode: "75001" }, zones)).toBeNull();
    expect(postcodeMatches("1999 AB", "1000-1999")).toBe(true);
    expect(postcodeMatches("2000", "1000-1999")).toBe(false);
    expect(postcodeMatches("sw1a 1aa", "SW1")).toBe(true);
  });

  it("zones: the narrowest matching entry wins, whatever the zones' order; separators do not move a postcode out of a range", () => {
    const zones = [
      { name: "North", countries: ["DE"], postcodes: ["10000-29999"] },
      { name: "Islands", countries: ["DE"], postcodes: ["185", "25938"] },
      { name: "DE", countries: ["DE"], postcodes: [] },
      { name: "PL", countries: ["PL"], postcodes: [] },
      { name: "Hel", countries: ["PL"], postcodes: ["84150-84150"] },
    ];
    expect(zoneOf({ country: "DE", postcode: "18565" }, zones)?.name).toBe("Islands");
    expect(zoneOf({ country: "DE", postcode: "18565" }, [...zones].reverse())?.name).toBe("Islands");
    expect(zoneOf({ country: "DE", postcode: "25938" }, zones)?.name).toBe("Islands");
    expect(zoneOf({ country: "DE", postcode: "20354" }, zones)?.name).toBe("North");
    expect(zoneOf({ country: "PL", postcode: "84-150" }, zones)?.name).toBe("Hel");
    expect(zoneOf({ country: "PL", postcode: "84 150" }, zones)?.name).toBe("Hel");
    expect(entryNarrowness("185")).toBe(3);
    expect(entryNarrowness("10000-14999")).toBeCloseTo(5 - Math.log10(5000));
    expect(entryNarrowness("18500-18599")).toBe(3);
    expect(zonedByPostcode("DE", zones)).toBe(true);
    expect(zonedByPostcode("FR", zones)).toBe(false);
    expect(zonedByPostcode("PL", zones)).toBe(true);
  });

  it("surcharges: fuel on base + extra, remote by zone, cod and insurance with their minimum; each line half up", () => {
    const s = [
      { code: "fuel" as const, kind: "percent" as const, value: 12.5 },
      { code: "remote" as const, kind: "fixed" as const, value: 350, zones: ["Islands"] },
      { code: "cod" as const, kind: "percent" as const, value: 2, min: 150 },
      { code: "insurance" as const, kind: "percent" as const, value: 1, min: 100 },
    ];
    const { lines, amount } = priceLines({ base: 900, extra_kg: 240 }, s, { to_zone: "Islands", declared_value: 50_050, cod_amount: 20_000 });
    expect(lines).toEqual([
      { code: "base", label: "Transport", amount: 900 },
      { code: "extra_kg", label: "Weight above the last bracket", amount: 240 },
      { code: "fuel", label: "Fuel surcharge", amount: 143 }, // 142.5 -> 143
      { code: "remote", label: "Remote area", amount: 350 },
      { code: "cod", label: "Cash on delivery", amount: 400 },
      { code: "insurance", label: "Insurance", amount: 501 }, // 500.5 -> 501
    ]);
    expect(amount).toBe(900 + 240 + 143 + 350 + 400 + 501);
    // Not remote, no COD, no declared value: those lines are absent; minimums apply.
    const small = priceLines({ base: 500, extra_kg: null }, s, { to_zone: "B", declared_value: 1000, cod_amount: 100 });
    expect(small.lines.map((l) => [l.code, l.amount])).toEqual([
      ["base", 500],
      ["fuel", 63], // 62.5 -> 63
      ["cod", 150],
      ["insurance", 100],
    ]);
    expect(priceLines({ base: 500, extra_kg: null }, s, { to_zone: "B" }).lines.map((l) => l.code)).toEqual(["base", "fuel"]);
  });

  it("percentages in integers: a .5 tie rounds up where floats land just below it", () => {
    // 1.15 % of 3000 is 34.5; as floats 3000 * 1.15 / 100 is 34.49999999999999.
    const fuel = [{ code: "fuel" as const, kind: "percent" as const, value: 1.15 }];
    expect(priceLines({ base: 3000, extra_kg: null }, fuel, { to_zone: "B" }).lines[1].amount).toBe(35);
    const cod = [{ code: "cod" as const, kind: "percent" as const, value: 1.15 }];
    expect(priceLines({ base: 0, extra_kg: null }, cod, { to_zone: "B", cod_amount: 3000 }).lines[1].amount).toBe(35);
    expect(priceLines({ base: 0, extra_kg: null }, cod, { to_zone: "B", cod_amount: 2999 }).lines[1].amount).toBe(34); // 34.4885
    // Past the largest amount kept the line is still made (the quote refuses the price, 422 naming parcels).
    const insured = [{ code: "insurance" as const, kind: "percent" as const, value: 1000 }];
    expect(priceLines({ base: 800, extra_kg: null }, insured, { to_zone: "B", declared_value: 2_147_483_647 }).amount).toBe(800 + 21_474_836_470);
  });

  it("dates: after the cutoff the next working day; transit counted in working days across a weekend", () => {
    // Friday 2030-01-04.
    const friday = { date: "2030-01-04", time: "10:00" };
    expect(departureDay(null, "17:00", friday)).toBe("2030-01-04");
    expect(departureDay(null, "09:00", friday)).toBe("2030-01-07"); // after the cutoff: Monday
    expect(departureDay("2030-01-05", "17:00", friday)).toBe("2030-01-07"); // a Saturday ship date: Monday
    expect(deliveryDates("2030-01-04", 1, 3)).toEqual({ delivery_date_min: "2030-01-07", delivery_date_max: "2030-01-09" });
    // The time zone decides the day: 23:30 UTC on Friday is Saturday in Berlin.
    expect(localNow(new Date("2030-01-04T23:30:00Z"), "Europe/Berlin")).toEqual({ date: "2030-01-05", time: "00:30" });
    expect(localNow(new Date("2030-01-04T23:30:00Z"), "UTC")).toEqual({ date: "2030-01-04", time: "23:30" });
  });
});
