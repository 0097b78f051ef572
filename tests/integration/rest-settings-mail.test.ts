import { MESSAGE_SETTING_KEYS } from "../../shared/modules/settings/settings.codes.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { file, png } from "../fixtures/images.js";
import { code, fails, form, ok, signedIn } from "../fixtures/rest.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true" });
  admin = await signedIn(t);
  anon = new Client(t.url);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const PUBLIC_KEYS = [
  "company_name",
  "meta_description",
  "chat_code",
  "contact_email",
  "contact_phone",
  "contact_phone_alt",
  "contact_twitter",
  "contact_telegram",
  "contact_instagram",
  "contact_address",
  "shipper_signup",
  "currency",
  "pickup_cutoff",
];
const CONTACT = "desk@courier.example";

describe("POST /api/contact before a contact e-mail is set", () => {
  it("422: the company has no contact e-mail yet", async () => {
    expect(fails(await anon.post("/api/contact", { email: "v@example.com", subject: "Hi", body: "Hello" }), 422)).toEqual([
      "The company has not set a contact e-mail yet",
    ]);
  });
});

describe("GET /api/settings", () => {
  it("public subset for a visitor (no mail settings), every setting for an admin", async () => {
    const pub = ok(await anon.get("/api/settings"));
    expect(Object.keys(pub).sort()).toEqual([...PUBLIC_KEYS].sort());
    const all = ok(await admin.get("/api/settings"));
    expect(Object.keys(all).sort()).toEqual(
      [
        ...PUBLIC_KEYS,
        // The company's language (the general group).
        "language",
        "mail_driver",
        "mail_template",
        "smtp_allow_plain",
        "depot_latitude",
        "depot_longitude",
        "courier_speed_kmh",
        "stop_minutes",
        "notify_stops_before",
        "delivery_window_minutes",
        "max_amount",
        // Messages to recipients (contract section 13).
        ...MESSAGE_SETTING_KEYS,
        // Which SMS and WhatsApp providers the server is configured with (names only, read-only).
        "message_providers",
        // Cash on delivery (contract section 12).
        "cod_max",
        "courier_cash_limit",
      ].sort(),
    );
    expect(all).toMatchObject({ mail_driver: "mail", mail_template: "html1" });
  });
});

describe("PATCH /api/settings", () => {
  it("saves the contact group (contact_email required in it)", async () => {
    const r = await admin.patch("/api/settings", { contact_email: CONTACT, contact_phone: "+1 555 0100", contact_address: "1 Dock St" });
    expect(ok(r)).toMatchObject({ contact_email: CONTACT, contact_phone: "+1 555 0100", contact_address: "1 Dock St", mail_driver: "mail" });
    expect(r.json.message).toBe("Settings saved");
    expect(fails(await admin.patch("/api/settings", { contact_phone: "123" }), 422)).toEqual(["contact_email is required"]);
    expect(fails(await admin.patch("/api/settings", { contact_email: "nope" }), 422)).toEqual(["contact_email must be an e-mail address"]);
    expect(ok(await anon.get("/api/settings")).contact_phone).toBe("+1 555 0100");
  });

  it('saves the html group; "" clears a field; it shows in GET /api/graph', async () => {
    ok(await admin.patch("/api/settings", { meta_description: "Fast parcels", chat_code: "<script>chat()</script>" }));
    expect(ok(await anon.get("/api/graph")).settings).toMatchObject({ meta_description: "Fast parcels", chat_code: "<script>chat()</script>" });
    expect(ok(await admin.patch("/api/settings", { chat_code: "" }))).toMatchObject({ meta_description: "Fast parcels", chat_code: "" });
    expect(fails(await admin.patch("/api/settings", { meta_description: "m".repeat(301) }), 422)).toEqual(["meta_description must be at most 300 characters"]);
  });

  it("saves the mail group; 422 for values outside the lists, half a group, or no group", async () => {
    fails(await admin.patch("/api/settings", form({ mail_driver: "mail", mail_template: "html2" })), 415);
    expect(ok(await admin.patch("/api/settings", { mail_driver: "mail", mail_template: "html2" }))).toMatchObject({ mail_template: "html2" });
    expect(fails(await admin.patch("/api/settings", { mail_driver: "sendmail", mail_template: "html9" }), 422)).toEqual([
      "mail_driver must be mail or smtp",
      "mail_template must be one of plain, html1, html2, html3, html4",
    ]);
    expect(fails(await admin.patch("/api/settings", { mail_driver: "smtp" }), 422)).toEqual(["mail_template is required"]);
    expect(fails(await admin.patch("/api/settings", { unrelated: 1 }), 422)[0]).toMatch(/^Send one settings group/);
    expect(ok(await anon.get("/api/settings"))).not.toHaveProperty("mail_template");
  });

  it("401 without a session, and nothing changes", async () => {
    fails(await anon.patch("/api/settings", { contact_email: "evil@example.com" }), 401);
    expect(ok(await anon.get("/api/settings")).contact_email).toBe(CONTACT);
  });
});

