import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { freePort } from "../helpers/site.js";
import { mailText, startSmtp, type ReceivedMail } from "../helpers/smtp.js";
import { expectAllUnauthenticated, expectError, expectFieldError } from "../fixtures/graphql.js";
import { config, setConfig } from "../../server/core/config.js";
import { db } from "../../server/db/index.js";

const CONTACT = `mutation($i: VisitorContactInput!) { contact(input: $i) }`;
const SEND = `mutation($i: AdminMailInput!) { sendEmail(input: $i) }`;
const OUTBOX = `query($page: Int, $per: Int) { outbox(page: $page, per_page: $per) {
  total current_page last_page next_page_url data { id kind to reply_to subject body template delivered error created_at } } }`;
const MAIL = `mutation($i: MailSettingsInput!) { updateMailSettings(input: $i) { mail_driver } }`;
const COMPANY = { contact_email: "desk@swift.example", contact_phone: "+44 20 7946 0555", contact_address: "7 Quay Street, Bristol" };

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", COMPANY_NAME: "SwiftRoute Courier" });
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The message with this subject that the SMTP peer received. */
const received = (subject: string) => smtp.waitFor((m) => mailText(m.raw).includes(`Subject: ${subject}`));
const header = (m: ReceivedMail, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(m.raw)?.[1]?.trim();
/** The decoded HTML part of a message, or undefined for a text-only one. */
function htmlPart(m: ReceivedMail): string | undefined {
  const text = mailText(m.raw);
  const i = text.search(/Content-Type: text\/html/i);
  if (i < 0) return undefined;
  const body = text
    .slice(i)
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  return body.split(/\r?\n--/)[0];
}
// The test peer speaks plain SMTP: the owner allows it (hole 5 of issue 23).
const setMail = (mail_driver: string, mail_template: string) => admin.gql(MAIL, { i: { mail_driver, mail_template, smtp_allow_plain: true } });

describe("contact: a visitor's message", () => {
  it("is refused while the company has no contact e-mail", async () => {
    const r = await anon.gql(CONTACT, { i: { email: "v@visitor.example", subject: "Hi", body: "Hello" } });
    expectError(r, "BAD_USER_INPUT", /contact e-mail/);
  });

  it("reaches contact_email through the SMTP peer with the visitor as Reply-To", async () => {
    await admin.gql(`mutation($i: ContactSettingsInput!) { updateContactSettings(input: $i) { contact_email } }`, { i: COMPANY });
    const r = await anon.gql(CONTACT, {
      i: {
        name: "Vera Visitor",
        email: "vera@visitor.example",
        subject: "Where is my parcel?",
        body: "Tracking CR-1 has not moved for a week.\n\nThanks, Vera",
      },
    });
    expect(r.data.contact).toBe(true);
    const m = await received("[Contact] Where is my parcel?");
    expect(m.to).toEqual([COMPANY.contact_email]);
    expect(header(m, "Reply-To")).toBe("vera@visitor.example");
    expect(mailText(m.raw)).toContain("Message from Vera Visitor <vera@visitor.example>");
    expect(mailText(m.raw)).toContain("Tracking CR-1 has not moved for a week.");
    expect(m.user).toBeUndefined(); // the server's own transport: no typed password involved
  });

  it("validates the visitor's fields, naming each", async () => {
    expectFieldError(await anon.gql(CONTACT, { i: { email: "nope", subject: "s", body: "b" } }), "email", /e-mail address/);
    expectFieldError(await anon.gql(CONTACT, { i: { email: "a@b.example", subject: "", body: "b" } }), "subject", /required/);
    expectFieldError(await anon.gql(CONTACT, { i: { email: "a@b.example", subject: "s", body: "" } }), "body", /required/);
    expectFieldError(await anon.gql(CONTACT, { i: { email: "a@b.example", subject: "s".repeat(301), body: "b" } }), "subject", /at most 300/);
    expectFieldError(await anon.gql(CONTACT, { i: { email: "a@b.example", subject: "s", body: "b", name: "n".repeat(301) } }), "name");
    // A visitor cannot pick the recipient: the GraphQL input has no `to`.
    expectError(await anon.gql(CONTACT, { i: { email: "a@b.example", subject: "s", body: "b", to: "victim@x.example" } }), "BAD_USER_INPUT", /to/);
  });
});

describe("sendEmail and outbox need a session", () => {
  it("are UNAUTHENTICATED without one, and nothing is sent", async () => {
    const before = smtp.messages.length;
    await expectAllUnauthenticated(anon, [
      [SEND, { i: { to: "victim@x.example", subject: "Spam", body: "Spam" } }],
      [OUTBOX, {}],
    ]);
    expect(smtp.messages.length).toBe(before);
  });
});

describe("sendEmail: an admin's message", () => {
  it("with the mail driver goes through the server's transport to `to`", async () => {
    await setMail("mail", "html1");
    const r = await admin.gql(SEND, { i: { to: "customer@client.example", subject: "Your shipment CR-2026-9", body: "It left the depot today." } });
    expect(r.data.sendEmail).toBe(true);
    const m = await received("Your shipment CR-2026-9");
    expect(m.to).toEqual(["customer@client.example"]);
    expect(m.user).toBeUndefined();
    expect(header(m, "From")).toContain(COMPANY.contact_email);
  });

  it("validates `to`, subject and body, naming each; smtp needs the password", async () => {
    expectFieldError(await admin.gql(SEND, { i: { to: "not-mail", subject: "s", body: "b" } }), "to", /e-mail address/);
    expectFieldError(await admin.gql(SEND, { i: { to: "a@b.example", subject: "", body: "b" } }), "subject", /required/);
    expectFieldError(await admin.gql(SEND, { i: { to: "a@b.example", subject: "s", body: "" } }), "body", /required/);
    await setMail("smtp", "html1");
    expectFieldError(await admin.gql(SEND, { i: { to: "a@b.example", subject: "s", body: "b" } }), "password", /required when mail_driver is smtp/);
  });

  it("with the smtp driver authenticates as contact_email with the typed password, which is never stored", async () => {
    await setMail("smtp", "html1");
    const secret = "typed-Secret-4711";
    const r = await admin.gql(SEND, { i: { to: "partner@client.example", subject: "Quote via smtp", body: "Our offer is attached.", password: secret } });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const m = await received("Quote via smtp");
    expect(m.user).toBe(COMPANY.contact_email);
    expect(m.pass).toBe(secret);
    expect(m.from).toBe(COMPANY.contact_email);
    expect(m.to).toEqual(["partner@client.example"]);
    // Nowhere in the database, nor in the outbox the admin can read.
    const rows = JSON.stringify([await db().mailMessage.findMany(), await db().settings.findMany()]);
    expect(rows).not.toContain(secret);
    expect((await admin.post("/graphql", { query: OUTBOX })).text).not.toContain(secret);
  });

  it("with the smtp driver, mail the site sends by itself still uses the server's own transport", async () => {
    await setMail("smtp", "html1");
    await anon.gql(CONTACT, { i: { email: "walter@visitor.example", subject: "Own transport check", body: "Hello" } });
    const m = await received("[Contact] Own transport check");
    expect(m.user).toBeUndefined();
    await setMail("mail", "html1");
  });
});

describe("mail templates", () => {
  it("plain is text only; html1..html4 are four different designs with a text alternative and the company details", async () => {
    const html: Record<string, string> = {};
    for (const tpl of ["plain", "html1", "html2", "html3", "html4"]) {
      await setMail("mail", tpl);
      const subject = `Template check ${tpl}`;
      const r = await admin.gql(SEND, { i: { to: "look@client.example", subject, body: "First paragraph.\n\nSecond <b>paragraph</b>." } });
      expect(r.data.sendEmail).toBe(true);
      const m = await received(subject);
      const text = mailText(m.raw);
      expect(text).toContain("First paragraph.");
      expect(text).toContain("SwiftRoute Courier");
      expect(text).toContain(COMPANY.contact_phone);
      const part = htmlPart(m);
      if (tpl === "plain") {
        expect(part).toBeUndefined();
        expect(text).not.toMatch(/text\/html/i);
        continue;
      }
      expect(text).toMatch(/multipart\/alternative/i);
      expect(text).toMatch(/Content-Type: text\/plain/i);
      expect(part).toBeDefined();
      expect(part).toContain("SwiftRoute Courier");
      expect(part).toContain(COMPANY.contact_email);
      expect(part).toContain(COMPANY.contact_address);
      expect(part).toContain("Template check");
      // The body is escaped, never injected as markup.
      expect(part).toContain("Second &lt;b&gt;paragraph&lt;/b&gt;.");
      html[tpl] = part!;
    }
    const designs = Object.values(html).map((h) => h.replace(/html\d/g, ""));
    expect(new Set(designs).size).toBe(4);
    // Each design has its own palette.
    expect(html.html1).toContain("#0b4f9c");
    expect(html.html2).toContain("#f2b233");
    expect(html.html3).toContain("#ff7a1a");
    expect(html.html4).toContain("#0f7b4a");
    const records = await db().mailMessage.findMany({ where: { subject: { startsWith: "Template check" } }, orderBy: { id: "asc" } });
    expect(records.map((r) => r.template)).toEqual(["plain", "html1", "html2", "html3", "html4"]);
    await setMail("mail", "html1");
  });
});

describe("failed deliveries", () => {
  it("are recorded in the outbox with their error; an admin's send reports the failure", async () => {
    const saved = config();
    setConfig({ ...saved, smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const visitor = await anon.gql(CONTACT, { i: { email: "lost@visitor.example", subject: "Lost message", body: "Kept even if undelivered" } });
      expect(visitor.data.contact).toBe(true);
      const own = await admin.gql(SEND, { i: { to: "nobody@client.example", subject: "Down server", body: "b" } });
      expectError(own, "BAD_USER_INPUT", /could not be delivered/);
    } finally {
      setConfig(saved);
    }
    const out = (await admin.gql(OUTBOX, { per: 5 })).data.outbox;
    const [down, lost] = out.data;
    expect(down).toMatchObject({ kind: "admin", to: "nobody@client.example", subject: "Down server", delivered: false });
    expect(down.error).toMatch(/ECONNREFUSED|connect/i);
    expect(lost).toMatchObject({
      kind: "contact",
      to: COMPANY.contact_email,
      reply_to: "lost@visitor.example",
      subject: "[Contact] Lost message",
      delivered: false,
    });
    expect(lost.body).toContain("Kept even if undelivered");
  });
});

describe("outbox", () => {
  it("lists every message newest first with its delivery result, paged", async () => {
    const total = await db().mailMessage.count();
    const page = (await admin.gql(OUTBOX, { per: 3 })).data.outbox;
    expect(page).toMatchObject({ total, current_page: 1, last_page: Math.ceil(total / 3), next_page_url: "/api/outbox?page=2&per_page=3" });
    const all = (await admin.gql(OUTBOX, { per: 100 })).data.outbox.data as Array<{ id: number; kind: string; delivered: boolean }>;
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    expect(new Set(all.map((m) => m.kind))).toEqual(new Set(["contact", "admin"]));
    expect(all.filter((m) => m.delivered).length).toBeGreaterThan(5);
    expect(all.filter((m) => !m.delivered)).toHaveLength(2);
    expectFieldError(await admin.gql(OUTBOX, { per: 1000 }), "per_page");
  });
});
