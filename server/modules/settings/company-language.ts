import { isLanguageCode, knownLanguage, type LanguageCode } from "../../../shared/i18n/languages.js";
import { DEFAULT_COMPANY_LANGUAGE } from "../../../shared/modules/settings/settings.codes.js";
import { getSettings } from "./settings.service.js";

/**
 * The company's language (the setting `language`, Settings > General): the fallback wherever no person's language is
 * known. Read from the kept settings row (no query while the content version stands).
 */
export async function companyLanguage(): Promise<LanguageCode> {
  const code = (await getSettings()).language;
  return isLanguageCode(code) ? code : DEFAULT_COMPANY_LANGUAGE;
}

/**
 * The one rule for the language of what the server writes to someone: the first of the given languages that is one
 * of the 22 (the reader's own, then whoever else's the caller names: the recipient's, the member's), else the
 * company's. Every server text that has no reader's language goes through here (history entries, status mails and
 * messages, labels, account mails, invoices, statements and pay-out PDFs, run sheets).
 */
export async function readerLanguage(...codes: (string | null | undefined)[]): Promise<LanguageCode> {
  for (const code of codes) {
    const known = knownLanguage(code);
    if (known) return known;
  }
  return companyLanguage();
}
