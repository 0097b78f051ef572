import { readEnv } from "../../core/config.js";
import { siteUrl } from "../../core/links.js";
import { db } from "../../db/index.js";
import type { Message } from "../../db/generated/sqlite/client.js";
import { sendMail } from "../mail/mail.service.js";
import { mailDeliveryDayNow, mailStatusNow, type MailOutcome } from "../notification/notification.service.js";
import type { MessageChannel } from "../../../shared/modules/settings/settings.codes.js";
import { addressCountry, toE164 } from "./phone.js";
import { smsProvider, smsProviderName, whatsappProvider, whatsappProviderName, type SendResult } from "./providers.js";
import { countSegments } from "./segments.js";
import { smsText, templateText, whatsappTemplate, type EventPayload } from "./message.texts.js";
import { readerLanguage } from "../settings/company-language.js";
import { messageSettings, type HistoryItem } from "./message.settings.js";
import { optOut } from "./message.callbacks.js";

/**
 * Sending the queued messages (contract section 13): a worker in every process claims due rows with a conditional
 * update (the row's next_try_at moves past a lease, so two processes never hold the same row and a stopped process's
 * claim comes due again), sends on the row's channel and records the outcome. A provider's failure is retried with
 * back-off (5 tries within 30 minutes), then the next channel of the order is tried; an opted-out number, an SMS past
 * the day's budget, a channel that is off, unconfigured or without an address is skipped at once for the next one.
 */

const MAX_TRIES = 5;
const TRY_SPAN_MS = 30 * 60_000;
const BATCH = 50;

type Claimed = Message;

const inFlight = new Set<Promise<unknown>>();
let kicked = false;

/** Sends what is due soon (after the caller's turn), never awaited by the caller. */
export function kick(): void {
  if (kicked || !timer) return;
  kicked = true;
  setImmediate(() => {
    kicked = false;
    track(sendDue());
  });
}

function track(p: Promise<unknown>): void {
  const q = p.catch((e) => console.error("messages: sending failed:", (e as Error).message)).finally(() => inFlight.delete(q));
  inFlight.add(q);
}

