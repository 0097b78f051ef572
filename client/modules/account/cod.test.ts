import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { codMinor, codRefusal } from "./cod";

/** A stand-in for the translation: the key and its values, so the test reads what the screen would be given. */
const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;
const refused = (message: string, code = "BAD_USER_INPUT") => ({ graphQLErrors: [{ message, extensions: { code, messages: [message] } }] });

describe("cash on delivery on the booking form", () => {
  it("reads the amount typed in the major unit as the exact integer of the smallest unit", () => {
    expect(codMinor("45.50", "EUR")).toBe(4550);
    expect(codMinor("45,5", "EUR")).toBe(4550);
    expect(codMinor("1 234,50", "EUR")).toBe(123450);
    expect(codMinor("1,234.50", "EUR")).toBe(123450);
    expect(codMinor("120", "EUR")).toBe(12000);
    expect(codMinor("0.01", "EUR")).toBe(1);
    // The currency's own digits: none for the yen, three for the Kuwaiti dinar.
    expect(codMinor("1250", "JPY")).toBe(1250);
    expect(codMinor("1.250", "KWD")).toBe(1250);
    // Blank is none.
    expect(codMinor("", "EUR")).toBeNull();
    expect(codMinor("  ", "EUR")).toBeNull();
  });

  it("refuses what is not an amount above zero, never rounding it", () => {
    for (const text of ["12.505", "0", "0.00", "-5", "12a", "1..2", "5e3", "12.5", "99999999999999999"])
      expect(codMinor(text, text === "12.5" ? "JPY" : "EUR"), text).toBeNaN();
  });

  it("says the server's refusal above cod_max with the largest amount as money, and nothing for another failure", () => {
    const over = refused("cod_amount must be a whole number of the currency's smallest unit from 1 to 500000 (the setting cod_max), or null for none");
    expect(codRefusal(t, over, "en-GB", "EUR")).toBe(`account.codMax {"max":"€5,000.00"}`);
    expect(codRefusal(t, over, "de", "EUR")).toBe(`account.codMax {"max":"5.000,00\u00a0€"}`);
    expect(codRefusal(t, refused("cod_amount must be a number"), "en-GB", "EUR")).toBe(`account.codInvalid {"example":"€12.50"}`);
    expect(codRefusal(t, refused("recipient.postcode does not fit the postcode format of DE"), "en-GB", "EUR")).toBeNull();
    expect(codRefusal(t, null, "en-GB", "EUR")).toBeNull();
  });
});
