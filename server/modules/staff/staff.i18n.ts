import fs from "node:fs";
import path from "node:path";
import { languageOf, type LanguageCode } from "../../../shared/i18n/languages.js";
import { projectPath } from "../../core/paths.js";
import { currentCall } from "../../core/actor.js";
import { db } from "../../db/index.js";

/**
 * What the server writes to a member of the staff in their language (`Admin.language`, contract section 13's
 * "Staff language"): the account mails (invitation, password reset, two-step notices) and the run sheet's words.
 * The texts are ./locales/<code>.json (beside this file: no browser loads them); a key a language lacks is
 * English's. Counts pick the language's plural form (`key_one`, `key_few`, ... by Intl.PluralRules).
 */
const dir = projectPath("server/modules/staff/locales");
const loaded = new Map<string, Record<string, unknown>>();

function texts(code: string): Record<string, unknown> {
  let m = loaded.get(code);
  if (!m) loaded.set(code, (m = JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), "utf8")) as Record<string, unknown>));
  return m;
}

function lookup(code: string, key: string): string | undefined {
  let v: unknown = texts(code);
  for (const part of key.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === "string" ? v : undefined;
}

export interface StaffLanguage {
  code: LanguageCode;
  /** The real tag, for Intl and <html lang>. */
  tag: string;
  rtl: boolean;
  /** A text with its {{placeholders}}; with `count`, the language's plural form of the key. */
  t(key: string, vars?: Record<string, string | number>): string;
  /** A number in the language's digits and separators. */
  number(n: number): string;
}

export function staffLanguage(code: string | null | undefined): StaffLanguage {
  const l = languageOf(code ?? undefined);
  const plural = new Intl.PluralRules(l.tag);
  const num = new Intl.NumberFormat(l.tag);
  const find = (key: string, count: unknown) => {
    if (typeof count === "number") {
      const form = `${key}_${plural.select(count)}`;
      return lookup(l.code, form) ?? lookup(l.code, `${key}_other`) ?? lookup("en", `${key}_${new Intl.PluralRules("en").select(count)}`);
    }
    return lookup(l.code, key) ?? lookup("en", key);
  };
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    (find(key, vars.count) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      const v = vars[name];
      return typeof v === "number" ? num.format(v) : (v ?? "");
    });
  return { code: l.code, tag: l.tag, rtl: "rtl" in l && l.rtl === true, t, number: (n) => num.format(n) };
}

/** A member's chosen language (null when none is chosen or there is no such member). */
export async function memberLanguageCode(where: { id: number } | { email: string }): Promise<string | null> {
  const row = await db().admin.findUnique({ where, select: { language: true } });
  return row?.language ?? null;
}

/** The language of the member making the current call (none: English). */
export async function callerLanguageCode(): Promise<string | null> {
  const actor = currentCall()?.actor;
  return actor?.kind === "member" ? memberLanguageCode({ id: actor.id }) : null;
}

/** The `lang` an outgoing mail carries (the HTML part's lang and dir). */
export const mailLang = (l: StaffLanguage) => ({ tag: l.tag, rtl: l.rtl });
