import { scriptSafeJson } from "../../core/script-json.js";
import type { MailTemplate } from "../../../shared/modules/mail/mail.codes.js";

export interface Company {
  name: string;
  email: string;
  phone: string;
  address: string;
  url: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
// Each paragraph takes its direction from its own first letter (an English history entry inside an
// Arabic message stays left to right). An address is a link a reader can click (a verification or tracking
// link), one left-to-right unit inside right-to-left text; the sentence's closing punctuation stays outside.
// The text is escaped first: a quote in an address is &quot; and cannot end the attribute.
const LINK = /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g;
const paragraphs = (text: string, style: string) =>
  text
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p dir="auto" style="${style}">${esc(p)
          .replace(LINK, (url) => `<a href="${url}" dir="ltr">${url}</a>`)
          .replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");

function contactLine(c: Company, sep: string) {
  return [c.email, c.phone, c.address, c.url].filter(Boolean).map(esc).join(sep);
}

function textFooter(c: Company) {
  const lines = [c.name, c.email, c.phone, c.address, c.url].filter(Boolean);
  return `\n\n--\n${lines.join("\n")}`;
}

const designs: Record<Exclude<MailTemplate, "plain">, (subject: string, text: string, c: Company) => string> = {
  // Classic: blue header band, white body, grey footer.
  html1: (s, t, c) => `<!doctype html><html><body style="margin:0;background:#eef2f7;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:#0b4f9c;color:#ffffff;padding:20px 28px;font-size:22px;font-weight:bold">${esc(c.name)}</td></tr>
<tr><td style="padding:28px;color:#1c2733;font-size:15px;line-height:1.6"><h1 style="font-size:20px;margin:0 0 16px">${esc(s)}</h1>
${paragraphs(t, "margin:0 0 14px")}</td></tr>
<tr><td style="background:#f4f6f9;color:#5b6673;padding:16px 28px;font-size:12px">${contactLine(c, " &middot; ")}</td></tr>
</table></td></tr></table></body></html>`,
  // Dark minimal: black page, thin amber rule, monospace details.
  html2: (s, t, c) => `<!doctype html><html><body style="margin:0;background:#111418;color:#e9edf1;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:560px;margin:0 auto;padding:40px 24px">
<div style="letter-spacing:4px;text-transform:uppercase;font-size:12px;color:#f2b233">${esc(c.name)}</div>
<hr style="border:0;border-top:1px solid #f2b233;margin:12px 0 28px">
<h1 style="font-weight:normal;font-size:26px;margin:0 0 20px">${esc(s)}</h1>
${paragraphs(t, "font-size:16px;line-height:1.7;margin:0 0 16px")}
<p style="font-family:Menlo,Consolas,monospace;font-size:12px;color:#9aa4ad;margin-top:36px">${contactLine(c, "<br>")}</p>
</div></body></html>`,
  // Card: orange accent bar on the left, rounded card, call-out footer.
  html3: (s, t, c) => `<!doctype html><html><body style="margin:0;background:#fff7ef;font-family:Verdana,Geneva,sans-serif">
<div style="max-width:580px;margin:32px auto;background:#ffffff;border-left:8px solid #ff7a1a;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08)">
<div style="padding:26px 30px 8px;color:#ff7a1a;font-weight:bold;font-size:14px">${esc(c.name)} &mdash; ${esc(s)}</div>
<div style="padding:0 30px 22px;color:#2d2d2d;font-size:14px;line-height:1.65">${paragraphs(t, "margin:12px 0")}</div>
<div style="background:#ff7a1a;color:#ffffff;padding:14px 30px;font-size:12px;border-radius:0 0 12px 0">${contactLine(c, " | ")}</div>
</div></body></html>`,
  // Newsletter: centred logo line, green title band, two-column contact footer.
  html4: (s, t, c) => `<!doctype html><html><body style="margin:0;background:#ffffff;font-family:'Trebuchet MS',Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:18px 0;font-size:24px;color:#0f7b4a;font-weight:bold">&#9992; ${esc(c.name)}</td></tr>
<tr><td align="center" style="background:#0f7b4a;color:#ffffff;padding:22px;font-size:20px">${esc(s)}</td></tr>
<tr><td align="center"><table role="presentation" width="600" cellpadding="0" cellspacing="0"><tr><td style="padding:26px 20px;color:#203028;font-size:15px;line-height:1.6">${paragraphs(t, "margin:0 0 14px")}</td></tr></table></td></tr>
<tr><td align="center" style="border-top:3px solid #0f7b4a;padding:16px;color:#4b5d53;font-size:12px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="padding:0 18px">${esc(c.email || "")}</td><td style="padding:0 18px">${esc(c.phone || "")}</td></tr>
<tr><td colspan="2" style="padding:6px 18px 0">${esc(c.address || "")}</td></tr></table></td></tr></table></body></html>`,
};

export function renderMail(
  template: string,
  subject: string,
  text: string,
  company: Company,
  jsonLd?: Record<string, unknown>,
  lang?: { tag: string; rtl: boolean },
): { text: string; html?: string } {
  const body = text + textFooter(company);
  if (template === "plain" || !Object.hasOwn(designs, template)) return { text: body };
  let html = designs[template as Exclude<MailTemplate, "plain">](subject, text, company);
  html = html.replace("<html>", `<html lang="${esc(lang?.tag ?? "en")}" dir="${lang?.rtl ? "rtl" : "ltr"}">`);
  if (jsonLd) html = html.replace("<body", `<head><script type="application/ld+json">${scriptSafeJson(jsonLd)}</script></head><body`);
  return { text: body, html };
}
