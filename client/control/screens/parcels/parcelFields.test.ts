import { afterEach, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { inputOf, zoomError } from "./parcelFields";
import { isoToLocal, localToIso, numberOrNull, str, textOrNull } from "../../hooks/values";

describe("parcel form values", () => {
  it("sends blank optional fields as null and numbers as numbers", () => {
    const input = inputOf(7, {
      tracking_code: " AB-1 ",
      recipient_name: "Ada",
      status: "  ",
      recipient_email: "",
      weight: "12.5",
      declared_value: "",
      map_zoom: "4",
      map_current_latitude: "-33.9",
      show_map: "yes",
    });
    expect(input).toEqual({
      id: 7,
      tracking_code: "AB-1",
      recipient_name: "Ada",
      status: null,
      recipient_email: null,
      weight: 12.5,
      declared_value: null,
      map_zoom: 4,
      map_current_latitude: -33.9,
      show_map: "yes",
    });
  });

  it("leaves fields out that the form does not edit", () => {
    expect(inputOf(3, { show_map: "no", map_zoom: "5" })).toEqual({ id: 3, show_map: "no", map_zoom: 5 });
  });

  it("wants a whole map zoom", () => {
    // The texts' keys and the field as labelled (the control panel's texts are not set up here: English's label).
    const t = ((key: string, o: { field: string }) => `${key}: ${o.field}`) as unknown as TFunction;
    expect(zoomError(t, "")).toBe("messages.required: Map Zoom");
    expect(zoomError(t, "3.5")).toBe("update.zoomWhole: Map Zoom");
    expect(zoomError(t, "12")).toBeNull();
  });

  it("converts between input text and wire values", () => {
    expect(textOrNull(" a ")).toBe("a");
    expect(textOrNull("")).toBeNull();
    expect(numberOrNull("0")).toBe(0);
    expect(numberOrNull("x")).toBeNull();
    expect(str(null)).toBe("");
    expect(str(4.2)).toBe("4.2");
  });
});

describe("switches, statuses and times", () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it("sends the switches as booleans and a blank status code as null", () => {
    expect(inputOf(5, { notify_recipient: "false", protect_details: "true", status_code: "", status_reason: " Nobody home ", recipient_postcode: "" })).toEqual(
      {
        id: 5,
        notify_recipient: false,
        protect_details: true,
        status_code: null,
        status_reason: "Nobody home",
        recipient_postcode: null,
      },
    );
  });

  it("turns the admin's wall-clock time into ISO 8601 with the zone's offset of that day", () => {
    process.env.TZ = "Europe/Berlin";
    expect(localToIso("2026-11-12T09:30")).toBe("2026-11-12T09:30:00+01:00");
    expect(localToIso("2026-07-01T09:30")).toBe("2026-07-01T09:30:00+02:00");
    expect(localToIso("")).toBeNull();
    expect(localToIso("12/11/2026")).toBeNull();
    expect(isoToLocal("2026-11-12T08:30:00.000Z")).toBe("2026-11-12T09:30");
    process.env.TZ = "America/St_Johns";
    expect(localToIso("2026-01-15T23:05")).toBe("2026-01-15T23:05:00-03:30");
  });
});
