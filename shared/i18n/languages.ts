/**
 * The chooser's values are the original site's 22 codes. Some are not ISO
 * codes: `in` is Hindi, `se` Swedish, `vn` Vietnamese; `id` is Indonesian. `tag` is the real
 * language tag for <html lang>.
 */
export const LANGUAGES = [
  { code: "ar", tag: "ar", name: "العربية", rtl: true },
  { code: "es", tag: "es", name: "Español" },
  { code: "de", tag: "de", name: "Deutsch" },
  { code: "en", tag: "en", name: "English" },
  { code: "el", tag: "el", name: "Ελληνικά" },
  { code: "fa", tag: "fa", name: "فارسی", rtl: true },
  { code: "fi", tag: "fi", name: "Suomi" },
  { code: "fr", tag: "fr", name: "Français" },
  { code: "hu", tag: "hu", name: "Magyar" },
  { code: "id", tag: "id", name: "Bahasa Indonesia" },
  { code: "in", tag: "hi", name: "हिन्दी" },
  { code: "it", tag: "it", name: "Italiano" },
  { code: "ja", tag: "ja", name: "日本語" },
  { code: "nl", tag: "nl", name: "Nederlands" },
  { code: "pt", tag: "pt", name: "Português" },
  { code: "pl", tag: "pl", name: "Polski" },
  { code: "ru", tag: "ru", name: "Русский" },
  { code: "ro", tag: "ro", name: "Română" },
  { code: "se", tag: "sv", name: "Svenska" },
  { code: "tr", tag: "tr", name: "Türkçe" },
  { code: "th", tag: "th", name: "ไทย" },
  { code: "vn", tag: "vi", name: "Tiếng Việt" },
] as const satisfies readonly { code: string; tag: string; name: string; rtl?: boolean }[];

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const isLanguageCode = (code: string): code is LanguageCode => (LANGUAGE_CODES as string[]).includes(code);
export const COOKIE = "lang";
/** `<meta name="company-language" content="de">`: the company's language in every served page (server/app.ts), for a visitor or member who chose none. */
export const COMPANY_LANGUAGE_META = "company-language";

/** One of the 22 by its chooser's code or its real tag (`hi`, `sv`, `vi`); null for anything else (none, unknown). */
export function knownLanguage(code: string | null | undefined): LanguageCode | null {
  return (code && LANGUAGES.find((l) => l.code === code || l.tag === code)?.code) || null;
}

/** A language by its chooser's code, or by its real tag (`hi`, `sv`, `vi`: no tag is another language's code); English otherwise. */
export function languageOf(code: string | undefined) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES.find((l) => l.tag === code) ?? LANGUAGES.find((l) => l.code === "en")!;
}

/**
 * The first of a browser's languages (navigator.languages: "de-AT", "pt-BR", "hi") that is one of the 22, by its
 * primary subtag; null when none is.
 */
export function matchLanguage(preferred: readonly string[]): LanguageCode | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((l) => l.tag === primary);
    if (found) return found.code;
  }
  return null;
}
