// Issue 23, holes 5 and 7 (part). Hole 5: an SMTP password never travels in clear unless the
// owner (Send Email) or the operator (SMTP_ALLOW_PLAIN, the server's own transport) allows plain
// SMTP. Hole 7: Send Email, the parcel export, the audit export and label printing are in the
// audit log: who, which operation, what (counts, subject, filter, codes), never a body or a password.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, SETUP_TOKEN, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { startSmtp } from "../helpers/smtp.js";
import { SELF_SIGNED } from "../fixtures/self-signed.js";
import { expectError, expectFieldError } from "../fixtures/graphql.js";
import { fails, ok } from "../fixtures/rest.js";
import { config, loadConfig, setConfig } from "../../server/core/config.js";
import { db } from "../../server/db/index.js";
import { hashPassword } from "../../server/modules/admin/admin.service.js";
import { sha256 } from "../../server/core/tokens.js";

const OWNER = { email: "owner@holes.example", password: "owner-pass-word-23" };
const DISPATCHER = { email: "disp@holes.example", password: "dispatch-pass-word-23" };
const COURIER = { email: "van@holes.example", password: "courier-pass-word-23" };
const CONTACT = "desk@holes.example";
const SEND = `mutation($i: AdminMailInput!) { sendEmail(input: $i) }`;
const MAIL_SETTINGS = `mutation($i: MailSettingsInput!) { updateMailSettings(input: $i) { mail_driver smtp_allow_plain } }`;

type Entry = {
  id: number;
  actor: { kind: string; id: number | null; name: string };
  operation: string;
  object_type: string;
  object_id: string | null;
  changes: Record<string, [unknown, unknown]>;
};

let t: TestApp;
let plain: Awaited<ReturnType<typeof startSmtp>>;
let tls: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let anon: Client;

async function member(who: typeof OWNER, role: string) {
  await db().admin.create({ data: { email: who.email, password_hash: await hashPassword(who.password), role } });
  const c = new Client(t.url);
  ok(await c.post("/api/admins/auth/signin", who));
  return c;
}

beforeAll(async () => {
  plain = await startSmtp();
  tls = await startSmtp({ tls: SELF_SIGNED });
  // The server's own transport: a plain peer, and SMTP_ALLOW_PLAIN left unset.
  t = await startTestApp({ SMTP_URL: plain.url, SMTP_ALLOW_PLAIN: "" });
  owner = new Client(t.url);
  anon = new Client(t.url);
  ok(await owner.post("/api/admins", { ...OWNER, token: SETUP_TOKEN }), 201);
  ok(await owner.post("/api/admins/auth/signin", OWNER));
  dispatcher = await member(DISPATCHER, "dispatcher");
  courier = await member(COURIER, "courier");
  ok(await owner.patch("/api/settings", { contact_email: CONTACT }));
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await tls?.close();
});

/** Runs fn with the server's configuration changed (SMTP_URL, SMTP_ALLOW_PLAIN), then puts it back. */
async function withConfig<T>(change: Partial<ReturnType<typeof config>>, fn: () => Promise<T>): Promise<T> {
  const saved = config();
  setConfig({ ...saved, ...change });
  try {
    return await fn();
  } finally {
    setConfig(saved);
  }
}

const log = async (q: Record<string, string>) => ok(await owner.get(`/api/audit?${new URLSearchParams({ per_page: "100", ...q })}`)).data as Entry[];
const lastOf = async (operation: string) => (await log({})).find((e) => e.operation === operation);
const auditCount = async () => ok(await owner.get("/api/audit?per_page=1")).total as number;

