/**
 * The control panel's words for the server's field names. The server names a field by its wire name
 * in each message ("map_current_latitude is required when show_map is yes", contract section 1); a
 * person reads the label the screen gives that field ("Map Current Latitude is required when Show Map
 * is yes"). The form fields take their default label from here too, so a message and the field it
 * names always say the same.
 */

import { languageOf } from "@shared/i18n/languages";
import { controlLanguage, money, number } from "./time";
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

/**
 * What stands between a path's parts in the language (`messages.separator`: ", " in English, "، " in Arabic and
 * Persian, "、" in Japanese). Not Intl.ListFormat's: a path is not a list, and its separators carry "and" (Arabic's
 * "، و") where a list has one.
 */
const separator = () => controlText("messages.separator") ?? ", ";

/** A wire field name's label: fieldLabel, or a screen's own (readableMessage's `labels`). */
type Names = (name: string) => string;

/** A field path in words: "recipient_address.latitude" -> "Recipient Address, Latitude"; "lanes[0].brackets[1].amount" -> "Lane 1, Bracket 2, Amount". */
export function pathLabel(path: string, label: Names = fieldLabel): string {
  return path
    .split(".")
    .map((part) => {
      const m = SEGMENT.exec(part);
      if (!m) return part;
      const [, name, index] = m;
      if (index === undefined) return label(name);
      const n = Number(index) + 1;
      return controlText(`items.${name}`, { n }) ?? `${ITEM[name] ?? fieldLabel(name)} ${n}`;
    })
    .join(separator());
}

/** A field path as the server writes it at the head of a message. */
const PATH = /^[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*(?:\[\d+\])?)*$/;
/** What names the fields (up to the first verb) and what is said of them. */
const SENTENCE = /^(.+?) ((?:is|are|must|may|should|cannot|needs|has|contains)\b.*)$/s;
/** Several fields at the head: "receiver_name, signature or photo is required". */
const LIST = /(, | or | and )/;
/** A snake_case word elsewhere in a message: another field ("when show_map is yes"), unless it is a value listed after "one of". */
const OTHER_FIELD = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * The fields a message starts with, by their labels; null when the head is not a list of field paths. `inLanguage`:
 * the message is said in the member's language, so a list of several ("a, b or c") is joined as that language joins
 * one (Intl.ListFormat); otherwise it keeps the server's English joints.
 */
function headLabels(head: string, inLanguage: boolean, label: Names): string | null {
  const parts = head.split(LIST);
  for (let i = 0; i < parts.length; i += 2) if (!PATH.test(parts[i])) return null;
  const labels = parts.filter((_, i) => i % 2 === 0).map((part) => pathLabel(part, label));
  const joints = parts.filter((_, i) => i % 2 === 1);
  const last = joints.at(-1);
  if (!inLanguage || !last || joints.slice(0, -1).some((j) => j !== ", ") || last === ", ")
    return parts.map((part, i) => (i % 2 ? part : pathLabel(part, label))).join("");
  return new Intl.ListFormat(languageOf(controlLanguage()).tag, { type: last === " or " ? "disjunction" : "conjunction" }).format(labels);
}

/** A number of a message ("-90", "0.001") as the language writes it, ungrouped as the server writes it. */
const num = (n: string) => number(Number(n), { useGrouping: false, maximumFractionDigits: 20 });
/** The units of the settings' ranges (DISPATCH_LIMITS), each in the language by messages.units.<key>. */
const UNITS: Record<string, string> = { "km/h": "kmh", minutes: "minutes", stops: "stops" };
const UNIT = `(${Object.keys(UNITS).join("|")})`;
const unit = (u: string) => controlText(`messages.units.${UNITS[u]}`) ?? u;
const other = (m: RegExpExecArray, label: Names) => ({ other: label(m[1]) });
const FIELD = "([a-z][a-z0-9_]*)";
const NUM = "(-?\\d+(?:\\.\\d+)?)";
const WORD_LIST = "((?:[a-z0-9_]+, )*[a-z0-9_]+) or ([a-z0-9_]+)";

type Values = (m: RegExpExecArray, label: Names) => Record<string, string>;
/**
 * Every form of refusal the control panel says in the member's language, in one place: what the server says of a
 * field (after its wire path), the text `control`'s messages.<key> that says it, and the values the text takes. The
 * server's English message stays the wire's (contract section 1; third parties read it); a message of no form here
 * is shown in the server's English with its fields named by their labels.
 */
