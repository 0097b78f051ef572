import { describe, expect, it } from "vitest";
import { ACTIVITY_COLORS, ACTIVITY_ICONS, DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON, withDerivedTime } from "./activity.rules.js";

describe("activity lists", () => {
  it("has the spec's eleven icons with their labels", () => {
    expect(ACTIVITY_ICONS).toEqual({
      radio_button_checked: "checked",
      pan_tool: "stop",
      verified: "verified",
      check_circle: "check_circle",
      radio_button_unchecked: "unchecked",
      airplanemode_active: "plane",
      moped: "bike",
      directions_boat: "boat",
      local_shipping: "truck",
      home_work: "warehouse",
      departure_board: "timed bus",
    });
  });

  it("has the four colours, and defaults from those lists", () => {
    expect([...ACTIVITY_COLORS]).toEqual(["green", "black", "gold", "red"]);
    expect(DEFAULT_ACTIVITY_ICON).toBe("airplanemode_active");
    expect(Object.keys(ACTIVITY_ICONS)).toContain(DEFAULT_ACTIVITY_ICON);
    expect(ACTIVITY_COLORS).toContain(DEFAULT_ACTIVITY_COLOR);
  });
});

describe("withDerivedTime", () => {
  it("derives month, two-digit day and HH:MM in UTC", () => {
    const a = withDerivedTime({ id: 1, title: "Picked up", created_at: new Date("2026-03-05T07:04:59.999Z") });
    expect(a).toEqual({
      id: 1, title: "Picked up", created_at: new Date("2026-03-05T07:04:59.999Z"),
      created_at_month: "Mar", created_at_day: "05", created_at_time: "07:04",
    });
  });

  it("uses UTC, not the machine's time zone, at the edges of a day and a year", () => {
    expect(withDerivedTime({ created_at: new Date("2025-12-31T23:59:00Z") })).toMatchObject({ created_at_month: "Dec", created_at_day: "31", created_at_time: "23:59" });
    expect(withDerivedTime({ created_at: new Date("2026-01-01T00:00:00+02:00") })).toMatchObject({ created_at_month: "Dec", created_at_day: "31", created_at_time: "22:00" });
  });

  it("names every month", () => {
    const months = Array.from({ length: 12 }, (_, m) => withDerivedTime({ created_at: new Date(Date.UTC(2026, m, 15)) }).created_at_month);
    expect(months).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
  });

  it("does not change the row it is given", () => {
    const row = { created_at: new Date("2026-06-01T12:30:00Z") };
    withDerivedTime(row);
    expect(Object.keys(row)).toEqual(["created_at"]);
  });
});
