import { readEnv } from "../../core/config.js";
import { rescheduleLink, siteUrl, trackingLink, unsubscribeLink } from "../../core/links.js";
import { isUniqueViolation } from "../../core/errors.js";
import { yieldToOthers } from "../../core/jobs.js";
import { db } from "../../db/index.js";
import { sendMail } from "../mail/mail.service.js";
import { readerLanguage } from "../settings/company-language.js";
import { newRescheduleToken, unsubscribeTokenOf } from "../parcel/parcel.service.js";
import { isStatusCode, NOTIFY_MAX_AGE_MS } from "../parcel/status.rules.js";
import { parcelDeliveryJsonLd } from "../parcel/structured-data.js";
import { companyName } from "../settings/settings.service.js";
import { mailLanguage } from "./notification.i18n.js";

const inFlight = new Set<Promise<unknown>>();
const waiting: (() => Promise<void>)[] = [];
/** Messages prepared at once: a scan of 500 parcels queues 500, which would otherwise hold the process for seconds. */
const AT_ONCE = 4;
let running = 0;

function pump() {
  while (running < AT_ONCE && waiting.length) {
    const job = waiting.shift()!;
    running++;
    const p = (async () => {
      await yieldToOthers();
      await job();
    })().finally(() => {
      running--;
      inFlight.delete(p);
      pump();
    });
    inFlight.add(p);
  }
}

/**
 * Tells the recipient that a history entry changed the parcel's status: once per status and
 * parcel (a unique row claims it, across processes), only for entries at most 7 days old,
 * never when the admin switched it off or the recipient unsubscribed. Runs after the write;
 * a failure is logged and recorded in the outbox, never thrown at the admin.
 */
export function notifyRecipient(
  parcelId: number,
  entry: { status_code: string | null; status_reason: string | null; created_at: Date; title: string; description: string },
): void {
  waiting.push(() =>
    send(parcelId, entry).then(
      () => {},
      (e) => console.error("recipient notification failed:", (e as Error).message),
    ),
  );
  pump();
}

/** Waits for notifications started so far (shutdown, tests). */
export async function settleNotifications(): Promise<void> {
  while (inFlight.size || waiting.length) await Promise.all([...inFlight]);
}

/** What became of a recipient's e-mail: the outbox's message id, or why none went. */
export type MailOutcome = { mail_id: number } | { skipped: "too_old" | "no_address" | "off" | "unsubscribed" | "already_sent" };

/**
 * The status e-mail now, awaited: the message queue's "email" channel (server/modules/message) when SMS or
 * WhatsApp is on; notifyRecipient's job otherwise.
 */
export async function mailStatusNow(parcelId: number, entry: Parameters<typeof notifyRecipient>[1]): Promise<MailOutcome> {
  return send(parcelId, entry);
}

async function send(parcelId: number, entry: Parameters<typeof notifyRecipient>[1]): Promise<MailOutcome> {
  const code = entry.status_code;
  if (!isStatusCode(code) || Date.now() - entry.created_at.getTime() > NOTIFY_MAX_AGE_MS) return { skipped: "too_old" };
  const parcel = await db().parcel.findUnique({ where: { id: parcelId } });
  const skipped = whyNot(parcel);
  if (skipped || !parcel?.recipient_email) return { skipped: skipped ?? "no_address" };
  let claim: { id: number };
  try {
    claim = await db().parcelNotification.create({ data: { parcel_id: parcelId, status_code: code }, select: { id: true } });
  } catch (e) {
    if (isUniqueViolation(e)) return { skipped: "already_sent" }; // already told about this status
    throw e;
  }
  const token = await unsubscribeTokenOf(parcel);
  const lang = mailLanguage(await readerLanguage(parcel.recipient_language));
  const label = lang.t(`status.${code}`);
  const status = `${label}${entry.status_reason ? ` (${entry.status_reason})` : ""}`;
  const link = trackingLink(parcel.tracking_code, parcel.recipient_language && lang.code);
  const vars = { code: parcel.tracking_code, name: parcel.recipient_name, destination: parcel.destination, status };
  const lines = [lang.t("notify.hello", vars), lang.t("notify.now", vars), `${entry.title}\n${entry.description}`];
  // The proof of delivery as links (never the bytes): it is stored before its "delivered" entry.
  if (code === "delivered" && parcel.delivered_at) {
    const img = (name: string) => `${siteUrl()}/uploads/images/${encodeURIComponent(name)}`;
    const proof = [
      parcel.delivery_receiver_name ? lang.t("notify.deliveredTo", { name: parcel.delivery_receiver_name }) : null,
      parcel.delivery_left_at ? lang.t("notify.leftAt", { place: parcel.delivery_left_at }) : null,
      parcel.delivery_signature ? lang.t("notify.signature", { link: img(parcel.delivery_signature) }) : null,
      parcel.delivery_photo ? lang.t("notify.photo", { link: img(parcel.delivery_photo) }) : null,
    ].filter((l): l is string => !!l);
    if (proof.length) lines.push(proof.join("\n"));
  } else if (parcel.min_expected_delivery_date || parcel.max_expected_delivery_date) {
    lines.push(lang.t("notify.expected", { window: lang.dateRange(parcel.min_expected_delivery_date, parcel.max_expected_delivery_date) }));
  }
  // A failed attempt the recipient may reschedule: a link whose secret stands in for the postcode or e-mail.
  const secrets: string[] = [];
  if (code === "delivery_failed" && parcel.allow_reschedule) {
    const secret = await newRescheduleToken(parcel.id);
    secrets.push(secret);
    lines.push(lang.t("notify.reschedule", { link: rescheduleLink(parcel.tracking_code, secret, parcel.recipient_language && lang.code) }));
  }
  lines.push(lang.t("notify.track", { link }));
  lines.push(lang.t("notify.why", { link: unsubscribeLink(parcel.tracking_code, token) }));
  const mail = await sendMail({
    kind: "notification",
    to: parcel.recipient_email,
    subject: lang.t("notify.subject", { code: parcel.tracking_code, status: label }),
    text: lines.join("\n\n"),
    lang: { tag: lang.tag, rtl: lang.rtl },
    headers: {
      "List-Unsubscribe": `<${unsubscribeLink(parcel.tracking_code, token)}>`,
    },
    jsonLd: parcelDeliveryJsonLd({ ...parcel, status_code: code, last_event_at: undefined }, link, await companyName()),
    // The outbox's copy is read by staff: the link's secret is the recipient's alone.
    secrets,
  });
  await db().parcelNotification.update({ where: { id: claim.id }, data: { mail_id: mail.id } });
  return { mail_id: mail.id };
}