/** Waits for the sends started so far (shutdown, tests). */
export async function settleMessages(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

const leaseMs = () => readEnv("MESSAGE_TIMEOUT_MS") + 30_000;
const backoffMs = (tries: number) => readEnv("MESSAGE_RETRY_BASE_MS") * 2 ** Math.max(0, tries - 1);

/**
 * Claims and sends every due message (at most BATCH a round, rounds until none is due). A row is claimed
 * by moving next_try_at past a lease under the value it was read with: one process wins, and a process
 * stopped mid-send leaves a claim that comes due again when the lease ends.
 */
export async function sendDue(): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = new Date();
    const due = await db().message.findMany({
      where: { status: "queued", next_try_at: { lte: now } },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (!due.length) return sent;
    // MESSAGE_SENDS_AT_ONCE sends at a time: a slow provider (seconds an answer) still gets a busy day's messages out.
    let claimed = 0;
    const waiting = due.slice();
    await Promise.all(
      Array.from({ length: Math.min(readEnv("MESSAGE_SENDS_AT_ONCE"), due.length) }, async () => {
        for (let m = waiting.shift(); m; m = waiting.shift()) {
          // A stopping server finishes the sends under way and claims nothing more (another process, or this one started again, will).
          if (stopping) return;
          const lease = new Date(Date.now() + leaseMs());
          const claim = await db().message.updateMany({ where: { id: m.id, status: "queued", next_try_at: m.next_try_at }, data: { next_try_at: lease } });
          if (claim.count !== 1) continue;
          claimed++;
          if (await deliver({ ...m, next_try_at: lease })) sent++;
        }
      }),
    );
    if (stopping) return sent;
    if (!claimed || due.length < BATCH) return sent;
  }
}

interface Target {
  ok: true;
  to: string;
}
type Refusal = { ok: false; reason: string };

/** Sends a claimed message on its channel, or moves it along the order; true when something went out. */
async function deliver(m: Claimed): Promise<boolean> {
  const s = await messageSettings();
  const parcel = m.parcel_id ? await db().parcel.findUnique({ where: { id: m.parcel_id } }) : null;
  if (m.parcel_id && !parcel) {
    await db().message.update({ where: { id: m.id }, data: { status: "skipped", reason: "parcel_deleted" } });
    return false;
  }
  const payload = JSON.parse(m.payload) as EventPayload;
  const history = JSON.parse(m.history) as HistoryItem[];
  // The recipient's language (chosen for this message, else the parcel's), else the company's.
  const own = m.language ?? parcel?.recipient_language ?? null;
  const language = await readerLanguage(own);
  const channels = parcel?.recipient_channels != null ? parcel.recipient_channels.split(",").filter(Boolean) : null;
  let row = m;
  for (;;) {
    const channel = row.channel as MessageChannel;
    const target = await targetOf(channel, row, parcel, s, channels, payload);
    if (!target.ok) {
      history.push({ at: new Date().toISOString(), channel, status: "skipped", reason: target.reason });
      const next = await nextChannel(row, history, "skipped", target.reason);
      if (!next) return false;
      row = next;
      continue;
    }
    let result: SendResult;
    let text: string;
    let segments: number | null = null;
    if (channel === "sms") {
      text = smsText(s.company, parcel, payload, language, own);
      segments = countSegments(text).segments;
      if (!(await withinBudget(segments, s.smsDailyLimit))) {
        history.push({ at: new Date().toISOString(), channel, status: "skipped", reason: "budget" });
        const next = await nextChannel(row, history, "skipped", "budget");
        if (!next) return false;
        row = next;
        continue;
      }
      const provider = smsProvider(`${siteUrl()}/api/messages/twilio`)!;
      result = await provider.send(target.to, text);
    } else if (channel === "whatsapp") {
      const template = whatsappTemplate(s.templates, parcel, payload, language, own)!;
      text = templateText(template);
      result = await whatsappProvider()!.send(target.to, template);
    } else {
      const outcome = await sendEmail(row, payload, target.to);
      if ("skipped" in outcome) {
        history.push({ at: new Date().toISOString(), channel, status: "skipped", reason: outcome.skipped });
        const next = await nextChannel(row, history, "skipped", outcome.skipped);
        if (!next) return false;
        row = next;
        continue;
      }
      result = "mail_id" in outcome ? { ok: true, provider_id: `mail:${outcome.mail_id}` } : { ok: false, kind: "rejected", error: outcome.failed };
      text = "(the status e-mail)";
    }
    const now = new Date();
    const tries = row.tries + 1;
    if (result.ok) {
      history.push({ at: now.toISOString(), channel, status: "sent", provider_id: result.provider_id });
      await db().message.update({
        where: { id: row.id },
        data: {
          status: "sent",
          reason: null,
          to: target.to,
          text,
          segments,
          provider_id: result.provider_id,
          tries,
          first_try_at: row.first_try_at ?? now,
          sent_at: now,
          history: JSON.stringify(history),
        },
      });
      return true;
    }
    if (result.kind === "opted_out") await optOut(target.to);
    const firstTry = row.first_try_at ?? now;
    const giveUp = result.kind !== "retry" || tries >= MAX_TRIES || now.getTime() + backoffMs(tries) - firstTry.getTime() > TRY_SPAN_MS;
    const reason = result.kind === "opted_out" ? "opted_out" : result.error;
    history.push({ at: now.toISOString(), channel, status: giveUp ? (result.kind === "opted_out" ? "skipped" : "failed") : "retry", reason: result.error });
    if (!giveUp) {
      await db().message.update({
        where: { id: row.id },
        data: {
          to: target.to,
          text,
          segments,
          tries,
          first_try_at: firstTry,
          reason,
          next_try_at: new Date(now.getTime() + backoffMs(tries)),
          history: JSON.stringify(history),
        },
      });
      return false;
    }
    const next = await nextChannel({ ...row, to: target.to, text, segments, tries }, history, result.kind === "opted_out" ? "skipped" : "failed", reason);
    if (!next) return false;
    row = next;
  }
}

/**
 * Moves the message to the next channel of its order (tries start again), or ends it with this status and
 * reason when none is left. Returns the row to go on with, or null.
 */
async function nextChannel(row: Claimed, history: HistoryItem[], status: "skipped" | "failed", reason: string): Promise<Claimed | null> {
  const [next, ...rest] = row.channels.split(",").filter(Boolean);
  if (!next) {
    await db().message.update({
      where: { id: row.id },
      data: { status, reason, to: row.to, text: row.text, segments: row.segments, tries: row.tries, history: JSON.stringify(history) },
    });
    return null;
  }
  const data = {
    channel: next,
    channels: rest.join(","),
    tries: 0,
    first_try_at: null,
    reason,
    to: "",
    text: "",
    segments: null,
    history: JSON.stringify(history),
  };
  await db().message.update({ where: { id: row.id }, data });
  return { ...row, ...data };
}

/** Where a channel would send this message, or why it cannot. */
async function targetOf(
  channel: MessageChannel,
  row: Claimed,
  parcel: { recipient_phone_number: string | null; recipient_address: string | null; recipient_email: string | null; notify_recipient: boolean } | null,
  s: Awaited<ReturnType<typeof messageSettings>>,
  chosen: string[] | null,
  payload: EventPayload,
): Promise<Target | Refusal> {
  const test = payload.kind === "test";
  if (!test && chosen && !chosen.includes(channel)) return { ok: false, reason: "not_chosen" };
  if (!test && parcel && !parcel.notify_recipient) return { ok: false, reason: "off" };
  if (channel === "email") {
    const to = test ? row.to : parcel?.recipient_email;
    return to ? { ok: true, to } : { ok: false, reason: "no_address" };
  }
  if (!test && !(channel === "sms" ? s.sms : s.whatsapp)) return { ok: false, reason: "off" };
  if (channel === "sms" ? smsProviderName() === "none" || !smsProvider("") : whatsappProviderName() === "none" || !whatsappProvider())
    return { ok: false, reason: "no_provider" };
  if (channel === "whatsapp" && !(payload.kind === "window" || payload.kind === "near" ? s.templates.window : s.templates.status))
    return { ok: false, reason: "no_template" };
  let to = row.to;
  if (!test) {
    if (!parcel?.recipient_phone_number) return { ok: false, reason: "no_number" };
    const n = toE164(parcel.recipient_phone_number, addressCountry(parcel.recipient_address));
    if (!n) return { ok: false, reason: "invalid_number" };
    to = n;
  }
  if (channel === "sms" && (await db().messageOptOut.findUnique({ where: { number: to } }))) return { ok: false, reason: "opted_out" };
  return { ok: true, to };
}

/** The "email" channel: the status or delivery-day e-mail the site sends anyway (once: its own claim too). */
async function sendEmail(row: Claimed, payload: EventPayload, to: string): Promise<MailOutcome | { failed: string }> {
  if (payload.kind === "test") {
    const mail = await sendMail({
      kind: "notification",
      to,
      subject: "Test message",
      text: "A test message from the control panel's message settings: e-mail reaches this address.",
    });
    return mail.delivered ? { mail_id: mail.id } : { failed: mail.error || "not delivered" };
  }
  if (!row.parcel_id) return { skipped: "no_address" };
  if (payload.kind === "status") return mailStatusNow(row.parcel_id, { ...payload, created_at: new Date(payload.created_at) });
  return mailDeliveryDayNow(row.parcel_id, payload.stop_id, payload.kind, { from: new Date(payload.from), to: new Date(payload.to) }, payload.stops_before);
}

/** The start of today in the site's time zone (the SMS budget is a day's). */
export function startOfDay(now: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  const offset = local - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(+parts.year, +parts.month - 1, +parts.day) - offset);
}

