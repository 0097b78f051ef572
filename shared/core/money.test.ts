import { describe, expect, it } from "vitest";
import {
  addMoney,
  formatMajor,
  formatMoney,
  isAmount,
  majorText,
  MAX_AMOUNT_MINOR,
  minorDigits,
  minorOf,
  moneyInput,
  parseMoney,
  percentOf,
  roundHalfUp,
  toMajor,
} from "./money.js";

describe("money: the currency's minor unit", () => {
  it("knows each currency's digits, 2 for a code Intl refuses", () => {
    expect(minorDigits("EUR")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("KWD")).toBe(3);
    expect(minorDigits("BHD")).toBe(3);
    expect(minorDigits("not a code")).toBe(2);
  });

  it("keeps the largest amount both databases keep in an Int column", () => {
    expect(MAX_AMOUNT_MINOR).toBe(2 ** 31 - 1);
    expect(isAmount(MAX_AMOUNT_MINOR)).toBe(true);
    expect(isAmount(-MAX_AMOUNT_MINOR)).toBe(true);
    expect(isAmount(MAX_AMOUNT_MINOR + 1)).toBe(false);
    expect(isAmount(1.5)).toBe(false);
    expect(isAmount("12")).toBe(false);
  });
});

describe("money as text", () => {
  it("writes the exact major unit", () => {
    expect(majorText(123456, "EUR")).toBe("1234.56");
    expect(majorText(5, "EUR")).toBe("0.05");
    expect(majorText(-5, "EUR")).toBe("-0.05");
    expect(majorText(1200, "JPY")).toBe("1200");
    expect(majorText(-1200, "JPY")).toBe("-1200");
    expect(majorText(1005, "KWD")).toBe("1.005");
    expect(majorText(MAX_AMOUNT_MINOR, "EUR")).toBe("21474836.47");
    expect(toMajor(123456, "EUR")).toBe(1234.56);
    expect(moneyInput(123456, "EUR")).toBe("1234.56");
    expect(moneyInput(null, "EUR")).toBe("");
    expect(moneyInput(undefined, "JPY")).toBe("");
  });

  it("formats in a locale", () => {
    expect(formatMoney(123456, "EUR", "en-GB")).toBe("€1,234.56");
    expect(formatMoney(1234, "EUR", "de")).toBe("12,34\u00a0€");
    expect(formatMoney(1200, "JPY", "en-GB")).toBe("JP¥1,200");
    expect(formatMoney(1234, "JPY", "ja")).toBe("￥1,234");
    expect(formatMoney(1005, "KWD", "en-GB")).toBe("KWD\u00a01.005");
    expect(formatMoney(-250, "EUR", "en-GB")).toBe("-€2.50");
    expect(formatMoney(MAX_AMOUNT_MINOR, "EUR", "en-GB")).toBe("€21,474,836.47");
    expect(formatMoney(1234, "XX", "en-GB")).toBe("12.34 XX");
  });

  it("writes an amount with no currency (an invoice's) with two decimals and no symbol", () => {
    expect(minorDigits(null)).toBe(2);
    expect(majorText(124550, null)).toBe("1245.50");
    expect(formatMoney(124550, null, "en-GB")).toBe("1,245.50");
    expect(formatMoney(124550, null, "de")).toBe("1.245,50");
    expect(formatMoney(-5, null, "en-GB")).toBe("-0.05");
    expect(formatMoney(5, null, "not a locale!")).toBe("0.05");
  });
});

describe("money typed", () => {
  it("reads the major unit with a point or a comma, spaces between digits", () => {
    expect(parseMoney("1234.56", "EUR")).toBe(123456);
    expect(parseMoney("1 234,56", "EUR")).toBe(123456);
    expect(parseMoney("12,5", "EUR")).toBe(1250);
    expect(parseMoney("7", "EUR")).toBe(700);
    expect(parseMoney("7.", "EUR")).toBe(700);
    expect(parseMoney("007.10", "EUR")).toBe(710);
    expect(parseMoney("1200", "JPY")).toBe(1200);
    expect(parseMoney("1.005", "KWD")).toBe(1005);
    expect(parseMoney(" ", "EUR")).toBeNull();
    expect(parseMoney("", "EUR")).toBeNull();
  });

  it("refuses what is not an amount", () => {
    for (const text of ["ten", ".5", "1e3", "+5", "--5", "0x10", "12.3.4", "1,00.50", "1,2345.00", "1.234.56", "1,234,5"])
      expect(parseMoney(text, "EUR"), text).toBeNaN();
  });

  it("reads thousands separators where they can be nothing else (an amount copied from a page)", () => {
    expect(parseMoney("3,000.00", "EUR")).toBe(300000);
    expect(parseMoney("3.000,00", "EUR")).toBe(300000);
    expect(parseMoney("1,234,567.8", "EUR")).toBe(123456780);
    expect(parseMoney("1.234.567", "EUR")).toBe(123456700);
    expect(parseMoney("1'234.50", "CHF")).toBe(123450);
    expect(parseMoney("-2,450.00", "EUR")).toBe(-245000);
    expect(parseMoney("1,234", "JPY")).toBeNaN(); // one mark is a decimal point: JPY has none
  });

  it("refuses more decimals than the currency has, or rounds them half up when asked", () => {
    expect(parseMoney("0.105", "EUR")).toBeNaN();
    expect(parseMoney("1.5", "JPY")).toBeNaN();
    expect(parseMoney("1.0005", "KWD")).toBeNaN();
    expect(parseMoney("0.105", "EUR", { round: true })).toBe(11);
    expect(parseMoney("0.1049", "EUR", { round: true })).toBe(10);
    expect(parseMoney("2.675", "EUR", { round: true })).toBe(268);
    expect(parseMoney("1.5", "JPY", { round: true })).toBe(2);
    expect(parseMoney("1.4", "JPY", { round: true })).toBe(1);
    expect(parseMoney("-0.105", "EUR", { round: true })).toBe(-11);
  });

  it("reads a minus unless told not to", () => {
    expect(parseMoney("-12.50", "EUR")).toBe(-1250);
    expect(parseMoney("-0", "EUR")).toBe(0);
    expect(Object.is(parseMoney("-0", "EUR"), -0)).toBe(false);
    expect(parseMoney("-12.50", "EUR", { negative: false })).toBeNaN();
  });

  it("refuses an amount beyond the largest kept", () => {
    expect(parseMoney("21474836.47", "EUR")).toBe(MAX_AMOUNT_MINOR);
    expect(parseMoney("-21474836.47", "EUR")).toBe(-MAX_AMOUNT_MINOR);
    expect(parseMoney("21474836.48", "EUR")).toBeNaN();
    expect(parseMoney("21474836.475", "EUR", { round: true })).toBeNaN();
    expect(parseMoney("2147483647", "JPY")).toBe(MAX_AMOUNT_MINOR);
    expect(parseMoney("2147483648", "JPY")).toBeNaN();
    expect(parseMoney("99999999999999999999", "JPY")).toBeNaN();
    expect(parseMoney("0000000000000000000012", "JPY")).toBe(12);
  });
});

