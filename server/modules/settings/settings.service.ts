import { badInput, isUniqueViolation } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { config, readEnv } from "../../core/config.js";
import { db } from "../../db/index.js";
import { shared } from "../../core/freeze.js";
import { contentChanged, localContentVersion } from "../content/content.service.js";
import { CodSettingsInput, ContactSettingsInput, GeneralSettingsInput, HtmlSettingsInput, MailSettingsInput, ShippingSettingsInput } from "./settings.input.js";
import { COD_SETTING_KEYS } from "../../../shared/modules/cod/cod.codes.js";
import {
  DISPATCH_SETTING_KEYS,
  GENERAL_SETTING_KEYS,
  MAIL_SETTING_KEYS,
  PUBLIC_SETTING_KEYS as PUBLIC_KEYS,
  SHIPPING_SETTING_KEYS,
  MESSAGE_SETTING_KEYS,
} from "../../../shared/modules/settings/settings.codes.js";
import { DispatchSettingsInput } from "../dispatch/dispatch.input.js";
import { MessageSettingsInput, messageSettingsData } from "../message/message.input.js";

type StoredRow = Awaited<ReturnType<typeof readSettings>>;
/** The row as every reader sees it: the settings that fall back to the server's configuration filled in. */
type SettingsRow = Omit<StoredRow, "delivery_window_minutes" | "channel_order"> & { delivery_window_minutes: number; channel_order: string[] };

/**
 * The stored row with its fall-backs: `company_name` empty is COMPANY_NAME, `delivery_window_minutes` null is
 * DELIVERY_WINDOW_MINUTES (the settings came after those variables; an installation that set them keeps them).
 */
function withDefaults(row: StoredRow): SettingsRow {
  return {
    ...row,
    company_name: row.company_name.trim() || config().companyName,
    delivery_window_minutes: row.delivery_window_minutes ?? readEnv("DELIVERY_WINDOW_MINUTES"),
    // Kept comma-separated, read as the list it is.
    channel_order: row.channel_order.split(",").filter(Boolean),
  };
}
let kept: { version: string; row: SettingsRow } | null = null;

/**
 * The one settings row, kept until the content version moves (every save calls contentChanged, and other
 * processes hear of it on the bus); read each time while the bus is down. Every page and most calls read it:
 * a Prisma query each was a millisecond of CPU on every rendered page. Frozen under tests: never changed in place.
 */
export async function getSettings(): Promise<SettingsRow> {
  const version = localContentVersion();
  if (version && kept?.version === version) return kept.row;
  const row = withDefaults(await readSettings());
  if (version) kept = { version, row: shared(row) };
  return row;
}

/** The company's name, one for every page, e-mail and PDF (the setting, or COMPANY_NAME while it is empty). */
export async function companyName(): Promise<string> {
  return (await getSettings()).company_name;
}

/** The one settings row (created with defaults on first use). */
async function readSettings() {
  const row = await db().settings.findUnique({ where: { id: 1 } });
  if (row) return row;
  try {
    return await db().settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  } catch (e) {
    // Two first uses at once (PostgreSQL): the other one created it.
    if (!isUniqueViolation(e)) throw e;
    return db().settings.findUniqueOrThrow({ where: { id: 1 } });
  }
}

export async function getPublicSettings() {
  const s = await getSettings();
  return Object.fromEntries(PUBLIC_KEYS.map((k) => [k, s[k]])) as Pick<typeof s, (typeof PUBLIC_KEYS)[number]>;
}

async function save(data: Record<string, unknown>) {
  const clean: Record<string, string | boolean | number> = {};
  for (const [k, v] of Object.entries(data))
    if (v !== undefined) clean[k] = typeof v === "boolean" || typeof v === "number" ? v : v === null ? "" : String(v).trim();
  const row = await db().settings.upsert({ where: { id: 1 }, create: { id: 1, ...clean }, update: clean });
  await contentChanged();
  return withDefaults(row);
}

