type Texts = Record<string, unknown>;

/**
 * The tracking page's message chooser's texts (i18next's namespace `recipient`: the recipient's channels and language),
 * ./locales/recipient/<code>.json, a chunk each. This module is imported only when the namespace is first asked for
 * (./index.ts), which the chooser's own chunk does once it is opened: the page's first load carries neither
 * (tests/e2e/script-budget.test.ts).
 */
const LOCALES = import.meta.glob<Texts>("./locales/recipient/*.json", { import: "default" });

export function loadRecipientTexts(code: string): Promise<Texts> {
  const file = `./locales/recipient/${code}.json`;
  return file in LOCALES ? LOCALES[file]() : Promise.reject(new Error(`no recipient texts for the language "${code}"`));
}
