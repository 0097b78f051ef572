// Issue 8 through both doors: normalised statuses, recipient notifications (real SMTP peer),
// multi-code look-ups, the privacy tier, stale parcels, JSON-LD and signed webhooks (a real
// HTTP receiver that checks every signature).
import "reflect-metadata";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newParcel } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { decodeMail, mailText, type SmtpPeer } from "../helpers/smtp.js";
import { db } from "../../server/db/index.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";
import { deliverDue, settleWebhooks } from "../../server/modules/webhook/webhook.service.js";
import { waitFor } from "../helpers/wait.js";
import { verifySignature } from "../../server/modules/webhook/webhook.rules.js";

const PARCEL = `id tracking_code recipient_name sender_name image status_code status_reason last_event_at quiet_after_days details_protected
  map_current_latitude map_current_longitude history { id title icon color status_code status_reason }`;
const UPDATE_PARCEL = `mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { id status_code status_reason notify_recipient protect_details recipient_postcode recipient_unsubscribed } }`;
const CREATE_ACTIVITY = `mutation($i: CreateActivityInput!) { createActivity(input: $i) { id icon color status_code status_reason created_at } }`;
const TRACK = `query($c: String!, $v: String) { parcel(trackingCode: $c, verify: $v) { ${PARCEL} structured_data } }`;
const TRACK_MANY = `query($c: [String!]!, $v: String) { track(codes: $c, verify: $v) { tracking_code error error_code parcel { tracking_code status_code } } }`;

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}
let app: MailApp;
let admin: Client;
let anon: Client;
let smtp: SmtpPeer;
let receiver: http.Server;
let receiverUrl: string;
const hits: Hit[] = [];
// Answers the receiver gives in turn (then 200): lets a test make it fail a few times.
let answers: number[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "thanks" : "try later");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  app = await startAppWithMail({
    WEBHOOK_RETRY_BASE_MS: "50",
    WEBHOOK_POLL_MS: "60000",
    WEBHOOK_MAX_ATTEMPTS: "3",
    // The receiver is on this machine (one test checks the default, which refuses it).
    WEBHOOK_ALLOW_PRIVATE: "true",
    STALE_AFTER_DAYS: "5",
  });
  ({ admin, anon, smtp } = app);
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => receiver?.close(r));
});

const parcel = (extra: Record<string, unknown> = {}) => newParcel(admin, "TP", "Amsterdam, NL", extra);
async function activity(parcelId: number, input: Record<string, unknown>) {
  const r = await admin.gql(CREATE_ACTIVITY, { i: { parcel_id: parcelId, title: "Update", description: "Scanned at the hub.", ...input } });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  await settleNotifications();
  return r.data.createActivity;
}
const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

