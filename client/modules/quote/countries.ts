import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRY_CODES } from "@shared/core/countries.codes";
import { languageOf } from "@shared/i18n/languages";

export interface Country {
  code: string;
  name: string;
}

/** The server's countries named in the visitor's language, in its alphabetical order. */
export function useCountries(): Country[] {
  const { i18n } = useTranslation();
  const tag = languageOf(i18n.language).tag;
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([tag], { type: "region" });
    } catch {
      /* an old browser: the codes themselves */
    }
    const list = COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code }));
    const collator = new Intl.Collator(tag);
    return list.sort((a, b) => collator.compare(a.name, b.name));
  }, [tag]);
}

/** The visitor's own country when the browser's language names one (en-GB: GB), else "". */
export function browserCountry(): string {
  const region = typeof navigator === "undefined" ? "" : (/-([A-Z]{2})\b/.exec(navigator.language)?.[1] ?? "");
  return COUNTRY_CODES.includes(region) ? region : "";
}
