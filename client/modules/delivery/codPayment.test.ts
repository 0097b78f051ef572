import { describe, expect, it } from "vitest";
import { paymentProblems } from "@shared/modules/cod/cod.rules";
import { amountText, codRefusals, draftFor, isCodRefusal, paymentOf, readAmount } from "./codPayment";

const EUR = (amount: number) => ({ amount, currency: "EUR" });

describe("the amount taken at the door", () => {
  it("reads the major unit's text into integer minor units, exactly", () => {
    expect(readAmount("12.50", "EUR")).toEqual({ amount: 1250 });
    expect(readAmount("12,5", "EUR")).toEqual({ amount: 1250 });
    expect(readAmount(" 1 234,56 ", "EUR")).toEqual({ amount: 123456 });
    expect(readAmount("1,234.56", "EUR")).toEqual({ amount: 123456 });
    expect(readAmount("1.234,56", "EUR")).toEqual({ amount: 123456 });
    expect(readAmount("12", "EUR")).toEqual({ amount: 1200 });
    // The classic float traps: no 0.1 + 0.2 nor 1.005 * 100 anywhere.
    expect(readAmount("0.29", "EUR")).toEqual({ amount: 29 });
    expect(readAmount("1.005", "KWD")).toEqual({ amount: 1005 });
    expect(readAmount("4.35", "EUR")).toEqual({ amount: 435 });
    expect(readAmount("20000000.07", "EUR")).toEqual({ amount: 2000000007 });
    expect(readAmount("1500", "JPY")).toEqual({ amount: 1500 });
  });

  it("reads Arabic-Indic and Persian digits and the Arabic decimal mark", () => {
    expect(readAmount("١٢٫٥٠", "EUR")).toEqual({ amount: 1250 });
    expect(readAmount("۱۲٫۵", "EUR")).toEqual({ amount: 1250 });
    expect(readAmount("١٬٢٣٤٫٥٠", "EUR")).toEqual({ amount: 123450 });
  });

  it("refuses what is not an amount taken", () => {
    expect(readAmount("", "EUR")).toEqual({ problem: "blank" });
    expect(readAmount("  ", "EUR")).toEqual({ problem: "blank" });
    expect(readAmount("12.505", "EUR")).toEqual({ problem: "invalid" });
    expect(readAmount("12.5", "JPY")).toEqual({ problem: "invalid" });
    expect(readAmount("-12.50", "EUR")).toEqual({ problem: "invalid" });
    expect(readAmount("12 EUR", "EUR")).toEqual({ problem: "invalid" });
    expect(readAmount("1e3", "EUR")).toEqual({ problem: "invalid" });
    expect(readAmount("99999999999", "EUR")).toEqual({ problem: "invalid" });
    expect(readAmount("0,00", "EUR")).toEqual({ problem: "zero" });
  });

  it("prefills the amount due in the member's decimal mark, and reads it back to the same integer", () => {
    expect(amountText(EUR(1250), "de")).toBe("12,50");
    expect(amountText(EUR(1250), "en")).toBe("12.50");
    expect(amountText(EUR(5), "fr")).toBe("0,05");
    expect(amountText({ amount: 1500, currency: "JPY" }, "ja")).toBe("1500");
    for (const lng of ["de", "en", "fr", "ar", "fa", "ru", "hi", "th"]) {
      for (const amount of [1, 29, 435, 1005, 123456, 500000]) {
        const draft = draftFor(EUR(amount), lng);
        expect(readAmount(draft.amount, "EUR"), `${lng} ${draft.amount}`).toEqual({ amount });
      }
    }
  });
});

describe("the payment a delivery carries", () => {
  it("is the amount, the method and, for a card, its receipt reference", () => {
    expect(paymentOf({ amount: "12,50", method: "cash", reference: "ignored" }, EUR(1250))).toEqual({ payment: { amount: 1250, method: "cash" } });
    expect(paymentOf({ amount: "12.50", method: "card", reference: " R-1 " }, EUR(1250))).toEqual({
      payment: { amount: 1250, method: "card", reference: "R-1" },
    });
  });

  it("names the field of each problem", () => {
    expect(paymentOf({ amount: "", method: "card", reference: " " }, EUR(1250))).toEqual({
      problems: [
        { field: "amount", problem: "blank" },
        { field: "reference", problem: "required" },
      ],
    });
    expect(paymentOf({ amount: "12.50", method: "card", reference: "x".repeat(65) }, EUR(1250))).toEqual({
      problems: [{ field: "reference", problem: "tooLong" }],
    });
  });

  it("leaves a different amount to the server online, and refuses it on the phone by the server's rule offline", () => {
    expect(paymentOf({ amount: "12.00", method: "cash", reference: "" }, EUR(1250))).toEqual({ payment: { amount: 1200, method: "cash" } });
    expect(paymentOf({ amount: "12.00", method: "cash", reference: "" }, EUR(1250), true)).toEqual({
      problems: [{ field: "amount", problem: "different", due: EUR(1250) }],
    });
    expect(paymentOf({ amount: "12.50", method: "cash", reference: "" }, EUR(1250), true)).toEqual({ payment: { amount: 1250, method: "cash" } });
  });
});

describe("the server's refusals of a payment", () => {
  it("are read from the server's own messages (shared rules), field by field", () => {
    expect(codRefusals(paymentProblems(EUR(1250), null))).toEqual([{ field: "cod", problem: "required", due: EUR(1250) }]);
    const wrong = paymentProblems(EUR(1250), { amount: 1200, method: "card", reference: "" });
    expect(codRefusals(wrong)).toEqual([
      { field: "amount", problem: "different", due: EUR(1250) },
      { field: "reference", problem: "required" },
    ]);
    expect(codRefusals(paymentProblems(EUR(1250), { amount: 1250, method: "cheque" }))).toEqual([{ field: "method", problem: "invalid" }]);
  });

  it("reads a scan's joined message, and keeps anything else as it is", () => {
    expect(codRefusals(paymentProblems({ amount: 1500, currency: "JPY" }, { amount: 1, method: "card" }).join("; "))).toEqual([
      { field: "amount", problem: "different", due: { amount: 1500, currency: "JPY" } },
      { field: "reference", problem: "required" },
    ]);
    expect(codRefusals("Already delivered")).toEqual([{ field: null, message: "Already delivered" }]);
    expect(isCodRefusal("Already delivered")).toBe(false);
    expect(isCodRefusal("cod is required: collect 12.50 EUR before delivering")).toBe(true);
  });
});
