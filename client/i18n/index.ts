import { COOKIE, isLanguageCode, languageOf, type LanguageCode } from "./languages";
import en from "./locales/en.json?shared";

/**
 * The site's translations: one JSON file per language (./locales/<code>.json), nested keys read as
 * "track.title". English, the fallback for missing files and keys, is always needed: it is part of the
 * app, so an English page starts without waiting for a second request (apart from the home screen's own
 * texts, which come with that screen: scripts/locale-sections.ts); every other language is its own chunk,
 * imported when it is the visitor's.
 *
 * This replaces i18next and react-i18next (about 18 KB of gzipped script on every public page, 12 % of the
 * tracking page's budget) with what the site uses of them: a key's text in the current language or in
 * English, `{{name}}` placeholders, a `defaultValue`, plurals by `count`, and the same `useTranslation()`
 * and `t(key, options)` names. A language change reloads the page (LanguageSelect), and the server renders
 * one page at a time in one language (setLanguage), so nothing needs to re-render on a change.
 */
type Dict = Record<string, unknown>;
const locales = import.meta.glob<Dict>(["./locales/*.json", "!./locales/en.json"], { import: "default" });

async function loadLocale(code: string): Promise<Dict | null> {
  if (code === "en") return dictionaries.en!;
  const load = locales[`./locales/${code}.json`];
  if (!load) return null;
  try {
    return await load();
  } catch (e) {
    console.warn(`could not load locale ${code}`, e);
    return null;
  }
}

export function readLanguageCookie(): LanguageCode {
  const m = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie);
  const code = m ? decodeURIComponent(m[1]) : "";
  return isLanguageCode(code) ? code : "en";
}

export function writeLanguageCookie(code: LanguageCode): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax${secure}`;
}

/** Sets <html lang> to the real tag and <html dir> for right-to-left languages. */
export function applyDocumentLanguage(code: LanguageCode): void {
  const lang = languageOf(code);
  document.documentElement.lang = lang.tag;
  document.documentElement.dir = "rtl" in lang && lang.rtl ? "rtl" : "ltr";
}

/**
 * A link may carry `?lang=<code>` (the recipient's status e-mails do): a valid code becomes the
 * visitor's language, kept in the cookie as the chooser would, and leaves the address bar.
 */
function takeLanguageFromUrl(): LanguageCode | null {
  const url = new URL(location.href);
  const code = url.searchParams.get("lang");
  if (code === null) return null;
  url.searchParams.delete("lang");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  if (!isLanguageCode(code)) return null;
  writeLanguageCookie(code);
  return code;
}

export async function initI18n(): Promise<LanguageCode> {
  const code = takeLanguageFromUrl() ?? readLanguageCookie();
  await loadLanguage(code);
  // A language whose file could not be loaded is still the visitor's: its texts are English's.
  i18n.language = code;
  applyDocumentLanguage(code);
  return code;
}

/** The loaded languages' translations, English always among them. */
const dictionaries: Partial<Record<LanguageCode, Dict>> = { en: { ...en } };

/** Adds groups of English texts that come with a screen (the home screen's: scripts/locale-sections.ts). */
export function addEnglish(texts: Dict): void {
  Object.assign(dictionaries.en!, texts);
}

/**
 * Loads a language's translations, once per page or per process. The server's render
 * (client/entry-server.tsx) loads the language of the request (the `lang` cookie or `?lang=`, as initI18n
 * reads them in the browser); setLanguage() then makes it current for a render: the render is
 * synchronous, so no other request's language comes in between.
 */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  if (dictionaries[code]) return;
  const own = await loadLocale(code);
  if (own) dictionaries[code] ??= own;
}

/** Makes a language current (where its file could not be loaded, its texts are English's). */
export function setLanguage(code: LanguageCode): void {
  i18n.language = code;
}

/** The real language tag of the current language, for Intl formatting. */
export function currentTag(): string {
  return languageOf(i18n.language).tag;
}

/** What a text may be given: values for its `{{name}}` placeholders, its text if the key has none, a count. */
export interface TOptions {
  defaultValue?: string;
  /** Chooses `key_one`, `key_few`, ... by the language's plural rules (`key` itself if there is none), and fills `{{count}}`. */
  count?: number;
  /** Values for the placeholders, besides the options' own names. */
  replace?: Record<string, unknown>;
  [name: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

/** The text at a dotted key in a dictionary; an empty text counts as none, as does a group of keys. */
function lookUp(dict: Dict | undefined, key: string): string | undefined {
  let at: unknown = dict;
  for (const part of key.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Dict)[part];
  }
  return typeof at === "string" && at !== "" ? at : undefined;
}

/** `{{ name }}` replaced by the value given for it; a placeholder without one becomes empty. */
function fill(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_, name: string) => {
    const value = options.replace && name in options.replace ? options.replace[name] : options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

/** The language's plural category of a count ("one", "few", "other", ...), by its real tag. */
function pluralOf(count: number): string {
  try {
    return new Intl.PluralRules(currentTag()).select(count);
  } catch {
    return "other";
  }
}

/** A key's text in the current language, else in English, else the default value, else the key. */
export const t: TFunction = (key, options) => {
  const own = dictionaries[i18n.language as LanguageCode];
  const find = (k: string) => lookUp(own, k) ?? lookUp(dictionaries.en, k);
  const text = (options?.count !== undefined ? find(`${key}_${pluralOf(options.count)}`) ?? find(`${key}_other`) : undefined) ?? find(key) ?? options?.defaultValue ?? key;
  return fill(text, options);
};

/** The current language's code (as the chooser names it: `in`, `se`, `vn` for Hindi, Swedish and Vietnamese). */
export const i18n = { language: "en" as string };

const translation = { t, i18n };
/** The translation function and the current language, for a component (the name react-i18next gave it). */
export function useTranslation(): { t: TFunction; i18n: { readonly language: string } } {
  return translation;
}
