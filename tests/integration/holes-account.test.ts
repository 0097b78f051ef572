// Issue 23, the account holes: two-step sign-in changes need the password (and are mailed; a
// password reset clears it; the owner can reset a member's), the per-account sign-in limit counts
// failures only and locks out only those who failed, a change of password is limited like a
// sign-in, an invited member gets no reset token, and sign-ins (right and wrong) and sign-outs
// are in the audit log. The limits are the defaults (10 tries per client, 20 wrong ones per
// account); each test speaks from its own loopback addresses, so the per-client counts of one
// test do not reach another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "reflect-metadata";
import * as OTPAuth from "otpauth";
import { startTestApp, SETUP_TOKEN, type TestApp } from "../helpers/app.js";
import { send, type Answer } from "../helpers/raw.js";
import { decodeMail, startSmtp, type ReceivedMail } from "../helpers/smtp.js";
import { db } from "../../server/db/index.js";
import { hashPassword, settleAccountMail } from "../../server/modules/admin/admin.service.js";
import { sha256 } from "../../server/core/tokens.js";

const OWNER = { email: "owner@holes.example", password: "owner-pass-word-1" };
const PASSWORD = "member-pass-word-2";
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: At;
let ownerId: number;

/** A client at one loopback address (the server counts it by that address), keeping its session cookie. */
class At {
  cookie = "";
  constructor(readonly from: string) {}
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    const text = body === undefined ? undefined : JSON.stringify(body);
    if (text !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
    if (this.cookie) headers.cookie = this.cookie;
    const r = await send(t.url, method, path, { from: this.from, body: text, headers });
    for (const c of ([] as string[]).concat(r.headers["set-cookie"] ?? [])) {
      const pair = c.split(";")[0];
      if (pair.startsWith("courier_sid=")) this.cookie = pair.length > "courier_sid=".length && !/max-age=0|expires=thu, 01 jan 1970/i.test(c) ? pair : "";
    }
    return r;
  }
  async gql(query: string, variables?: Record<string, unknown>) {
    const r = await this.call("POST", "/graphql", { query, variables });
    return { data: r.json?.data, errors: r.json?.errors as { message: string; extensions: { code: string } }[] | undefined };
  }
  /** A copy speaking from another address with the same session cookie (a stolen session). */
  from2(address: string) {
    const c = new At(address);
    c.cookie = this.cookie;
    return c;
  }
}

const ok = (r: Answer) => {
  expect(r.status, r.text).toBe(200);
  return r.json.data;
};
const fails = (r: Answer, status: number): string[] => {
  expect(r.status, r.text).toBe(status);
  return r.json.errors;
};
const signIn = (c: At, email: string, password: string, more: Record<string, string> = {}) =>
  c.call("POST", "/api/admins/auth/signin", { email, password, ...more });
const SIGN_IN = `mutation($i: SignInInput!) { signIn(input: $i) { email totp_required } }`;

let addressSeq = 0;
/** A fresh loopback address for one client of one test. */
const address = () => `127.0.${10 + Math.floor(addressSeq / 200)}.${1 + (addressSeq++ % 200)}`;

async function member(email: string, role = "dispatcher"): Promise<number> {
  return (await db().admin.create({ data: { email, password_hash: await hashPassword(PASSWORD), role } })).id;
}
async function memberSignedIn(email: string, role = "dispatcher"): Promise<{ id: number; c: At }> {
  const id = await member(email, role);
  const c = new At(address());
  ok(await signIn(c, email, PASSWORD));
  // The session goes on from an address of its own: the sign-in does not count there.
  return { id, c: c.from2(address()) };
}

const STEP_MS = 30_000;
const codeAt = (secret: string, step: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: step * STEP_MS + 1000 });
/** Waits out the last 3 s of a step (the sleep is the clock itself: a code must stay valid while it is used). */
async function awayFromEdge() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 3000) await new Promise((r) => setTimeout(r, left + 100));
}
/** Turns two-step sign-in on through REST, with the password; answers the secret. */
async function turnOn(c: At): Promise<string> {
  const { secret } = ok(await c.call("POST", "/api/admins/auth/totp", { password: PASSWORD }));
  await awayFromEdge();
  ok(await c.call("PATCH", "/api/admins/auth/totp", { password: PASSWORD, code: codeAt(secret, Math.floor(Date.now() / STEP_MS) - 1) }));
  return secret;
}

