// Pure data shared by the server and the client (client/control/options.ts and the tracking screens
// import it): no imports and no Node or browser APIs here.

/** The activity icons (Material icon names), each with the name the seed and the control panel give it. */
export const ACTIVITY_ICONS = {
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
} as const;
export type ActivityIcon = keyof typeof ACTIVITY_ICONS;

/** The activity colours; the client shows each in its theme's variable (--act-<colour>). */
export const ACTIVITY_COLORS = ["green", "black", "gold", "red"] as const;
export type ActivityColor = (typeof ACTIVITY_COLORS)[number];

/** What an entry gets when neither the call nor its status names an icon or colour. */
export const DEFAULT_ACTIVITY_ICON: ActivityIcon = "airplanemode_active";
export const DEFAULT_ACTIVITY_COLOR: ActivityColor = "green";