/** Why a parcel's recipient gets no e-mail: none given, the admin's switch off, unsubscribed; null: they may. */
function whyNot(parcel: { recipient_email: string | null; notify_recipient: boolean; recipient_unsubscribed: boolean } | null) {
  if (!parcel?.recipient_email) return "no_address" as const;
  if (!parcel.notify_recipient) return "off" as const;
  return parcel.recipient_unsubscribed ? ("unsubscribed" as const) : null;
}

/**
 * The delivery day's messages to a recipient (server/modules/dispatch): "window" when the run starts
 * (the delivery window), "near" once when notify_stops_before stops are left before theirs. Once per
 * stop and kind (a unique claim, as for statuses), with the same switches: the admin's, the
 * recipient's unsubscribe. In the recipient's language, else the company's.
 */
export function notifyDeliveryDay(parcelId: number, stopId: number, kind: "window" | "near", window: { from: Date; to: Date }, stopsBefore: number): void {
  waiting.push(() =>
    sendDeliveryDay(parcelId, stopId, kind, window, stopsBefore).then(
      () => {},
      (e) => console.error("delivery window notice failed:", (e as Error).message),
    ),
  );
  pump();
}

/** The delivery day's e-mail now, awaited (the message queue's "email" channel). */
export async function mailDeliveryDayNow(
  parcelId: number,
  stopId: number,
  kind: "window" | "near",
  window: { from: Date; to: Date },
  stopsBefore: number,
): Promise<MailOutcome> {
  return sendDeliveryDay(parcelId, stopId, kind, window, stopsBefore);
}

async function sendDeliveryDay(
  parcelId: number,
  stopId: number,
  kind: "window" | "near",
  window: { from: Date; to: Date },
  stopsBefore: number,
): Promise<MailOutcome> {
  const parcel = await db().parcel.findUnique({ where: { id: parcelId } });
  const skipped = whyNot(parcel);
  if (skipped || !parcel?.recipient_email) return { skipped: skipped ?? "no_address" };
  let claim: { id: number };
  try {
    claim = await db().parcelNotification.create({ data: { parcel_id: parcelId, status_code: `${kind}:${stopId}` }, select: { id: true } });
  } catch (e) {
    if (isUniqueViolation(e)) return { skipped: "already_sent" };
    throw e;
  }
  const token = await unsubscribeTokenOf(parcel);
  const lang = mailLanguage(await readerLanguage(parcel.recipient_language));
  // The window in the recipient's language and the site's time zone, e.g. "Friday 27 November 2026, 10:00 – 11:00 (Europe/Amsterdam)".
  const timeZone = readEnv("TIME_ZONE");
  const span = `${new Intl.DateTimeFormat(lang.tag, { dateStyle: "full", timeStyle: "short", timeZone }).formatRange(window.from, window.to)} (${timeZone})`;
  const hours = `${new Intl.DateTimeFormat(lang.tag, { timeStyle: "short", timeZone }).formatRange(window.from, window.to)}`;
  const link = trackingLink(parcel.tracking_code, parcel.recipient_language && lang.code);
  const vars = { code: parcel.tracking_code, window: span, count: String(stopsBefore) };
  const lines = [lang.t("notify.hello", { name: parcel.recipient_name })];
  if (kind === "window") lines.push(lang.t("notify.windowBody", vars));
  else lines.push(lang.t(stopsBefore === 0 ? "notify.nearNext" : "notify.nearStops", vars));
  lines.push(lang.t("notify.track", { link }));
  lines.push(lang.t("notify.why", { link: unsubscribeLink(parcel.tracking_code, token) }));
  const mail = await sendMail({
    kind: "notification",
    to: parcel.recipient_email,
    subject: kind === "window" ? lang.t("notify.windowSubject", { ...vars, window: hours }) : lang.t("notify.nearSubject", vars),
    text: lines.join("\n\n"),
    lang: { tag: lang.tag, rtl: lang.rtl },
    headers: { "List-Unsubscribe": `<${unsubscribeLink(parcel.tracking_code, token)}>` },
  });
  await db().parcelNotification.update({ where: { id: claim.id }, data: { mail_id: mail.id } });
  return { mail_id: mail.id };
}
