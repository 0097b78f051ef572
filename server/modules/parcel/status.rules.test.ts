import { describe, expect, it } from "vitest";
import { ACTIVITY_COLORS, ACTIVITY_ICONS } from "../activity/activity.rules.js";
import { coarse, FINAL_STATUSES, maskName, normalizePostcode, secondFactorMatches, STATUS_CODES, STATUS_RULES } from "./status.rules.js";

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