const used = new Set<ReceivedMail>();
/** The next mail to `to` whose subject matches (each mail is taken once). */
async function mailTo(to: string, subject: RegExp) {
  const m = await smtp.waitFor((x) => !used.has(x) && x.to.includes(to) && subject.test(decodeMail(x.raw).subject));
  used.add(m);
  return decodeMail(m.raw);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", RATE_LIMIT_SIGNIN: "10", RATE_LIMIT_SIGNIN_ACCOUNT: "20" });
  owner = new At(address());
  expect((await owner.call("POST", "/api/admins", { ...OWNER, token: SETUP_TOKEN })).status).toBe(201);
  ok(await signIn(owner, OWNER.email, OWNER.password));
  ownerId = (await db().admin.findUniqueOrThrow({ where: { email: OWNER.email } })).id;
});
afterAll(async () => {
  await settleAccountMail();
  await t?.close();
  await smtp?.close();
});

describe("2: two-step sign-in needs the current password, is mailed, cleared by a reset, and reset by the owner", () => {
  it("a session alone cannot set it up or confirm it (REST and GraphQL); wrong passwords count against the sign-in limits", async () => {
    const email = "stolen@holes.example";
    const { c } = await memberSignedIn(email);
    // Without the password: 422 naming it, nothing stored.
    expect(fails(await c.call("POST", "/api/admins/auth/totp"), 422).join()).toMatch(/password/);
    expect(fails(await c.call("POST", "/api/admins/auth/totp", {}), 422).join()).toMatch(/^password/);
    expect(fails(await c.call("POST", "/api/admins/auth/totp", { password: "not-the-password-1" }), 422)).toEqual(["password is incorrect"]);
    const g = await c.gql(`mutation { setUpTotp { secret } }`);
    expect(g.errors?.[0].message).toMatch(/input/);
    const gWrong = await c.gql(`mutation($i: TotpProofInput!) { setUpTotp(input: $i) { secret } }`, { i: { password: "not-the-password-1" } });
    expect(gWrong.errors?.[0]).toMatchObject({ message: "password is incorrect", extensions: { code: "BAD_USER_INPUT" } });
    expect((await db().admin.findUniqueOrThrow({ where: { email } })).totp_secret).toBeNull();

    // With it: a secret; confirming needs the password as well as the code.
    const { secret } = ok(await c.call("POST", "/api/admins/auth/totp", { password: PASSWORD }));
    await awayFromEdge();
    const code = codeAt(secret, Math.floor(Date.now() / STEP_MS));
    expect(fails(await c.call("PATCH", "/api/admins/auth/totp", { code }), 422).join()).toMatch(/^password/);
    expect(fails(await c.call("PATCH", "/api/admins/auth/totp", { code, password: "not-the-password-1" }), 422)).toEqual(["password is incorrect"]);
    const gConfirm = await c.gql(`mutation($i: ConfirmTotpInput!) { confirmTotp(input: $i) { recovery_codes } }`, { i: { code } });
    expect(gConfirm.errors?.[0].message).toMatch(/password/);
    expect((await db().admin.findUniqueOrThrow({ where: { email } })).totp_enabled).toBe(false);

    // 3 wrong passwords so far from this address; 7 more reach the per-client limit of 10, then 429 even with the right one.
    for (let i = 0; i < 7; i++) fails(await c.call("POST", "/api/admins/auth/totp", { password: `wrong-password-${i}` }), 422);
    const refused = await c.call("PATCH", "/api/admins/auth/totp", { code, password: PASSWORD });
    fails(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const gRefused = await c.gql(`mutation($i: ConfirmTotpInput!) { confirmTotp(input: $i) { recovery_codes } }`, { i: { code, password: PASSWORD } });
    expect(gRefused.errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");

    // The member, from another address: the password and the code turn it on, and a mail says so.
    const mine = c.from2(address());
    expect(ok(await mine.call("PATCH", "/api/admins/auth/totp", { code, password: PASSWORD })).recovery_codes).toHaveLength(10);
    expect((await mailTo(email, /^Two-step sign-in is on$/)).text).toMatch(/turned on for your account/);
  });

  it("turning it off and new recovery codes need the password, not a code alone; turning it off is mailed", async () => {
    const email = "off@holes.example";
    const { id, c } = await memberSignedIn(email);
    const secret = await turnOn(c);
    await mailTo(email, /^Two-step sign-in is on$/);
    const code = codeAt(secret, Math.floor(Date.now() / STEP_MS));
    expect(fails(await c.call("POST", "/api/admins/auth/totp/recovery-codes", { code }), 422).join()).toMatch(/^password/);
    expect(fails(await c.call("DELETE", "/api/admins/auth/totp", { code }), 422).join()).toMatch(/^password/);
    const gOff = await c.gql(`mutation($i: TotpProofInput!) { disableTotp(input: $i) }`, { i: { code } });
    expect(gOff.errors?.[0].message).toMatch(/password/);
    expect(fails(await c.call("DELETE", "/api/admins/auth/totp", { password: "not-the-password-1" }), 422)).toEqual(["password is incorrect"]);
    expect((await db().admin.findUniqueOrThrow({ where: { email } })).totp_enabled).toBe(true);
    const regenerated = await c.gql(`mutation($i: TotpProofInput!) { regenerateRecoveryCodes(input: $i) { recovery_codes } }`, { i: { password: PASSWORD } });
    expect(regenerated.data.regenerateRecoveryCodes.recovery_codes).toHaveLength(10);
    expect(ok(await c.call("POST", "/api/admins/auth/totp/recovery-codes", { password: PASSWORD })).recovery_codes).toHaveLength(10);
    // Both are in the audit log (the codes' own rows are not audited: each call is), never a code.
    const log = ok(await owner.call("GET", `/api/audit?object_type=member&object_id=${id}&per_page=100`)).data as { operation: string; actor: unknown }[];
    const renewed = log.filter((e) => e.operation === "account.totp.recoveryCodes");
    expect(renewed).toHaveLength(2);
    for (const e of renewed) expect(e).toMatchObject({ actor: { kind: "member", id, name: email }, changes: {} });
    const off = await c.gql(`mutation($i: TotpProofInput!) { disableTotp(input: $i) }`, { i: { password: PASSWORD } });
    expect(off.data?.disableTotp).toBe(true);
    expect((await mailTo(email, /^Two-step sign-in is off$/)).text).toMatch(/turned off for your account/);
  });

  it("a password reset (send-pin, then the token) turns it off, with a notice mail", async () => {
    const email = "lost-phone@holes.example";
    const { id, c } = await memberSignedIn(email);
    await turnOn(c);
    await mailTo(email, /^Two-step sign-in is on$/);
    ok(await new At(address()).call("POST", "/api/admins/auth/send-pin", { email }));
    const resetMail = await mailTo(email, /reset token/);
    expect(resetMail.text).toMatch(/also turns two-step sign-in off/);
    const token = /Your token: (\S+)/.exec(resetMail.text)![1];
    const next = "brand-new-pass-word-3";
    ok(
      await new At(address()).call("PATCH", "/api/admins/auth/update/password-guest", {
        email,
        new_password: next,
        confirm_new_password: next,
        password_token: token,
      }),
    );
    const row = await db().admin.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ totp_enabled: false, totp_secret: null });
    expect(await db().recoveryCode.count({ where: { admin_id: id } })).toBe(0);
    // The new password alone signs in (no totp_required).
    const after = new At(address());
    expect(ok(await signIn(after, email, next))).toEqual({ email, role: "dispatcher" });
    expect((await mailTo(email, /after a password reset/)).text).toMatch(/turned two-step sign-in off/);
  });

  it("the owner resets a member's two-step sign-in (REST and GraphQL): off, sessions ended, mailed, audited; nobody else, and not one's own", async () => {
    const email = "reset-me@holes.example";
    const { id, c } = await memberSignedIn(email);
    await turnOn(c);
    await mailTo(email, /^Two-step sign-in is on$/);
    const session = new At(address());
    const secret = (await db().admin.findUniqueOrThrow({ where: { id } })).totp_secret!;
    await awayFromEdge();
    ok(await signIn(session, email, PASSWORD, { totp_code: codeAt(secret, Math.floor(Date.now() / STEP_MS)) }));

    // Not the member themself (a dispatcher lacks the staff permission), nor anonymously.
    expect(fails(await session.call("DELETE", "/api/staff/totp", { id }), 403).join()).toMatch(/lacks the permission staff/);
    fails(await new At(address()).call("DELETE", "/api/staff/totp", { id }), 401);
    const gDenied = await session.gql(`mutation($id: Int!) { resetMemberTotp(id: $id) { id } }`, { id });
    expect(gDenied.errors?.[0].extensions.code).toBe("FORBIDDEN");
    // Bad input, an unknown member, the owner's own account.
    expect(fails(await owner.call("DELETE", "/api/staff/totp", { id: "x" }), 422).join()).toMatch(/^id/);
    fails(await owner.call("DELETE", "/api/staff/totp", { id: 999999 }), 404);
    expect(fails(await owner.call("DELETE", "/api/staff/totp", { id: ownerId }), 409).join()).toMatch(/your own account/);

    const reset = ok(await owner.call("DELETE", "/api/staff/totp", { id }));
    expect(reset).toMatchObject({ id, email, totp_enabled: false });
    expect(await db().recoveryCode.count({ where: { admin_id: id } })).toBe(0);
    fails(await session.call("GET", "/api/admins/auth/totp"), 401);
    expect((await mailTo(email, /^Your two-step sign-in was reset$/)).text).toMatch(/The owner reset two-step sign-in/);
    expect(ok(await signIn(new At(address()), email, PASSWORD))).toEqual({ email, role: "dispatcher" });
    // Nothing left to reset.
    expect(fails(await owner.call("DELETE", "/api/staff/totp", { id }), 409).join()).toMatch(/does not use two-step sign-in/);

    // The GraphQL door.
    const again = await memberSignedIn("reset-graph@holes.example");
    await turnOn(again.c);
    const g = await owner.gql(`mutation($id: Int!) { resetMemberTotp(id: $id) { id totp_enabled } }`, { id: again.id });
    expect(g.data?.resetMemberTotp).toEqual({ id: again.id, totp_enabled: false });
    await mailTo("reset-graph@holes.example", /^Your two-step sign-in was reset$/);

    const audit = ok(await owner.call("GET", `/api/audit?object_type=member&object_id=${id}&per_page=100`)).data;
    const entry = audit.find((e: { operation: string }) => e.operation === "staff.resetTotp");
    expect(entry).toMatchObject({ actor: { kind: "member", id: ownerId }, changes: { totp_enabled: [true, false] } });
  });
});

