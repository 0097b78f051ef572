/** Fixed choices of the control panel's forms; values are the wire values (server/modules/*). */
import { FAILURE_REASON_LABELS, FAILURE_REASONS, isFailureReason, isStatusCode, STATUS_CODES, STATUS_RULES } from "../modules/parcel/status";
import { LANGUAGES } from "../i18n/languages";

export interface Option {
  value: string;
  label: string;
}

/** Activity icons, value = Material icon name, label as the seed names it. */
export const ACTIVITY_ICONS: Option[] = [
  { value: "radio_button_checked", label: "checked" },
  { value: "pan_tool", label: "stop" },
  { value: "verified", label: "verified" },
  { value: "check_circle", label: "check_circle" },
  { value: "radio_button_unchecked", label: "unchecked" },
  { value: "airplanemode_active", label: "plane" },
  { value: "moped", label: "bike" },
  { value: "directions_boat", label: "boat" },
  { value: "local_shipping", label: "truck" },
  { value: "home_work", label: "warehouse" },
  { value: "departure_board", label: "timed bus" },
];
export const DEFAULT_ACTIVITY_ICON = "airplanemode_active";

export const ACTIVITY_COLORS: Option[] = ["green", "black", "gold", "red"].map((c) => ({ value: c, label: c }));
export const DEFAULT_ACTIVITY_COLOR = "green";

export const PAGE_ICONS: Option[] = ["people", "copyright", "pages", "folder"].map((v) => ({ value: v, label: v }));
export const PAGE_HEROES: Option[] = [
  { value: "hero-mixed", label: "hero-mixed" },
  { value: "hero-air", label: "hero-air" },
  { value: "hero-sea", label: "hero-sea" },
  { value: "hero-road", label: "hero-road" },
  { value: "hero-warehouse", label: "hero-warehouse" },
];
export const PAGE_OVERLAYS: Option[] = [
  { value: "overlay1", label: "overlay1 (blue)" },
  { value: "overlay2", label: "overlay2 (amber)" },
  { value: "overlay3", label: "overlay3 (teal)" },
];
export const PAGE_DEFAULTS = { icon: "people", hero: "hero-mixed", overlay: "overlay1" };

export const SHOW_MAP: Option[] = [
  { value: "no", label: "no" },
  { value: "yes", label: "yes" },
];
export const MAIL_DRIVERS: Option[] = [
  { value: "mail", label: "mail (the server's own transport)" },
  { value: "smtp", label: "smtp (your mailbox, password asked on each send)" },
];
export const MAIL_TEMPLATES: Option[] = [
  { value: "plain", label: "plain (text only)" },
  { value: "html1", label: "html1" },
  { value: "html2", label: "html2" },
  { value: "html3", label: "html3" },
  { value: "html4", label: "html4" },
];

/** Colours of the activity icons: the site's theme variables (client/styles/theme.css), readable in both themes. */
export const COLOR_SWATCH: Record<string, string> = {
  green: "var(--act-green)",
  black: "var(--act-black)",
  gold: "var(--act-gold)",
  red: "var(--act-red)",
};

export const labelOf = (options: Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** The site's languages by their own names (value: the site's code), for the recipient's e-mails. */
export const LANGUAGE_OPTIONS: Option[] = LANGUAGES.map((l) => ({ value: l.code, label: l.code === "en" ? l.name : `${l.name} (${l.code})` }));
/** The normalised statuses, value = wire code, label = the shared table's English label. */
export const STATUS_OPTIONS: Option[] = STATUS_CODES.map((c) => ({ value: c, label: STATUS_RULES[c].label }));
export const statusLabel = (code?: string | null) => (isStatusCode(code) ? STATUS_RULES[code].label : null);
/** The icon and colour a status stands for (the server uses the same when a call leaves them out). */
export const statusLook = (code?: string | null) => (isStatusCode(code) ? { icon: STATUS_RULES[code].icon, color: STATUS_RULES[code].color } : null);

/** Why a delivery attempt failed: the wire values of FAILURE_REASONS with their English labels. */
export const FAILURE_REASON_OPTIONS: Option[] = FAILURE_REASONS.map((r) => ({ value: r, label: FAILURE_REASON_LABELS[r] }));
/** A failed attempt's reason in words (free text as it is). */
export const failureReasonLabel = (reason: string) => (isFailureReason(reason) ? FAILURE_REASON_LABELS[reason] : reason);

/** Yes/no switches sent as booleans. */
export const YES_NO: Option[] = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

export const WEBHOOK_EVENTS: { value: string; label: string; hint: string }[] = [
  { value: "parcel.created", label: "parcel.created", hint: "A parcel was added" },
  { value: "history.added", label: "history.added", hint: "A history entry was added" },
  { value: "status.changed", label: "status.changed", hint: "A parcel's status code changed" },
  { value: "parcel.delivered", label: "parcel.delivered", hint: "A parcel was delivered" },
];

/** What an API key may be given (server/core/access.ts SCOPES). */
export const API_KEY_SCOPES: { value: string; label: string; hint: string }[] = [
  { value: "tracking:read", label: "tracking:read", hint: "Track parcels by code (public view), one or many at once" },
  { value: "parcels:read", label: "parcels:read", hint: "List and read parcels with every field, print labels" },
  { value: "parcels:write", label: "parcels:write", hint: "Create, change and delete parcels, import a CSV" },
  { value: "history:write", label: "history:write", hint: "Add history entries, scan events, record deliveries" },
];
export const DEFAULT_KEY_RATE = 600;
