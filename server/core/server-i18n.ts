import fs from "node:fs";
import path from "node:path";
import { languageOf, type LanguageCode } from "../../shared/i18n/languages.js";
import { projectPath } from "./paths.js";

/**
 * What the server itself writes to a person in their language: a set of texts is a folder of `<code>.json`
 * files, one per language of shared/i18n/languages.ts (server/modules/staff/locales for the staff,
 * server/modules/shipper/locales for shippers; no browser loads them). A key a language lacks is English's.
 * Counts pick the language's plural form (`key_one`, `key_few`, ... by Intl.PluralRules).
 */
export interface ServerLanguage {
  code: LanguageCode;
  /** The real tag, for Intl and <html lang>. */
  tag: string;
  rtl: boolean;
  /** A text with its {{placeholders}}; with `count`, the language's plural form of the key. */
  t(key: string, vars?: Record<string, string | number>): string;
  /** A number in the language's digits and separators. */
  number(n: number): string;
}

/** The texts of one folder (relative to the project), each language's file read once when first asked for. */
export function serverTexts(folder: string): (code: string | null | undefined) => ServerLanguage {
  const dir = projectPath(folder);
  const loaded = new Map<string, Record<string, unknown>>();
  const texts = (code: string) => {
    let m = loaded.get(code);
    if (!m) loaded.set(code, (m = JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), "utf8")) as Record<string, unknown>));
    return m;
  };
  const lookup = (code: string, key: string): string | undefined => {
    let v: unknown = texts(code);
    for (const part of key.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
    return typeof v === "string" ? v : undefined;
  };
  return (code) => {
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
  };
}

/** The `lang` an outgoing mail carries (the HTML part's lang and dir). */
export const mailLang = (l: Pick<ServerLanguage, "tag" | "rtl">) => ({ tag: l.tag, rtl: l.rtl });
