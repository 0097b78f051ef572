import { describe, expect, it } from "vitest";
import { dropDraft, hasQuote, readDraft, saveQuoteDraft, saveSenderDraft } from "./draft";

/** A Storage of the visitor's own (Node has no localStorage). */
function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}
const QUOTE = {
  from: { country: "DE", postcode: "10117", city: "Berlin" },
  to: { country: "DE", postcode: "20354", city: "" },
  parcels: [{ weight_kg: "1.2", length_cm: "", width_cm: "", height_cm: "" }],
  service: "EXP",
};
const NOW = Date.UTC(2026, 10, 29, 12);

describe("the shipment a quote starts, kept through sign-up and the verification link", () => {
  it("keeps the quote and the sign-up's sender together, in either order, until dropped", () => {
    const s = memory();
    saveQuoteDraft(QUOTE, s, NOW);
    expect(hasQuote(readDraft(s, NOW))).toBe(true);
    saveSenderDraft({ name: "Paula Parcel", company: "Parcel Shop GmbH" }, s, NOW + 1000);
    expect(readDraft(s, NOW + 2000)).toEqual({ ...QUOTE, sender: { name: "Paula Parcel", company: "Parcel Shop GmbH" } });
    // A new Ship now replaces the quote and keeps the sender.
    saveQuoteDraft({ ...QUOTE, service: "STD" }, s, NOW + 3000);
    expect(readDraft(s, NOW + 3000)).toMatchObject({ service: "STD", sender: { name: "Paula Parcel" } });
    dropDraft(s);
    expect(readDraft(s, NOW)).toBeNull();
    saveSenderDraft({ name: "Solo", company: "" }, s, NOW);
    expect(readDraft(s, NOW)).toEqual({ sender: { name: "Solo", company: "" } });
    expect(hasQuote(readDraft(s, NOW))).toBe(false);
  });

  it("forgets it once the verification link has expired (72 hours) or when its time is in the future", () => {
    const s = memory();
    saveQuoteDraft(QUOTE, s, NOW);
    expect(readDraft(s, NOW + 71 * 3600_000)).not.toBeNull();
    expect(readDraft(s, NOW + 72 * 3600_000)).toBeNull();
    expect(readDraft(s, NOW - 1000)).toBeNull();
  });

  it("reads back only the fields it knows, as text, whatever the store holds", () => {
    const s = memory();
    for (const raw of ["{", "null", "[]", '"x"', JSON.stringify({ saved_at: "now" }), JSON.stringify({ saved_at: NOW })]) {
      s.m.set("courier-shipment-draft", raw);
      expect(readDraft(s, NOW), raw).toBeNull();
    }
    s.m.set(
      "courier-shipment-draft",
      JSON.stringify({
        saved_at: NOW,
        from: { country: 7, postcode: { x: 1 }, city: "B".repeat(500) },
        to: "DE",
        parcels: [null, { weight_kg: ["1"], length_cm: "3" }, ...Array(60).fill({})],
        sender: { name: "<b>x</b>", company: null },
      }),
    );
    const d = readDraft(s, NOW)!;
    expect(d.from).toBeUndefined();
    expect(d.parcels).toHaveLength(50);
    expect(d.parcels![0]).toEqual({ weight_kg: "", length_cm: "", width_cm: "", height_cm: "" });
    expect(d.parcels![1].length_cm).toBe("3");
    expect(d.sender).toEqual({ name: "<b>x</b>", company: "" });
    expect(hasQuote(d)).toBe(false);
  });

  it("does nothing without a store (private mode)", () => {
    saveQuoteDraft(QUOTE, null, NOW);
    expect(readDraft(null, NOW)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => saveQuoteDraft(QUOTE, broken, NOW)).not.toThrow();
    expect(readDraft(broken, NOW)).toBeNull();
    expect(() => dropDraft(broken)).not.toThrow();
  });
});