/** The general group: the company's language (company-language.ts reads it). */
export const updateGeneralSettings = async (i: GeneralSettingsInput) => save({ language: i.language });
export const updateMailSettings = async (i: MailSettingsInput) =>
  save({ mail_driver: i.mail_driver, mail_template: i.mail_template, smtp_allow_plain: i.smtp_allow_plain ?? undefined });
// Fields left out stay as they are; null or "" clears an optional field.
export const updateHtmlSettings = async (i: HtmlSettingsInput) => save({ ...i });
export const updateContactSettings = async (i: ContactSettingsInput) => save({ ...i });
export const updateShippingSettings = async (i: ShippingSettingsInput) => save({ ...i });
/** The messages group (contract section 13): SMS and WhatsApp on or off, the channel order, the SMS budget, the templates. */
export const updateMessageSettings = async (i: MessageSettingsInput) => save(messageSettingsData(i));
/** Cash on delivery's group (contract section 12): cod_max and courier_cash_limit, each optional; null leaves one as it is. */
export const updateCodSettings = async (i: CodSettingsInput) =>
  save({ cod_max: i.cod_max ?? undefined, courier_cash_limit: i.courier_cash_limit ?? undefined });

/** The delivery day's group (read by dispatch through getSettings): numbers, the depot's two coordinates together or neither. */
export async function updateDispatchSettings(input: DispatchSettingsInput) {
  const data: Record<string, number | null> = {};
  const has = (k: keyof DispatchSettingsInput) => Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
  for (const k of ["depot_latitude", "depot_longitude"] as const)
    if (has(k)) data[k] = input[k] === null || (input[k] as unknown) === "" ? null : Number(input[k]);
  for (const k of ["courier_speed_kmh", "stop_minutes", "notify_stops_before", "delivery_window_minutes"] as const) if (has(k)) data[k] = Number(input[k]);
  const current = await getSettings();
  const lat = "depot_latitude" in data ? data.depot_latitude : current.depot_latitude;
  const lon = "depot_longitude" in data ? data.depot_longitude : current.depot_longitude;
  if ((lat == null) !== (lon == null))
    throw badInput(lat == null ? "depot_latitude is required with depot_longitude" : "depot_longitude is required with depot_latitude");
  const row = await db().settings.update({ where: { id: 1 }, data });
  // The kept settings row follows the content version.
  await contentChanged();
  return withDefaults(row);
}

/** PATCH /api/settings: one group per call, told apart by the fields sent. */
export async function updateSettingsGroup(raw: unknown) {
  const body = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const has = (k: string) => Object.prototype.hasOwnProperty.call(body, k);
  if (GENERAL_SETTING_KEYS.some(has)) return updateGeneralSettings(await validated(GeneralSettingsInput, body));
  if (MAIL_SETTING_KEYS.some(has)) return updateMailSettings(await validated(MailSettingsInput, body));
  if (has("meta_description") || has("chat_code")) return updateHtmlSettings(await validated(HtmlSettingsInput, body));
  if (has("company_name") || Object.keys(body).some((k) => k.startsWith("contact_"))) return updateContactSettings(await validated(ContactSettingsInput, body));
  if (DISPATCH_SETTING_KEYS.some(has)) return updateDispatchSettings(await validated(DispatchSettingsInput, body));
  if (SHIPPING_SETTING_KEYS.some(has)) return updateShippingSettings(await validated(ShippingSettingsInput, body));
  if (MESSAGE_SETTING_KEYS.some(has)) return updateMessageSettings(await validated(MessageSettingsInput, body));
  if (COD_SETTING_KEYS.some(has)) return updateCodSettings(await validated(CodSettingsInput, body));
  throw badInput(
    `Send one settings group: language, mail_driver and mail_template (and smtp_allow_plain), meta_description and chat_code, company_name and the contact fields, the delivery day's (${DISPATCH_SETTING_KEYS.join(", ")}), shipper_signup, currency, pickup_cutoff and max_amount, cash on delivery's (${COD_SETTING_KEYS.join(", ")}), or the messages' (${MESSAGE_SETTING_KEYS.join(", ")})`,
  );
}
