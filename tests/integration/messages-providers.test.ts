// Contract section 13: messages to recipients by SMS (Twilio's Messages API) and WhatsApp (the Cloud API),
// against local HTTP peers that answer like them (201 with a sid, 500, a time-out, error 21610), the channel
// order with e-mail as its last step, opt-out by STOP/START and 21610, the daily budget, signed callbacks
// whose status only moves forward, the settings group and the recipient's preferences. No call leaves the machine.
import "reflect-metadata";
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newParcel } from "../helpers/admin.js";
import { staffMember } from "../helpers/staff.js";
import { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { waitFor } from "../helpers/wait.js";
import { db } from "../../server/db/index.js";
import { settleMessages } from "../../server/modules/message/message.sender.js";
import { twilioSignature } from "../../server/modules/message/message.callbacks.js";
import { dispatchEvents } from "../../server/modules/dispatch/dispatch.events.js";

const TOKEN = "twilio-auth-token-for-tests";
const APP_SECRET = "meta-app-secret-for-tests";
const PUBLIC = "https://track.example.com";

type Answer = "ok" | "500" | "timeout" | "21610" | "400";
interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** A peer answering like Twilio (POST .../Messages.json) and the Cloud API (POST /v21.0/{id}/messages). */
function startPeer() {
  const hits: Hit[] = [];
  const answers: Answer[] = [];
  const open = new Set<http.ServerResponse>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.shift() ?? "ok";
      const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (answer === "timeout") {
        open.add(res);
        return;
      }
      if (answer === "500") return json(500, { code: 20500, message: "Internal Server Error" });
      if (answer === "21610") return json(400, { code: 21610, message: "Attempt to send to unsubscribed recipient", status: 400 });
      if (answer === "400") return json(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
      const id = `${req.url?.includes("/v21.0/") ? "wamid.HBg" : "SM"}${(++n).toString().padStart(32, "0")}`;
      if (req.url?.includes("/v21.0/")) return json(200, { messaging_product: "whatsapp", contacts: [{ wa_id: "x" }], messages: [{ id }] });
      return json(201, { sid: id, status: "queued" });
    });
  });
  return {
    hits,
    answers,
    server,
    listen: () => new Promise<string>((r) => server.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}`))),
    close: () => {
      for (const res of open) res.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

let app: MailApp;
let admin: Client;
let anon: Client;
const peer = startPeer();
const sms = () => peer.hits.filter((h) => h.path.endsWith("/Messages.json"));
const wa = () => peer.hits.filter((h) => h.path.includes("/v21.0/"));

beforeAll(async () => {
  const base = await peer.listen();
  app = await startAppWithMail({
    PUBLIC_URL: PUBLIC,
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: "+15005550006",
    TWILIO_BASE_URL: base,
    WHATSAPP_PROVIDER: "cloud",
    WHATSAPP_TOKEN: "cloud-token",
    WHATSAPP_PHONE_NUMBER_ID: "1055551234",
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_BASE_URL: base,
    MESSAGE_RETRY_BASE_MS: "40",
    // Long enough for a loaded machine to answer a local peer; the time-out test waits five of them.
    MESSAGE_TIMEOUT_MS: "2500",
    MESSAGE_POLL_MS: "50",
  });
  ({ admin, anon } = app);
}, 120_000);
afterAll(async () => {
  await settleMessages();
  await app?.close();
  await peer.close();
});

const settings = async (body: Record<string, unknown>) => {
  const r = await admin.patch("/api/settings", body);
  expect(r.status, r.text).toBe(200);
  return r.json.data;
};
const CREATE_ACTIVITY = `mutation($i: CreateActivityInput!) { createActivity(input: $i) { id status_code } }`;
async function status(parcelId: number, code: string) {
  const r = await admin.gql(CREATE_ACTIVITY, { i: { parcel_id: parcelId, title: "Update", description: "Scanned.", status_code: code } });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
}
const rowsOf = (code: string) => db().message.findMany({ where: { tracking_code: code }, orderBy: { id: "asc" } });
async function settled(code: string, count = 1) {
  return waitFor(
    async () => {
      const rows = await rowsOf(code);
      return rows.length >= count && rows.every((r) => r.status !== "queued") ? rows : null;
    },
    { what: `the messages of ${code} to settle`, timeout: 60_000 },
  );
}
let n = 0;
const phone = () => `+316${String(10_000_000 + ++n * 7919).slice(-8)}`;
const parcel = (extra: Record<string, unknown> = {}) =>
  newParcel(admin, "MS", "Amsterdam, NL", { recipient_phone_number: phone(), recipient_email: `r${++n}@example.com`, ...extra });
const mailsTo = (to: string) => app.smtp.messages.filter((m) => m.to.includes(to));

beforeEach(async () => {
  peer.answers.length = 0;
  await settings({ sms_enabled: true, whatsapp_enabled: false, channel_order: ["sms", "email"], sms_daily_limit: 1000 });
});

describe("the settings group", () => {
  it("saves the messages group and answers it with the other settings; refuses what is not valid, naming the field", async () => {
    const s = await settings({ channel_order: ["whatsapp", "sms", "email"], whatsapp_template_status: "parcel_status", sms_daily_limit: 50 });
    expect(s).toMatchObject({ channel_order: ["whatsapp", "sms", "email"], whatsapp_template_status: "parcel_status", sms_daily_limit: 50, sms_enabled: true });
    for (const [body, field] of [
      [{ channel_order: ["fax"] }, "channel_order"],
      [{ channel_order: ["sms", "sms"] }, "channel_order"],
      [{ channel_order: "sms" }, "channel_order"],
      [{ sms_daily_limit: -1 }, "sms_daily_limit"],
      [{ sms_daily_limit: 1.5 }, "sms_daily_limit"],
      [{ sms_enabled: "yes" }, "sms_enabled"],
      [{ whatsapp_template_status: "Bad Name!" }, "whatsapp_template_status"],
    ] as const) {
      const r = await admin.patch("/api/settings", body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.errors.join(" ")).toContain(field);
    }
    // The same rules through GraphQL.
    const g = await admin.gql(`mutation($i: MessageSettingsInput!) { updateMessageSettings(input: $i) { channel_order } }`, {
      i: { channel_order: ["pigeon"] },
    });
    expect(JSON.stringify(g.errors)).toContain("channel_order");
    // Nobody but the owner.
    expect((await anon.patch("/api/settings", { sms_enabled: false })).status).toBe(401);
  });
});

describe("SMS through Twilio's Messages API", () => {
  it("a status change is queued at once and sent on the first channel of the order: form-encoded To, From, Body, StatusCallback with basic auth; no e-mail", async () => {
    const p = await parcel();
    const before = sms().length;
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    expect(m).toMatchObject({ channel: "sms", status: "sent", segments: 1, tries: 1 });
    expect(m.provider_id).toMatch(/^SM/);
    const hit = sms()[before];
    expect(hit.path).toBe("/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json");
    expect(hit.headers.authorization).toBe(`Basic ${Buffer.from(`AC0123456789abcdef0123456789abcdef:${TOKEN}`).toString("base64")}`);
    expect(hit.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    const form = new URLSearchParams(hit.body);
    expect(form.get("To")).toBe(m.to);
    expect(form.get("From")).toBe("+15005550006");
    expect(form.get("StatusCallback")).toBe(`${PUBLIC}/api/messages/twilio`);
    expect(form.get("Body")).toContain(p.tracking_code);
    expect(form.get("Body")).toContain(`${PUBLIC}/track.html?code=${p.tracking_code}`);
    // The list, through both doors.
    const list = await admin.get(`/api/messages?tracking_code=${p.tracking_code}`);
    expect(list.status).toBe(200);
    expect(list.json.data.data).toHaveLength(1);
    expect(list.json.data.data[0]).toMatchObject({ tracking_code: p.tracking_code, channel: "sms", status: "sent", segments: 1 });
    const g = await admin.gql(`query($c: String) { messages(trackingCode: $c, channel: "sms") { total data { status channel provider_id } } }`, {
      c: p.tracking_code,
    });
    expect(g.data.messages).toMatchObject({ total: 1, data: [{ status: "sent", channel: "sms", provider_id: m.provider_id }] });
    expect((await anon.get("/api/messages")).status).toBe(401);
    expect((await admin.get("/api/messages?channel=fax")).status).toBe(422);
    expect(mailsTo(`r${n}@example.com`)).toHaveLength(0);
  });

  it("an event goes once: the same status again queues nothing more", async () => {
    const p = await parcel();
    await status(p.id, "in_transit");
    await settled(p.tracking_code);
    await status(p.id, "in_transit");
    await settleMessages();
    expect(await rowsOf(p.tracking_code)).toHaveLength(1);
  });

  it("a 500 is retried with back-off and the message sent once", async () => {
    const p = await parcel();
    peer.answers.push("500", "500");
    const before = sms().length;
    await status(p.id, "in_transit");
    const [m] = await waitFor(async () => {
      const rows = await rowsOf(p.tracking_code);
      return rows[0]?.status === "sent" ? rows : null;
    });
    expect(m.tries).toBe(3);
    expect(sms().length - before).toBe(3);
    expect(JSON.parse(m.history).map((h: { status: string }) => h.status)).toEqual(["retry", "retry", "sent"]);
  });

  it("time-outs five times, then the next channel (e-mail) at once", async () => {
    const p = await parcel();
    const email = `r${n}@example.com`;
    peer.answers.push("timeout", "timeout", "timeout", "timeout", "timeout");
    await status(p.id, "in_transit");
    const [m] = await waitFor(
      async () => {
        const rows = await rowsOf(p.tracking_code);
        return rows[0]?.status === "sent" ? rows : null;
      },
      { timeout: 60_000 },
    );
    expect(m.channel).toBe("email");
    expect(m.provider_id).toMatch(/^mail:\d+$/);
    const history = JSON.parse(m.history) as { channel: string; status: string; reason?: string }[];
    expect(history.filter((h) => h.channel === "sms").map((h) => h.status)).toEqual(["retry", "retry", "retry", "retry", "failed"]);
    expect(history.at(-1)).toMatchObject({ channel: "email", status: "sent" });
    await waitFor(() => mailsTo(email).length === 1);
  });

  it("Twilio's 21610 skips the message as opted_out, opts the number out and uses the next channel at once", async () => {
    const p = await parcel();
    const row = await db().parcel.findUniqueOrThrow({ where: { id: p.id } });
    peer.answers.push("21610");
    await status(p.id, "in_transit");
    const [m] = await waitFor(async () => {
      const rows = await rowsOf(p.tracking_code);
      return rows[0]?.status === "sent" ? rows : null;
    });
    expect(m.channel).toBe("email");
    expect(JSON.parse(m.history)[0]).toMatchObject({ channel: "sms", status: "skipped" });
    expect(await db().messageOptOut.findUnique({ where: { number: row.recipient_phone_number! } })).not.toBeNull();
    // From now on that number gets no SMS at all: skipped before any call.
    await settings({ channel_order: ["sms"] });
    const before = sms().length;
    await status(p.id, "out_for_delivery");
    const rows = await settled(p.tracking_code, 2);
    expect(rows[1]).toMatchObject({ channel: "sms", status: "skipped", reason: "opted_out" });
    expect(sms().length).toBe(before);
  });

  it("a refusal (400, not 21610) is not retried: the next channel, or failed with the provider's error", async () => {
    await settings({ channel_order: ["sms"] });
    const p = await parcel();
    peer.answers.push("400");
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    expect(m.status).toBe("failed");
    expect(m.reason).toContain("21211");
    expect(m.tries).toBe(1);
  });

  it("past sms_daily_limit an SMS is skipped (budget) and the next channel used", async () => {
    const p1 = await parcel();
    await status(p1.id, "in_transit");
    await settled(p1.tracking_code);
    const used = await db().message.aggregate({ where: { channel: "sms", sent_at: { not: null } }, _sum: { segments: true } });
    await settings({ sms_daily_limit: used._sum.segments ?? 0 });
    const p2 = await parcel();
    const before = sms().length;
    await status(p2.id, "in_transit");
    const [m] = await waitFor(async () => {
      const rows = await rowsOf(p2.tracking_code);
      return rows[0]?.status === "sent" ? rows : null;
    });
    expect(m.channel).toBe("email");
    expect(JSON.parse(m.history)[0]).toMatchObject({ channel: "sms", status: "skipped", reason: "budget" });
    expect(sms().length).toBe(before);
    await settings({ channel_order: ["sms"] });
    const p3 = await parcel();
    await status(p3.id, "in_transit");
    expect((await settled(p3.tracking_code))[0]).toMatchObject({ status: "skipped", reason: "budget" });
  });

  it("a number that cannot be read is skipped (invalid_number); no number at all: no_number", async () => {
    await settings({ channel_order: ["sms"] });
    const p = await parcel();
    // A row kept from before numbers were checked: left as it is, read when sent.
    await db().parcel.update({ where: { id: p.id }, data: { recipient_phone_number: "call me maybe" } });
    await status(p.id, "in_transit");
    expect((await settled(p.tracking_code))[0]).toMatchObject({ status: "skipped", reason: "invalid_number" });
    const q = await parcel({ recipient_phone_number: null });
    await status(q.id, "in_transit");
    expect((await settled(q.tracking_code))[0]).toMatchObject({ status: "skipped", reason: "no_number" });
  });
});

describe("the delivery day's messages", () => {
  it("a run's start and the courier near are told once each by SMS, in the recipient's language, with the window", async () => {
    const p = await parcel({ recipient_language: "de" });
    const before = sms().length;
    const window = { from: new Date("2026-12-01T09:00:00Z"), to: new Date("2026-12-01T10:00:00Z") };
    const delivery = { stop_id: 9_000 + p.id, parcel_id: p.id, window, stops_before: 4 };
    // What dispatch.day.ts announces when a run starts and when its stops are near (the subscribers queue them).
    await dispatchEvents.publish("run.started", { run_id: 1, deliveries: [delivery] });
    await dispatchEvents.publish("stop.near", { run_id: 1, ...delivery, stops_before: 0 });
    await dispatchEvents.publish("stop.near", { run_id: 1, ...delivery, stops_before: 0 });
    const rows = await settled(p.tracking_code, 2);
    expect(rows.map((r) => [r.event, r.channel, r.status])).toEqual([
      [`window:${delivery.stop_id}`, "sms", "sent"],
      [`near:${delivery.stop_id}`, "sms", "sent"],
    ]);
    expect(sms().length - before).toBe(2);
    const [w, near] = sms()
      .slice(before)
      .map((h) => new URLSearchParams(h.body).get("Body") ?? "");
    expect(w).toContain(p.tracking_code);
    expect(w).toContain("&lang=de");
    expect(near).not.toBe(w);
  });
});

describe("Twilio's callbacks", () => {
  const post = (params: Record<string, string>, signature?: string | null, path = "/api/messages/twilio") => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    const sig = signature === undefined ? twilioSignature(TOKEN, `${PUBLIC}${path}`, params) : signature;
    if (sig !== null) headers["x-twilio-signature"] = sig;
    return anon.post(path, new URLSearchParams(params).toString(), headers);
  };

  it("a bad or missing signature is 401 and changes nothing; a signed one is taken", async () => {
    const p = await parcel();
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    const params = { MessageSid: m.provider_id!, MessageStatus: "delivered", AccountSid: "AC0123456789abcdef0123456789abcdef" };
    expect((await post(params, null)).status).toBe(401);
    expect((await post(params, "bm90IHRoZSBzaWduYXR1cmU=")).status).toBe(401);
    // Signed over another URL (the request's own host instead of the public origin): refused.
    expect((await post(params, twilioSignature(TOKEN, `${app.t.url}/api/messages/twilio`, params))).status).toBe(401);
    // Signed with another token.
    expect((await post(params, twilioSignature("other", `${PUBLIC}/api/messages/twilio`, params))).status).toBe(401);
    expect((await db().message.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("sent");
    const ok = await post(params);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "200", errors: [] });
    expect((await db().message.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("delivered");
    // A JSON body on this route is not Twilio's: no parser for it.
    const json = await anon.post("/api/messages/twilio", { MessageSid: m.provider_id, MessageStatus: "read" }, { "x-twilio-signature": "x" });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });

  it("statuses only move forward, whatever order the callbacks come in", async () => {
    const p = await parcel();
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    const sid = m.provider_id!;
    const now = async () => (await db().message.findUniqueOrThrow({ where: { id: m.id } })).status;
    expect((await post({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(200);
    expect((await post({ MessageSid: sid, MessageStatus: "sent" })).status).toBe(200);
    expect(await now()).toBe("delivered");
    expect((await post({ MessageSid: sid, MessageStatus: "read" })).status).toBe(200);
    expect((await post({ MessageSid: sid, MessageStatus: "failed", ErrorCode: "30003" })).status).toBe(200);
    expect((await post({ MessageSid: sid, MessageStatus: "delivered" })).status).toBe(200);
    expect(await now()).toBe("read");
    // Each report that moved the message is a step of its history (the control panel's provider history), the others are not.
    const steps = JSON.parse((await db().message.findUniqueOrThrow({ where: { id: m.id } })).history) as { status: string; provider_id?: string; at: string }[];
    expect(steps.map((s) => s.status)).toEqual(["sent", "delivered", "read"]);
    expect(steps.every((s) => s.provider_id === sid && !Number.isNaN(Date.parse(s.at)))).toBe(true);
    // Failed from sent: taken, with the error.
    const q = await parcel();
    await status(q.id, "in_transit");
    const [m2] = await settled(q.tracking_code);
    expect((await post({ MessageSid: m2.provider_id!, MessageStatus: "undelivered", ErrorCode: "30005" })).status).toBe(200);
    expect((await post({ MessageSid: m2.provider_id!, MessageStatus: "delivered" })).status).toBe(200);
    expect(await db().message.findUniqueOrThrow({ where: { id: m2.id } })).toMatchObject({ status: "failed", reason: "twilio 30005" });
  });

  it("STOP opts the number out (a later status change is skipped opted_out, nothing sent); START opts it back in", async () => {
    await settings({ channel_order: ["sms"] });
    const p = await parcel();
    const number = (await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).recipient_phone_number!;
    expect((await post({ From: number, To: "+15005550006", Body: " stop ", MessageSid: "SMin1" })).status).toBe(200);
    const before = sms().length;
    await status(p.id, "in_transit");
    expect((await settled(p.tracking_code))[0]).toMatchObject({ status: "skipped", reason: "opted_out" });
    expect(sms().length).toBe(before);
    expect((await post({ From: number, To: "+15005550006", Body: "START", MessageSid: "SMin2" })).status).toBe(200);
    await status(p.id, "out_for_delivery");
    const rows = await settled(p.tracking_code, 2);
    expect(rows[1]).toMatchObject({ status: "sent", channel: "sms" });
  });
});

describe("WhatsApp through the Cloud API", () => {
  const sign = (raw: string, secret = APP_SECRET) => `sha256=${crypto.createHmac("sha256", secret).update(raw).digest("hex")}`;
  const post = (raw: string, signature: string | null) =>
    anon.post("/api/messages/whatsapp", raw, { "content-type": "application/json", ...(signature === null ? {} : { "x-hub-signature-256": signature }) });
  const statusBody = (id: string, s: string) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "1", changes: [{ field: "messages", value: { statuses: [{ id, status: s, timestamp: "1" }] } }] }],
    });

  it("sends the status template first when WhatsApp is first and on: Bearer, template name, language and parameters", async () => {
    await settings({ whatsapp_enabled: true, channel_order: ["whatsapp", "sms", "email"], whatsapp_template_status: "parcel_status" });
    const p = await parcel({ recipient_language: "de" });
    const before = wa().length;
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    expect(m).toMatchObject({ channel: "whatsapp", status: "sent" });
    expect(m.provider_id).toMatch(/^wamid\./);
    const hit = wa()[before];
    expect(hit.path).toBe("/v21.0/1055551234/messages");
    expect(hit.headers.authorization).toBe("Bearer cloud-token");
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ messaging_product: "whatsapp", type: "template", template: { name: "parcel_status", language: { code: "de" } } });
    expect(body.to).toBe(m.to.replace("+", ""));
    expect(body.template.components[0].parameters.map((x: { text: string }) => x.text)).toEqual([
      p.tracking_code,
      expect.any(String),
      `${PUBLIC}/track.html?code=${p.tracking_code}&lang=de`,
    ]);
  });

  it("without a template WhatsApp is skipped (no_template) and the next channel used", async () => {
    await settings({ whatsapp_enabled: true, channel_order: ["whatsapp", "sms"], whatsapp_template_status: "" });
    const p = await parcel();
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    expect(m).toMatchObject({ channel: "sms", status: "sent" });
    expect(JSON.parse(m.history)[0]).toMatchObject({ channel: "whatsapp", status: "skipped", reason: "no_template" });
  });

  it("status updates signed with X-Hub-Signature-256 move the message forward only; bad or missing signatures are 401", async () => {
    await settings({ whatsapp_enabled: true, channel_order: ["whatsapp"], whatsapp_template_status: "parcel_status" });
    const p = await parcel();
    await status(p.id, "in_transit");
    const [m] = await settled(p.tracking_code);
    const raw = statusBody(m.provider_id!, "read");
    expect((await post(raw, null)).status).toBe(401);
    expect((await post(raw, sign(raw, "another-secret"))).status).toBe(401);
    expect((await post(raw, sign(`${raw} `))).status).toBe(401);
    expect((await post(raw, "sha256=zz")).status).toBe(401);
    expect((await db().message.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("sent");
    expect((await post(raw, sign(raw))).status).toBe(200);
    const late = statusBody(m.provider_id!, "delivered");
    expect((await post(late, sign(late))).status).toBe(200);
    expect((await db().message.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("read");
  });

  it("answers Meta's verification with the challenge as text when the token matches, else 403", async () => {
    await settings({ whatsapp_verify_token: "verify-me-123" });
    const ok = await anon.get("/api/messages/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me-123&hub.challenge=1158201444");
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("1158201444");
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect((await anon.get("/api/messages/whatsapp?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1")).status).toBe(403);
    expect((await anon.get("/api/messages/whatsapp?hub.mode=unsubscribe&hub.verify_token=verify-me-123&hub.challenge=1")).status).toBe(403);
    expect((await anon.get("/api/messages/whatsapp")).status).toBe(403);
    // The token is a secret shared with Meta: the owner reads it, a dispatcher (mail without settings) does not.
    expect((await admin.get("/api/settings")).json.data.whatsapp_verify_token).toBe("verify-me-123");
    const dispatcher = await staffMember(admin, app.smtp, "dispatch-verify@messages.example", "dispatcher", "dispatcher-verify-pass-37");
    const seen = (await dispatcher.get("/api/settings")).json.data;
    expect(seen.sms_enabled).toBeDefined();
    expect(seen.whatsapp_verify_token).toBe("");
  });
});

describe("the owner's test message and the recipient's preferences", () => {
  it("POST /api/messages/test queues a message like the others and sends it; bad input is 422 naming the field", async () => {
    const before = sms().length;
    const r = await admin.post("/api/messages/test", { to: "+31 6 1234 5678", channel: "sms" });
    expect(r.status, r.text).toBe(201);
    expect(r.json.data).toMatchObject({ channel: "sms", to: "+31612345678", status: "queued" });
    await waitFor(async () => (await db().message.findUniqueOrThrow({ where: { id: r.json.data.id } })).status === "sent");
    expect(sms().length).toBe(before + 1);
    expect((await admin.post("/api/messages/test", { to: "12", channel: "sms" })).json.errors.join(" ")).toContain("to must");
    expect((await admin.post("/api/messages/test", { to: "+31612345678", channel: "fax" })).status).toBe(422);
    expect((await anon.post("/api/messages/test", { to: "+31612345678", channel: "sms" })).status).toBe(401);
    // GraphQL: the owner's mutation, the same rules.
    const TEST = `mutation($i: TestMessageInput!) { sendTestMessage(input: $i) { id channel to status } }`;
    const g = await admin.gql(TEST, { i: { to: "+31 6 1234 5678", channel: "sms" } });
    expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
    expect(g.data.sendTestMessage).toMatchObject({ channel: "sms", to: "+31612345678" });
    expect(JSON.stringify((await admin.gql(TEST, { i: { to: "nobody", channel: "email" } })).errors)).toContain("to must");
    expect((await anon.gql(TEST, { i: { to: "+31612345678", channel: "sms" } })).errors).toBeTruthy();
  });

  it("PATCH /api/parcels/{code}/preferences needs the second factor; the choice then decides the channels", async () => {
    await settings({ channel_order: ["sms", "email"] });
    const p = await parcel({ recipient_postcode: "1011 AB" });
    const url = `/api/parcels/${p.tracking_code}/preferences`;
    expect((await anon.patch(url, { channels: ["email"] })).status).toBe(422);
    expect((await anon.patch(url, { channels: ["email"], verify: "9999 ZZ" })).status).toBe(422);
    expect((await anon.patch(url, { channels: ["fax"], verify: "1011 AB" })).json.errors.join(" ")).toContain("channels");
    expect((await anon.patch(url, { language: "xx", verify: "1011 AB" })).json.errors.join(" ")).toContain("language");
    const ok = await anon.patch(url, { channels: ["email"], language: "fr", verify: "1011AB" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ tracking_code: p.tracking_code, channels: ["email"], language: "fr" });
    await status(p.id, "in_transit");
    const [m] = await waitFor(async () => {
      const rows = await rowsOf(p.tracking_code);
      return rows[0]?.status === "sent" ? rows : null;
    });
    expect(m.channel).toBe("email");
    expect(JSON.parse(m.history)[0]).toMatchObject({ channel: "sms", status: "skipped", reason: "not_chosen" });
    expect((await anon.patch(`/api/parcels/NOPE-1/preferences`, { channels: [], verify: "x" })).status).toBe(404);
    // The same through GraphQL: the second factor required, then the choice saved.
    const SET = `mutation($c: String!, $i: MessagePreferencesInput!) { setMessagePreferences(trackingCode: $c, input: $i) { tracking_code channels language } }`;
    expect(JSON.stringify((await anon.gql(SET, { c: p.tracking_code, i: { channels: ["sms"] } })).errors)).toContain("verify");
    expect((await anon.gql(SET, { c: p.tracking_code, i: { channels: ["sms"], verify: "0000 XX" } })).errors).toBeTruthy();
    const g = await anon.gql(SET, { c: p.tracking_code, i: { channels: ["sms", "email"], verify: "1011 AB" } });
    expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
    expect(g.data.setMessagePreferences).toEqual({ tracking_code: p.tracking_code, channels: ["sms", "email"], language: "fr" });
  });
});

describe("recipients' numbers in E.164", () => {
  const UPDATE = `mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { recipient_phone_number } }`;
  const address = { name: "Jan Jansen", line1: "Damrak 1", city: "Amsterdam", postcode: "1012 LG", country: "NL" };
  it("a national number is read with the recipient address's country and kept in E.164, through both doors", async () => {
    const rest = await admin.post("/api/parcels", {
      tracking_code: `E164-${Date.now().toString(36)}`.toUpperCase(),
      recipient_name: "Jan",
      destination: "Amsterdam",
      recipient_phone_number: "06 1234 5678",
      recipient_address: address,
    });
    expect(rest.status, rest.text).toBe(201);
    const row = await db().parcel.findUniqueOrThrow({ where: { tracking_code: rest.json.data.tracking_code } });
    expect(row.recipient_phone_number).toBe("+31612345678");
    // Later, the number alone: read with the country the parcel's address has.
    const u = await admin.gql(UPDATE, { i: { id: row.id, recipient_phone_number: "0612345679" } });
    expect(u.errors, JSON.stringify(u.errors)).toBeUndefined();
    expect(u.data.updateParcel.recipient_phone_number).toBe("+31612345679");
    const g = await parcel({ recipient_phone_number: "+49 (30) 901820" });
    expect((await db().parcel.findUniqueOrThrow({ where: { id: g.id } })).recipient_phone_number).toBe("+4930901820");
  });

  it("a number that cannot be read is 422 naming recipient_phone_number, on create and update, through both doors; nothing is written", async () => {
    for (const bad of ["12", "call me", "0612345678", "+31 6 12"]) {
      const code = `BAD-${Date.now().toString(36)}`.toUpperCase();
      const r = await admin.post("/api/parcels", { tracking_code: code, recipient_name: "X", destination: "Y", recipient_phone_number: bad });
      expect(r.status, bad).toBe(422);
      expect(r.json.errors.join(" ")).toContain("recipient_phone_number");
      expect(await db().parcel.findUnique({ where: { tracking_code: code } })).toBeNull();
    }
    const g = await admin.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
      i: { tracking_code: `BADG-${Date.now().toString(36)}`.toUpperCase(), recipient_name: "X", destination: "Y", recipient_phone_number: "555" },
    });
    expect(JSON.stringify(g.errors)).toContain("recipient_phone_number");
    const p = await parcel();
    const before = (await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).recipient_phone_number;
    const u = await admin.gql(UPDATE, { i: { id: p.id, recipient_phone_number: "not a number" } });
    expect(JSON.stringify(u.errors)).toContain("recipient_phone_number");
    const r = await admin.patch("/api/parcels", { id: p.id, recipient_phone_number: "0000" });
    expect(r.status).toBe(422);
    expect((await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).recipient_phone_number).toBe(before);
  });
});

describe("SMS and WhatsApp off", () => {
  it("e-mail goes exactly as before: no message is queued", async () => {
    await settings({ sms_enabled: false, whatsapp_enabled: false });
    const p = await parcel();
    const email = `r${n}@example.com`;
    await status(p.id, "in_transit");
    await waitFor(() => mailsTo(email).length === 1);
    await settleMessages();
    expect(await rowsOf(p.tracking_code)).toHaveLength(0);
  });
});
