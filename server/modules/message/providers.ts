import { readEnv } from "../../core/config.js";

/**
 * The providers behind one small interface (contract section 13): send a message, get the provider's id
 * back or an error of a kind the queue knows what to do with. Plain HTTPS calls with fetch, no SDK
 * (docs/adr/0016-sms-provider-http.md).
 */
export type SendResult =
  | { ok: true; provider_id: string }
  /** retry: a 5xx, a time-out, a refused connection; opted_out: the number said STOP (Twilio 21610); rejected: any other refusal (4xx). */
  | { ok: false; kind: "retry" | "opted_out" | "rejected"; error: string };

export interface SmsProvider {
  name: "log" | "twilio";
  send(to: string, body: string): Promise<SendResult>;
}
export interface WhatsAppTemplate {
  name: string;
  /** Meta's language code, e.g. en, de, pt_BR. */
  language: string;
  /** The body's parameters, in order ({{1}}, {{2}}, ...). */
  params: string[];
}
export interface WhatsAppProvider {
  name: "cloud";
  send(to: string, template: WhatsAppTemplate): Promise<SendResult>;
}

export const SMS_PROVIDERS = ["log", "twilio", "none"] as const;
export const WHATSAPP_PROVIDERS = ["none", "cloud"] as const;

/** SMS_PROVIDER as configured: an unknown value stops the start (checked when the worker starts). */
export function smsProviderName(): (typeof SMS_PROVIDERS)[number] {
  const v = readEnv("SMS_PROVIDER").trim().toLowerCase();
  if (!(SMS_PROVIDERS as readonly string[]).includes(v)) throw new Error(`SMS_PROVIDER must be ${SMS_PROVIDERS.join(", ")}`);
  return v as (typeof SMS_PROVIDERS)[number];
}
export function whatsappProviderName(): (typeof WHATSAPP_PROVIDERS)[number] {
  const v = readEnv("WHATSAPP_PROVIDER").trim().toLowerCase();
  if (!(WHATSAPP_PROVIDERS as readonly string[]).includes(v)) throw new Error(`WHATSAPP_PROVIDER must be ${WHATSAPP_PROVIDERS.join(" or ")}`);
  return v as (typeof WHATSAPP_PROVIDERS)[number];
}

/** The SMS provider, or null when SMS cannot go out (`none`, or twilio without its settings). */
export function smsProvider(statusCallback: string): SmsProvider | null {
  const name = smsProviderName();
  if (name === "none") return null;
  if (name === "log") return logProvider;
  const sid = readEnv("TWILIO_ACCOUNT_SID");
  const token = readEnv("TWILIO_AUTH_TOKEN");
  const from = readEnv("TWILIO_FROM");
  if (!sid || !token || !from) return null;
  return twilio({ sid, token, from, base: readEnv("TWILIO_BASE_URL").replace(/\/+$/, ""), statusCallback });
}

/** The WhatsApp provider, or null when none is configured. */
export function whatsappProvider(): WhatsAppProvider | null {
  if (whatsappProviderName() !== "cloud") return null;
  const token = readEnv("WHATSAPP_TOKEN");
  const id = readEnv("WHATSAPP_PHONE_NUMBER_ID");
  if (!token || !id) return null;
  return cloud({ token, id, base: readEnv("WHATSAPP_BASE_URL").replace(/\/+$/, "") });
}

/**
 * Which providers this server is configured with (the settings' view for staff: the Messages settings show it).
 * Names only, never a secret: `sms` is SMS_PROVIDER, `sms_ready` whether SMS can go out (twilio with its three
 * variables, or log); `whatsapp` is WHATSAPP_PROVIDER, `whatsapp_ready` whether the Cloud API has its token and
 * number id, `whatsapp_signed` whether its status callbacks can be checked (WHATSAPP_APP_SECRET).
 */
