/**
 * The control panel's words for the server's field names. The server names a field by its wire name
 * in each message ("map_current_latitude is required when show_map is yes", contract section 1); a
 * person reads the label the screen gives that field ("Map Current Latitude is required when Show Map
 * is yes"). The form fields take their default label from here too, so a message and the field it
 * names always say the same.
 */

import { controlText } from "./texts";

/** Labels that are not the wire name in words (the rest: fieldLabel's "recipient_name" -> "Recipient Name"). */
const LABELS: Record<string, string> = {
  url: "URL",
  email: "Email",
  id: "Id",
  totp_code: "6-digit code",
  recovery_code: "Recovery code",
  password_token: "Token",
  status_code: "Status code",
  status_reason: "Status reason",
  created_at: "When it happened",
  shipper_signup: "Shipper sign-up",
  pickup_cutoff: "Pickup cut-off",
  cutoff: "Cutoff",
  rate_card_id: "Rate card",
  paid_reference: "Payment reference",
  transit_days_min: "Transit days, fewest",
  transit_days_max: "Transit days, most",
  stale_days: "Days without news",
  courier_speed_kmh: "Courier speed (km/h)",
  max_amount: "Largest amount",
  notify_stops_before: "Notify stops before",
  stop_minutes: "Minutes a stop",
  // The Delivery day and Contact Info screens' labels (settings/deliveryDay.ts has the delivery day's).
  delivery_window_minutes: "Delivery window (minutes)",
  depot_latitude: "Depot latitude",
  depot_longitude: "Depot longitude",
  company_name: "Company name",
  cod_max: "Largest COD amount",
  courier_cash_limit: "Courier cash limit",
  courier_id: "Courier",
  shipper_id: "Shipper",
  smtp_allow_plain: "Allow SMTP without TLS",
  recipient_language: "Recipient's language",
  per_kg_above: "Per kg above",
  up_to_kg: "Up to kg",
  cod_amount: "COD amount",
  declared_value: "Declared Value",
  credit_limit: "Credit limit",
  receiver_name: "Received by",
  left_at: "Left at",
};

/** Parts of a path named by their singular ("lanes[2]" is "Lane 3"). */
const ITEM: Record<string, string> = {
  lanes: "Lane",
  brackets: "Bracket",
  surcharges: "Surcharge",
  parcels: "Parcel",
  countries: "Country",
  stops: "Stop",
  events: "Event",
  scopes: "Scope",
  codes: "Tracking code",
  lines: "Line",
};

const humanize = (name: string) => name.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** The screen's label of a wire field name: the control panel's text `fields.<name>` in its language, else English's. */
export const fieldLabel = (name: string): string => controlText(`fields.${name}`) ?? LABELS[name] ?? humanize(name);

const SEGMENT = /^([a-z][a-z0-9_]*)(?:\[(\d+)\])?$/;

/** A field path in words: "recipient_address.latitude" -> "Recipient Address, Latitude"; "lanes[0].brackets[1].amount" -> "Lane 1, Bracket 2, Amount". */
export function pathLabel(path: string): string {
  return path
    .split(".")
    .map((part) => {
      const m = SEGMENT.exec(part);
      if (!m) return part;
      const [, name, index] = m;
      if (index === undefined) return fieldLabel(name);
      const n = Number(index) + 1;
      return controlText(`items.${name}`, { n }) ?? `${ITEM[name] ?? fieldLabel(name)} ${n}`;
    })
    .join(", ");
}

/** A field path as the server writes it at the head of a message. */
const PATH = /^[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*(?:\[\d+\])?)*$/;
/** What names the fields (up to the first verb) and what is said of them. */
const SENTENCE = /^(.+?) ((?:is|are|must|may|should|cannot|needs|has)\b.*)$/s;
/** Several fields at the head: "receiver_name, signature or photo is required". */
const LIST = /(, | or | and )/;
/** A snake_case word elsewhere in a message: another field ("when show_map is yes"), unless it is a value listed after "one of". */
const OTHER_FIELD = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** The fields a message starts with, by their labels; null when the head is not a list of field paths. */
function headLabels(head: string): string | null {
  const parts = head.split(LIST);
  for (let i = 0; i < parts.length; i += 2) if (!PATH.test(parts[i])) return null;
  return parts.map((part, i) => (i % 2 ? part : pathLabel(part))).join("");
}

/**
 * The commonest things the server says of a field, in the control panel's language (`control`'s messages.*): the rest
 * of its messages stay the server's English with the fields named in the language.
 */
const COMMON: [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/^is required$/, "required", () => ({})],
  [/^is incorrect$/, "incorrect", () => ({})],
  [/^must be an e-mail address$/, "email", () => ({})],
  [/^must be at least (\d+) characters$/, "minLength", (m) => ({ n: m[1] })],
  [/^must match ([a-z][a-z0-9_]*)$/, "mustMatch", (m) => ({ other: fieldLabel(m[1]) })],
  // The ones the staff's forms meet next most (shippers, statements, staff; a form's own checks say it the same way).
  [/^must be an amount in ([A-Z]{3}), such as (\S+)$/, "amount", (m) => ({ currency: m[1], example: m[2] })],
  [/^must not be before ([a-z][a-z0-9_]*)$/, "notBefore", (m) => ({ other: fieldLabel(m[1]) })],
  [/^is already taken$/, "taken", () => ({})],
  [/^must be at most (\d+) characters$/, "maxLength", (m) => ({ n: m[1] })],
  [/^must be a whole number$/, "wholeNumber", () => ({})],
  [/^is invalid or expired$/, "invalidOrExpired", () => ({})],
];
function commonMessage(field: string, rest: string): string | null {
  for (const [re, key, values] of COMMON) {
    const m = re.exec(rest);
    if (m) return controlText(`messages.${key}`, { field, ...values(m) });
  }
  return null;
}

/**
 * A server message as a person reads it: the fields it starts with, and other fields it names, by their
 * screen labels. A message that does not start with a field ("Parcel not found") is left as it is.
 */
export function readableMessage(message: string): string {
  const m = SENTENCE.exec(message);
  const head = m ? headLabels(m[1]) : null;
  if (!m || head === null) return message;
  const rest = m[2];
  const said = commonMessage(head, rest);
  if (said !== null) return said;
  // A list of allowed values is left as the server gives it: those are what is typed or chosen.
  const cut = rest.search(/\b(?:one of|among)\b/);
  const prose = cut < 0 ? rest : rest.slice(0, cut);
  const values = cut < 0 ? "" : rest.slice(cut);
  return `${head} ${prose.replace(OTHER_FIELD, (w) => fieldLabel(w))}${values}`;
}
