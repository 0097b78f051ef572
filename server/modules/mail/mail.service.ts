import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../../core/config.js";
import { noteCall } from "../../core/actor.js";
import { AppError, badInput } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import { getSettings } from "../settings/settings.service.js";
import { readerLanguage } from "../settings/company-language.js";
import { languageOf } from "../../../shared/i18n/languages.js";
import { renderMail, type Company } from "./mail.templates.js";
import { AdminMailInput, VisitorContactInput } from "./mail.input.js";
import { deliveryError, ownTransport, senderTransport } from "./smtp.js";

export interface OutgoingMail {
  kind: "contact" | "admin" | "reset" | "notification" | "invitation" | "security" | "verification" | "statement";
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** schema.org data for mail clients, carried in the HTML part as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** The language of the text (the HTML part gets lang and dir); the company's when absent (a member's or visitor's own text). */
  lang?: { tag: string; rtl: boolean };
  /** Values (reset tokens, invitation links) sent to the recipient but masked in the recorded copy. */
  secrets?: string[];
  /** Files sent along (a statement's PDF); the outbox records the message without them. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** The text as the outbox records it: every secret replaced by its first two characters and dots. */
const maskedForRecord = (text: string, secrets: string[] = []) => secrets.filter(Boolean).reduce((t, s) => t.split(s).join(`${s.slice(0, 2)}••••••`), text);

async function company(): Promise<{ company: Company; template: string; from: string }> {
  const s = await getSettings();
  const c = config();
  const from = c.mailFrom || s.contact_email || `no-reply@${new URL(c.publicUrl || "http://localhost").hostname}`;
  return {
    company: { name: s.company_name, email: s.contact_email, phone: s.contact_phone, address: s.contact_address, url: c.publicUrl },
    template: s.mail_template,
    from,
  };
}

/** The `lang` of a mail whose text is a member's or a visitor's own: the company's language. */
async function companyMailLang() {
  const l = languageOf(await readerLanguage());
  return { tag: l.tag, rtl: "rtl" in l && l.rtl };
}

/** Sends through the given transport (or the outbox folder), records the result, and returns it. */
async function deliver(mail: OutgoingMail, transport: Transporter | null, fromOverride?: string, allowPlainHow?: string) {
  const { company: co, template, from } = await company();
  const rendered = renderMail(template, mail.subject, mail.text, co, mail.jsonLd, mail.lang ?? (await companyMailLang()));
  const message = {
    from: fromOverride || from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: rendered.text,
    html: rendered.html,
    headers: mail.headers,
    attachments: mail.attachments,
  };
  let delivered = false;
  let error = "";
  let file = "";
  try {
    if (transport) {
      await transport.sendMail(message);
    } else {
      const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
      const dir = config().outboxDir;
      await fs.mkdir(dir, { recursive: true });
      file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.kind}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      console.info(`[mail] no SMTP_URL: wrote ${mail.kind} message to ${mail.to} as ${file}`);
    }
    delivered = true;
  } catch (e) {
    error = deliveryError(e, allowPlainHow || "set SMTP_ALLOW_PLAIN=true on the server").slice(0, 500);
  }
  const record = await db().mailMessage.create({
    data: {
      kind: mail.kind,
      to: mail.to,
      reply_to: mail.replyTo ?? "",
      subject: mail.subject,
      body: maskedForRecord(mail.text, mail.secrets),
      template,
      delivered,
      error,
      file,
    },
  });
  return record;
}

/** Mail the site sends by itself, recorded in the outbox whether or not it was delivered. */
export const sendMail = (mail: OutgoingMail) => deliver(mail, ownTransport());

/**
 * Mail the site sends by itself always uses the server's own transport. A delivery the mail server
 * refused is 502 (kept in the outbox): the request was right, the mail server was not there for it.
 */
export async function sendSystemMail(mail: OutgoingMail) {
  const r = await deliver(mail, ownTransport());
  if (!r.delivered) throw new AppError("BAD_GATEWAY", `The mail server did not take the message (it is kept in the outbox): ${r.error}`);
  return r;
}

/** A visitor's message goes to the company's contact e-mail, with the visitor as Reply-To. It is kept even when delivery fails. */
export async function sendVisitorMessage(raw: unknown): Promise<void> {
  const input = await validated(VisitorContactInput, raw);
  const s = await getSettings();
  if (!s.contact_email) throw badInput("The company has not set a contact e-mail yet");
  const name = input.name?.trim() || input.email;
  await deliver(
    {
      kind: "contact",
      to: s.contact_email,
      replyTo: input.email,
      subject: `[Contact] ${input.subject}`,
      text: `Message from ${name} <${input.email}> sent through the contact form:\n\n${input.body}`,
    },
    ownTransport(),
  );
}

/** An admin's Send Email: mail_driver smtp authenticates as contact_email with the typed password (never stored). */
export async function sendAdminMail(raw: unknown) {
  const input = await validated(AdminMailInput, raw);
  const s = await getSettings();
  let transport: Transporter | null;
  let from: string | undefined;
  if (s.mail_driver === "smtp") {
    if (!input.password) throw badInput("password is required when mail_driver is smtp");
    if (!s.contact_email) throw badInput("contact_email must be set in Contact Info to send with smtp");
    transport = senderTransport(s.contact_email, input.password, s.smtp_allow_plain);
    if (!transport) throw badInput("mail_driver smtp needs an SMTP host: set SMTP_URL or SMTP_HOST on the server");
    from = s.contact_email;
  } else {
    transport = ownTransport();
  }
  const r = await deliver(
    { kind: "admin", to: input.to, subject: input.subject, text: input.body },
    transport,
    from,
    from && "allow plain SMTP in Mail Settings",
  );
  noteCall({ object_type: "mail", object_id: String(r.id), what: { recipients: 1, subject: input.subject, driver: s.mail_driver, delivered: r.delivered } });
  if (!r.delivered) throw badInput(`The message could not be delivered: ${r.error}`);
  return r;
}

/** Either kind of contact call, as POST /api/contact and the contact mutation take it. */
export function listOutbox(args: PageArgs) {
  return pageOf(
    args,
    () => db().mailMessage.count(),
    (skip, take) => db().mailMessage.findMany({ skip, take, orderBy: { id: "desc" } }),
  );
}