describe("GET /api/graph (public)", () => {
  it("pages, reviews, public settings and the admin flag", async () => {
    ok(await admin.post("/api/pages", { title: "About Us", content: "We ship." }), 201);
    ok(await admin.post("/api/reviews", form({ name: "Kim", review: "Great", image: [file(png()), "k.png"] })), 201);
    const g = ok(await anon.get("/api/graph"));
    expect(g.admin).toBe(false);
    expect(g.pages.map((p: { slug: string }) => p.slug)).toContain("about-us");
    expect(g.reviews[0]).toMatchObject({ name: "Kim" });
    expect(Object.keys(g.settings).sort()).toEqual([...PUBLIC_KEYS].sort());
    expect(ok(await admin.get("/api/graph")).admin).toBe(true);
  });
});

describe("POST /api/contact", () => {
  it("a visitor's message goes to contact_email with the visitor as Reply-To", async () => {
    const r = await anon.post("/api/contact", { name: "Vera", email: "vera@example.com", subject: "Where is my box", body: "Code XY-1 has not moved." });
    expect(ok(r)).toBeNull();
    expect(r.json.message).toBe("Message sent");
    const m = await smtp.waitFor((x) => x.to.includes(CONTACT) && x.raw.includes("Where is my box"));
    expect(m.raw).toMatch(/^Reply-To: vera@example\.com/im);
    expect(mailText(m.raw)).toContain("Code XY-1 has not moved.");
  });

  it("422 naming each bad field of a visitor's message", async () => {
    expect(fails(await anon.post("/api/contact", {}), 422)).toEqual(["email is required", "subject is required", "body is required"]);
    expect(fails(await anon.post("/api/contact", { email: "nope", subject: "s", body: "b" }), 422)).toEqual(["email must be an e-mail address"]);
    expect(fails(await anon.post("/api/contact", { email: "a@example.com", subject: "s".repeat(301), body: "b" }), 422)).toEqual([
      "subject must be at most 300 characters",
    ]);
  });

  it("403 for `to` without an admin session, and nothing is sent", async () => {
    const count = smtp.messages.length;
    expect(fails(await anon.post("/api/contact", { to: "victim@example.com", subject: "Spam", body: "Buy" }), 403)).toEqual([
      "Only a signed-in admin may choose the recipient",
    ]);
    // Contact mail is sent before the answer (nothing in the background), so nothing can come later.
    expect(smtp.messages.length).toBe(count);
  });

  it("an admin's message goes to `to` through the server's transport (mail driver), in the chosen template", async () => {
    ok(await admin.patch("/api/settings", { mail_driver: "mail", mail_template: "html3" }));
    ok(await admin.post("/api/contact", { to: "client@example.com", subject: "Your invoice", body: "Attached soon." }));
    const m = await smtp.waitFor((x) => x.to.includes("client@example.com"));
    expect(m.raw).toContain("text/html");
    expect(m.user).toBeUndefined();
    expect(fails(await admin.post("/api/contact", { to: "bad", subject: "s", body: "b" }), 422)).toEqual(["to must be an e-mail address"]);
  });

  it("smtp driver: 422 without the password; with it, authenticates as contact_email and the password is not stored", async () => {
    // The test peer speaks plain SMTP: the owner allows it (hole 5 of issue 23).
    ok(await admin.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: true }));
    expect(fails(await admin.post("/api/contact", { to: "c2@example.com", subject: "S", body: "B" }), 422)).toEqual([
      "password is required when mail_driver is smtp",
    ]);
    ok(await admin.post("/api/contact", { to: "c2@example.com", subject: "Via SMTP", body: "B", password: "mailbox-secret" }));
    const m = await smtp.waitFor((x) => x.to.includes("c2@example.com"));
    expect(m).toMatchObject({ user: CONTACT, pass: "mailbox-secret", from: CONTACT });
    expect(m.raw).not.toContain("text/html");
    const out = ok(await admin.get("/api/outbox?per_page=100"));
    expect(JSON.stringify(out)).not.toContain("mailbox-secret");
    ok(await admin.patch("/api/settings", { mail_driver: "mail", mail_template: "html1", smtp_allow_plain: false }));
  });
});

