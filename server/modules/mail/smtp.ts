import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { config, type Config } from "../../core/config.js";

/**
 * The SMTP server of SMTP_URL (or SMTP_HOST and SMTP_PORT) as nodemailer options. The URL's
 * query is read as nodemailer reads it (`?tls.rejectUnauthorized=false`, `?name=...`), except
 * the TLS choices, which are tlsRule()'s alone.
 */
function smtpServer(c: Config): SMTPTransport.Options | null {
  if (c.smtpUrl) {
    const u = new URL(c.smtpUrl);
    const port = Number(u.port) || (u.protocol === "smtps:" ? 465 : 587);
    const options: SMTPTransport.Options & Record<string, unknown> = {
      host: u.hostname.replace(/^\[|\]$/g, ""),
      port,
      secure: u.protocol === "smtps:" || port === 465,
    };
    if (u.username) options.auth = { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) };
    const tls: Record<string, unknown> = {};
    for (const [key, raw] of u.searchParams) {
      const value = raw === "true" ? true : raw === "false" ? false : raw !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
      if (key.startsWith("tls.")) tls[key.slice(4)] = value;
      else if (!TLS_CHOICES.has(key)) options[key] = value;
    }
    if (Object.keys(tls).length) options.tls = tls;
    return options;
  }
  return c.smtpHost ? { host: c.smtpHost, port: c.smtpPort, secure: c.smtpPort === 465 } : null;
}
const TLS_CHOICES = new Set(["secure", "requireTLS", "ignoreTLS", "opportunisticTLS"]);

/**
 * Every SMTP connection the server opens: implicit TLS on port 465 (or smtps:), STARTTLS required
 * on any other port, so no password (SMTP_URL's, or the one typed in Send Email) travels in clear,
 * unless plain SMTP is allowed (SMTP_ALLOW_PLAIN for the server's own transport, the owner's
 * smtp_allow_plain setting for Send Email). The server's certificate is checked as Node checks any:
 * NODE_EXTRA_CA_CERTS adds a company CA; `?tls.rejectUnauthorized=false` in SMTP_URL skips the check.
 */
const tlsRule = (server: SMTPTransport.Options, allowPlain: boolean): SMTPTransport.Options => ({ ...server, requireTLS: !server.secure && !allowPlain });

let own: { key: string; transport: Transporter } | undefined;

/** The server's own transport, or null without SMTP_URL or SMTP_HOST (then mail goes to the outbox folder). */
export function ownTransport(): Transporter | null {
  const c = config();
  const server = smtpServer(c);
  if (!server) return null;
  const key = `${c.smtpUrl}|${c.smtpHost}:${c.smtpPort}|${c.smtpAllowPlain}`;
  if (own?.key !== key) own = { key, transport: nodemailer.createTransport(tlsRule(server, c.smtpAllowPlain)) };
  return own.transport;
}

/** The SMTP host signed in as the sender (Send Email with mail_driver smtp), or null when the server has none. */
export function senderTransport(user: string, pass: string, allowPlain: boolean): Transporter | null {
  const server = smtpServer(config());
  return server && nodemailer.createTransport(tlsRule({ ...server, auth: { user, pass } }, allowPlain));
}

/** A failed delivery in words an admin can act on; how to allow plain SMTP depends on the transport. */
export function deliveryError(e: unknown, allowPlainHow: string): string {
  const err = e as { code?: string; message?: string };
  const message = err?.message ?? "";
  if (err?.code === "ETLS" && /STARTTLS/i.test(message)) {
    return `the SMTP server does not offer TLS (STARTTLS), so the password would travel in clear; turn TLS on at the mail server, or ${allowPlainHow} (${message})`;
  }
  if (/certificate|altnames/i.test(message)) {
    return `the SMTP server's TLS certificate is not trusted (${message}); give Node the company's CA (NODE_EXTRA_CA_CERTS), or add ?tls.rejectUnauthorized=false to SMTP_URL`;
  }
  return message || "delivery failed";
}
