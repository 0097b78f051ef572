import { describe, expect, it } from "vitest";
import i18next from "i18next";
import en from "../../../i18n/locales/control/control-dispatch/en.json";
import de from "../../../i18n/locales/control/control-dispatch/de.json";
import {
  blockedText,
  COURIER_MISSING,
  countOf,
  courierOption,
  courierText,
  DISPATCH_NS,
  isDate,
  moved,
  pickupText,
  roundText,
  runColour,
  stopInput,
  stopKey,
  today,
} from "./board";
import { notPlannable } from "@shared/modules/dispatch/plannable";

// The board's texts as the control panel loads them (English, and German for the words that change).
const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  fallbackLng: "en",
  ns: [DISPATCH_NS],
  defaultNS: DISPATCH_NS,
  resources: { en: { [DISPATCH_NS]: en }, de: { [DISPATCH_NS]: de } },
  interpolation: { escapeValue: false },
});
const t = i18n.getFixedT("en", DISPATCH_NS);
const tDe = i18n.getFixedT("de", DISPATCH_NS);

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
    expect(roundText(t, 12.4, 65)).toMatch(/12.4 km · 1 h 05 min/);
    expect(roundText(t, 3, 9)).toMatch(/3 km · 9 min/);
  });

  it("a pickup's line: what it collects and the window its shipper asked for; nothing for a delivery", () => {
    const window = { from: "2026-03-03T09:00:00.000Z", to: "2026-03-03T12:00:00.000Z" };
    expect(pickupText(t, { kind: "pickup", contents: "Pickup: 2 parcels", window })).toMatch(
      /^Pickup: 2 parcels · asked for (\w+, \w+ \d+ )?\d\d?:00\D*–\s?\d\d?:00\D*$/,
    );
    expect(pickupText(t, { kind: "pickup", contents: "Pickup: 2 parcels", window: null })).toBe("Pickup: 2 parcels");
    expect(pickupText(t, { kind: "pickup", contents: null, window: null })).toBeNull();
    expect(pickupText(t, { kind: "delivery", contents: "Books", window })).toBeNull();
  });

  it("names a courier by name, the e-mail only without one; a courier error in the field's words, never the wire name", () => {
    expect(courierOption(t, { name: "Ann Smith", email: "ann@example.com", role: "courier" })).toBe("Ann Smith (courier)");
    expect(courierOption(t, { name: null, email: "bob@example.com", role: "dispatcher" })).toBe("bob@example.com (dispatcher)");
    expect(courierOption(t, { name: "", email: "bob@example.com", role: "courier" })).toBe("bob@example.com (courier)");
    expect(courierOption(tDe, { name: "Ann Smith", email: "ann@example.com", role: "courier" })).toBe("Ann Smith (Kurier)");
    expect(courierText(t, COURIER_MISSING)).toBe("Choose a courier");
    expect(courierText(t, "courier_id must be an active courier or dispatcher")).toMatch(/^Choose an active courier or dispatcher/);
    for (const m of [COURIER_MISSING, "courier_id must be an active courier or dispatcher"]) expect(courierText(t, m)).not.toMatch(/courier_id/);
  });

  it("counts in the language's plural forms", () => {
    expect(t("stops", countOf(1))).toBe("1 stop");
    expect(t("stops", countOf(3))).toBe("3 stops");
    expect(t("made", countOf(2, { run: "Run 4 (Ann)" }))).toBe("Run 4 (Ann) made with 2 stops.");
    expect(tDe("makeRunWith", countOf(1))).toBe("Tour mit 1 Stopp anlegen");
  });

  it("says every reason the server gives for a parcel off the board in the language, never the English words", () => {
    const base = { latitude: 51.5, longitude: -0.1, reschedule_choice: null, reschedule_date: null, awaiting_pickup: null };
    const reasons = [
      notPlannable({ ...base, status_code: "delivered" }, "2026-03-05"),
      notPlannable({ ...base, status_code: "on_hold" }, "2026-03-05"),
      notPlannable({ ...base, status_code: "exception" }, "2026-03-05"),
      notPlannable({ ...base, status_code: "ready_for_pickup" }, "2026-03-05"),
      notPlannable({ ...base, status_code: "delivery_failed", reschedule_choice: "depot" }, "2026-03-05"),
      notPlannable({ ...base, status_code: "delivery_failed", reschedule_choice: "delivery", reschedule_date: "2026-03-09" }, "2026-03-05"),
      notPlannable({ ...base, status_code: "pending", awaiting_pickup: 12 }, "2026-03-05"),
      notPlannable({ ...base, status_code: "in_transit", latitude: null, longitude: null }, "2026-03-05"),
    ];
    for (const r of reasons) {
      expect(r).toBeTruthy();
      // In English the words are the server's; the chosen day is a day of the calendar in the language's format.
      if (r!.startsWith("Its recipient chose")) expect(blockedText(t, r!)).toBe("Its recipient chose Mon, Mar 9, 2026");
      else expect(blockedText(t, r!)).toBe(r);
      expect(blockedText(tDe, r!)).not.toBe(r);
    }
    expect(blockedText(tDe, reasons[0]!)).toBe("Zugestellt: Ihr Weg ist zu Ende");
    expect(blockedText(tDe, "A reason not known yet")).toBe("A reason not known yet");
  });
});
