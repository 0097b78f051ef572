type Texts = Record<string, unknown>;

/**
 * The shipper screens' texts (the quote and the account, i18next's namespace `shipper`), ./locales/shipper/<code>.json,
 * a chunk each. This module itself is imported only when the namespace is first asked for (./index.ts), so the
 * first screens of a visit carry neither the texts nor their loaders (tests/e2e/script-budget.test.ts).
 */
const LOCALES = import.meta.glob<Texts>("./locales/shipper/*.json", { import: "default" });

export function loadShipperTexts(code: string): Promise<Texts> {
  const file = `./locales/shipper/${code}.json`;
  return file in LOCALES ? LOCALES[file]() : Promise.reject(new Error(`no shipper texts for the language "${code}"`));
}
