import { readEnv } from "../../core/config.js";
import { trackingLink } from "../../core/links.js";
import { mailLanguage } from "../notification/notification.i18n.js";
import type { WhatsAppTemplate } from "./providers.js";

/**
 * What an event says on SMS and WhatsApp, in the recipient's language: the e-mails' own words
 * (server/modules/notification/locales: notify.now, notify.windowBody, notify.nearNext, notify.nearStops;
 * the status labels of the site), short, with the tracking link.
 */
export type EventPayload =
  | { kind: "status"; status_code: string; status_reason: string | null; created_at: string; title: string; description: string }
  | { kind: "window" | "near"; stop_id: number; from: string; to: string; stops_before: number }
  | { kind: "test" };

export interface TextParcel {
  tracking_code: string;
  destination: string;
}

const short = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

function hours(tag: string, from: string, to: string): string {
  return new Intl.DateTimeFormat(tag, { timeStyle: "short", timeZone: readEnv("TIME_ZONE") }).formatRange(new Date(from), new Date(to));
}

/**
 * The SMS text of an event: the company's name, the e-mail's sentence, the tracking link. `language` is the text's
 * (readerLanguage: the recipient's, else the company's); `chosen` the recipient's own, which the link carries.
 */
export function smsText(company: string, p: TextParcel | null, payload: EventPayload, language: string, chosen: string | null): string {
  const lang = mailLanguage(language);
  if (payload.kind === "test" || !p) return `${company}: test message. ${lang.t("notify.track", { link: "" }).replace(/[:\s]+$/, "")}.`;
  const link = trackingLink(p.tracking_code, chosen && lang.code);
  if (payload.kind === "status") {
    const label = lang.t(`status.${payload.status_code}`);
    const status = payload.status_reason ? `${label} (${short(payload.status_reason, 40)})` : label;
    return `${company}: ${lang.t("notify.now", { code: p.tracking_code, destination: short(p.destination, 40), status })} ${link}`;
  }
  const vars = { code: p.tracking_code, window: hours(lang.tag, payload.from, payload.to), count: String(payload.stops_before) };
  const sentence =
    payload.kind === "window" ? lang.t("notify.windowBody", vars) : lang.t(payload.stops_before === 0 ? "notify.nearNext" : "notify.nearStops", vars);
  return `${company}: ${sentence} ${link}`;
}

/** The WhatsApp template message of an event: {{1}} the code, {{2}} the status or the window, {{3}} the link. */
export function whatsappTemplate(
  templates: { status: string; window: string },
  p: TextParcel | null,
  payload: EventPayload,
  language: string,
  chosen: string | null,
): WhatsAppTemplate | null {
  const lang = mailLanguage(language);
  const code = lang.tag.replace("-", "_");
  if (payload.kind === "test" || !p) return templates.status ? { name: templates.status, language: code, params: ["TEST", "test", "-"] } : null;
  const link = trackingLink(p.tracking_code, chosen && lang.code);
  if (payload.kind === "status") {
    if (!templates.status) return null;
    return { name: templates.status, language: code, params: [p.tracking_code, lang.t(`status.${payload.status_code}`), link] };
  }
  if (!templates.window) return null;
  return { name: templates.window, language: code, params: [p.tracking_code, hours(lang.tag, payload.from, payload.to), link] };
}

/** How the Messages list shows a WhatsApp template message. */
export const templateText = (t: WhatsAppTemplate) => `[${t.name} ${t.language}] ${t.params.join(" | ")}`;