describe("3: the per-account sign-in limit counts failures only and locks out only who failed", () => {
  it("10 wrong passwords from each of two addresses, then the right one from a third signs in; those who failed stay refused", async () => {
    const email = "target@holes.example";
    await member(email, "owner");
    const [a, b] = [new At(address()), new At(address())];
    for (const c of [a, b])
      for (let i = 0; i < 10; i++) expect(fails(await signIn(c, email, `wrong-password-${i}`), 422)).toEqual(["email or password is incorrect"]);
    // The account is at its limit of 20 wrong tries: the member, from an address that has not failed, signs in.
    const mine = new At(address());
    expect(ok(await signIn(mine, email, PASSWORD))).toEqual({ email, role: "owner" });
    expect(mine.cookie).toMatch(/^courier_sid=/);
    // GraphQL too, from another clean address.
    const mine2 = new At(address());
    expect((await mine2.gql(SIGN_IN, { i: { email, password: PASSWORD } })).data?.signIn).toEqual({ email, totp_required: null });

    // A third guesser past the limit is heard once (wrong: 422), then refused even with the right password, through both doors.
    const c = new At(address());
    expect(fails(await signIn(c, email, "wrong-password-x"), 422)).toEqual(["email or password is incorrect"]);
    const refused = await signIn(c, email, PASSWORD);
    fails(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await c.gql(SIGN_IN, { i: { email, password: PASSWORD } })).errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    expect(c.cookie).toBe("");
  });

  it("right sign-ins never count against the account", async () => {
    const email = "busy@holes.example";
    await member(email);
    for (let i = 0; i < 25; i++) ok(await signIn(new At(address()), email, PASSWORD));
  });

  it("wrong codes count like wrong passwords; the per-client limit still counts every try", async () => {
    const email = "codes@holes.example";
    const { c } = await memberSignedIn(email);
    await turnOn(c);
    const guesser = new At(address());
    for (let i = 0; i < 10; i++) fails(await signIn(guesser, email, PASSWORD, { totp_code: "000000" }), 422);
    fails(await signIn(guesser, email, PASSWORD), 429);
    const clean = new At(address());
    for (let i = 0; i < 10; i++) ok(await signIn(clean, email, PASSWORD));
    fails(await signIn(clean, email, PASSWORD), 429);
  });
});

