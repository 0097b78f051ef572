import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits, moneyInput, parseMoney } from "./money";

describe("money in the smallest unit", () => {
  it("knows each currency's digits", () => {
    expect(minorDigits("EUR")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("BHD")).toBe(3);
  });
  it("shows amounts in the locale", () => {
    expect(formatMoney(123456, "EUR", "en-GB")).toBe("€1,234.56");
    expect(formatMoney(1200, "JPY", "en-GB")).toBe("JP¥1,200");
  });
  it("turns amounts into input text and back", () => {
    expect(moneyInput(123456, "EUR")).toBe("1234.56");
    expect(moneyInput(null, "EUR")).toBe("");
    expect(parseMoney("1234.56", "EUR")).toBe(123456);
    expect(parseMoney("12,5", "EUR")).toBe(1250);
    expect(parseMoney("7", "EUR")).toBe(700);
    expect(parseMoney(" ", "EUR")).toBeNull();
    expect(parseMoney("1200", "JPY")).toBe(1200);
    expect(parseMoney("0.105", "EUR")).toBeNaN();
    expect(parseMoney("ten", "EUR")).toBeNaN();
    expect(parseMoney("1.5", "JPY")).toBeNaN();
  });
});
