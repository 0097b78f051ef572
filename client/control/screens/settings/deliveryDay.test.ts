import { describe, expect, it } from "vitest";
import { dispatchRangeMessage } from "@shared/modules/settings/settings.codes";
import { depotOf, labelled, problemsOf } from "./deliveryDay";

const FILLED = {
  depot_latitude: "51.4545",
  depot_longitude: "0.3689",
  courier_speed_kmh: "25",
  stop_minutes: "4",
  notify_stops_before: "3",
  delivery_window_minutes: "60",
};

describe("the Delivery day form", () => {
  it("names each field as the screen labels it, in the server's messages too", () => {
    expect(labelled(dispatchRangeMessage("courier_speed_kmh"))).toBe("Courier speed (km/h) must be a number from 1 to 200 km/h");
    expect(labelled(dispatchRangeMessage("delivery_window_minutes"))).toBe("Delivery window (minutes) must be a whole number from 1 to 1440 minutes");
    expect(labelled("depot_latitude is required with depot_longitude")).toBe("Depot latitude is required with Depot longitude");
  });

  it("refuses blanks and what is not a number before asking; both depot fields blank is no depot", () => {
    expect(problemsOf(FILLED)).toEqual([]);
    expect(problemsOf({ ...FILLED, depot_latitude: "", depot_longitude: "" })).toEqual([]);
    expect(problemsOf({ ...FILLED, depot_longitude: "" })).toEqual(["depot_longitude is required with depot_latitude"]);
    expect(problemsOf({ ...FILLED, stop_minutes: " ", notify_stops_before: "three" })).toEqual([
      "stop_minutes is required",
      "notify_stops_before must be a whole number",
    ]);
  });

  it("puts the marker only where the fields hold a place", () => {
    expect(depotOf(FILLED)).toEqual({ latitude: 51.4545, longitude: 0.3689 });
    expect(depotOf({ depot_latitude: "51,5", depot_longitude: "-0,12" })).toEqual({ latitude: 51.5, longitude: -0.12 });
    expect(depotOf({ depot_latitude: "95", depot_longitude: "0" })).toBeNull();
    expect(depotOf({ depot_latitude: "", depot_longitude: "0" })).toBeNull();
  });
});
