import i18next, { type BackendModule, type i18n as I18n, type TOptions } from "i18next";
import { languageOf, type LanguageCode } from "@shared/i18n/languages";
import { isControlNamespace, loadControlTexts } from "../i18n/control";
import { loadLocale, REPORTS_NS, SHIPPER_NS } from "../i18n/load";

/**
 * The control panel's i18next instance (one per page; <ControlI18n> in ./i18n.tsx gives it to the tree and sets its
 * language). Its language is the real tag (`hi`, `sv`, `vi` for the codes `in`, `se`, `vn`), so i18next's plural forms
 * and formats are the language's; the backend turns the tag back into the code that names the files.
 */
const backend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    const code = languageOf(lng).code;
    (isControlNamespace(ns)
      ? loadControlTexts(ns, code)
      : ns === REPORTS_NS
        ? import("../i18n/reports").then((m) => m.loadReportsTexts(code))
        : ns === SHIPPER_NS
          ? import("../i18n/shipper").then((m) => m.loadShipperTexts(code))
          : loadLocale(code)
    ).then(
      (texts) => callback(null, texts),
      (e: Error) => callback(e, false),
    );
  },
};

let instance: I18n | null = null;

/** The instance, created in `code` on first use. */
export function controlI18n(code: LanguageCode): I18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.use(backend).init({
    lng: languageOf(code).tag,
    fallbackLng: "en",
    load: "currentOnly",
    ns: ["control"],
    defaultNS: "control",
    // Keys are paths ("nav.parcels"), never texts: a ":" is not a namespace.
    nsSeparator: false,
    // An empty text is an untranslated one: English's is shown.
    returnEmptyString: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return instance;
}

/**
 * A `control` text outside a component (a hook's fallback message, a field's label): the instance's, or null before
 * the control panel set it up or when the key has no text (the caller's English then).
 */
export function controlText(key: string, options?: TOptions): string | null {
  if (!instance?.isInitialized || !instance.exists(key, { ns: "control" })) return null;
  return instance.t(key, { ns: "control", ...options }) as string;
}
