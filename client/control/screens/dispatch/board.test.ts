import { describe, expect, it } from "vitest";
import { COURIER_MISSING, courierOption, courierText, isDate, moved, pickupText, roundText, runColour, stopInput, stopKey, today } from "./board";

describe("dispatch board helpers", () => {
  it("keys and wire inputs: a parcel by its code, a pickup by its id", () => {
    expect(stopKey({ tracking_code: "CR-1", pickup_id: null })).toBe("CR-1");
    expect(stopKey({ tracking_code: null, pickup_id: 7 })).toBe("pickup:7");
    expect(stopInput({ tracking_code: "CR-1", pickup_id: null })).toEqual({ tracking_code: "CR-1" });
    expect(stopInput({ tracking_code: null, pickup_id: 7 })).toEqual({ pickup_id: 7 });
  });

  it("moves an item within a list, and leaves it as it is out of range", () => {
    expect(moved(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 3)).toEqual(["a", "b", "c"]);
  });

  it("dates, colours and the round's text", () => {
    expect(today(new Date(2026, 2, 5, 23, 59))).toBe("2026-03-05");
    expect(isDate("2026-03-05")).toBe(true);
    expect(isDate("2026-3-5")).toBe(false);
    expect(isDate("2026-13-40")).toBe(false);
    expect(runColour(0)).not.toBe(runColour(1));
    expect(runColour(8)).toBe(runColour(0));
    expect(roundText(12.4, 65)).toMatch(/12.4 km · 1 h 05 min/);
    expect(roundText(3, 9)).toMatch(/3 km · 9 min/);
  });

  it("a pickup's line: what it collects and the window its shipper asked for; nothing for a delivery", () => {
    const window = { from: "2026-03-03T09:00:00.000Z", to: "2026-03-03T12:00:00.000Z" };
    expect(pickupText({ kind: "pickup", contents: "Pickup: 2 parcels", window })).toMatch(/^Pickup: 2 parcels · asked for \d\d?:00\D*–\s?\d\d?:00\D*$/);
    expect(pickupText({ kind: "pickup", contents: "Pickup: 2 parcels", window: null })).toBe("Pickup: 2 parcels");
    expect(pickupText({ kind: "pickup", contents: null, window: null })).toBeNull();
    expect(pickupText({ kind: "delivery", contents: "Books", window })).toBeNull();
  });

  it("names a courier by name, the e-mail only without one; a courier error in the field's words, never the wire name", () => {
    expect(courierOption({ name: "Ann Smith", email: "ann@example.com", role: "courier" })).toBe("Ann Smith (courier)");
    expect(courierOption({ name: null, email: "bob@example.com", role: "dispatcher" })).toBe("bob@example.com (dispatcher)");
    expect(courierOption({ name: "", email: "bob@example.com", role: "courier" })).toBe("bob@example.com (courier)");
    expect(courierText(COURIER_MISSING)).toBe("Choose a courier");
    expect(courierText("courier_id must be an active courier or dispatcher")).toMatch(/^Choose an active courier or dispatcher/);
    for (const m of [COURIER_MISSING, "courier_id must be an active courier or dispatcher"]) expect(courierText(m)).not.toMatch(/courier_id/);
  });
});