describe("money kept as a number of the major unit", () => {
  it("turns it into the minor unit as it prints, half up", () => {
    expect(minorOf(245.5, null)).toBe(24550);
    expect(minorOf(1.005, "EUR")).toBe(101);
    expect(minorOf(1.005, null)).toBe(101);
    expect(minorOf(0.1 + 0.2, "EUR")).toBe(30);
    expect(minorOf(1234.5, "JPY")).toBe(1235);
    expect(minorOf(-2.675, "EUR")).toBe(-268);
    expect(minorOf(5e-7, "EUR")).toBe(0);
    expect(minorOf(21474836.47, "EUR")).toBe(MAX_AMOUNT_MINOR);
    expect(minorOf(21474836.48, "EUR")).toBe(MAX_AMOUNT_MINOR + 1);
    expect(minorOf(90071992547409.5, "EUR")).toBe(9007199254740950);
    expect(minorOf(1e14, "EUR")).toBeNaN();
    expect(minorOf(1e21, "EUR")).toBeNaN();
    expect(minorOf(Number.POSITIVE_INFINITY, "EUR")).toBeNaN();
    expect(minorOf(Number.NaN, "EUR")).toBeNaN();
  });

  it("shows it as money", () => {
    expect(formatMajor(245.5, null, "en-GB")).toBe("245.50");
    expect(formatMajor(1245.5, null, "en-GB")).toBe("1,245.50");
    expect(formatMajor(1.005, null, "en-GB")).toBe("1.01");
    expect(formatMajor(1.005, "EUR", "en-GB")).toBe("€1.01");
    expect(formatMajor(90071992547409.5, null, "en-GB")).toBe("90,071,992,547,409.50");
    expect(formatMajor(1e30, null, "en-GB")).toBe("1e+30");
  });
});

describe("money computed", () => {
  it("adds whole amounts up to the largest kept", () => {
    expect(addMoney()).toBe(0);
    expect(addMoney(1250, 99, -49)).toBe(1300);
    expect(addMoney(MAX_AMOUNT_MINOR - 1, 1)).toBe(MAX_AMOUNT_MINOR);
    expect(() => addMoney(MAX_AMOUNT_MINOR, 1)).toThrow(RangeError);
    expect(() => addMoney(-MAX_AMOUNT_MINOR, -1)).toThrow(RangeError);
    expect(() => addMoney(MAX_AMOUNT_MINOR + 1, -2)).toThrow(RangeError);
    expect(() => addMoney(0.1, 0.2)).toThrow(RangeError);
  });

  it("rounds half up, away from zero, in integers", () => {
    expect(roundHalfUp(5, 2)).toBe(3);
    expect(roundHalfUp(7, 3)).toBe(2);
    expect(roundHalfUp(8, 3)).toBe(3);
    expect(roundHalfUp(-5, 2)).toBe(-3);
    expect(roundHalfUp(-7, 3)).toBe(-2);
    expect(roundHalfUp(5, -2)).toBe(-3);
    expect(roundHalfUp(4, 2)).toBe(2);
    expect(roundHalfUp(42)).toBe(42);
    expect(roundHalfUp(2n * BigInt(MAX_AMOUNT_MINOR) - 1n, 2n)).toBe(MAX_AMOUNT_MINOR);
    expect(roundHalfUp(-(2n * BigInt(MAX_AMOUNT_MINOR) - 1n), 2n)).toBe(-MAX_AMOUNT_MINOR);
    expect(() => roundHalfUp(2n * BigInt(MAX_AMOUNT_MINOR) + 1n, 2n)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError);
  });

  it("takes a percentage with no float in between", () => {
    expect(percentOf(1234, 12.5)).toBe(154);
    expect(percentOf(1236, 12.5)).toBe(155);
    expect(percentOf(1000, 0.1)).toBe(1);
    expect(percentOf(1005, 10)).toBe(101);
    expect(percentOf(-1005, 10)).toBe(-101);
    expect(percentOf(3, 50)).toBe(2);
    expect(percentOf(100, 0.0000001)).toBe(0);
    expect(percentOf(MAX_AMOUNT_MINOR, 100)).toBe(MAX_AMOUNT_MINOR);
    expect(percentOf(1e6, 1e-7)).toBe(0);
    expect(() => percentOf(MAX_AMOUNT_MINOR, 101)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(0.5, 10)).toThrow(RangeError);
  });
});
