import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { dispatchRangeMessage } from "@shared/modules/settings/settings.codes";
import en from "../../../i18n/locales/control/control-settings/en.json";
import de from "../../../i18n/locales/control/control-settings/de.json";
import { depotOf, problemsOf, rangeText, SETTINGS_NS } from "./deliveryDay";
import { readableMessage } from "../../fieldLabels";

const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  fallbackLng: "en",
  ns: [SETTINGS_NS],
  defaultNS: SETTINGS_NS,
  resources: { en: { [SETTINGS_NS]: en }, de: { [SETTINGS_NS]: de } },
  interpolation: { escapeValue: false },
});
const t = i18n.getFixedT("en", SETTINGS_NS);
const tDe = i18n.getFixedT("de", SETTINGS_NS);

const FILLED = {
  depot_latitude: "51.4545",
  depot_longitude: "0.3689",
  courier_speed_kmh: "25",
  stop_minutes: "4",
  notify_stops_before: "3",
  delivery_window_minutes: "60",
};

describe("the Delivery day form", () => {
  it("names each field as the screen labels it, in the server's messages too (the table of refusals, fieldLabels.ts)", () => {
    expect(readableMessage(dispatchRangeMessage("courier_speed_kmh"))).toBe("Courier speed (km/h) must be a number from 1 to 200 km/h");
    expect(readableMessage(dispatchRangeMessage("delivery_window_minutes"))).toBe("Delivery window (minutes) must be a whole number from 1 to 1440 minutes");
    expect(readableMessage(dispatchRangeMessage("depot_latitude"))).toBe("Depot latitude must be a number from -90 to 90");
    expect(readableMessage("depot_latitude is required with depot_longitude")).toBe("Depot latitude is required with Depot longitude");
    expect(readableMessage("stop_minutes is required")).toBe("Minutes a stop is required");
    // A message of no known form keeps the server's words, the field by its label.
    expect(readableMessage("courier_speed_kmh is odd")).toBe("Courier speed (km/h) is odd");
    expect(rangeText(t, "notify_stops_before")).toBe("From 0 to 50 stops, a whole number.");
  });

  it("says a field's range in the member's language (its refusals in German: refusals.test.ts)", () => {
    expect(rangeText(tDe, "delivery_window_minutes")).toBe("Von 1 bis 1440 Minuten, eine ganze Zahl.");
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