describe("GET /api/outbox (admin)", () => {
  it("lists every message sent, newest first, with the delivery result; paged", async () => {
    const all = ok(await admin.get("/api/outbox"));
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.data[0]).toMatchObject({ kind: "admin", to: "c2@example.com", subject: "Via SMTP", delivered: true, error: "" });
    const contact = all.data.find((m: { kind: string }) => m.kind === "contact");
    expect(contact).toMatchObject({ to: CONTACT, reply_to: "vera@example.com", delivered: true });
    expect(contact).not.toHaveProperty("file");
    const page = ok(await admin.get("/api/outbox?per_page=1"));
    expect(page.next_page_url).toBe("/api/outbox?page=2&per_page=1");
    expect(ok(await admin.get(page.next_page_url)).data[0].id).toBe(all.data[1].id);
  });

  it("401 without a session", async () => {
    expect((await anon.get("/api/outbox")).json).toMatchObject({ status: "401", admin: "false", data: null });
  });
});

describe("POST /api/invoices", () => {
  it("201 with a numbered invoice; numeric strings for amount; a linked parcel must exist", async () => {
    const tc = code();
    ok(await admin.post("/api/parcels", { tracking_code: tc, recipient_name: "R", destination: "D" }), 201);
    const r = await admin.post("/api/invoices", { product: "Express box", amount: "19.90", customer_name: "Ann", tracking_code: tc });
    const inv = ok(r, 201);
    expect(r.json.message).toBe("Invoice created");
    expect(inv).toMatchObject({ product: "Express box", amount: 19.9, customer_name: "Ann", tracking_code: tc });
    expect(inv.number).toBe(`INV-${String(inv.id).padStart(6, "0")}`);
    expect(ok(await admin.post("/api/invoices", { product: "Plain" }), 201)).toMatchObject({ amount: null, tracking_code: "", customer_name: "" });
    expect(fails(await admin.post("/api/invoices", { product: "P", tracking_code: "NO-SUCH-CODE" }), 404)).toEqual(["No parcel has that tracking_code"]);
  });

  it("422 naming bad fields; 401 without a session", async () => {
    expect(fails(await admin.post("/api/invoices", {}), 422)).toEqual(["product is required"]);
    expect(fails(await admin.post("/api/invoices", { product: "P", amount: "-1" }), 422)).toEqual(["amount must not be negative"]);
    expect(fails(await admin.post("/api/invoices", { product: "P", amount: "ten" }), 422)).toEqual(["amount must be a number"]);
    expect(fails(await admin.post("/api/invoices", { product: "P", tracking_code: "bad code" }), 422)).toEqual([
      "tracking_code may hold only letters, digits and -",
    ]);
    fails(await anon.post("/api/invoices", { product: "P" }), 401);
  });
});

describe("GET /api/invoices/{id} (admin)", () => {
  it("200 with the invoice; 404 for an unknown or malformed id; 401 without a session", async () => {
    const inv = ok(await admin.post("/api/invoices", { product: "Lookup" }), 201);
    expect(ok(await admin.get(`/api/invoices/${inv.id}`))).toEqual(inv);
    fails(await admin.get("/api/invoices/999999"), 404);
    fails(await admin.get("/api/invoices/abc"), 404);
    fails(await admin.get("/api/invoices/99999999999999999999"), 404);
    fails(await anon.get(`/api/invoices/${inv.id}`), 401);
  });
});
