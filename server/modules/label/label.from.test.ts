import { describe, expect, it } from "vitest";
import { fromLines } from "./label.pdf.js";

describe("a label's FROM", () => {
  const booked = {
    sender_name: "Acme Supplies",
    pickup_location: "Acme Supplies, 20 Industrial Way, M1 1AE Manchester, United Kingdom",
    sender_address: JSON.stringify({ name: "Jane Doe", company: "Acme Supplies", line1: "20 Industrial Way", city: "Manchester", country: "GB" }),
  };

  it("names the sender's person from the structured address, and the company once, in the address", () => {
    expect(fromLines(booked)).toEqual({ name: "Jane Doe", address: "Acme Supplies, 20 Industrial Way, M1 1AE Manchester, United Kingdom" });
  });

  it("does not say a name twice when the address line starts with it", () => {
    expect(fromLines({ ...booked, sender_address: null })).toEqual({ name: "Acme Supplies", address: "20 Industrial Way, M1 1AE Manchester, United Kingdom" });
    const alone = JSON.stringify({ name: "Acme Supplies", company: null, line1: "20 Industrial Way", city: "Manchester", country: "GB" });
    expect(fromLines({ ...booked, sender_address: alone }).address).toBe("20 Industrial Way, M1 1AE Manchester, United Kingdom");
  });

  it("keeps typed fields as they are, and a broken or nameless structured address falls back to sender_name", () => {
    expect(fromLines({ sender_name: "Acme Books", pickup_location: "Hamburg, Germany", sender_address: null })).toEqual({
      name: "Acme Books",
      address: "Hamburg, Germany",
    });
    expect(fromLines({ sender_name: "Acme Books", pickup_location: null, sender_address: "{not json" })).toEqual({ name: "Acme Books", address: "" });
    expect(fromLines({ sender_name: null, pickup_location: "Hamburg", sender_address: JSON.stringify({ name: " " }) })).toEqual({
      name: "",
      address: "Hamburg",
    });
  });
});
