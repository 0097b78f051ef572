import crypto from "node:crypto";
import { readEnv } from "../../core/config.js";
import { AppError, forbidden, isUniqueViolation } from "../../core/errors.js";
import { siteUrl } from "../../core/links.js";
import { db } from "../../db/index.js";
import { getSettings } from "../settings/settings.service.js";
import type { HistoryItem, MessageStatus } from "./message.settings.js";

// The providers' callbacks (contract section 13): their signatures checked here, then opt-outs (STOP, START,
// Twilio's 21610) and status reports. The REST door (message.rest.ts) only parses the bodies and calls these.

const unsigned = () => new AppError("UNAUTHENTICATED", "The request's signature is missing or wrong");

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the URL and the sorted parameters (each name then its value). */
export function twilioSignature(token: string, url: string, params: Record<string, string | string[]>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => {
        const v = params[k];
        return (Array.isArray(v) ? [...v].sort() : [v]).map((x) => k + x).join("");
      })
      .join("");
  return crypto.createHmac("sha1", token).update(Buffer.from(data, "utf8")).digest("base64");
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP"]);
/** Twilio's MessageStatus as the contract's statuses (queued, accepted, sending and scheduled say nothing new). */
const TWILIO_STATUS: Record<string, MessageStatus> = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
  undelivered: "failed",
};

/**
 * Twilio's callback: params is the form's parameters (null when the body was not a form), signature the
 * X-Twilio-Signature header, query the request's query string ("" or "?..."), signed as part of the URL.
 * A missing token, body or signature, or a wrong signature: UNAUTHENTICATED (401).
 */
export async function twilioCallback(params: Record<string, string | string[]> | null, signature: unknown, query: string): Promise<void> {
  const token = readEnv("TWILIO_AUTH_TOKEN");
  if (!token || !params || typeof signature !== "string") throw unsigned();
  const url = `${siteUrl()}/api/messages/twilio${query}`;
  if (!same(twilioSignature(token, url, params), signature)) throw unsigned();
  const one = (k: string) => {
    const v = params[k];
    return Array.isArray(v) ? v[0] : (v ?? "");
  };
  const sid = one("MessageSid") || one("SmsSid");
  const status = one("MessageStatus") || one("SmsStatus");
  if (sid && status && status !== "received") {
    const to = TWILIO_STATUS[status.toLowerCase()];
    if (to) await recordStatus(sid, to, one("ErrorCode") ? `twilio ${one("ErrorCode")}` : status);
  } else {
    // An incoming message: STOP and its synonyms opt the number out of SMS, START, YES and UNSTOP back in.
    const word = one("Body").trim().toUpperCase();
    const from = one("From");
    if (from && OPT_OUT.has(word)) await optOut(from);
    else if (from && OPT_IN.has(word)) await optIn(from);
  }
}

/** Meta's webhook verification: the challenge to answer, or FORBIDDEN (403) when the mode or verify token does not match. */
export async function whatsappChallenge(query: Record<string, unknown>): Promise<string> {
  const token = (await getSettings()).whatsapp_verify_token;
  const given = typeof query["hub.verify_token"] === "string" ? query["hub.verify_token"] : "";
  if (query["hub.mode"] !== "subscribe" || !token || !same(given, token)) throw forbidden("The verify token does not match");
  return typeof query["hub.challenge"] === "string" ? query["hub.challenge"].slice(0, 200) : "";
}

/**
 * Meta's status updates: raw is the body as received (null when it was not JSON), header X-Hub-Signature-256
 * (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET). Unsigned or wrongly signed: UNAUTHENTICATED (401);
 * signed but broken JSON: BAD_REQUEST (400).
 */
export async function whatsappCallback(raw: string | null, header: unknown): Promise<void> {
  const secret = readEnv("WHATSAPP_APP_SECRET");
  if (!secret || raw === null || typeof header !== "string") throw unsigned();
  const expected = `sha256=${crypto.createHmac("sha256", secret).update(raw, "utf8").digest("hex")}`;
  if (!same(expected, header.trim().toLowerCase())) throw unsigned();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body could not be parsed (broken JSON or multipart)");
  }
  // entry[].changes[].value.statuses[]: { id, status: sent | delivered | read | failed, errors?: [{ code, title }] }
  const entries = Array.isArray((body as { entry?: unknown })?.entry) ? (body as { entry: unknown[] }).entry : [];
  for (const entry of entries.slice(0, 100)) {
    const changes = Array.isArray((entry as { changes?: unknown })?.changes) ? (entry as { changes: unknown[] }).changes : [];
    for (const change of changes.slice(0, 100)) {
      const statuses = (change as { value?: { statuses?: unknown } })?.value?.statuses;
      for (const s of Array.isArray(statuses) ? statuses.slice(0, 1000) : []) {
        const { id, status, errors } = (s ?? {}) as { id?: unknown; status?: unknown; errors?: { code?: unknown; title?: unknown }[] };
        if (typeof id !== "string" || typeof status !== "string") continue;
        if (!["sent", "delivered", "read", "failed"].includes(status)) continue;
        const err = Array.isArray(errors) && errors[0] ? `whatsapp ${String(errors[0].code ?? "")}: ${String(errors[0].title ?? "")}` : null;
        await recordStatus(id, status as MessageStatus, err);
      }
    }
  }
}

const RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };

export async function optOut(number: string): Promise<void> {
  await db()
    .messageOptOut.create({ data: { number } })
    .catch((e: unknown) => {
      if (!isUniqueViolation(e)) throw e;
    });
}
export async function optIn(number: string): Promise<void> {
  await db().messageOptOut.deleteMany({ where: { number } });
}

/**
 * A provider's status report: the message moves forward only (queued < sent < delivered < read; failed
 * from any but read), whatever order the reports arrive in. Returns whether it moved.
 */
export async function recordStatus(providerId: string, status: MessageStatus, reason?: string | null): Promise<boolean> {
  const from = status === "failed" ? ["queued", "sent", "delivered"] : Object.keys(RANK).filter((k) => RANK[k] < (RANK[status] ?? -1));
  if (!from.length) return false;
  const failed = status === "failed" ? (reason || "failed").slice(0, 300) : null;
  // Each report is a step of the message's history (the control panel's provider history). The row moves only from
  // what was read, history included: a report that raced another reads the row again (a few tries at most).
  let moved = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db().message.findMany({
      where: { provider_id: providerId, status: { in: from } },
      select: { id: true, status: true, channel: true, history: true },
    });
    if (!rows.length) return moved;
    let raced = false;
    for (const m of rows) {
      const step: HistoryItem = { at: new Date().toISOString(), channel: m.channel, status, provider_id: providerId, ...(failed ? { reason: failed } : {}) };
      const history = JSON.stringify([...(JSON.parse(m.history) as HistoryItem[]), step]);
      const res = await db().message.updateMany({
        where: { id: m.id, status: m.status, history: m.history },
        data: { status, history, ...(failed ? { reason: failed } : {}) },
      });
      if (res.count) moved = true;
      else raced = true;
    }
    if (!raced) return moved;
  }
  return moved;
}
