import { createContext, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { isLanguageCode, languageOf, LANGUAGES, type LanguageCode } from "@shared/i18n/languages";
import { controlLanguageOf } from "../i18n/control";
import { pageLanguage } from "../i18n/load";
import { controlI18n } from "./texts";
import { applyDocumentLanguage } from "../i18n";
import { useSession } from "./session";
import { setControlLanguage } from "./time";

/**
 * The control panel's language (contract section 13's last bullet): the member's own (`me.language`, chosen on My
 * Account), else (before sign-in, or none chosen) the browser's first language that is one of the 22, else English.
 *
 * The control panel has an i18next instance of its own, given to its tree by <ControlI18n> (I18nextProvider), so the
 * public pages keep the visitor's language (their cookie) and never load a staff text. Its language is the real tag
 * (`hi`, `sv`, `vi` for the codes `in`, `se`, `vn`), so i18next's own plural forms are the language's
 * (`t("parcels", { count })` picks `parcels_one`, `_few`, `_many`... by Intl.PluralRules) and its formats too; the
 * backend (./texts.ts) turns the tag back into the code that names the file.
 *
 * Namespaces (docs/frontend.md, "Control panel texts"): `control` for the shell and the shared components, one
 * `control-<group>` per screen group, loaded when a screen first asks (useTranslation suspends until then).
 */

interface LanguageState {
  /** The language shown. */
  code: LanguageCode;
  /** A guest's choice on the sign-in screens, for this visit (a member's is saved with them: My Account). */
  chooseForVisit: (code: LanguageCode) => void;
}
const LanguageContext = createContext<LanguageState>({ code: "en", chooseForVisit: () => undefined });

/** The control panel's language code (`in`, `se`, `vn` included): what the format helpers (./time.ts) take. */
export const useControlLanguage = () => useContext(LanguageContext);

/** What shows while a namespace loads: a spinner, no words (the words are what is loading). */
export const loadingTexts = (
  <div className="cp-container">
    <p className="cp-state" role="status" aria-busy="true">
      <span className="cp-spinner" aria-hidden="true" />
    </p>
  </div>
);

/**
 * The control panel in its language: the instance, <html lang dir> (right to left for ar and fa) while the control
 * panel is shown (the public page's again when it goes), and the format helpers' language.
 */
export function ControlI18n({ children }: { children: ReactNode }) {
  const { admin, checked, language } = useSession();
  const [visit, setVisit] = useState<LanguageCode | null>(null);
  const code = controlLanguageOf(admin ? language : (visit ?? language));
  const [instance] = useState(() => controlI18n(code));
  // Set before the children render: a time formatted in this render is in this language.
  setControlLanguage(code);

  useEffect(() => {
    const tag = languageOf(code).tag;
    if (instance.language !== tag) void instance.changeLanguage(tag);
    applyDocumentLanguage(code);
  }, [code, instance]);
  // Leaving the control panel for a public page: the page's own language again.
  useEffect(() => () => applyDocumentLanguage(pageLanguage()), []);

  const state = useMemo(() => ({ code, chooseForVisit: setVisit }), [code]);
  // A member whose `me` has not answered yet: their language is not known, so no screen in another one meanwhile.
  if (admin && !checked) return loadingTexts;
  return (
    <I18nextProvider i18n={instance}>
      <LanguageContext.Provider value={state}>
        <Suspense fallback={loadingTexts}>{children}</Suspense>
      </LanguageContext.Provider>
    </I18nextProvider>
  );
}

/** The 22 languages, each in its own name, for a chooser. */
export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.name, lang: l.tag }));

/**
 * A guest's language chooser (the sign-in screens' header): for this visit only; once signed in, the member's saved
 * language (My Account) rules.
 */
export function GuestLanguageChooser() {
  const { t } = useTranslation("control");
  const { code, chooseForVisit } = useControlLanguage();
  return (
    <label className="cp-lang">
      <span className="cp-visually-hidden">{t("language.label")}</span>
      <select value={code} onChange={(e) => isLanguageCode(e.target.value) && chooseForVisit(e.target.value)} data-testid="guest-language">
        {LANGUAGE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
