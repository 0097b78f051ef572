import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readEnv } from "../../core/config.js";
import { clientKey } from "../../core/client-address.js";
import { AppError, forbidden } from "../../core/errors.js";
import { siteUrl } from "../../core/links.js";
import { route, securityOf } from "../../rest/route.js";
import { data, envelope } from "../../rest/schemas.js";
import { getSettings } from "../settings/settings.service.js";
import { MessageListArgs, MessagePreferencesInput, TestMessageInput, linkMessagePage } from "./message.input.js";
import * as messages from "./message.service.js";
import { optIn, optOut, recordStatus } from "./message.callbacks.js";
import type { MessageStatus } from "./message.settings.js";
import { savePreferences } from "./message.preferences.js";

/** Answers in the contract's envelope (section 1) for the callbacks' successes. */
const ok = { status: "200", errors: [], message: "", data: null };
const unsigned = () => new AppError("UNAUTHENTICATED", "The request's signature is missing or wrong");
/** The callbacks' answers as OpenAPI shows them: the envelope with no data, or the error envelope. */
const answered = (signed: string) => ({
  200: { description: "Taken", ...envelope(data.none) },
  "4xx": { description: `401 ${signed} missing or wrong; 400 unparsable body; 415 another body type`, $ref: "ErrorEnvelope#" },
  "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
});
const twilioBody = {
  type: "object",
  description: "Twilio's parameters, form-encoded: a status callback (MessageSid, MessageStatus, ErrorCode) or an incoming message (From, Body)",
  properties: Object.fromEntries(["MessageSid", "MessageStatus", "ErrorCode", "AccountSid", "From", "To", "Body"].map((k) => [k, { type: "string" }])),
};

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

export function registerMessageRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/messages",
    op: "messages.list",
    tag: "messages",
    summary: "Messages to recipients (SMS, WhatsApp, e-mail), newest first; filters tracking_code, channel, status",
    input: MessageListArgs,
    data: data.ref("RecipientMessagePage"),
    handler: async ({ input }) => linkMessagePage(await messages.listMessages(input), input),
  });
  route(api, {
    method: "POST",
    url: "/messages/test",
    op: "messages.test",
    tag: "messages",
    created: true,
    message: "Test message queued",
    summary: "Send a test message to a number (sms, whatsapp) or an address (email): queued and sent like the others",
    input: TestMessageInput,
    data: data.ref("RecipientMessage"),
    handler: ({ input }) => messages.queueTestMessage(input),
  });
  route(api, {
    method: "PATCH",
    url: "/parcels/:code/preferences",
    op: "parcel.preferences",
    tag: "tracking",
    message: "Your choice is saved",
    summary: "The recipient's channels and language for this parcel's messages (the tracking page, once the privacy tier is unlocked)",
    description:
      "Public with the second factor: verify (the recipient's postcode or e-mail, as the protected tier asks; a wrong one is 422 and counts against RATE_LIMIT_VERIFY). Without it: 422.",
    params: { code: "The tracking code" },
    input: MessagePreferencesInput,
    data: data.ref("MessagePreferences"),
    handler: ({ input, req }) => savePreferences((req.params as { code: string }).code, input, clientKey(req)),
  });

  // The providers' callbacks: no session, signed by the provider instead (the signature is the only
  // credential, so the same-origin rule of writes does not apply: routes' config signedCallback, rest/guards.ts),
  // each with its own body parser (Twilio's form, Meta's raw JSON for its HMAC).
  void api.register(async (cb) => {
    cb.removeAllContentTypeParsers();
    cb.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) => {
      const params: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        const had = params[k];
        params[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
      }
      done(null, params);
    });
    cb.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, { raw: body as string }));

    cb.route({
      method: "POST",
      url: "/messages/twilio",
      config: { signedCallback: true },
      schema: {
        tags: ["messages"],
        summary: "Twilio's status callbacks and incoming SMS (STOP, START...): form-encoded, signed with X-Twilio-Signature (bad or missing: 401)",
        ...securityOf("messages.twilio"),
        consumes: ["application/x-www-form-urlencoded"],
        body: twilioBody,
        response: answered("X-Twilio-Signature"),
      },
      handler: async (req, reply) => twilioCallback(req, reply),
    });
    cb.route({
      method: "GET",
      url: "/messages/whatsapp",
      schema: {
        tags: ["messages"],
        summary: "Meta's webhook verification: hub.mode=subscribe and hub.verify_token = the setting answer hub.challenge as text; else 403",
        ...securityOf("messages.whatsapp.verify"),
        querystring: {
          type: "object",
          properties: { "hub.mode": { type: "string" }, "hub.verify_token": { type: "string" }, "hub.challenge": { type: "string" } },
        },
        response: {
          200: { description: "hub.challenge, as plain text", content: { "text/plain": { schema: { type: "string" } } } },
          "4xx": { description: "403 the verify token or mode does not match", $ref: "ErrorEnvelope#" },
        },
      },
      handler: async (req, reply) => {
        const q = req.query as Record<string, unknown>;
        const token = (await getSettings()).whatsapp_verify_token;
        const given = typeof q["hub.verify_token"] === "string" ? q["hub.verify_token"] : "";
        if (q["hub.mode"] !== "subscribe" || !token || !same(given, token)) throw forbidden("The verify token does not match");
        const challenge = typeof q["hub.challenge"] === "string" ? q["hub.challenge"].slice(0, 200) : "";
        return reply.code(200).type("text/plain; charset=utf-8").send(challenge);
      },
    });
    cb.route({
      method: "POST",
      url: "/messages/whatsapp",
      config: { signedCallback: true },
      schema: {
        tags: ["messages"],
        summary:
          "WhatsApp Cloud API status updates, signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET; bad or missing: 401)",
        ...securityOf("messages.whatsapp"),
        body: { type: "object", description: "Meta's webhook notification: entry[].changes[].value.statuses[] ({ id, status, errors })" },
        response: answered("X-Hub-Signature-256"),
      },
      handler: async (req, reply) => whatsappCallback(req, reply),
    });
  });
}

async function twilioCallback(req: FastifyRequest, reply: FastifyReply) {
  const token = readEnv("TWILIO_AUTH_TOKEN");
  const params = (req.body && typeof req.body === "object" && !("raw" in req.body) ? req.body : null) as Record<string, string | string[]> | null;
  const signature = req.headers["x-twilio-signature"];
  if (!token || !params || typeof signature !== "string") throw unsigned();
  const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
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
  return reply.code(200).send(ok);
}

async function whatsappCallback(req: FastifyRequest, reply: FastifyReply) {
  const secret = readEnv("WHATSAPP_APP_SECRET");
  const raw = req.body && typeof req.body === "object" && "raw" in req.body ? String((req.body as { raw: string }).raw) : null;
  const header = req.headers["x-hub-signature-256"];
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
  return reply.code(200).send(ok);
}