describe("hole 5: Send Email (mail_driver smtp) requires TLS unless the owner allows plain SMTP", () => {
  it("smtp_allow_plain is off by default, is the owner's alone to change, and is validated (both doors)", async () => {
    expect(ok(await owner.get("/api/settings"))).toMatchObject({ smtp_allow_plain: false });
    expect((await owner.gql(`{ adminSettings { smtp_allow_plain } }`)).data.adminSettings).toEqual({ smtp_allow_plain: false });
    // Visitors never see it.
    expect(ok(await anon.get("/api/settings"))).not.toHaveProperty("smtp_allow_plain");
    // A dispatcher may send mail but not lower its protection.
    fails(await dispatcher.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: true }), 403);
    expectError(await dispatcher.gql(MAIL_SETTINGS, { i: { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: true } }), "FORBIDDEN");
    expect(fails(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: "yes" }), 422)).toEqual([
      "smtp_allow_plain must be true or false",
    ]);
    expect(fails(await owner.patch("/api/settings", { smtp_allow_plain: true }), 422)).toEqual(["mail_driver is required", "mail_template is required"]);
    expect(ok(await owner.get("/api/settings"))).toMatchObject({ smtp_allow_plain: false });
    // Left out: kept as it is.
    ok(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain" }));
    expect(ok(await owner.get("/api/settings"))).toMatchObject({ mail_driver: "smtp", smtp_allow_plain: false });
  });

  it("a peer without STARTTLS is refused with a clear 422 before the password is sent (REST and GraphQL)", async () => {
    const r = await owner.post("/api/contact", { to: "client@out.example", subject: "No TLS here", body: "Secret body", password: "mailbox-Secret-1" });
    const [message] = fails(r, 422);
    expect(message).toMatch(
      /^The message could not be delivered: the SMTP server does not offer TLS \(STARTTLS\), so the password would travel in clear; .*allow plain SMTP in Mail Settings/,
    );
    const g = await owner.gql(SEND, { i: { to: "client@out.example", subject: "No TLS here either", body: "b", password: "mailbox-Secret-2" } });
    expectError(g, "BAD_USER_INPUT", /does not offer TLS/);
    expect(plain.logins).toEqual([]);
    expect(plain.messages.filter((m) => m.to.includes("client@out.example"))).toEqual([]);
    const out = await db().mailMessage.findFirstOrThrow({ where: { subject: "No TLS here" } });
    expect(out).toMatchObject({ delivered: false });
    expect(out.error).toMatch(/does not offer TLS/);
  });

  it("the owner's smtp_allow_plain lets the message through in clear (GraphQL sets it; REST turns it off again)", async () => {
    expect((await owner.gql(MAIL_SETTINGS, { i: { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: true } })).data.updateMailSettings).toEqual({
      mail_driver: "smtp",
      smtp_allow_plain: true,
    });
    ok(await owner.post("/api/contact", { to: "client@out.example", subject: "Plain allowed", body: "b", password: "mailbox-Secret-3" }));
    await plain.waitFor((m) => m.to.includes("client@out.example"));
    expect(plain.logins).toEqual([{ user: CONTACT, pass: "mailbox-Secret-3", secure: false }]);
    expect(ok(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: false }))).toMatchObject({
      smtp_allow_plain: false,
    });
    fails(await owner.post("/api/contact", { to: "client@out.example", subject: "Plain off again", body: "b", password: "mailbox-Secret-4" }), 422);
    expect(plain.logins).toHaveLength(1);
  });

  it("a STARTTLS peer with a self-signed certificate is refused (the certificate is checked), even with plain SMTP allowed", async () => {
    await withConfig({ smtpUrl: tls.url }, async () => {
      for (const allow of [false, true]) {
        ok(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: allow }));
        const [message] = fails(
          await owner.post("/api/contact", { to: "c@tls.example", subject: `Self-signed ${allow}`, body: "b", password: "mailbox-Secret-5" }),
          422,
        );
        expect(message).toMatch(/the SMTP server's TLS certificate is not trusted \(self[- ]signed certificate\)/);
      }
    });
    expect(tls.logins).toEqual([]);
    ok(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: false }));
  });

  it("with the check skipped in SMTP_URL (tls.rejectUnauthorized=false), the password travels over TLS", async () => {
    await withConfig({ smtpUrl: `${tls.url}?tls.rejectUnauthorized=false` }, async () => {
      ok(await owner.post("/api/contact", { to: "c@tls.example", subject: "Over TLS", body: "b", password: "mailbox-Secret-6" }));
    });
    await tls.waitFor((m) => m.to.includes("c@tls.example"));
    expect(tls.logins).toEqual([{ user: CONTACT, pass: "mailbox-Secret-6", secure: true }]);
    ok(await owner.patch("/api/settings", { mail_driver: "mail", mail_template: "html1" }));
  });
});

