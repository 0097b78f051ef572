import { describe, expect, it } from "vitest";
import { countSegments } from "./segments.js";

describe("SMS segments (GSM 03.38 and UCS-2)", () => {
  it("an empty text is one segment", () => {
    expect(countSegments("")).toEqual({ encoding: "GSM-7", units: 0, segments: 1 });
  });
  it("exactly 160 GSM characters fit one segment, 161 take two of 153", () => {
    expect(countSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
  });
  it("GSM's own accents (é, ü, Ø, £) stay GSM-7 and count one", () => {
    expect(countSegments("Café München Ørsted £5")).toMatchObject({ encoding: "GSM-7", units: 22 });
  });
  it("an extension character (€, [, ~) counts two", () => {
    expect(countSegments("€")).toEqual({ encoding: "GSM-7", units: 2, segments: 1 });
    expect(countSegments("a".repeat(158) + "€")).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments("a".repeat(159) + "€")).toMatchObject({ units: 161, segments: 2 });
    expect(countSegments("[~]")).toMatchObject({ units: 6 });
  });
  it("a character outside GSM makes the whole text UCS-2: 70 in one, 67 a segment beyond", () => {
    expect(countSegments("ç".repeat(70))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(countSegments("ç".repeat(71))).toEqual({ encoding: "UCS-2", units: 71, segments: 2 });
    expect(countSegments("a".repeat(134) + "ş")).toMatchObject({ encoding: "UCS-2", segments: 3 });
    expect(countSegments("مرحبا")).toMatchObject({ encoding: "UCS-2", units: 5, segments: 1 });
  });
  it("an emoji is two UTF-16 code units", () => {
    expect(countSegments("📦")).toEqual({ encoding: "UCS-2", units: 2, segments: 1 });
    expect(countSegments("a".repeat(68) + "📦")).toMatchObject({ units: 70, segments: 1 });
    expect(countSegments("a".repeat(69) + "📦")).toMatchObject({ units: 71, segments: 2 });
  });
});
