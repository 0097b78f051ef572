import { describe, expect, it } from "vitest";
import { addressCountry, toE164 } from "./phone.js";

describe("recipient numbers in E.164", () => {
  it("keeps an international number", () => {
    expect(toE164("+49 30 901820")).toBe("+4930901820");
    expect(toE164("0049 30 901820")).toBe("+4930901820");
  });
  it("reads a national number with the address's country", () => {
    expect(toE164("030 901820", "DE")).toBe("+4930901820");
    expect(toE164("0612345678", "nl")).toBe("+31612345678");
    expect(toE164("(201) 555-0123", "US")).toBe("+12015550123");
  });
  it("refuses what cannot be read", () => {
    expect(toE164("030 901820")).toBe(null); // national, no country
    expect(toE164("hello", "DE")).toBe(null);
    expect(toE164("+49 1", "DE")).toBe(null);
    expect(toE164("", "DE")).toBe(null);
    expect(toE164(null)).toBe(null);
  });
  it("reads the stored address's country", () => {
    expect(addressCountry(JSON.stringify({ country: "TR", city: "Istanbul" }))).toBe("TR");
    expect(addressCountry("not json")).toBe(null);
    expect(addressCountry(null)).toBe(null);
  });
});
