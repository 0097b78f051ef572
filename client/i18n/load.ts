import { COMPANY_LANGUAGE_META, COOKIE, type LanguageCode } from "@shared/i18n/languages";
import { serverState } from "../serverState";

type Texts = Record<string, unknown>;

/**
 * A language's texts, ./locales/<code>.json: each file is its own chunk, imported when its language is
 * needed (the i18next backend in ./index.ts reads them; boot.ts asks for the page's early). No i18next here,
 * nor the chooser's list: boot.ts, in the small entry, imports this module.
 */
const LOCALES = import.meta.glob<Texts>("./locales/*.json", { import: "default" });
const fileOf = (code: string) => `./locales/${code}.json`;
const isKnown = (code: string): code is LanguageCode => fileOf(code) in LOCALES;

export function loadLocale(code: string): Promise<Texts> {
  return isKnown(code) ? LOCALES[fileOf(code)]() : Promise.reject(new Error(`no texts for the language "${code}"`));
}

/** The shipper screens' namespace (the quote and the account): ./shipper.ts loads its texts. */
export const SHIPPER_NS = "shipper";
/** The owner's dashboard's namespace: ./reports.ts loads its texts. */
export const REPORTS_NS = "reports";
/** The tracking page's message chooser's namespace (the recipient's channels and language): ./recipient.ts loads its texts. */
export const RECIPIENT_NS = "recipient";

/**
 * The company's language (the setting; the server writes it into every page as `<meta name="company-language">`):
 * the language of a visitor or member who chose none. English without it (no page, or an old one).
 */
export function companyLanguage(): LanguageCode {
  if (typeof document === "undefined") return "en";
  const code = document.querySelector<HTMLMetaElement>(`meta[name="${COMPANY_LANGUAGE_META}"]`)?.content ?? "";
  return isKnown(code) ? code : "en";
}

export function readLanguageCookie(): LanguageCode {
  const m = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(document.cookie);
  const code = m ? decodeURIComponent(m[1]) : "";
  return isKnown(code) ? code : companyLanguage();
}

export function writeLanguageCookie(code: LanguageCode): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax${secure}`;
}

/**
 * The page's language: a known `?lang=`, else the one the server rendered the page in, else the cookie's, else
 * the company's (server/ssr.ts picks it alike). A page the server rendered needs no cookie read: `document.cookie` asks
 * the browser's network process synchronously, which cost a phone 10-55 ms while the page loaded.
 */
export function pageLanguage(): LanguageCode {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked !== null && isKnown(asked)) return asked;
  const rendered = serverState()?.language;
  return rendered !== undefined && isKnown(rendered) ? rendered : readLanguageCookie();
}

/**
 * Starts loading the page's language and English, its fallback, alongside the app (boot.ts): the app
 * then finds them loaded, or on their way, when it sets i18next up before hydrating or rendering.
 */
export function preloadLanguage(): void {
  for (const code of new Set(["en", pageLanguage()])) loadLocale(code).catch(() => undefined);
}
