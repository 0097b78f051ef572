import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { COOKIE, isLanguageCode, languageOf, type LanguageCode } from "./languages";
import en from "./locales/en.json";

/**
 * i18next with one lazily imported JSON file per language (./locales/<code>.json, its own
 * chunk). English, the fallback for missing files and keys, is always needed: it is part of the
 * entry, so an English page starts without waiting for a second request.
 */
type Dict = Record<string, unknown>;
const locales = import.meta.glob<Dict>(["./locales/*.json", "!./locales/en.json"], { import: "default" });

async function loadLocale(code: string): Promise<Dict | null> {
  if (code === "en") return en;
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
  const [en, own] = await Promise.all([loadLocale("en"), code === "en" ? null : loadLocale(code)]);
  const resources: Record<string, { translation: Dict }> = { en: { translation: en ?? {} } };
  if (own) resources[code] = { translation: own };
  await i18n.use(initReactI18next).init({ ...OPTIONS, lng: code, resources });
  applyDocumentLanguage(code);
  return code;
}

const OPTIONS = {
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
} as const;

let serverReady: Promise<unknown> | null = null;
/**
 * The server's render (client/entry-server.tsx): the translations of this language (the `lang` cookie or
 * `?lang=`, as initI18n reads them in the browser), loaded once per process. setLanguage() then makes it
 * current for a render: the render is synchronous, so no other request's language comes in between.
 */
export async function loadServerLanguage(code: LanguageCode): Promise<void> {
  serverReady ??= i18n.use(initReactI18next).init({ ...OPTIONS, lng: "en", resources: { en: { translation: en } } });
  await serverReady;
  if (i18n.hasResourceBundle(code, "translation")) return;
  const own = await loadLocale(code);
  if (own && !i18n.hasResourceBundle(code, "translation")) i18n.addResourceBundle(code, "translation", own);
}

/** Makes a loaded language current (synchronously: its translations are there). */
export function setLanguage(code: LanguageCode): void {
  void i18n.changeLanguage(code);
}

/** The real language tag of the current language, for Intl formatting. */
export function currentTag(): string {
  return languageOf(i18n.language).tag;
}

export { i18n };
export { useTranslation } from "react-i18next";
export type { TFunction } from "i18next";