describe("normalised status", () => {
  it("a history entry with a status code moves the parcel's status; icon and colour default from it (GraphQL and REST)", async () => {
    const p = await parcel();
    const a = await activity(p.id, { status_code: "in_transit" });
    expect(a).toMatchObject({ status_code: "in_transit", icon: "local_shipping", color: "green" });
    const chosen = await activity(p.id, { status_code: "delivery_failed", status_reason: "Nobody home", icon: "home_work", color: "gold" });
    expect(chosen).toMatchObject({ icon: "home_work", color: "gold", status_reason: "Nobody home" });

    const g = await anon.gql(TRACK, { c: p.tracking_code });
    expect(g.data.parcel).toMatchObject({ status_code: "delivery_failed", status_reason: "Nobody home" });
    expect(g.data.parcel.history.map((h: { status_code: string }) => h.status_code)).toEqual(["in_transit", "delivery_failed"]);
    const r = await anon.get(`/api/parcels/${p.tracking_code}`);
    expect(r.json.data).toMatchObject({ status_code: "delivery_failed", status_reason: "Nobody home", details_protected: false, quiet_after_days: 5 });
    expect(r.json.data.history[0]).toMatchObject({ status_code: "in_transit", icon: "local_shipping" });
  });

  it("a back-dated entry records the past without moving the current status", async () => {
    const p = await parcel();
    await activity(p.id, { status_code: "out_for_delivery" });
    const old = await activity(p.id, { status_code: "picked_up", created_at: new Date(Date.now() - 3 * 86400_000).toISOString() });
    expect(Date.now() - Date.parse(old.created_at)).toBeGreaterThan(2.9 * 86400_000);
    const r = await anon.get(`/api/parcels/${p.tracking_code}`);
    expect(r.json.data.status_code).toBe("out_for_delivery");
    expect(r.json.data.history.map((h: { status_code: string }) => h.status_code)).toEqual(["picked_up", "out_for_delivery"]);
  });

  it("refuses an unknown status code, a future or malformed time, naming the field, in both doors", async () => {
    const p = await parcel();
    const g = await admin.gql(CREATE_ACTIVITY, { i: { parcel_id: p.id, title: "x", description: "y", status_code: "lost_in_space" } });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(g.errors)).toContain("status_code must be one of pending");
    const future = await admin.post("/api/activities", {
      parcel_id: p.id,
      title: "x",
      description: "y",
      created_at: new Date(Date.now() + 86400_000).toISOString(),
    });
    expect(future.status).toBe(422);
    expect(future.json.errors[0]).toMatch(/^created_at must be an ISO 8601 date-time/);
    const bad = await admin.patch("/api/parcels", { id: p.id, status_code: "teleported" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toMatch(/^status_code must be one of/);
    expect(await db().activity.count({ where: { parcel_id: p.id } })).toBe(0);
  });

  it("the admin may set the status on the parcel itself, and clear it with a blank", async () => {
    const p = await parcel();
    const set = await admin.gql(UPDATE_PARCEL, { i: { id: p.id, status_code: "on_hold", status_reason: "Customs check" } });
    expect(set.data.updateParcel).toMatchObject({ status_code: "on_hold", status_reason: "Customs check" });
    const cleared = await admin.patch("/api/parcels", { id: p.id, status_code: "", status_reason: "" });
    expect(cleared.json.data).toMatchObject({ status_code: null, status_reason: null });
  });
});

describe("recipient notifications", () => {
  it("one e-mail per new status, with the tracking link, an unsubscribe link and ParcelDelivery JSON-LD", async () => {
    const to = "jane.notify@example.com";
    const p = await parcel({ recipient_email: to, max_expected_delivery_date: "2030-01-02" });
    await activity(p.id, { status_code: "in_transit" });
    const first = await smtp.waitFor((m) => m.to.includes(to));
    const text = mailText(first.raw);
    expect(text).toContain(`Subject: Parcel ${p.tracking_code}: In transit`);
    expect(text).toContain(`https://track.example.com/track.html?code=${p.tracking_code}`);
    expect(text).toMatch(/https:\/\/track\.example\.com\/unsubscribe\.html\?code=[A-Z0-9-]+&token=[\w-]+/);
    expect(text).toMatch(/List-Unsubscribe:\s+<https:\/\/track\.example\.com\/unsubscribe\.html/);
    expect(text).toContain('<script type="application/ld+json">');
    expect(text).toContain('"@type":"ParcelDelivery"');
    expect(text).toContain(`"trackingNumber":"${p.tracking_code}"`);

    // The same status again, and a status already announced, send nothing.
    await activity(p.id, { status_code: "in_transit", title: "Still moving" });
    await activity(p.id, { status_code: "on_hold" });
    await activity(p.id, { status_code: "in_transit" });
    await smtp.waitFor((m) => m.to.includes(to) && mailText(m.raw).includes("On hold"));
    // activity() waits for the notifications it started (settleNotifications): any mail is in by now.
    expect(mailsTo(to).map((m) => /Subject: Parcel [^:]+: ([^\r\n]+)/.exec(mailText(m.raw))?.[1])).toEqual(["In transit", "On hold"]);
    expect(await db().parcelNotification.count({ where: { parcel_id: p.id } })).toBe(2);
    const outbox = await db().mailMessage.findMany({ where: { kind: "notification", to } });
    expect(outbox.every((m) => m.delivered)).toBe(true);
  });

  it("speaks the recipient's language: subject, greeting, status label and delivery window; Arabic HTML runs right to left", async () => {
    const to = "ayse.tr@example.com";
    const p = await parcel({
      recipient_email: to,
      recipient_language: "tr",
      min_expected_delivery_date: "2030-01-02",
      max_expected_delivery_date: "2030-01-05",
    });
    await activity(p.id, { status_code: "out_for_delivery" });
    const tr = decodeMail((await smtp.waitFor((m) => m.to.includes(to))).raw);
    expect(tr.subject).toBe(`Gönderi ${p.tracking_code}: Dağıtımda`);
    expect(tr.text).toContain("Merhaba Jane Doe,");
    expect(tr.text).toContain(`Amsterdam, NL adresine giden ${p.tracking_code} numaralı gönderinizin durumu: Dağıtımda.`);
    const window = new Intl.DateTimeFormat("tr", { dateStyle: "long", timeZone: "UTC" }).formatRange(
      new Date("2030-01-02T00:00:00Z"),
      new Date("2030-01-05T00:00:00Z"),
    );
    expect(window).toMatch(/2030/);
    expect(tr.text).toContain(`Tahmini teslimat: ${window}.`);
    expect(tr.text).toContain(`İstediğiniz zaman takip edin: https://track.example.com/track.html?code=${p.tracking_code}&lang=tr\n`);
    expect(tr.html).toContain('<html lang="tr" dir="ltr">');
    expect(tr.html).toContain("Merhaba Jane Doe,");

    // Set through REST on an existing parcel; Arabic, whose HTML part says dir="rtl".
    const ar = "layla.ar@example.com";
    const q = await parcel({ recipient_email: ar });
    const set = await admin.patch("/api/parcels", { id: q.id, recipient_language: "ar" });
    expect(set.status).toBe(200);
    expect(set.json.data.recipient_language).toBe("ar");
    await activity(q.id, { status_code: "delivered" });
    const arMail = decodeMail((await smtp.waitFor((m) => m.to.includes(ar))).raw);
    expect(arMail.subject).toBe(`الشحنة ${q.tracking_code}: تم التسليم`);
    expect(arMail.text).toContain("مرحبًا Jane Doe،");
    expect(arMail.html).toContain('<html lang="ar" dir="rtl">');

    // Only the site's language codes; a blank goes back to English. Not part of the public view.
    const bad = await admin.patch("/api/parcels", { id: q.id, recipient_language: "klingon" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toMatch(/^recipient_language must be one of ar, es, de, en/);
    const g = await admin.gql(UPDATE_PARCEL, { i: { id: q.id, recipient_language: "xx" } });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    const cleared = await admin.patch("/api/parcels", { id: q.id, recipient_language: "" });
    expect(cleared.json.data.recipient_language).toBeNull();
    expect((await anon.get(`/api/parcels/${q.tracking_code}`)).json.data).not.toHaveProperty("recipient_language");
  });

  it("never for entries older than 7 days, nor when the admin switched it off", async () => {
    const to = "old.news@example.com";
    const p = await parcel({ recipient_email: to });
    await activity(p.id, { status_code: "picked_up", created_at: new Date(Date.now() - 8 * 86400_000).toISOString() });
    const off = await parcel({ recipient_email: "quiet@example.com", notify_recipient: false });
    await activity(off.id, { status_code: "delivered" });
    // activity() waits for the notifications it started (settleNotifications): any mail is in by now.
    expect(mailsTo(to)).toHaveLength(0);
    expect(mailsTo("quiet@example.com")).toHaveLength(0);
  });

  it("the unsubscribe link works once the recipient uses it (REST and GraphQL); a wrong token is 404", async () => {
    const to = "leave.me@example.com";
    const p = await parcel({ recipient_email: to });
    await activity(p.id, { status_code: "picked_up" });
    const m = await smtp.waitFor((x) => x.to.includes(to));
    const [, code, token] = /unsubscribe\.html\?code=([A-Z0-9-]+)&token=([\w-]+)/.exec(mailText(m.raw))!;
    expect(code).toBe(p.tracking_code);

    expect((await anon.post("/api/notifications/unsubscribe", { code, token: "x".repeat(32) })).status).toBe(404);
    const g = await anon.gql(`mutation($i: UnsubscribeInput!) { unsubscribe(input: $i) { tracking_code unsubscribed } }`, { i: { code, token } });
    expect(g.data.unsubscribe).toEqual({ tracking_code: code, unsubscribed: true });
    const again = await anon.post("/api/notifications/unsubscribe", { code, token });
    expect(again.status).toBe(200);
    const row = await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { recipient_unsubscribed } }`, { c: code });
    expect(row.data.adminParcel.recipient_unsubscribed).toBe(true);

    await activity(p.id, { status_code: "delivered" });
    // activity() waits for the notifications it started (settleNotifications): any mail is in by now.
    expect(mailsTo(to)).toHaveLength(1);
  });
});

describe("several codes at once", () => {
  it("REST /api/track and GraphQL track answer each code in order, unknown ones with their error", async () => {
    const a = await parcel();
    const b = await parcel();
    await activity(b.id, { status_code: "delivered" });
    const r = await anon.get(`/api/track?codes=${a.tracking_code},${b.tracking_code},NOPE-404`);
    expect(r.status).toBe(200);
    expect(r.json.data.map((x: { tracking_code: string }) => x.tracking_code)).toEqual([a.tracking_code, b.tracking_code, "NOPE-404"]);
    expect(r.json.data[1].parcel.status_code).toBe("delivered");
    expect(r.json.data[2]).toEqual({ tracking_code: "NOPE-404", parcel: null, error: "Tracking code not found", error_code: "NOT_FOUND" });
    expect(r.json.data[0].error_code).toBeNull();
    expect(r.json.data[0].parcel).not.toHaveProperty("recipient_email");

    const g = await anon.gql(TRACK_MANY, { c: [b.tracking_code, "NOPE-404"] });
    expect(g.data.track).toEqual([
      { tracking_code: b.tracking_code, error: null, error_code: null, parcel: { tracking_code: b.tracking_code, status_code: "delivered" } },
      { tracking_code: "NOPE-404", error: "Tracking code not found", error_code: "NOT_FOUND", parcel: null },
    ]);
  });

  it("gives each failed code the machine code of its error: NOT_FOUND, BAD_USER_INPUT for a wrong second factor", async () => {
    const open = await parcel();
    const locked = await parcel({ recipient_postcode: "SW1A 1AA", protect_details: true });
    const g = await anon.gql(TRACK_MANY, { c: [open.tracking_code, locked.tracking_code, "NOPE-405"], v: "EC1A 1BB" });
    expect(g.errors).toBeUndefined();
    expect(g.data.track.map((x: { error_code: string | null }) => x.error_code)).toEqual([null, "BAD_USER_INPUT", "NOT_FOUND"]);
    expect(g.data.track[1]).toMatchObject({ parcel: null, error: "verify does not match the recipient's postcode or e-mail address" });
    // The REST door's entries carry the same codes (an addition: the envelope is unchanged).
    const r = await anon.get(`/api/track?codes=${open.tracking_code},${locked.tracking_code},NOPE-405&verify=EC1A1BB`);
    expect(r.json).toMatchObject({ status: "200", errors: [], message: "" });
    expect(r.json.data.map((x: { error_code: string | null }) => x.error_code)).toEqual([null, "BAD_USER_INPUT", "NOT_FOUND"]);
  });

  it("takes 1 to 20 codes", async () => {
    const many = Array.from({ length: 21 }, (_, i) => `C-${i}`).join(",");
    const r = await anon.get(`/api/track?codes=${many}`);
    expect(r.status).toBe(422);
    expect(r.json.errors[0]).toBe("codes must hold at most 20 tracking codes");
    expect((await anon.get("/api/track")).json.errors[0]).toBe("codes is required");
    const g = await anon.gql(TRACK_MANY, { c: [] });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("privacy tier", () => {
  let p: { id: number; tracking_code: string };
  beforeAll(async () => {
    p = await parcel({
      recipient_email: "private.person@example.com",
      sender_name: "Acme Export Ltd",
      recipient_postcode: "1011 AB",
      protect_details: true,
      show_map: "yes",
      map_current_latitude: 52.37403,
      map_current_longitude: 4.88969,
      notify_recipient: false,
    });
    await activity(p.id, { status_code: "in_transit", description: "Arrived at the Amsterdam hub." });
  });

  it("the code alone shows status, history and coarse places; names masked, no image", async () => {
    const r = await anon.get(`/api/parcels/${p.tracking_code}`);
    expect(r.json.data).toMatchObject({
      details_protected: true,
      recipient_name: "J*** D***",
      sender_name: "A*** E*** L***",
      image: null,
      status_code: "in_transit",
      map_current_latitude: 52.4,
      map_current_longitude: 4.9,
    });
    expect(r.json.data.history).toHaveLength(1);
    for (const f of ["recipient_postcode", "protect_details", "notify_recipient", "unsubscribe_token", "recipient_email"])
      expect(r.json.data).not.toHaveProperty(f);
  });

  it("the recipient's postcode (any spacing or case) or e-mail unlocks the details, in both doors", async () => {
    const r = await anon.get(`/api/parcels/${p.tracking_code}?verify=1011ab`);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ details_protected: false, recipient_name: "Jane Doe", sender_name: "Acme Export Ltd", map_current_latitude: 52.37403 });
    const g = await anon.gql(TRACK, { c: p.tracking_code, v: "Private.Person@example.com" });
    expect(g.data.parcel).toMatchObject({ details_protected: false, recipient_name: "Jane Doe" });
  });

  it("a wrong second factor is refused and reveals nothing", async () => {
    const r = await anon.get(`/api/parcels/${p.tracking_code}?verify=9999ZZ`);
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ data: null, errors: ["verify does not match the recipient's postcode or e-mail address"] });
    const g = await anon.gql(TRACK, { c: p.tracking_code, v: "someone@else.com" });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.data).toBeNull();
  });

  it("tells a wrong second factor from other bad input by extensions.reason; the REST envelope keeps its shape", async () => {
    const wrong = await anon.gql(TRACK, { c: p.tracking_code, v: "someone@else.com" });
    expect(wrong.errors).toHaveLength(1);
    expect(wrong.errors![0]).toMatchObject({
      message: "verify does not match the recipient's postcode or e-mail address",
      extensions: { code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH", messages: ["verify does not match the recipient's postcode or e-mail address"] },
    });
    // Bad input of another kind has the same code and no reason.
    const empty = await anon.gql(TRACK, { c: "   " });
    expect(empty.errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messages: ["tracking_code is required"] });
    expect(empty.errors![0].extensions).not.toHaveProperty("reason");
    // An unknown code is NOT_FOUND, without a reason either.
    const missing = await anon.gql(TRACK, { c: "NOPE-406" });
    expect(missing.errors![0].extensions).toMatchObject({ code: "NOT_FOUND" });
    expect(missing.errors![0].extensions).not.toHaveProperty("reason");
    // REST: exactly the contract's envelope, nothing added.
    const r = await anon.get(`/api/parcels/${p.tracking_code}?verify=someone@else.com`);
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ status: "422", errors: ["verify does not match the recipient's postcode or e-mail address"], message: "", data: null });
  });

  it("the admin still sees everything", async () => {
    const r = await admin.get(`/api/parcels?search=${p.tracking_code}`);
    expect(r.json.data.data[0]).toMatchObject({ recipient_name: "Jane Doe", protect_details: true, recipient_postcode: "1011 AB" });
  });
});

describe("stale parcels and structured data", () => {
  it("lists parcels with no news for stale_days (not the delivered ones), in both doors, with paging that keeps the filter", async () => {
    const quiet = await parcel();
    const done = await parcel();
    const fresh = await parcel();
    const empty = await parcel();
    const old = new Date(Date.now() - 10 * 86400_000);
    // A parcel registered today whose history is old has gone quiet too; one with no history counts from its creation.
    await db().parcel.updateMany({ where: { id: { in: [done.id, fresh.id, empty.id] } }, data: { created_at: old } });
    await activity(quiet.id, { status_code: "in_transit", created_at: old.toISOString() });
    await activity(done.id, { status_code: "delivered", created_at: old.toISOString() });
    await activity(fresh.id, { status_code: "in_transit" });

    const r = await admin.get("/api/parcels?stale_days=5&per_page=100");
    const codes = r.json.data.data.map((x: { tracking_code: string }) => x.tracking_code);
    expect(codes).toContain(quiet.tracking_code);
    expect(codes).toContain(empty.tracking_code);
    expect(codes).not.toContain(done.tracking_code);
    expect(codes).not.toContain(fresh.tracking_code);
    const g = await admin.gql(`query { parcels(stale_days: 5, per_page: 1) { total next_page_url data { tracking_code } } }`);
    expect(g.data.parcels.total).toBe(codes.length);
    if (codes.length > 1) expect(g.data.parcels.next_page_url).toContain("stale_days=5");
    expect((await admin.get("/api/parcels?stale_days=0")).json.errors[0]).toBe("stale_days must be at least 1");
    expect((await anon.get("/api/parcels?stale_days=5")).status).toBe(401);

    const pub = await anon.get(`/api/parcels/${quiet.tracking_code}`);
    expect(Date.parse(pub.json.data.last_event_at)).toBe(old.getTime());
  });

  it("the GraphQL parcel carries schema.org ParcelDelivery JSON-LD", async () => {
    const p = await parcel({ pickup_location: "Shanghai, CN", min_expected_delivery_date: "2030-01-01", max_expected_delivery_date: "2030-01-03" });
    await activity(p.id, { status_code: "in_transit" });
    const g = await anon.gql(TRACK, { c: p.tracking_code });
    expect(JSON.parse(g.data.parcel.structured_data)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ParcelDelivery",
      trackingNumber: p.tracking_code,
      trackingUrl: `https://track.example.com/track.html?code=${p.tracking_code}`,
      deliveryAddress: { "@type": "PostalAddress", addressLocality: "Amsterdam, NL" },
      originAddress: { addressLocality: "Shanghai, CN" },
      expectedArrivalFrom: "2030-01-01",
      expectedArrivalUntil: "2030-01-03",
      deliveryStatus: { "@type": "DeliveryEvent", name: "In transit" },
    });
  });
});

