import { describe, expect, it } from "vitest";
import { FAILURE_REASONS, STATUS_CODES } from "../parcel/status.codes.js";
import { defaultScanTitle, SCAN_EVENTS, scanRefusal } from "./scan.events.js";

describe("the floor's events", () => {
  it("map onto normalised statuses, each with a title (custom takes both from the courier)", () => {
    for (const e of SCAN_EVENTS) {
      if (e.id === "custom") expect([e.status_code, e.title]).toEqual([null, null]);
      else {
        expect(STATUS_CODES).toContain(e.status_code);
        expect(e.title).toBeTruthy();
      }
    }
    expect(SCAN_EVENTS.map((e) => e.id)).toEqual([
      "picked_up",
      "arrived_hub",
      "departed_hub",
      "out_for_delivery",
      "delivery_failed",
      "delivered",
      "returned_to_sender",
      "custom",
    ]);
  });

  it("titles an entry by its event, a failed attempt with its reason, other statuses by their label", () => {
    expect(defaultScanTitle("picked_up")).toBe("Picked up");
    expect(defaultScanTitle("in_transit")).toBe("Arrived at hub");
    expect(defaultScanTitle("delivery_failed", "address_not_found")).toBe("Delivery attempt failed: address not found");
    expect(defaultScanTitle("delivery_failed", "made up")).toBe("Delivery attempt failed");
    expect(defaultScanTitle("on_hold")).toBe("On hold");
    for (const r of FAILURE_REASONS) expect(defaultScanTitle("delivery_failed", r)).toMatch(/^Delivery attempt failed: [a-z ]+$/);
  });

  it("refuses events after the journey is over, except a delivered parcel going back to its sender", () => {
    expect(scanRefusal(null, "picked_up")).toBeNull();
    expect(scanRefusal("delivery_failed", "out_for_delivery")).toBeNull();
    expect(scanRefusal("delivered", "in_transit")).toBe("ALREADY_DELIVERED");
    expect(scanRefusal("delivered", "delivered")).toBe("ALREADY_DELIVERED");
    expect(scanRefusal("delivered", "returned_to_sender")).toBeNull();
    expect(scanRefusal("returned_to_sender", "returned_to_sender")).toBe("NOT_ALLOWED");
    expect(scanRefusal("cancelled", "picked_up")).toBe("NOT_ALLOWED");
  });
});
