import i18next, { type BackendModule, type i18n as I18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { isLanguageCode, languageOf, type LanguageCode } from "@shared/i18n/languages";
import { loadLocale, pageLanguage, RECIPIENT_NS, REPORTS_NS, SHIPPER_NS, writeLanguageCookie } from "./load";

/**
 * The site's i18next set-up. The texts are one JSON file per language (./locales/<code>.json, i18next's
 * JSON v4: nested keys, `{{placeholders}}`, plural forms `key_one`, `key_other`...) in the default
 * namespace; a language's file is imported only when that language is chosen, and English's, the fallback,
 * with it (the backend below: i18next's custom backend, as its documentation writes it). The shipper screens'
 * texts are the namespace `shipper` (./shipper.ts), loaded when those screens ask for it.
 *
 * The language is the chooser's code (`in`, `se` and `vn` are Hindi, Swedish and Vietnamese: ./languages.ts),
 * which is the file's name. i18next's own plural choice (`t(key, { count })`) would read those three codes
 * as other languages' plural rules: plural texts go through `plural()` (modules/parcel/format.ts), which
 * chooses the form by the real language tag.
 *
 * The browser has one instance (initI18n, before the first render or the hydration); the server's render
 * creates one per request (createI18n, client/entry-server.tsx, given to the tree by I18nextProvider).
 * A language change reloads the page (LanguageSelect).
 */
const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    (namespace === SHIPPER_NS
      ? import("./shipper").then((m) => m.loadShipperTexts(language))
      : namespace === REPORTS_NS
        ? import("./reports").then((m) => m.loadReportsTexts(language))
        : namespace === RECIPIENT_NS
          ? import("./recipient").then((m) => m.loadRecipientTexts(language))
          : loadLocale(language)
    ).then(
      (texts) => callback(null, texts),
      (e: Error) => callback(e, false),
    );
  },
};

const OPTIONS: InitOptions = {
  fallbackLng: "en",
  load: "currentOnly",
  // Keys are paths ("track.title"), never texts: a ":" is not a namespace.
  nsSeparator: false,
  // An empty text is an untranslated one: English's is shown.
  returnEmptyString: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
};

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

/** The browser's i18next, in the visitor's language, with its texts and English's loaded (a file that fails to load leaves English's). */
export async function initI18n(): Promise<LanguageCode> {
  const code = takeLanguageFromUrl() ?? pageLanguage();
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng: code });
  applyDocumentLanguage(code);
  return code;
}

/** An i18next instance of its own for one server render, in that request's language, its texts loaded. */
export async function createI18n(code: LanguageCode): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(localeBackend).init({ ...OPTIONS, lng: code });
  return instance;
}
