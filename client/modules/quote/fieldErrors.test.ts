import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { fieldLabel, splitErrors } from "./fieldErrors";

const t = ((k: string, o?: { n?: unknown }) => (o?.n !== undefined ? `<${k}:${String(o.n)}>` : `<${k}>`)) as unknown as TFunction;
const e = (message: string) => ({ message, code: "BAD_USER_INPUT", reason: null });

describe("the server's errors by field", () => {
  it("puts each message next to the field it names, translating the common rules", () => {
    const shown = (f: string) => f !== "secret";
    const r = splitErrors(
      t,
      [
        e("to.postcode does not fit the postcode format of DE"),
        e("parcels[1].weight_kg must be at least 0.01"),
        e("sender.line1 is required"),
        e("secret is odd"),
        e("No service covers this route"),
      ],
      shown,
    );
    expect(r.byField).toEqual({
      "to.postcode": "<quote.err.postcode>",
      "parcels[1].weight_kg": "<quote.err.number>",
      "sender.line1": "<quote.err.required>",
    });
    expect(r.general).toEqual(["Secret: is odd", "No service covers this route"]);
  });

  it("names a field the form does not show in place as the screen labels it, never by its wire name", () => {
    const r = splitErrors(
      t,
      [
        e("countries[0] must be an ISO 3166-1 alpha-2 country code (e.g. DE)"),
        e("declared_value must be at most 100000000"),
        e("sender_address_id must be a whole number"),
        e("parcels[2].height_cm must be a number"),
        e("pickup.date must be a date as YYYY-MM-DD"),
        e("recipient.name must be at most 200 characters"),
      ],
      () => false,
    );
    expect(r.byField).toEqual({});
    expect(r.general).toEqual([
      "Countries 1: <quote.err.country>",
      "<account.declared>: <quote.err.number>",
      "Sender address id: <quote.err.number>",
      "<quote.parcelN:3> – <quote.height_cm>: <quote.err.number>",
      "<account.pickupWindow> – <account.date>: <quote.err.date>",
      "<account.recipient> – <account.addr.name>: <quote.err.tooLong:200>",
    ]);
    for (const m of r.general) expect(m.replace(/<[^>]+>/g, ""), m).not.toMatch(/[_[\]]|\b[a-z]+\.[a-z]/);
  });

  it("says one thing a field: a second message about the same field is dropped, in place and above the button", () => {
    const msgs = [
      e("from.country is required"),
      e("from.country must be an ISO 3166-1 alpha-2 country code (e.g. DE)"),
      e("to.country is required"),
      e("to.country must be text"),
    ];
    const r = splitErrors(t, msgs, (f) => f.startsWith("from"));
    expect(r.byField).toEqual({ "from.country": "<quote.err.required>" });
    expect(r.general).toEqual(["<quote.to> – <quote.country>: <quote.err.required>"]);
  });

  it("reads the sign-in's refusal as one sentence, not as a message about the e-mail field; sign-up's and reset's rules translated", () => {
    const shown = (f: string) => ["email", "password", "confirm_new_password", "password_token"].includes(f);
    const r = splitErrors(
      t,
      [
        e("email or password is incorrect"),
        e("password is one of the most common passwords; choose another"),
        e("confirm_new_password must match new_password"),
        e("password_token is invalid or expired"),
      ],
      shown,
    );
    expect(r.general).toEqual(["<quote.err.signIn>"]);
    expect(r.byField).toEqual({ password: "<quote.err.common>", confirm_new_password: "<quote.err.match>", password_token: "<quote.err.expired>" });
    expect(splitErrors(t, [e("email is already taken")], shown).byField).toEqual({ email: "<quote.err.taken>" });
  });

  it("labels the quote's, booking's and pickup's fields", () => {
    expect(fieldLabel(t, "from.postcode")).toBe("<quote.from> – <quote.postcode>");
    expect(fieldLabel(t, "parcels")).toBe("<quote.parcels>");
    expect(fieldLabel(t, "address.line1")).toBe("<account.pickupAddress> – <account.addr.line1>");
    expect(fieldLabel(t, "booking_ids")).toBe("<account.pickupShipments>");
  });
});