describe("webhooks", () => {
  let hook: { id: number; secret: string; events: string[] };
  beforeEach(() => {
    hits.length = 0;
    answers = [];
  });

  it("only admins manage them; bad URLs and events are refused naming the field", async () => {
    expect((await anon.get("/api/webhooks")).json).toMatchObject({ status: "401", admin: "false" });
    const g = await anon.gql(`query { webhooks { id } }`);
    expect(g.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const bad = await admin.post("/api/webhooks", { url: "ftp://example.com/x", events: ["parcel.created", "parcel.exploded"] });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([
      "url must be an http or https URL",
      "events must be among parcel.created, history.added, status.changed, parcel.delivered",
    ]);
    expect(await db().webhook.count()).toBe(0);
  });

  it("by default reach no local or private address: refused at registration, and again after DNS at delivery", async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    try {
      for (const url of [receiverUrl, "http://[::1]:8080/x", "http://localhost/x", "http://169.254.169.254/latest/meta-data/"]) {
        const r = await admin.post("/api/webhooks", { url, events: ["parcel.created"] });
        expect(r.status).toBe(422);
        expect(r.json.errors).toEqual([
          expect.stringMatching(/^url must not point to a local or private address \(.+\); WEBHOOK_ALLOW_PRIVATE=true allows it$/),
        ]);
      }
      const g = await admin.gql(`mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }`, {
        i: { url: receiverUrl, events: ["parcel.created"] },
      });
      expect(g.errors?.[0].extensions.messages).toEqual([expect.stringMatching(/^url must not point to a local or private address/)]);
      expect(await db().webhook.count()).toBe(0);

      // Registered while allowed (or a name whose address changed since): the delivery is refused, nothing is sent.
      const port = new URL(receiverUrl).port;
      const stored = await db().webhook.create({ data: { url: `http://localhost:${port}/hook`, secret: "whsec_test", events: "parcel.created" } });
      const ping = await admin.post("/api/webhooks/ping", { id: stored.id });
      expect(ping.json.data.response_status).toBeNull();
      expect(ping.json.data.error).toMatch(/^localhost is (127\.0\.0\.1|::1), a local or private address; set WEBHOOK_ALLOW_PRIVATE=true to deliver there$/);
      expect(hits).toHaveLength(0);
      await db().webhook.delete({ where: { id: stored.id } });
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    }
  });

  it("signs every delivery with HMAC-SHA256 of the body; events follow the parcel's life", async () => {
    const created = await admin.post("/api/webhooks", { url: receiverUrl, events: ["parcel.created", "history.added", "status.changed", "parcel.delivered"] });
    expect(created.status).toBe(201);
    hook = created.json.data;
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    const p = await parcel();
    await activity(p.id, { title: "Label printed" });
    await activity(p.id, { status_code: "delivered", title: "Delivered" });
    await settleWebhooks();

    const events = hits.map((h) => h.headers["x-courier-event"]);
    expect(events).toEqual(expect.arrayContaining(["parcel.created", "history.added", "status.changed", "parcel.delivered"]));
    expect(events.filter((e) => e === "history.added")).toHaveLength(2);
    for (const h of hits) {
      expect(verifySignature(hook.secret, h.body, h.headers["x-courier-signature"] as string), h.body).toBe(true);
      expect(verifySignature("whsec_wrong", h.body, h.headers["x-courier-signature"] as string)).toBe(false);
      const body = JSON.parse(h.body);
      expect(body).toMatchObject({ event: h.headers["x-courier-event"], id: expect.stringMatching(/^evt_/) });
      expect(body.data.parcel.tracking_code).toBe(p.tracking_code);
    }
    const delivered = JSON.parse(hits.find((h) => h.headers["x-courier-event"] === "parcel.delivered")!.body);
    expect(delivered.data.activity).toMatchObject({ title: "Delivered", status_code: "delivered" });

    const log = await admin.get(`/api/webhooks/${hook.id}/deliveries?per_page=100`);
    expect(log.json.data.total).toBe(hits.length);
    expect(
      log.json.data.data.every(
        (d: { status: string; response_status: number; response_body: string }) =>
          d.status === "delivered" && d.response_status === 200 && d.response_body === "thanks",
      ),
    ).toBe(true);
  });

  it("retries with back-off until the receiver answers 2xx, and gives up after WEBHOOK_MAX_ATTEMPTS", async () => {
    answers = [500, 503];
    const ping = await admin.post("/api/webhooks/ping", { id: hook.id });
    expect(ping.json.data).toMatchObject({ event: "ping", status: "pending", attempts: 1, response_status: 500 });
    // Each retry is due 50 ms and more later (WEBHOOK_RETRY_BASE_MS): sent when due, until it is no longer pending.
    const settled = (id: number) =>
      waitFor(
        async () => {
          await deliverDue();
          const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id } });
          return row.status !== "pending" && row;
        },
        { interval: 60, what: `delivery ${id} to be delivered or given up` },
      );
    const d = await settled(ping.json.data.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 3, response_status: 200 });
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.body)).size).toBe(1);

    hits.length = 0;
    answers = [500, 500, 500, 500];
    const gql = await admin.gql(`mutation($id: Int!) { pingWebhook(id: $id) { id status attempts } }`, { id: hook.id });
    const last = await settled(gql.data.pingWebhook.id);
    expect(last).toMatchObject({ status: "failed", attempts: 3, error: "HTTP 500" });
  });

  it("records an unreachable receiver's error; inactive hooks get nothing; deleting removes the log", async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const freePort = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const dead = await admin.gql(`mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id active events } }`, {
      i: { url: `http://127.0.0.1:${freePort}/nothing-listens`, events: ["parcel.created"] },
    });
    const ping = await admin.post("/api/webhooks/ping", { id: dead.data.createWebhook.id });
    expect(ping.json.data.response_status).toBeNull();
    expect(ping.json.data.error).toMatch(/ECONNREFUSED/);

    await admin.patch("/api/webhooks", { id: hook.id, active: false });
    await admin.patch("/api/webhooks", { id: dead.data.createWebhook.id, active: false });
    await parcel();
    await settleWebhooks();
    expect(hits).toHaveLength(0);

    const del = await admin.delete("/api/webhooks", { id: hook.id });
    expect(del.status).toBe(200);
    expect(await db().webhookDelivery.count({ where: { webhook_id: hook.id } })).toBe(0);
    expect((await admin.get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(404);
  });
});