const FORMS: [RegExp, string, Values][] = [
  [/^is required$/, "required", () => ({})],
  [new RegExp(`^is required when ${FIELD} is yes$`), "requiredWhenYes", other],
  [new RegExp(`^is required when ${FIELD} is ([a-z0-9_]+)$`), "requiredWhen", (m, label) => ({ other: label(m[1]), value: m[2] })],
  [new RegExp(`^is required with ${FIELD}$`), "requiredWith", other],
  [/^is incorrect$/, "incorrect", () => ({})],
  [/^is already taken$/, "taken", () => ({})],
  [/^is invalid or expired$/, "invalidOrExpired", () => ({})],
  [/^contains characters that are not allowed$/, "badCharacters", () => ({})],
  [/^must be an e-mail address$/, "email", () => ({})],
  [/^must be an http or https URL$/, "url", () => ({})],
  [/^must be text$/, "text", () => ({})],
  [/^must be a list$/, "list", () => ({})],
  [/^must be a number$/, "number", () => ({})],
  [/^must be a whole number$/, "wholeNumber", () => ({})],
  [/^must be a whole number of the currency's smallest unit$/, "smallestUnit", () => ({})],
  [/^must be an ISO 8601 date or date-time$/, "dateTime", () => ({})],
  [/^must be a date as YYYY-MM-DD$/, "date", () => ({})],
  [/^must be a time as HH:MM$/, "time", () => ({})],
  [/^must be an ISO 4217 code such as ([A-Z]{3})$/, "currencyCode", (m) => ({ example: m[1] })],
  [/^must not contain control characters$/, "controlCharacters", () => ({})],
  [/^must not be negative$/, "notNegative", () => ({})],
  [/^must be at least (\d+) characters$/, "minLength", (m) => ({ n: num(m[1]) })],
  [/^must be at most (\d+) characters$/, "maxLength", (m) => ({ n: num(m[1]) })],
  [new RegExp(`^must be at least ${NUM}$`), "atLeast", (m) => ({ n: num(m[1]) })],
  [new RegExp(`^must be at most ${NUM}$`), "atMost", (m) => ({ n: num(m[1]) })],
  [new RegExp(`^must be between ${NUM} and ${NUM}$`), "between", (m) => ({ min: num(m[1]), max: num(m[2]) })],
  [new RegExp(`^must be a number from ${NUM} to ${NUM}$`), "numberFrom", (m) => ({ min: num(m[1]), max: num(m[2]) })],
  [new RegExp(`^must be a whole number from ${NUM} to ${NUM}$`), "wholeFrom", (m) => ({ min: num(m[1]), max: num(m[2]) })],
  [new RegExp(`^must be a number from ${NUM} to ${NUM} ${UNIT}$`), "numberFromUnit", (m) => ({ min: num(m[1]), max: num(m[2]), unit: unit(m[3]) })],
  [new RegExp(`^must be a whole number from ${NUM} to ${NUM} ${UNIT}$`), "wholeFromUnit", (m) => ({ min: num(m[1]), max: num(m[2]), unit: unit(m[3]) })],
  [/^must be one of (.+)$/, "oneOf", (m) => ({ values: m[1] })],
  [new RegExp(`^must be ${WORD_LIST}$`), "either", (m) => ({ list: m[1], last: m[2] })],
  [new RegExp(`^must match ${FIELD}$`), "mustMatch", other],
  [new RegExp(`^must not be before ${FIELD}$`), "notBefore", other],
  [new RegExp(`^must not be after ${FIELD}$`), "notAfter", other],
  [new RegExp(`^must not be below ${FIELD}$`), "notBelow", other],
  [new RegExp(`^must be on or before ${FIELD}$`), "onOrBefore", other],
  [/^must be an amount in ([A-Z]{3}), such as (\S+)$/, "amount", (m) => ({ currency: m[1], example: m[2] })],
];

/**
 * Refusals that are a whole sentence about a field rather than something said of it: the staff's commonest
 * (dispatch: a courier over the cash limit; a parcel set delivered by hand while its cash on delivery is still due,
 * the amount in the smallest unit and said as money in the language).
 */
const SENTENCES: [RegExp, string, Values][] = [
  [
    /^courier_cash_limit: this courier holds (.+) in cash, more than the limit of (.+): count their cash in \(a cash-up\) before giving them a new run$/,
    "cashLimit",
    (m, label) => ({ field: label("courier_cash_limit"), held: m[1], limit: m[2] }),
  ],
  [/^cod: (\d+) ([A-Z]{3}) is due on this parcel: /, "codDue", (m) => ({ amount: money(Number(m[1]), m[2]) })],
];

/** The keys of every form above (messages.<key>), for the tests that say each in every language. */
export const REFUSAL_KEYS = [...FORMS, ...SENTENCES].map(([, key]) => key);

function said(forms: [RegExp, string, Values][], text: string, values: Record<string, string>, label: Names): string | null {
  for (const [re, key, of] of forms) {
    const m = re.exec(text);
    if (m) return controlText(`messages.${key}`, { ...values, ...of(m, label) });
  }
  return null;
}

/**
 * A server message as a person reads it: the fields it starts with, and other fields it names, by their
 * screen labels (`labels`: a screen's own for some wire names, else fieldLabel's). A message that does not start with
 * a field ("Parcel not found") is left as it is.
 */
export function readableMessage(message: string, labels: Record<string, string> = {}): string {
  const label: Names = (name) => labels[name] ?? fieldLabel(name);
  const whole = said(SENTENCES, message, {}, label);
  if (whole !== null) return whole;
  const m = SENTENCE.exec(message);
  const head = m ? headLabels(m[1], false, label) : null;
  if (!m || head === null) return message;
  const rest = m[2];
  const form = said(FORMS, rest, { field: headLabels(m[1], true, label)! }, label);
  if (form !== null) return form;
  // A list of allowed values is left as the server gives it: those are what is typed or chosen.
  const cut = rest.search(/\b(?:one of|among)\b/);
  const prose = cut < 0 ? rest : rest.slice(0, cut);
  const values = cut < 0 ? "" : rest.slice(cut);
  return `${head} ${prose.replace(OTHER_FIELD, label)}${values}`;
}