export function providersView() {
  let sms: string;
  let whatsapp: string;
  try {
    sms = smsProviderName();
  } catch {
    sms = readEnv("SMS_PROVIDER").trim().toLowerCase();
  }
  try {
    whatsapp = whatsappProviderName();
  } catch {
    whatsapp = readEnv("WHATSAPP_PROVIDER").trim().toLowerCase();
  }
  const smsReady = sms === "log" || (sms === "twilio" && !!readEnv("TWILIO_ACCOUNT_SID") && !!readEnv("TWILIO_AUTH_TOKEN") && !!readEnv("TWILIO_FROM"));
  const whatsappReady = whatsapp === "cloud" && !!readEnv("WHATSAPP_TOKEN") && !!readEnv("WHATSAPP_PHONE_NUMBER_ID");
  return { sms, sms_ready: smsReady, whatsapp, whatsapp_ready: whatsappReady, whatsapp_signed: !!readEnv("WHATSAPP_APP_SECRET") };
}

let logged = 0;
/** Nothing leaves the server: the message is kept (the Messages list shows it) and logged. */
const logProvider: SmsProvider = {
  name: "log",
  async send(to, body) {
    console.info(`[sms] SMS_PROVIDER=log: not sent to ${to.slice(0, -4).replace(/\d/g, "•")}${to.slice(-4)} (${body.length} characters)`);
    return { ok: true, provider_id: `log-${Date.now().toString(36)}-${(logged++).toString(36)}` };
  },
};

async function call(url: string, init: RequestInit): Promise<{ status: number; body: string } | { failed: string }> {
  const timeoutMs = readEnv("MESSAGE_TIMEOUT_MS");
  try {
    const res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, body: (await res.text()).slice(0, 4000) };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return { failed: err.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : err.cause?.code || err.message };
  }
}

function json(body: string): Record<string, unknown> {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Twilio's Messages API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. */
function twilio(c: { sid: string; token: string; from: string; base: string; statusCallback: string }): SmsProvider {
  return {
    name: "twilio",
    async send(to, body) {
      const form = new URLSearchParams({ To: to, Body: body });
      form.set(c.from.startsWith("MG") ? "MessagingServiceSid" : "From", c.from);
      if (c.statusCallback) form.set("StatusCallback", c.statusCallback);
      const res = await call(`${c.base}/2010-04-01/Accounts/${encodeURIComponent(c.sid)}/Messages.json`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${c.sid}:${c.token}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: form.toString(),
      });
      if ("failed" in res) return { ok: false, kind: "retry", error: res.failed };
      const answer = json(res.body);
      if (res.status >= 200 && res.status < 300 && typeof answer.sid === "string") return { ok: true, provider_id: answer.sid };
      const code = typeof answer.code === "number" || typeof answer.code === "string" ? String(answer.code) : "";
      const error = `twilio ${code || `HTTP ${res.status}`}${typeof answer.message === "string" ? `: ${answer.message}` : ""}`.slice(0, 300);
      // 21610: the number sent STOP to this sender (Twilio refuses until START).
      if (code === "21610") return { ok: false, kind: "opted_out", error };
      return { ok: false, kind: res.status >= 500 || res.status === 429 ? "retry" : "rejected", error };
    },
  };
}

/** WhatsApp Cloud API: POST {base}/v21.0/{phone_number_id}/messages, a template message, Bearer token. */
function cloud(c: { token: string; id: string; base: string }): WhatsAppProvider {
  return {
    name: "cloud",
    async send(to, template) {
      const res = await call(`${c.base}/v21.0/${encodeURIComponent(c.id)}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${c.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: to.replace(/^\+/, ""),
          type: "template",
          template: {
            name: template.name,
            language: { code: template.language },
            components: [{ type: "body", parameters: template.params.map((text) => ({ type: "text", text })) }],
          },
        }),
      });
      if ("failed" in res) return { ok: false, kind: "retry", error: res.failed };
      const answer = json(res.body);
      const id = Array.isArray(answer.messages) ? (answer.messages[0] as { id?: unknown } | undefined)?.id : undefined;
      if (res.status >= 200 && res.status < 300 && typeof id === "string") return { ok: true, provider_id: id };
      const err = (answer.error ?? {}) as { code?: unknown; message?: unknown };
      const error = `whatsapp ${err.code ?? `HTTP ${res.status}`}${typeof err.message === "string" ? `: ${err.message}` : ""}`.slice(0, 300);
      return { ok: false, kind: res.status >= 500 || res.status === 429 ? "retry" : "rejected", error };
    },
  };
}
