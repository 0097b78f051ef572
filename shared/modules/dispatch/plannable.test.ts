import { describe, expect, it } from "vitest";
import { BOARD_STATUSES, notPlannable, type PlanParcel } from "./plannable.js";

const DATE = "2026-12-01";
const at = { latitude: 52.37, longitude: 4.89 };
const parcel = (p: Partial<PlanParcel> = {}): PlanParcel => ({
  status_code: "in_transit",
  ...at,
  reschedule_choice: null,
  reschedule_date: null,
  awaiting_pickup: null,
  ...p,
});

describe("what can go on a run", () => {
  it("any status on the way, a hub scan or not: pending, picked up, in transit, out for delivery, no status at all", () => {
    for (const status_code of ["pending", "picked_up", "in_transit", "out_for_delivery", null]) expect(notPlannable(parcel({ status_code }), DATE)).toBeNull();
  });

  it("the board lists every status but the final ones", () => {
    expect(BOARD_STATUSES).toEqual(["pending", "picked_up", "in_transit", "on_hold", "out_for_delivery", "ready_for_pickup", "delivery_failed", "exception"]);
  });

  it("not a parcel whose journey is over, on hold, in exception or at a pickup point", () => {
    expect(notPlannable(parcel({ status_code: "delivered" }), DATE)).toBe("Delivered: its journey is over");
    expect(notPlannable(parcel({ status_code: "cancelled" }), DATE)).toBe("Cancelled: its journey is over");
    expect(notPlannable(parcel({ status_code: "returned_to_sender" }), DATE)).toBe("Returned to sender: its journey is over");
    expect(notPlannable(parcel({ status_code: "on_hold" }), DATE)).toBe("On hold: release it first");
    expect(notPlannable(parcel({ status_code: "exception" }), DATE)).toBe("Exception: resolve it first");
    expect(notPlannable(parcel({ status_code: "ready_for_pickup" }), DATE)).toBe("Waits at a pickup point for its recipient");
  });

  it("a failed attempt: on the day its recipient chose, or when they chose nothing; not another day nor the depot", () => {
    const failed = (reschedule_choice: string | null, reschedule_date: string | null) =>
      notPlannable(parcel({ status_code: "delivery_failed", reschedule_choice, reschedule_date }), DATE);
    expect(failed(null, null)).toBeNull();
    expect(failed("delivery", DATE)).toBeNull();
    expect(failed("delivery", "2026-12-03")).toBe("Its recipient chose 2026-12-03");
    expect(failed("depot", null)).toBe("Its recipient collects it at the depot");
  });

  it("not a booked parcel still at its shipper (its pickup not collected yet); once picked up, it can", () => {
    expect(notPlannable(parcel({ status_code: "pending", awaiting_pickup: 12 }), DATE)).toBe("Still at its shipper: pickup 12 collects it first");
    expect(notPlannable(parcel({ status_code: "picked_up", awaiting_pickup: 12 }), DATE)).toBeNull();
  });

  it("not without a point on the map; a status reason comes first", () => {
    expect(notPlannable(parcel({ latitude: null }), DATE)).toBe("No point on the map: place the destination to plan it");
    expect(notPlannable(parcel({ longitude: null }), DATE)).toMatch(/^No point on the map/);
    expect(notPlannable(parcel({ latitude: null, status_code: "on_hold" }), DATE)).toBe("On hold: release it first");
  });
});
