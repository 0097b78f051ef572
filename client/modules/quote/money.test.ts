import { describe, expect, it } from "vitest";
import { fmtMoney, toMinor } from "./money";

describe("money", () => {
  it("shows the smallest unit in the visitor's format", () => {
    expect(fmtMoney("en", 1234, "EUR")).toBe("€12.34");
    expect(fmtMoney("de", 1234, "EUR")).toBe("12,34\u00a0€");
    expect(fmtMoney("ja", 1234, "JPY")).toBe("￥1,234");
    expect(fmtMoney("en", 1005, "KWD")).toBe("KWD\u00a01.005");
  });
  it("isolates a Latin currency symbol in a right-to-left language (UK£, not £UK)", () => {
    const ar = fmtMoney("ar", 1600, "GBP");
    expect(ar).toContain("\u2068UK£\u2069");
    expect(fmtMoney("ar", 1600, "USD")).toContain("\u2068US$\u2069");
    expect(fmtMoney("en", 1600, "GBP")).toBe("£16.00");
    expect(fmtMoney("ar", 1600, "EGP")).not.toContain("\u2068");
  });
  it("reads a typed amount, rounding extra decimals half up", () => {
    expect(toMinor("12,5", "EUR")).toBe(1250);
    expect(toMinor("12.345", "EUR")).toBe(1235);
    expect(toMinor("2.675", "EUR")).toBe(268);
    expect(toMinor("abc", "EUR")).toBeNull();
    expect(toMinor("-5", "EUR")).toBeNull();
    expect(toMinor("", "EUR")).toBeNull();
    expect(toMinor("99999999999", "EUR")).toBeNull();
  });
});