describe("hole 5: the server's own transport (SMTP_URL) requires TLS unless SMTP_ALLOW_PLAIN=true", () => {
  it("a plain peer gets nothing, not even SMTP_URL's credentials; the failure is recorded and Send Email says how to allow it", async () => {
    await withConfig({ smtpUrl: `smtp://relay-user:relay-Secret-7@127.0.0.1:${plain.port}` }, async () => {
      ok(await anon.post("/api/contact", { email: "v@visitor.example", subject: "Own transport", body: "Hello" }));
      const [message] = fails(await owner.post("/api/contact", { to: "c@own.example", subject: "Own Send Email", body: "b" }), 422);
      expect(message).toMatch(/does not offer TLS \(STARTTLS\).*set SMTP_ALLOW_PLAIN=true on the server/);
    });
    const visitor = await db().mailMessage.findFirstOrThrow({ where: { subject: "[Contact] Own transport" } });
    expect(visitor).toMatchObject({ delivered: false });
    expect(visitor.error).toMatch(/does not offer TLS/);
    expect(plain.logins.filter((l) => l.user === "relay-user")).toEqual([]);
    expect(plain.messages.filter((m) => m.to.includes("c@own.example") || m.to.includes(CONTACT))).toEqual([]);
  });

  it("smtps:// speaks TLS from the first byte; SMTP_URL's credentials arrive encrypted", async () => {
    const implicit = await startSmtp({ tls: SELF_SIGNED, implicit: true });
    try {
      await withConfig({ smtpUrl: `smtps://relay-user:relay-Secret-8@127.0.0.1:${implicit.port}?tls.rejectUnauthorized=false` }, async () => {
        ok(await owner.post("/api/contact", { to: "c@implicit.example", subject: "Implicit TLS", body: "b" }));
      });
      await implicit.waitFor((m) => m.to.includes("c@implicit.example"));
      expect(implicit.logins).toEqual([{ user: "relay-user", pass: "relay-Secret-8", secure: true }]);
    } finally {
      await implicit.close();
    }
  });

  it("an SMTP_URL that is not smtp:// or smtps:// stops the start with a clear error, not a failure at the first message", () => {
    const saved = process.env.SMTP_URL;
    try {
      for (const bad of ["http://mail.example", "mail.example:587"]) {
        process.env.SMTP_URL = bad;
        expect(() => loadConfig()).toThrow("SMTP_URL must be an smtp:// or smtps:// URL");
      }
    } finally {
      process.env.SMTP_URL = saved;
    }
  });

  it("SMTP_ALLOW_PLAIN=true delivers in clear", async () => {
    await withConfig({ smtpAllowPlain: true }, async () => {
      ok(await owner.post("/api/contact", { to: "c@own.example", subject: "Own plain allowed", body: "b" }));
    });
    await plain.waitFor((m) => m.to.includes("c@own.example"));
  });
});

