/** The seed's activity icons: value = label. */
export const ACTIVITY_ICONS: Record<string, string> = {
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
};
export const ACTIVITY_COLORS = ["green", "black", "gold", "red"] as const;
export const DEFAULT_ACTIVITY_ICON = "airplanemode_active";
export const DEFAULT_ACTIVITY_COLOR = "green";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** Columns of an entry that are the server's own bookkeeping: never in a view, a webhook or an e-mail. */
type Internal = "scan_id" | "replaced_status_code" | "replaced_status_reason";

/** The entry as it is shown: without its internal columns, with the derived month/day/time of created_at, in UTC. */
export function withDerivedTime<T extends { created_at: Date }>(row: T) {
  const { scan_id: _s, replaced_status_code: _c, replaced_status_reason: _r, ...a } = row as T & Partial<Record<Internal, unknown>>;
  const d = a.created_at;
  return {
    ...(a as Omit<T, Internal>),
    created_at_month: MONTHS[d.getUTCMonth()],
    created_at_day: two(d.getUTCDate()),
    created_at_time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
  };
}
