import { describe, expect, it } from "vitest";
import { ACTIVITY_COLORS, ACTIVITY_ICONS } from "../../../shared/modules/activity/activity.codes.js";
import { FINAL_STATUSES, STATUS_CODES, STATUS_RULES } from "../../../shared/modules/parcel/status.codes.js";
import { coarse, maskName, maskSecrets, normalizePostcode, secondFactorMatches, townAndCountry } from "./status.rules.js";

describe("status table", () => {
  it("has the 11 codes, each with a progress step and an icon and colour from the seed's lists", () => {
    expect(STATUS_CODES).toHaveLength(11);
    for (const c of STATUS_CODES) {
      const r = STATUS_RULES[c];
      expect(Object.keys(ACTIVITY_ICONS), c).toContain(r.icon);
      expect(ACTIVITY_COLORS, c).toContain(r.color);
      expect(r.step).toBeGreaterThanOrEqual(0);
      expect(r.step).toBeLessThanOrEqual(4);
    }
    expect(STATUS_RULES.delivered.step).toBe(4);
    expect(FINAL_STATUSES).toEqual(["delivered", "returned_to_sender", "cancelled"]);
  });
});

describe("privacy helpers", () => {
  it("masks every word of a name to its first letter", () => {
    expect(maskName("Jane  van der Berg")).toBe("J*** v*** d*** B***");
    expect(maskName("Ωmega 👩‍🚀x")).toBe("Ω*** 👩***");
    expect(maskName(null)).toBeNull();
  });
  it("rounds coordinates to about 11 km", () => {
    expect(coarse(52.37403)).toBe(52.4);
    expect(coarse(-0.04)).toBe(-0);
    expect(coarse(null)).toBeNull();
  });
  it("accepts the postcode in any spacing or case, or the e-mail in any case; nothing else", () => {
    expect(normalizePostcode(" 1011 ab ")).toBe("1011AB");
    expect(secondFactorMatches("1011ab", "1011 AB", null)).toBe(true);
    expect(secondFactorMatches("SW1A-1AA", "sw1a 1aa", "x@y.z")).toBe(true);
    expect(secondFactorMatches("X@Y.Z", null, "x@y.z")).toBe(true);
    expect(secondFactorMatches("1011AC", "1011 AB", "x@y.z")).toBe(false);
    expect(secondFactorMatches("", "1011 AB", "x@y.z")).toBe(false);
    expect(secondFactorMatches("   ", "", "")).toBe(false);
    expect(secondFactorMatches("anything", null, null)).toBe(false);
  });
});

describe("protected places and texts", () => {
  it("keep only town and country of a typed place", () => {
    expect(townAndCountry("18 Rue de Rivoli, 75004 Paris, France", "75004", null)).toBe("Paris, France");
    expect(townAndCountry("350 Fifth Avenue, New York, NY 10118, United States", "10118", null)).toBe("New York, United States");
    expect(townAndCountry("Maasvlakte 2, Rotterdam, Netherlands", null, null)).toBe("Rotterdam, Netherlands");
    expect(townAndCountry("Cape Town, South Africa", null, null)).toBe("Cape Town, South Africa");
    expect(townAndCountry("Hauptstraße 5, Berlin", null, null)).toBe("Berlin");
    expect(townAndCountry("221B Baker Street, London NW1 6XE, United Kingdom", "NW1 6XE", null)).toBe("London, United Kingdom");
    expect(townAndCountry("Damrak 1, 1012 LG Amsterdam, Netherlands", "1012LG", null)).toBe("Amsterdam, Netherlands");
    expect(townAndCountry("c/o jane@example.com, Lyon, France", null, "jane@example.com")).toBe("Lyon, France");
    expect(townAndCountry("Berlin", null, null)).toBe("Berlin");
    expect(townAndCountry(null, null, null)).toBeNull();
  });

  it("never leave the second factor in a place", () => {
    for (const [place, pc] of [
      ["Main St 1, SW1A 1AA London, UK", "SW1A1AA"],
      ["Via Roma 3, 00184 Roma, Italia", "00184"],
      ["x, 4051 Basel, CH", "4051"],
    ]) {
      const out = townAndCountry(place, pc, null) ?? "";
      expect(normalizePostcode(out)).not.toContain(normalizePostcode(pc));
    }
  });

  it("show the country alone, or nothing, when the town cannot be told; never a street, number or postcode (issue 23)", () => {
    const cases: [string, string | null][] = [
      // Without a country: the part with the postcode is the town, the street before it never shows.
      ["Depot 4, 12 Wharf Road, London N1 7GR", "London"],
      ["12 Wharf Road, London N1 7GR", "London"],
      ["350 Fifth Avenue, New York, NY 10118", "New York"],
      ["Depot 4, 12 Wharf Road N1 7GR", null],
      ["12 Wharf Road, N1 7GR", null],
      ["Wharf Road N1 7GR", null],
      // With a country: a street (number or street word) where the town would be leaves the country alone.
      ["Depot 4, 12 Wharf Road, United Kingdom", "United Kingdom"],
      ["Depot 4, 12 Wharf Road, London", "London"],
      ["Acme Ltd, Harbour House, 12 Wharf Road, London", "London"],
      ["Unit 7, Bahnhofstr. 3, Germany", "Germany"],
      ["Kerkstraat, Netherlands", "Netherlands"],
      ["Wharf Road, London", "London"],
      ["12 Wharf Road, Wharf Lane", null],
      ["Depot 4, 12 Wharf Road, 75004 Paris, France", "Paris, France"],
      // One part alone.
      ["12 Wharf Road", null],
      ["Wharf Road", null],
      ["Depot 4", null],
      ["N1 7GR", null],
      ["London N1 7GR", "London"],
      ["Rotterdam", "Rotterdam"],
      ["  ,  ;", null],
    ];
    for (const [place, expected] of cases) {
      const out = townAndCountry(place, null, null);
      expect(out, place).toBe(expected);
      expect(out ?? "", place).not.toMatch(/\d|Wharf|Depot|Road|Lane|straat|str\./);
    }
  });

  it("mask e-mails and postcodes in the admin's words, keep the rest", () => {
    expect(maskSecrets("Left with neighbour at 75004 Paris, call jane@example.com", "75004", "jane@example.com")).toBe(
      "Left with neighbour at ••• Paris, call •••",
    );
    expect(maskSecrets("Arrived at hub SW1A 1AA on 2026", null, null)).toBe("Arrived at hub ••• on 2026");
    expect(maskSecrets("Attempt 2 failed", "75004", null)).toBe("Attempt 2 failed");
    expect(maskSecrets("code n w 1 6 x e", "NW1 6XE", null)).toBe("code •••");
  });
});
