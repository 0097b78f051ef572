import { isLanguageCode, matchLanguage, type LanguageCode } from "@shared/i18n/languages";
import { companyLanguage } from "./load";

type Texts = Record<string, unknown>;

/**
 * The control panel's texts: one i18next namespace per screen group, ./locales/control/<namespace>/<code>.json, each
 * file a chunk of its own. `control` is the shell's (navigation, header, buttons, fields, lists, dialogs); the others
 * (`control-auth`, `control-parcels`...) are loaded when a screen of theirs renders (useTranslation asks, the control
 * panel's backend in client/control/i18n.tsx reads them here). This module is imported only by that backend, in the
 * control panel's chunk: the public pages carry neither the texts nor their loaders (tests/e2e/script-budget.test.ts).
 */
const LOCALES = import.meta.glob<Texts>("./locales/control/*/*.json", { import: "default" });

/** Whether a namespace is one of the control panel's (`control` or `control-<group>`). */
export const isControlNamespace = (ns: string) => ns === "control" || ns.startsWith("control-");

export function loadControlTexts(namespace: string, code: string): Promise<Texts> {
  const file = `./locales/control/${namespace}/${code}.json`;
  return file in LOCALES ? LOCALES[file]() : Promise.reject(new Error(`no ${namespace} texts for the language "${code}"`));
}

/** The browser's languages, first first (none on the server, which never renders the control panel). */
const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** The control panel's language: the member's chosen one, else the browser's first of the 22, else the company's. */
export function controlLanguageOf(chosen: string | null | undefined, preferred = browserLanguages()): LanguageCode {
  if (chosen && isLanguageCode(chosen)) return chosen;
  return matchLanguage(preferred) ?? companyLanguage();
}
