import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { expectAllUnauthenticated, expectError, expectFieldError, expectUnauthenticated } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";
import { settleAccountMail } from "../../server/modules/admin/admin.service.js";

const CREATE = `mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }`;
const SIGN_IN = `mutation($i: SignInInput!) { signIn(input: $i) { email } }`;
const SIGN_OUT = `mutation { signOut }`;
const ME = `{ me { email } }`;
const SEND_PIN = `mutation($i: SendPinInput!) { sendPin(input: $i) }`;
const RESET = `mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }`;
const CHANGE = `mutation($i: ChangePasswordInput!) { changePassword(input: $i) }`;

let EMAIL = "";
let password = "first-password-1";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const signIn = async (c: Client, email: string = EMAIL, pw: string = password) => c.gql(SIGN_IN, { i: { email, password: pw } });
async function signedIn(): Promise<Client> {
  const c = new Client(t.url);
  const r = await signIn(c);
  expect(r.data?.signIn?.email, JSON.stringify(r.errors)).toBe(EMAIL);
  return c;
}
/** Asks for a pin and returns the token from the message the SMTP peer received. */
async function requestToken(email: string = EMAIL): Promise<string> {
  const before = smtp.messages.length;
  const r = await new Client(t.url).gql(SEND_PIN, { i: { email } });
  expect(r.data.sendPin).toBe(true);
  const m = await smtp.waitFor((x) => smtp.messages.indexOf(x) >= before && x.to.includes(email));
  const token = /Your token: ([A-Za-z0-9_-]+)/.exec(mailText(m.raw))?.[1];
  expect(token, m.raw).toBeTruthy();
  return token!;
}

describe("createAdmin: the one-time link", () => {
  it("is open on a fresh site and validates while open, naming each field", async () => {
    const c = new Client(t.url);
    expect((await c.gql(`{ canCreateAdmin }`)).data.canCreateAdmin).toBe(true);
    const bad = await c.gql(CREATE, { i: { email: "not-an-email", password: "short", token: SETUP_TOKEN } });
    expectFieldError(bad, "email", /e-mail address/);
    expectFieldError(bad, "password", /at least 12 characters/);
    const blank = await c.gql(CREATE, { i: { email: "", password: "", token: SETUP_TOKEN } });
    expectError(blank, "BAD_USER_INPUT", "email is required", "password is required");
    expect(await db().admin.count()).toBe(0);
  });

  it("creates exactly one admin even when several requests race, storing the e-mail in lower case", async () => {
    const candidates = ["Owner-A@Swift.Example", "owner-b@swift.example", "owner-c@swift.example"];
    const results = await Promise.all(candidates.map((email) => new Client(t.url).gql(CREATE, { i: { email, password, token: SETUP_TOKEN } })));
    const ok = results.filter((r) => r.data?.createAdmin);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !x.data?.createAdmin)) expectError(r, "FORBIDDEN");
    expect(await db().admin.count()).toBe(1);
    EMAIL = ok[0].data.createAdmin.email;
    expect(candidates.map((x) => x.toLowerCase())).toContain(EMAIL);
  });

  it("is FORBIDDEN once an admin exists, checked before any validation", async () => {
    const c = new Client(t.url);
    expect((await c.gql(`{ canCreateAdmin }`)).data.canCreateAdmin).toBe(false);
    expectError(await c.gql(CREATE, { i: { email: "x", password: "", token: SETUP_TOKEN } }), "FORBIDDEN", /only be used once/);
    expectError(await c.gql(CREATE, { i: { email: "second@swift.example", password: "another-good-password", token: SETUP_TOKEN } }), "FORBIDDEN");
    expect(await db().admin.count()).toBe(1);
  });

  it("is recorded as a permanent one-time claim", async () => {
    const claim = await db().oneTimeClaim.findUnique({ where: { name: "first_admin" } });
    expect(claim).not.toBeNull();
    expect((await new Client(t.url).gql(`{ canCreateAdmin }`)).data.canCreateAdmin).toBe(false);
  });
});