/** Whether `segments` more SMS segments stay within today's budget (sms_daily_limit). */
async function withinBudget(segments: number, limit: number): Promise<boolean> {
  const since = startOfDay(new Date(), readEnv("TIME_ZONE"));
  const used = await db().message.aggregate({ where: { channel: "sms", sent_at: { gte: since } }, _sum: { segments: true } });
  return (used._sum.segments ?? 0) + segments <= limit;
}

// ---- The worker ----

let timer: NodeJS.Timeout | undefined;
/** Every process looks for due messages every MESSAGE_POLL_MS (retries, other processes' stopped claims). */
export function startMessageWorker(): void {
  if (timer) return;
  // An unknown provider name stops the start.
  smsProviderName();
  whatsappProviderName();
  const tick = () => {
    track(
      sendDue().finally(() => {
        if (timer) timer = setTimeout(tick, readEnv("MESSAGE_POLL_MS")).unref();
      }),
    );
  };
  timer = setTimeout(tick, 0).unref();
}

let stopping = false;
/** Closing starts (Fastify's preClose): no new claim from now on, the sends under way go on. */
export function haltMessageWorker(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  stopping = true;
}
/** Whether this process is claiming messages: running, stopping (finishing its sends) or stopped. */
export function messageWorkerState(): "running" | "stopping" | "stopped" {
  return stopping ? "stopping" : timer ? "running" : "stopped";
}
export async function stopMessageWorker(): Promise<void> {
  haltMessageWorker();
  try {
    await settleMessages();
  } finally {
    stopping = false;
  }
}
