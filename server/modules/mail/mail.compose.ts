import { mailLang, type ServerLanguage } from "../../core/server-i18n.js";
import type { OutgoingMail } from "./mail.service.js";

/**
 * A mail written in a person's language (a member's or a shipper's texts, server-i18n.ts): its paragraphs apart by a
 * blank line, and the `lang` it carries (the HTML part's lang and dir). Every such mail is built here.
 */
export function mailIn(
  l: Pick<ServerLanguage, "tag" | "rtl">,
  { paragraphs, ...mail }: Omit<OutgoingMail, "text" | "lang"> & { paragraphs: string[] },
): OutgoingMail {
  return { ...mail, text: paragraphs.join("\n\n"), lang: mailLang(l) };
}
