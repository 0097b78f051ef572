type Texts = Record<string, unknown>;

/**
 * The owner's dashboard's texts (i18next's namespace `reports`), ./locales/reports/<code>.json, a chunk each, loaded
 * when the dashboard first asks for them, in the control panel's language (all 22: the same keys and placeholders as
 * English's; the dashboard has no plural texts).
 */
const LOCALES = import.meta.glob<Texts>("./locales/reports/*.json", { import: "default" });

export function loadReportsTexts(code: string): Promise<Texts> {
  const file = `./locales/reports/${code}.json`;
  return file in LOCALES ? LOCALES[file]() : Promise.reject(new Error(`no reports texts for the language "${code}"`));
}
