type Texts = Record<string, unknown>;

/**
 * The owner's dashboard's texts (i18next's namespace `reports`), ./locales/reports/<code>.json, a chunk each, loaded
 * when the dashboard first asks for them. English only for now, as the rest of the control panel: a language without
 * its file gets English's (the fallback language), until the control panel is translated.
 */
const LOCALES = import.meta.glob<Texts>("./locales/reports/*.json", { import: "default" });

export function loadReportsTexts(code: string): Promise<Texts> {
  const file = `./locales/reports/${code}.json`;
  return file in LOCALES ? LOCALES[file]() : Promise.reject(new Error(`no reports texts for the language "${code}"`));
}