describe("signIn and signOut", () => {
  it("rejects a wrong password or unknown e-mail with one BAD_USER_INPUT message", async () => {
    const c = new Client(t.url);
    const wrong = await signIn(c, EMAIL, "not-the-password");
    expectError(wrong, "BAD_USER_INPUT", "email or password is incorrect");
    expect(wrong.data).toBeNull();
    expectError(await signIn(c, "nobody@swift.example", password), "BAD_USER_INPUT", "email or password is incorrect");
    expect(c.cookies.size).toBe(0);
    expect((await c.gql(ME)).data.me).toBeNull();
  });

  it("validates its input, naming the field", async () => {
    const c = new Client(t.url);
    expectFieldError(await signIn(c, "nope", password), "email", /e-mail address/);
    expectFieldError(await signIn(c, EMAIL, ""), "password", /required/);
    // A missing variable field is a GraphQL coercion error that still names the field.
    expectFieldError(await c.gql(SIGN_IN, { i: { email: EMAIL } }), "password");
  });

  it("signs in case-insensitively and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const c = new Client(t.url);
    const r = await c.post("/graphql", { query: SIGN_IN, variables: { i: { email: EMAIL.toUpperCase(), password } } });
    expect(r.json.data.signIn.email).toBe(EMAIL);
    const cookie = r.headers.getSetCookie().find((x) => x.startsWith("courier_sid="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect((await c.gql(ME)).data.me).toEqual({ email: EMAIL });
    expect((await c.gql(`{ graph { admin } }`)).data.graph.admin).toBe(true);
    // The server keeps only a hash of the token.
    const token = c.cookies.get("courier_sid")!;
    expect(await db().session.findUnique({ where: { id: token } })).toBeNull();
  });

  it("signOut deletes the session server-side and clears the cookie; it also works without one", async () => {
    const c = await signedIn();
    const token = c.cookies.get("courier_sid")!;
    const count = await db().session.count();
    const r = await c.gql(SIGN_OUT);
    expect(r.data.signOut).toBe(true);
    expect(await db().session.count()).toBe(count - 1);
    expect(c.cookies.has("courier_sid")).toBe(false);
    // Replaying the old cookie does not bring the session back.
    const replay = new Client(t.url);
    replay.cookies.set("courier_sid", token);
    expect((await replay.gql(ME)).data.me).toBeNull();
    expectUnauthenticated(await replay.gql(`{ adminSettings { mail_driver } }`));
    expect((await new Client(t.url).gql(SIGN_OUT)).data.signOut).toBe(true);
  });

  it("ignores forged, oversized or expired session cookies", async () => {
    const forged = new Client(t.url);
    forged.cookies.set("courier_sid", "x".repeat(43));
    expect((await forged.gql(ME)).data.me).toBeNull();
    forged.cookies.set("courier_sid", "y".repeat(5000));
    expect((await forged.gql(ME)).data.me).toBeNull();
    const c = await signedIn();
    await db().session.updateMany({ data: { expires_at: new Date(Date.now() - 1000) } });
    expectUnauthenticated(await c.gql(`{ adminSettings { mail_driver } }`));
  });
});

describe("sendPin and resetPassword", () => {
  it("answers true for an unknown e-mail without sending anything", async () => {
    const before = smtp.messages.length;
    const r = await new Client(t.url).gql(SEND_PIN, { i: { email: "stranger@swift.example" } });
    expect(r.data.sendPin).toBe(true);
    // The mail goes in the background: once what was started has finished, nothing has been sent.
    await settleAccountMail();
    expect(smtp.messages.length).toBe(before);
    expect(await db().passwordReset.count()).toBe(0);
    expectFieldError(await new Client(t.url).gql(SEND_PIN, { i: { email: "nope" } }), "email");
  });

  it("mails a single-use token through the SMTP peer that resets the password and ends sessions", async () => {
    const other = await signedIn();
    const token = await requestToken();
    const m = smtp.messages[smtp.messages.length - 1];
    expect(mailText(m.raw)).toContain("https://courier.example/control/password.html?email=");
    // The token is not stored in clear.
    expect(await db().passwordReset.findFirst({ where: { token_hash: token } })).toBeNull();
    const c = new Client(t.url);
    const next = "second-password-2";
    const base = { email: EMAIL, new_password: next, confirm_new_password: next };
    expectFieldError(await c.gql(RESET, { i: { ...base, password_token: "wrong-token-123" } }), "password_token", /invalid or expired/);
    expectFieldError(await c.gql(RESET, { i: { ...base, confirm_new_password: "something-else", password_token: token } }), "confirm_new_password", /match/);
    expectFieldError(
      await c.gql(RESET, { i: { ...base, new_password: "short", confirm_new_password: "short", password_token: token } }),
      "new_password",
      /at least 12/,
    );
    expectFieldError(await c.gql(RESET, { i: { ...base, email: "stranger@swift.example", password_token: token } }), "password_token");
    expect((await c.gql(RESET, { i: { ...base, password_token: token } })).data.resetPassword).toBe(true);
    // Used once: the same token now fails.
    expectFieldError(
      await c.gql(RESET, { i: { ...base, new_password: "third-password-3", confirm_new_password: "third-password-3", password_token: token } }),
      "password_token",
    );
    expectError(await signIn(c), "BAD_USER_INPUT");
    password = next;
    expect((await signIn(c)).data.signIn.email).toBe(EMAIL);
    // The session that existed before the reset is gone.
    expectUnauthenticated(await other.gql(`{ adminSettings { mail_driver } }`));
    // The reset e-mail is in the outbox record.
    const admin = await signedIn();
    const outbox = await admin.gql(`{ outbox { data { kind to subject delivered } } }`);
    expect(outbox.data.outbox.data).toContainEqual({ kind: "reset", to: EMAIL, subject: "Your password reset token", delivered: true });
    // The recipient got the token; the recorded copy shows it masked (and so does the stored row).
    const bodies = (await admin.gql(`{ outbox { data { kind body } } }`)).data.outbox.data
      .filter((m: { kind: string }) => m.kind === "reset")
      .map((m: { body: string }) => m.body);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatch(/Your token: [A-Za-z0-9_-]{2}••••••/);
    expect(JSON.stringify(bodies)).not.toContain(token);
    expect(JSON.stringify(await db().mailMessage.findMany())).not.toContain(token);
  });

  it("refuses an expired token", async () => {
    const token = await requestToken();
    await db().passwordReset.updateMany({ where: { used_at: null }, data: { expires_at: new Date(Date.now() - 1000) } });
    const r = await new Client(t.url).gql(RESET, {
      i: { email: EMAIL, new_password: "never-set-pass", confirm_new_password: "never-set-pass", password_token: token },
    });
    expectFieldError(r, "password_token", /expired/);
    expect((await signIn(new Client(t.url))).data.signIn.email).toBe(EMAIL);
  });
});

describe("changePassword", () => {
  it("needs a session", async () => {
    await expectAllUnauthenticated(new Client(t.url), [[CHANGE, { i: { password, new_password: "whatever-long", confirm_new_password: "whatever-long" } }]]);
  });

  it("checks the current password, the confirmation and the new password's length", async () => {
    const c = await signedIn();
    expectFieldError(
      await c.gql(CHANGE, { i: { password: "wrong-current", new_password: "new-password-9", confirm_new_password: "new-password-9" } }),
      "password",
      /incorrect/,
    );
    expectFieldError(
      await c.gql(CHANGE, { i: { password, new_password: "new-password-9", confirm_new_password: "new-password-8" } }),
      "confirm_new_password",
      /match/,
    );
    expectFieldError(await c.gql(CHANGE, { i: { password, new_password: "short", confirm_new_password: "short" } }), "new_password", /at least 12/);
    expectFieldError(
      await c.gql(CHANGE, { i: { password: "", new_password: "new-password-9", confirm_new_password: "new-password-9" } }),
      "password",
      /required/,
    );
    expect((await signIn(new Client(t.url))).data.signIn.email).toBe(EMAIL);
  });

  it("changes it, keeps this client signed in with a new session and ends every other session", async () => {
    const c = await signedIn();
    const other = await signedIn();
    const oldToken = c.cookies.get("courier_sid");
    const next = "changed-password-4";
    expect((await c.gql(CHANGE, { i: { password, new_password: next, confirm_new_password: next } })).data.changePassword).toBe(true);
    expect(c.cookies.get("courier_sid")).not.toBe(oldToken);
    expect((await c.gql(ME)).data.me).toEqual({ email: EMAIL });
    expect((await other.gql(ME)).data.me).toBeNull();
    expect(await db().session.count()).toBe(1);
    expectError(await signIn(new Client(t.url)), "BAD_USER_INPUT");
    password = next;
    expect((await signIn(new Client(t.url))).data.signIn.email).toBe(EMAIL);
  });
});
