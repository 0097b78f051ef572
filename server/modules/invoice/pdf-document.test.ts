import { describe, expect, it } from "vitest";
import { pdfMajor, pdfMoney } from "./pdf-document.js";

describe("money in the PDFs", () => {
  it("writes integers of the minor unit in the currency's digits, never through a float of the major unit", () => {
    expect(pdfMoney(123456, "EUR")).toBe("€1,234.56");
    expect(pdfMoney(99, "EUR")).toBe("€0.99");
    expect(pdfMoney(-5, "EUR")).toBe("-€0.05");
    expect(pdfMoney(0, "GBP")).toBe("£0.00");
    expect(pdfMoney(1234, "JPY")).toBe("JP¥1,234");
    expect(pdfMoney(1234, "KWD")).toBe("KWD\u00A01.234");
    // 2^53 - 1 cents: a float of the major unit would have lost the last cent.
    expect(pdfMoney(Number.MAX_SAFE_INTEGER, "EUR")).toBe("€90,071,992,547,409.91");
  });

  it("writes an amount without a currency (an invoice's) as the number with two decimals", () => {
    expect(pdfMoney(124550, null)).toBe("1,245.50");
    expect(pdfMoney(30, null)).toBe("0.30");
  });

  it("writes an invoice's amount (a number of the major unit) as it prints, half up", () => {
    expect(pdfMajor(1245.5)).toBe("1,245.50");
    expect(pdfMajor(1.005)).toBe("1.01");
    expect(pdfMajor(0.1 + 0.2)).toBe("0.30");
    expect(pdfMajor(1e30)).toBe("1e+30");
  });
});
