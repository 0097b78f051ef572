import type { FastifyInstance } from "fastify";
import { clientKey } from "../../core/client-address.js";
import { route, securityOf } from "../../rest/route.js";
import { data, envelope } from "../../rest/schemas.js";
import { MessageListArgs, MessagePreferencesInput, TestMessageInput, linkMessagePage } from "./message.input.js";
import * as messages from "./message.service.js";
import { twilioCallback, whatsappCallback, whatsappChallenge } from "./message.callbacks.js";
import { savePreferences } from "./message.preferences.js";

/** Answers in the contract's envelope (section 1) for the callbacks' successes. */
const ok = { status: "200", errors: [], message: "", data: null };
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
      handler: async (req, reply) => {
        const params = req.body && typeof req.body === "object" && !("raw" in req.body) ? (req.body as Record<string, string | string[]>) : null;
        const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
        await twilioCallback(params, req.headers["x-twilio-signature"], query);
        return reply.code(200).send(ok);
      },
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
        const challenge = await whatsappChallenge(req.query as Record<string, unknown>);
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
      handler: async (req, reply) => {
        const raw = req.body && typeof req.body === "object" && "raw" in req.body ? String((req.body as { raw: string }).raw) : null;
        await whatsappCallback(raw, req.headers["x-hub-signature-256"]);
        return reply.code(200).send(ok);
      },
    });
  });
}
