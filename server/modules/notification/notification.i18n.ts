import fs from "node:fs";
import path from "node:path";
import { languageOf } from "../../../shared/i18n/languages.js";
import { projectPath } from "../../core/paths.js";

/**
 * The recipient's e-mails speak the parcel's `recipient_language`, with the site's own
 * translations: the `status` labels of client/i18n/locales/<code>.json, so a status reads the same in
 * the e-mail as on the tracking page, and the mail's own `notify` texts of ./locales/<code>.json
 * (beside this file: no browser loads them). Unknown keys fall back to English.
 */
const dir = projectPath("client/i18n/locales");
const mailDir = projectPath("server/modules/notification/locales");
const loaded = new Map<string, Record<string, unknown>>();

/** The site's texts of a language (status labels) with its mail texts (./locales/<code>.json: never sent to a browser). */
function messages(code: string): Record<string, unknown> {
  let m = loaded.get(code);
  if (!m) {
    const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    loaded.set(code, (m = { ...read(path.join(dir, `${code}.json`)), ...read(path.join(mailDir, `${code}.json`)) }));
  }
  return m;
}

function lookup(code: string, key: string): string | undefined {
  let v: unknown = messages(code);
  for (const part of key.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === "string" ? v : undefined;
}

export interface MailLanguage {
  /** The site's language code (one of the languages the site offers). */
  code: string;
  /** The real language tag, for Intl and <html lang>. */
  tag: string;
  rtl: boolean;
  t(key: string, vars?: Record<string, string>): string;
  /** The expected delivery window (YYYY-MM-DD dates) in words of this language. */
  dateRange(from: string | null, to: string | null): string;
}

export function mailLanguage(code: string | null | undefined): MailLanguage {
  const l = languageOf(code ?? undefined);
  const t = (key: string, vars: Record<string, string> = {}) =>
    (lookup(l.code, key) ?? lookup("en", key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? "");
  const day = (s: string) => new Date(`${s}T00:00:00Z`);
  const dateRange = (from: string | null, to: string | null) => {
    const dates = [from, to].filter((s): s is string => !!s);
    // Stored dates are YYYY-MM-DD (the input rule); anything else is shown as it is.
    if (dates.some((s) => Number.isNaN(day(s).getTime()))) return dates.join(" – ");
    const f = new Intl.DateTimeFormat(l.tag, { dateStyle: "long", timeZone: "UTC" });
    if (from && to && from !== to) return f.formatRange(day(from < to ? from : to), day(from < to ? to : from));
    return f.format(day(dates[0]));
  };
  return { code: l.code, tag: l.tag, rtl: "rtl" in l && l.rtl === true, t, dateRange };
}