describe("hole 7: Send Email is in the audit log (who, recipients, subject; never the body or the password)", () => {
  it("each send through either door, delivered or not, with the outbox message as its object", async () => {
    ok(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain", smtp_allow_plain: true }));
    ok(await owner.post("/api/contact", { to: "audited@out.example", subject: "Audited REST", body: "Body-Not-In-Log", password: "Pass-Not-In-Log" }));
    expect(
      (await dispatcher.gql(SEND, { i: { to: "audited@out.example", subject: "Audited GraphQL", body: "Body-Not-In-Log", password: "Pass-Not-In-Log" } }))
        .errors,
    ).toBeUndefined();
    ok(await owner.patch("/api/settings", { mail_driver: "mail", mail_template: "html1" }));
    const entries = (await log({ object_type: "mail" })).filter((e) => e.operation === "mail.send");
    const rest = entries.find((e) => e.changes.subject?.[1] === "Audited REST")!;
    const gql = entries.find((e) => e.changes.subject?.[1] === "Audited GraphQL")!;
    const out = await db().mailMessage.findFirstOrThrow({ where: { subject: "Audited REST" } });
    expect(rest).toMatchObject({ actor: { kind: "member", name: OWNER.email }, object_type: "mail", object_id: String(out.id) });
    expect(rest.changes).toEqual({ recipients: [null, 1], subject: [null, "Audited REST"], driver: [null, "smtp"], delivered: [null, true] });
    expect(gql).toMatchObject({ actor: { kind: "member", name: DISPATCHER.email }, object_type: "mail" });
    // The refused sends of hole 5 are on record too, as not delivered.
    expect(entries.find((e) => e.changes.subject?.[1] === "No TLS here")?.changes.delivered).toEqual([null, false]);
    const all = JSON.stringify(await log({}));
    for (const secret of ["Body-Not-In-Log", "Pass-Not-In-Log", "mailbox-Secret", "audited@out.example"]) expect(all).not.toContain(secret);
  });

  it("a send refused before anything went out (a missing password, a bad address, no permission) writes no entry", async () => {
    const before = await auditCount();
    fails(await owner.post("/api/contact", { to: "not-an-address", subject: "s", body: "b" }), 422);
    fails(await courier.post("/api/contact", { to: "x@out.example", subject: "s", body: "b" }), 403);
    expectError(await courier.gql(SEND, { i: { to: "x@out.example", subject: "s", body: "b" } }), "FORBIDDEN");
    ok(await owner.patch("/api/settings", { mail_driver: "smtp", mail_template: "plain" }));
    expectFieldError(await owner.gql(SEND, { i: { to: "x@out.example", subject: "s", body: "b" } }), "password", /required when mail_driver is smtp/);
    ok(await owner.patch("/api/settings", { mail_driver: "mail", mail_template: "html1" }));
    // Only the two settings writes.
    expect((await auditCount()) - before).toBe(2);
  });
});

describe("hole 7: files that take data away are in the audit log", () => {
  const codes = ["HOLE-23-A1", "HOLE-23-B2"];
  beforeAll(async () => {
    for (const tracking_code of codes) ok(await owner.post("/api/parcels", { tracking_code, recipient_name: "Ada Obi", destination: "Lagos" }), 201);
  });
  const download = async (c: Client, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(t.url + path, { headers: { ...c.cookieHeader(), ...headers } });
    await res.arrayBuffer();
    return res.status;
  };

  it("the parcel export (CSV) with its filter", async () => {
    expect(await download(dispatcher, "/api/parcels/export.csv?search=HOLE-23")).toBe(200);
    expect(await lastOf("parcels.export")).toMatchObject({
      actor: { kind: "member", name: DISPATCHER.email },
      object_type: "parcel",
      object_id: null,
      changes: { search: [null, "HOLE-23"] },
    });
    expect(await download(owner, "/api/parcels/export.csv")).toBe(200);
    expect(await lastOf("parcels.export")).toMatchObject({ actor: { name: OWNER.email }, changes: {} });
    // Refused: no file, no entry.
    const before = await auditCount();
    expect(await download(courier, "/api/parcels/export.csv")).toBe(403);
    expect(await download(anon, "/api/parcels/export.csv")).toBe(401);
    expect(await auditCount()).toBe(before);
  });

  it("a single label and a batch of labels with their codes, whoever prints them (member or API key)", async () => {
    expect(await download(courier, `/api/parcels/${codes[0]}/label.pdf`)).toBe(200);
    expect(await lastOf("labels.print")).toMatchObject({
      actor: { kind: "member", name: COURIER.email },
      object_type: "parcel",
      changes: { code: [null, codes[0]] },
    });
    expect(await download(owner, `/api/labels.pdf?codes=${codes.join(",")}&format=a4`)).toBe(200);
    expect(await lastOf("labels.print")).toMatchObject({ actor: { name: OWNER.email }, changes: { codes: [null, codes.join(",")], format: [null, "a4"] } });
    const secret = `ck_${"h".repeat(40)}`;
    const key = await db().apiKey.create({ data: { name: "Label printer", prefix: secret.slice(0, 8), key_hash: sha256(secret), scopes: "parcels:read" } });
    expect(await download(anon, `/api/labels.pdf?codes=${codes[1]}`, { authorization: `Bearer ${secret}` })).toBe(200);
    expect(await lastOf("labels.print")).toMatchObject({ actor: { kind: "key", id: key.id, name: "Label printer" }, changes: { codes: [null, codes[1]] } });
    // An unknown code prints nothing and writes no entry.
    const before = await auditCount();
    expect(await download(owner, "/api/labels.pdf?codes=NO-SUCH-PARCEL")).toBe(404);
    expect(await download(anon, `/api/parcels/${codes[0]}/label.pdf`)).toBe(401);
    expect(await auditCount()).toBe(before);
  });

  it("the audit export (CSV) with its filters; reading the log on screen is not recorded", async () => {
    const before = await auditCount();
    ok(await owner.get("/api/audit?object_type=parcel"));
    expect((await owner.gql(`{ auditLog(per_page: 5) { total } }`)).errors).toBeUndefined();
    expect(await auditCount()).toBe(before);
    expect(await download(owner, "/api/audit?format=csv&object_type=parcel&from=2020-01-01")).toBe(200);
    expect(await lastOf("audit.export")).toMatchObject({
      actor: { kind: "member", name: OWNER.email },
      object_type: "audit",
      object_id: null,
      changes: { format: [null, "csv"], object_type: [null, "parcel"], from: [null, "2020-01-01"] },
    });
    // The export itself can be found by its object type; a dispatcher may not export the log.
    expect((await log({ object_type: "audit" })).map((e) => e.operation)).toEqual(["audit.export"]);
    expect(await download(dispatcher, "/api/audit?format=csv")).toBe(403);
    expect((await log({ object_type: "audit" })).length).toBe(1);
  });
});
