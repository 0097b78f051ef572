import { describe, expect, it } from "vitest";
import { fmtMoney, minorDigits, toMinor } from "./money";

describe("money", () => {
  it("shows the smallest unit in the visitor's format", () => {
    expect(fmtMoney("en", 1234, "EUR")).toBe("€12.34");
    expect(fmtMoney("de", 1234, "EUR")).toBe("12,34\u00a0€");
    expect(fmtMoney("ja", 1234, "JPY")).toBe("￥1,234");
  });
  it("knows the currencies' digits", () => {
    expect(minorDigits("EUR")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("KWD")).toBe(3);
  });
  it("reads a typed amount", () => {
    expect(toMinor("12,5", "EUR")).toBe(1250);
    expect(toMinor("abc", "EUR")).toBeNull();
  });
});
