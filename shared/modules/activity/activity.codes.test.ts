import { describe, expect, it } from "vitest";
import { ACTIVITY_COLORS, ACTIVITY_ICONS, DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON } from "./activity.codes.js";

// The icon options as the product specification writes them ("value = label", or the value alone
// where the label is the value): the table in activity.codes.ts must say the same, in the same order.
const SPEC_ICON_OPTIONS = `
  radio_button_checked = checked | pan_tool = stop | verified | check_circle | radio_button_unchecked = unchecked |
  airplanemode_active = plane | moped = bike | directions_boat = boat | local_shipping = truck | home_work = warehouse |
  departure_board = timed bus`;

describe("activity lists", () => {
  it("has the specification's eleven icons with their labels, in its order", () => {
    const options = SPEC_ICON_OPTIONS.split("|").map((o) => o.split("=").map((s) => s.trim()));
    expect(Object.entries(ACTIVITY_ICONS)).toEqual(options.map(([value, label]) => [value, label ?? value]));
    expect(new Set(Object.values(ACTIVITY_ICONS)).size).toBe(11);
  });

  it("has the four colours, and defaults from those lists", () => {
    expect([...ACTIVITY_COLORS]).toEqual(["green", "black", "gold", "red"]);
    expect(DEFAULT_ACTIVITY_ICON).toBe("airplanemode_active");
    expect(Object.keys(ACTIVITY_ICONS)).toContain(DEFAULT_ACTIVITY_ICON);
    expect(ACTIVITY_COLORS).toContain(DEFAULT_ACTIVITY_COLOR);
  });
});
