import { serverTexts, type ServerLanguage } from "../../core/server-i18n.js";
import { currentCall } from "../../core/actor.js";
import { db } from "../../db/index.js";

/**
 * What the server writes to a member of the staff in their language (`Admin.language`, contract section 13's
 * "Staff language"): the account mails (invitation, password reset, two-step notices) and the run sheet's words.
 * The texts are ./locales/<code>.json (server/core/server-i18n.ts reads them).
 */
export type StaffLanguage = ServerLanguage;
export const staffLanguage = serverTexts("server/modules/staff/locales");

/** A member's chosen language (null when none is chosen or there is no such member). */
export async function memberLanguageCode(where: { id: number } | { email: string }): Promise<string | null> {
  const row = await db().admin.findUnique({ where, select: { language: true } });
  return row?.language ?? null;
}

/** The language of the member making the current call (null: none; readerLanguage then gives the company's). */
export async function callerLanguageCode(): Promise<string | null> {
  const actor = currentCall()?.actor;
  return actor?.kind === "member" ? memberLanguageCode({ id: actor.id }) : null;
}
