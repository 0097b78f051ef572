// Pure data shared by the server and the client (the client's state keeps these settings): no
// imports and no Node or browser APIs here.

/** The settings anyone may read (start-up graph, GET /api/settings for a visitor); the rest is the staff's. */
export const PUBLIC_SETTING_KEYS = [
  "company_name",
  "meta_description",
  "chat_code",
  "contact_email",
  "contact_phone",
  "contact_phone_alt",
  "contact_twitter",
  "contact_telegram",
  "contact_instagram",
  "contact_address",
  "shipper_signup",
  "currency",
  "pickup_cutoff",
] as const;
/** The shipping group (section 10): shipper sign-up open or off, the currency of every amount, the same-day pickup cut-off,
 * the largest amount taken (the staff's only). */
export const SHIPPING_SETTING_KEYS = ["shipper_signup", "currency", "pickup_cutoff", "max_amount"] as const;
/** `max_amount`'s default (contract section 10): 1 000 000.00 in a currency of two decimals. */
export const DEFAULT_MAX_AMOUNT = 100_000_000;
export const SHIPPER_SIGNUP = ["open", "off"] as const;
type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
export type PublicSettings = Record<PublicSettingKey, string>;

/** The general group: the company's language (one of the 22 codes), the fallback wherever no person's language is known. */
export const GENERAL_SETTING_KEYS = ["language"] as const;
/** The company's language until the owner chooses one. */
export const DEFAULT_COMPANY_LANGUAGE = "en";

/** The mail group: how Send Email goes out and looks (the staff's only; PATCH /api/settings tells the group by these). */
export const MAIL_SETTING_KEYS = ["mail_driver", "mail_template", "smtp_allow_plain"] as const;
/** The delivery day's group (the staff's only). */
export const DISPATCH_SETTING_KEYS = [
  "depot_latitude",
  "depot_longitude",
  "courier_speed_kmh",
  "stop_minutes",
  "notify_stops_before",
  "delivery_window_minutes",
] as const;
export type DispatchSettingKey = (typeof DISPATCH_SETTING_KEYS)[number];

/**
 * The delivery day's numbers: each one's range, whether it is whole and its unit. The server's validation
 * (DispatchSettingsInput) and the control panel's Delivery day screen read them from here.
 */
export const DISPATCH_LIMITS: Record<DispatchSettingKey, { min: number; max: number; whole: boolean; unit: string }> = {
  depot_latitude: { min: -90, max: 90, whole: false, unit: "" },
  depot_longitude: { min: -180, max: 180, whole: false, unit: "" },
  courier_speed_kmh: { min: 1, max: 200, whole: false, unit: "km/h" },
  stop_minutes: { min: 0, max: 240, whole: false, unit: "minutes" },
  notify_stops_before: { min: 0, max: 50, whole: true, unit: "stops" },
  delivery_window_minutes: { min: 1, max: 1440, whole: true, unit: "minutes" },
};

/** "courier_speed_kmh must be a number from 1 to 200 km/h": what a value out of DISPATCH_LIMITS is told. */
export function dispatchRangeMessage(key: DispatchSettingKey): string {
  const l = DISPATCH_LIMITS[key];
  return `${key} must be ${l.whole ? "a whole number" : "a number"} from ${l.min} to ${l.max}${l.unit ? ` ${l.unit}` : ""}`;
}
/** Shown wherever plain SMTP can be allowed. */
export const SMTP_PLAIN_WARNING =
  "Only for a mail server that offers no TLS: the contact e-mail's password and every message then travel in clear, readable by anyone on the network path.";

/** The messages group (contract section 13): the channels to recipients, their order, the SMS budget, WhatsApp's templates. */
export const MESSAGE_SETTING_KEYS = [
  "sms_enabled",
  "whatsapp_enabled",
  "channel_order",
  "sms_daily_limit",
  "whatsapp_template_status",
  "whatsapp_template_window",
  "whatsapp_verify_token",
] as const;
/** The channels a message to a recipient may go on ("email": the status e-mail the site sends anyway). */
export const MESSAGE_CHANNELS = ["whatsapp", "sms", "email"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const DEFAULT_CHANNEL_ORDER: readonly MessageChannel[] = ["whatsapp", "sms", "email"];
/** sms_daily_limit's bounds (segments a day). */
export const SMS_DAILY_LIMIT_MAX = 1_000_000;
