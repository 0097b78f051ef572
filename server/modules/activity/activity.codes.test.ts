import { describe, expect, it } from "vitest";
import { ACTIVITY_COLORS, ACTIVITY_ICONS, DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON } from "./activity.codes.js";

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
