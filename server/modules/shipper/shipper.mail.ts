import type { OutgoingMail } from "../mail/mail.service.js";
import { mailIn } from "../mail/mail.compose.js";
import { shipperLanguage } from "./shipper.i18n.js";
import { readerLanguage } from "../settings/company-language.js";

/**
 * Every mail to a shipper, in its language (shipper.i18n.ts; none chosen: the company's): the sign-up's verification
 * link, a password reset, the staff's invitation and a statement with its PDF. Each answers the mail to send.
 */

type To = { name: string; email: string; language: string | null };

export async function verificationMail(s: To, link: string, token: string, hours: number): Promise<OutgoingMail> {
  const l = shipperLanguage(await readerLanguage(s.language));
  return mailIn(l, {
    kind: "verification",
    to: s.email,
    subject: l.t("verify.subject"),
    paragraphs: [l.t("verify.welcome", { name: s.name }), `${l.t("verify.confirm")}\n${link}`, l.t("verify.expires", { duration: l.hours(hours) })],
    secrets: [token],
  });
}

export async function resetMail(s: To, link: string, token: string, minutes: number): Promise<OutgoingMail> {
  const l = shipperLanguage(await readerLanguage(s.language));
  return mailIn(l, {
    kind: "reset",
    to: s.email,
    subject: l.t("reset.subject"),
    paragraphs: [
      l.t("reset.asked", { email: s.email }),
      l.t("mail.token", { token }),
      `${l.t("reset.enter", { link })}\n${l.t("reset.expires", { duration: l.minutes(minutes) })}`,
    ],
    secrets: [token],
  });
}

export async function invitationMail(s: To, company: string, link: string, token: string, hours: number): Promise<OutgoingMail> {
  const l = shipperLanguage(await readerLanguage(s.language));
  return mailIn(l, {
    kind: "invitation",
    to: s.email,
    subject: l.t("invite.subject", { company }),
    paragraphs: [
      l.t("mail.hello", { name: s.name }),
      l.t("invite.opened", { company }),
      `${l.t("invite.setPassword")}\n${link}`,
      `${l.t("mail.token", { token })}\n${l.t("invite.expires", { duration: l.hours(hours) })}`,
    ],
    secrets: [token],
  });
}

export interface MailedStatement {
  number: string;
  from: string;
  to: string;
  lines: number;
  total: number;
  currency: string;
  paid: boolean;
}

export async function statementMail(s: To, company: string, st: MailedStatement, pdf: Buffer): Promise<OutgoingMail> {
  const l = shipperLanguage(await readerLanguage(s.language));
  const total = l.money(st.total, st.currency);
  return mailIn(l, {
    kind: "statement",
    to: s.email,
    subject: l.t("statement.subject", { number: st.number, company }),
    paragraphs: [
      l.t("mail.hello", { name: s.name }),
      [
        l.t("statement.attached", { number: st.number, from: l.date(st.from), to: l.date(st.to) }),
        l.t("statement.bookings", { n: l.number(st.lines) }),
        st.paid ? l.t("statement.totalPaid", { total }) : l.t("statement.total", { total }),
      ].join("\n"),
      l.t("mail.thanks"),
    ],
    attachments: [{ filename: `${st.number}.pdf`, content: pdf, contentType: "application/pdf" }],
  });
}