describe("4: a change of password is limited like a sign-in", () => {
  it("wrong current passwords count per client and per account, 429 past them, through both doors", async () => {
    const email = "change@holes.example";
    const { c } = await memberSignedIn(email);
    const change = (x: At, password: string) =>
      x.call("PATCH", "/api/admins/auth/update/password-user", { password, new_password: "new-pass-word-99", confirm_new_password: "new-pass-word-99" });
    const CHANGE = `mutation($i: ChangePasswordInput!) { changePassword(input: $i) }`;
    for (let i = 0; i < 10; i++) expect(fails(await change(c, `wrong-password-${i}`), 422)).toEqual(["password is incorrect"]);
    // The 11th from this address: 429, even with the right password.
    const refused = await change(c, PASSWORD);
    fails(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(
      (await c.gql(CHANGE, { i: { password: PASSWORD, new_password: "new-pass-word-99", confirm_new_password: "new-pass-word-99" } })).errors?.[0].extensions
        .code,
    ).toBe("TOO_MANY_REQUESTS");

    // The same session from a second address (GraphQL): 10 more wrong ones reach the account's 20.
    const d = c.from2(address());
    for (let i = 0; i < 10; i++) {
      const g = await d.gql(CHANGE, { i: { password: `wrong-password-${i}`, new_password: "new-pass-word-99", confirm_new_password: "new-pass-word-99" } });
      expect(g.errors?.[0]).toMatchObject({ message: "password is incorrect", extensions: { code: "BAD_USER_INPUT" } });
    }
    // A third address past the account's limit: heard once, then refused.
    const e = c.from2(address());
    fails(await change(e, "wrong-password-z"), 422);
    fails(await change(e, PASSWORD), 429);
    // The right password from an address that never failed still works.
    ok(await change(c.from2(address()), PASSWORD));
  });
});

describe("6: an invited member without a password gets no reset token", () => {
  it("send-pin answers as for an unknown address and mails nothing; a reset is refused", async () => {
    const email = "invitee@holes.example";
    const made = await owner.call("POST", "/api/staff", { email, role: "dispatcher" });
    expect(made.status, made.text).toBe(201);
    const invited = made.json.data;
    await mailTo(email, /invited/);
    const anon = new At(address());
    const known = await anon.call("POST", "/api/admins/auth/send-pin", { email });
    const unknown = await anon.call("POST", "/api/admins/auth/send-pin", { email: "nobody@holes.example" });
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect((await anon.gql(`mutation($i: SendPinInput!) { sendPin(input: $i) }`, { i: { email } })).data?.sendPin).toBe(true);
    await settleAccountMail();
    expect(await db().passwordReset.count({ where: { admin_id: invited.id } })).toBe(0);
    expect(smtp.messages.filter((m) => m.to.includes(email) && /reset token/.test(decodeMail(m.raw).subject))).toEqual([]);

    // A token made for the invited row (as before this fix) does not set a password.
    await db().passwordReset.create({
      data: { admin_id: invited.id, token_hash: sha256("invitee-token-aaaaaaaa"), expires_at: new Date(Date.now() + 600_000) },
    });
    const next = "sneaky-pass-word-4";
    expect(
      fails(
        await anon.call("PATCH", "/api/admins/auth/update/password-guest", {
          email,
          new_password: next,
          confirm_new_password: next,
          password_token: "invitee-token-aaaaaaaa",
        }),
        422,
      ),
    ).toEqual(["password_token is invalid or expired"]);
    const g = await anon.gql(`mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }`, {
      i: { email, new_password: next, confirm_new_password: next, password_token: "invitee-token-aaaaaaaa" },
    });
    expect(g.errors?.[0].message).toBe("password_token is invalid or expired");
    expect((await db().admin.findUniqueOrThrow({ where: { id: invited.id } })).password_hash).toBe("");
    fails(await signIn(new At(address()), email, next), 422);
  });
});

describe("7: sign-ins, right and wrong, and sign-outs are in the audit log", () => {
  type Entry = {
    actor: { kind: string; id: number | null; name: string };
    operation: string;
    object_type: string;
    object_id: string | null;
    changes: Record<string, [unknown, unknown]>;
  };
  const log = async (q: string): Promise<Entry[]> => ok(await owner.call("GET", `/api/audit?per_page=100&${q}`)).data;

  it("records each sign-in (the member as actor), each failure (the member as object; an unknown address hashed) and sign-outs; the filters find them", async () => {
    const email = "audited@holes.example";
    const id = await member(email);
    const c = new At(address());
    fails(await signIn(c, email, "wrong-password-1"), 422);
    ok(await signIn(c, email, PASSWORD));
    const g = new At(address());
    expect((await g.gql(SIGN_IN, { i: { email, password: "wrong-password-2" } })).errors?.[0].message).toBe("email or password is incorrect");
    expect((await g.gql(SIGN_IN, { i: { email, password: PASSWORD } })).data?.signIn.email).toBe(email);
    ok(await c.call("POST", "/api/admins/auth/signout"));
    expect((await g.gql(`mutation { signOut }`)).data?.signOut).toBe(true);

    // The member's object history: two failures by a visitor, two sign-ins and two sign-outs by the member.
    const history = (await log(`object_type=member&object_id=${id}`)).reverse().filter((e) => e.operation.startsWith("account."));
    expect(history.map((e) => e.operation)).toEqual([
      "account.signIn.failed",
      "account.signIn",
      "account.signIn.failed",
      "account.signIn",
      "account.signOut",
      "account.signOut",
    ]);
    const [failed, signedIn] = history;
    expect(failed).toMatchObject({
      actor: { kind: "system", id: null, name: "visitor" },
      object_type: "member",
      object_id: String(id),
      changes: { failure: [null, "email or password is incorrect"], client: [null, c.from] },
    });
    expect(signedIn).toMatchObject({ actor: { kind: "member", id, name: email }, changes: { signed_in_with: [null, "password"], client: [null, c.from] } });
    // By actor: the member's own entries; the visitor's failures.
    expect((await log(`actor=member:${id}`)).map((e) => e.operation).sort()).toEqual([
      "account.signIn",
      "account.signIn",
      "account.signOut",
      "account.signOut",
    ]);
    expect((await log(`actor=${encodeURIComponent(email)}`)).length).toBe(4);
    expect((await log(`actor=visitor&object_type=member&object_id=${id}`)).length).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`object_type=member&object_id=${id}&from=${today}&to=${today}`)).filter((e) => e.operation.startsWith("account.")).length).toBe(6);
    expect(await log(`object_type=member&object_id=${id}&to=2000-01-01`)).toEqual([]);
    // GraphQL reads them too.
    const gl = await owner.gql(
      `query($id: String) { auditLog(object_type: "member", object_id: $id, per_page: 100) { data { operation actor { kind name } } } }`,
      { id: String(id) },
    );
    expect(gl.data?.auditLog.data.map((e: { operation: string }) => e.operation)).toContain("account.signIn.failed");
  });

  it("a wrong sign-in for an unknown address makes up no actor or object: the address is kept hashed", async () => {
    const unknown = "Nobody-Known@holes.example";
    const c = new At(address());
    fails(await signIn(c, unknown, "wrong-password-1"), 422);
    const failures = (await log("actor=visitor&object_type=member")).filter((e) => e.operation === "account.signIn.failed" && e.object_id === null);
    expect(failures).toHaveLength(1);
    expect(failures[0].changes.email_sha256).toEqual([null, sha256(unknown.toLowerCase()).slice(0, 16)]);
    const all = JSON.stringify(await log(""));
    expect(all.toLowerCase()).not.toContain(unknown.toLowerCase());
    const actors = ok(await owner.call("GET", "/api/audit/actors"));
    expect(JSON.stringify(actors).toLowerCase()).not.toContain("nobody-known");
    expect(await db().admin.count({ where: { email: unknown.toLowerCase() } })).toBe(0);
  });
});
