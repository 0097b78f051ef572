import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ADMIN, fails, ok, signedIn } from "../fixtures/rest.js";

/**
 * Two-step sign-in (TOTP, RFC 6238) through both doors: set-up, confirm, sign-in with a code and
 * with a recovery code, replays and wrong codes refused (and counted), disabling, and the owner's
 * requirement for everyone (a member without it is limited to setting it up).
 */
const ACCOUNT_LIMIT = 25;
let t: TestApp;
let owner: Client;
const PASSWORD = "totp-test-password-42";

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SIGNIN_ACCOUNT: String(ACCOUNT_LIMIT) });
  owner = await signedIn(t);
});
afterAll(() => t?.close());

const db = async () => (await import("../../server/db/index.js")).db();

/** A member of the staff with a password (as an accepted invitation leaves it). */
async function member(email: string, role = "dispatcher"): Promise<void> {
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  await (await db()).admin.create({ data: { email, password_hash: await hashPassword(PASSWORD), role } });
}

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);
/** The code of the app for a time step (computed with the same library as the server). */
const codeAt = (secret: string, step: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: step * STEP_MS + 1000 });
/** Waits out the last 3 s of a step, so a step the test picks is still within the server's drift window (the sleep is the clock itself). */
async function awayFromEdge(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 3000) await new Promise((r) => setTimeout(r, left + 100));
}
/** A six-digit code that none of the steps around now (of this secret) has. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => codeAt(secret, stepNow() + d)));
  for (let n = 123456; ; n = (n + 1) % 1_000_000) if (!near.has(String(n).padStart(6, "0"))) return String(n).padStart(6, "0");
}

async function restSignIn(email: string) {
  const c = new Client(t.url);
  ok(await c.post("/api/admins/auth/signin", { email, password: PASSWORD }));
  return c;
}

/** Sets up and confirms two-step sign-in through REST (with the password) with the previous step's code; answers the secret and recovery codes. */
async function turnOnRest(c: Client, password = PASSWORD): Promise<{ secret: string; codes: string[]; step: number }> {
  const setup = ok(await c.post("/api/admins/auth/totp", { password }));
  await awayFromEdge();
  const step = stepNow() - 1;
  const { recovery_codes } = ok(await c.patch("/api/admins/auth/totp", { code: codeAt(setup.secret, step), password }));
  return { secret: setup.secret, codes: recovery_codes, step };
}

describe("REST door", () => {
  it("sets up, confirms, signs in with a code and a recovery code, refuses replays and wrong codes, and turns off", async () => {
    const email = "rest@example.com";
    await member(email);
    // Without two-step sign-in the answer is the contract's, unchanged: { email, role } and the cookie.
    const a = new Client(t.url);
    const first = await a.post("/api/admins/auth/signin", { email, password: PASSWORD });
    expect(ok(first)).toEqual({ email, role: "dispatcher" });
    expect(first.headers.getSetCookie().join()).toMatch(/courier_sid=/);

    expect(ok(await a.get("/api/admins/auth/totp"))).toEqual({ enabled: false, required: false, pending: false, recovery_codes_left: 0 });
    const setup = ok(await a.post("/api/admins/auth/totp", { password: PASSWORD }));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toMatch(new RegExp(`${email}$`));
    expect(uri.searchParams.get("secret")).toBe(setup.secret);
    expect(uri.searchParams.get("issuer")).toBeTruthy();
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(",")[1], "base64").toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(ok(await a.get("/api/admins/auth/totp"))).toMatchObject({ enabled: false, pending: true });

    // Not on yet: the password alone still signs in.
    expect(ok(await new Client(t.url).post("/api/admins/auth/signin", { email, password: PASSWORD }))).toEqual({ email, role: "dispatcher" });

    // Confirming: bad input names the field; a wrong code is refused.
    expect(fails(await a.patch("/api/admins/auth/totp", { code: "12ab", password: PASSWORD }), 422).join()).toMatch(/^code must be the 6 digits/);
    expect(fails(await a.patch("/api/admins/auth/totp", {}), 422).join()).toMatch(/code/);
    expect(fails(await a.patch("/api/admins/auth/totp", { code: wrongCode(setup.secret), password: PASSWORD }), 422)).toEqual(["code is incorrect"]);
    await awayFromEdge();
    const step = stepNow();
    const confirmed = await a.patch("/api/admins/auth/totp", { code: codeAt(setup.secret, step - 1), password: PASSWORD });
    const codes: string[] = ok(confirmed).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // The session was rotated; this client stays signed in.
    expect(confirmed.headers.getSetCookie().join()).toMatch(/courier_sid=/);
    expect(ok(await a.get("/api/admins/auth/totp"))).toEqual({ enabled: true, required: false, pending: false, recovery_codes_left: 10 });
    expect(fails(await a.post("/api/admins/auth/totp", { password: PASSWORD }), 409).join()).toMatch(/already on/);
    // Stored hashed: no code appears in the table.
    const rows = await (await db()).recoveryCode.findMany({ where: { admin: { email } } });
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(codes.some((c) => r.code_hash.includes(c) || r.code_hash.includes(c.replace("-", "")))).toBe(false);

    // The password alone: no session, totp_required.
    const b = new Client(t.url);
    const pending = await b.post("/api/admins/auth/signin", { email, password: PASSWORD });
    expect(ok(pending)).toEqual({ email, role: "dispatcher", totp_required: true });
    expect(pending.headers.getSetCookie()).toEqual([]);
    fails(await b.get("/api/admins/auth/totp"), 401);
    // The code that confirmed it cannot sign in (its step is used); nor a wrong one; nor a right code with a wrong password.
    expect(fails(await b.post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: codeAt(setup.secret, step - 1) }), 422).join()).toMatch(
      /totp_code was already used/,
    );
    expect(fails(await b.post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: wrongCode(setup.secret) }), 422)).toEqual([
      "totp_code is incorrect",
    ]);
    expect(fails(await b.post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: "1234567" }), 422).join()).toMatch(
      /^totp_code must be the 6 digits/,
    );
    expect(fails(await b.post("/api/admins/auth/signin", { email, password: "wrong-password-123", totp_code: codeAt(setup.secret, step) }), 422)).toEqual([
      "email or password is incorrect",
    ]);
    // The current code signs in (with the cookie)...
    const signed = await b.post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: codeAt(setup.secret, step) });
    expect(ok(signed)).toEqual({ email, role: "dispatcher" });
    expect(signed.headers.getSetCookie().join()).toMatch(/courier_sid=/);
    expect(ok(await b.get("/api/admins/auth/totp")).enabled).toBe(true);
    // ...once: the same code again is a replay.
    expect(
      fails(await new Client(t.url).post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: codeAt(setup.secret, step) }), 422).join(),
    ).toMatch(/already used/);

    // A recovery code works once (any case, with or without its dash).
    const c = new Client(t.url);
    ok(await c.post("/api/admins/auth/signin", { email, password: PASSWORD, recovery_code: codes[0].toUpperCase().replace("-", "") }));
    expect(ok(await c.get("/api/admins/auth/totp")).recovery_codes_left).toBe(9);
    expect(fails(await new Client(t.url).post("/api/admins/auth/signin", { email, password: PASSWORD, recovery_code: codes[0] }), 422)).toEqual([
      "recovery_code is incorrect or was already used",
    ]);

    // New recovery codes replace the old ones (with the password).
    expect(fails(await c.post("/api/admins/auth/totp/recovery-codes", {}), 422).join()).toMatch(/^password/);
    const fresh: string[] = ok(await c.post("/api/admins/auth/totp/recovery-codes", { password: PASSWORD })).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fails(await new Client(t.url).post("/api/admins/auth/signin", { email, password: PASSWORD, recovery_code: codes[1] }), 422)).toHaveLength(1);

    // Turning it off needs the password; then the password alone signs in again.
    expect(fails(await c.delete("/api/admins/auth/totp", { password: "not-my-password-1" }), 422)).toEqual(["password is incorrect"]);
    ok(await c.delete("/api/admins/auth/totp", { password: PASSWORD }));
    expect(ok(await c.get("/api/admins/auth/totp"))).toEqual({ enabled: false, required: false, pending: false, recovery_codes_left: 0 });
    expect(await (await db()).recoveryCode.count({ where: { admin: { email } } })).toBe(0);
    expect(ok(await new Client(t.url).post("/api/admins/auth/signin", { email, password: PASSWORD }))).toEqual({ email, role: "dispatcher" });

    // The audit log records turning it on and off, never the secret (entries are written in batches: flush first).
    await (await import("../../server/db/audit.js")).flushAudit();
    const audit = await (await db()).auditEntry.findMany({ where: { object_type: "member", operation: { startsWith: "account.totp" } } });
    expect(audit.map((e) => e.operation)).toEqual(expect.arrayContaining(["account.totp.setUp", "account.totp.confirm", "account.totp.disable"]));
    for (const e of audit) expect(e.changes).not.toContain(setup.secret);
    expect(audit.find((e) => e.operation === "account.totp.confirm")!.changes).toContain('"totp_enabled":[false,true]');
  });

  it("counts wrong codes against the sign-in limit of the account: 429 after it, even for the right code", async () => {
    const email = "limited@example.com";
    await member(email);
    const { secret } = await turnOnRest(await restSignIn(email)); // right tries do not count
    const c = new Client(t.url);
    for (let i = 1; i <= ACCOUNT_LIMIT; i++) {
      expect(fails(await c.post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: wrongCode(secret) }), 422)).toEqual([
        "totp_code is incorrect",
      ]);
    }
    const refused = await c.post("/api/admins/auth/signin", { email, password: PASSWORD, totp_code: codeAt(secret, stepNow()) });
    fails(refused, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const g = await c.gql(`mutation($i: SignInInput!) { signIn(input: $i) { email } }`, {
      i: { email, password: PASSWORD, totp_code: codeAt(secret, stepNow()) },
    });
    expect(g.errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    expect(c.cookies.size).toBe(0);
  });
});

describe("GraphQL door", () => {
  const SIGN_IN = `mutation($i: SignInInput!) { signIn(input: $i) { email role totp_required } }`;
  it("sets up, confirms, signs in with a code and a recovery code, refuses replays and wrong codes, and turns off", async () => {
    const email = "graph@example.com";
    await member(email, "courier");
    const a = new Client(t.url);
    expect((await a.gql(SIGN_IN, { i: { email, password: PASSWORD } })).data.signIn).toEqual({ email, role: "courier", totp_required: null });
    expect((await a.gql(`{ me { email totp_enabled totp_setup_required } }`)).data.me).toEqual({ email, totp_enabled: false, totp_setup_required: false });

    const setup = (await a.gql(`mutation($i: TotpProofInput!) { setUpTotp(input: $i) { otpauth_uri qr_code secret } }`, { i: { password: PASSWORD } })).data
      .setUpTotp;
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    const bad = await a.gql(`mutation($i: ConfirmTotpInput!) { confirmTotp(input: $i) { recovery_codes } }`, {
      i: { code: wrongCode(setup.secret), password: PASSWORD },
    });
    expect(bad.errors?.[0]).toMatchObject({ message: "code is incorrect", extensions: { code: "BAD_USER_INPUT" } });
    await awayFromEdge();
    const step = stepNow();
    const confirmed = await a.gql(`mutation($i: ConfirmTotpInput!) { confirmTotp(input: $i) { recovery_codes } }`, {
      i: { code: codeAt(setup.secret, step - 1), password: PASSWORD },
    });
    const codes: string[] = confirmed.data.confirmTotp.recovery_codes;
    expect(codes).toHaveLength(10);
    expect((await a.gql(`{ totpStatus { enabled required pending recovery_codes_left } }`)).data.totpStatus).toEqual({
      enabled: true,
      required: false,
      pending: false,
      recovery_codes_left: 10,
    });

    const b = new Client(t.url);
    expect((await b.gql(SIGN_IN, { i: { email, password: PASSWORD } })).data.signIn).toEqual({ email, role: "courier", totp_required: true });
    expect(b.cookies.size).toBe(0);
    expect((await b.gql(`{ me { email } }`)).data.me).toBeNull();
    const wrong = await b.gql(SIGN_IN, { i: { email, password: PASSWORD, totp_code: wrongCode(setup.secret) } });
    expect(wrong.errors?.[0]).toMatchObject({ message: "totp_code is incorrect", extensions: { code: "BAD_USER_INPUT" } });
    expect((await b.gql(SIGN_IN, { i: { email, password: PASSWORD, totp_code: codeAt(setup.secret, step) } })).data.signIn).toEqual({
      email,
      role: "courier",
      totp_required: null,
    });
    expect((await b.gql(`{ me { email totp_enabled } }`)).data.me).toEqual({ email, totp_enabled: true });
    // Replay of the code just used.
    const replay = await new Client(t.url).gql(SIGN_IN, { i: { email, password: PASSWORD, totp_code: codeAt(setup.secret, step) } });
    expect(replay.errors?.[0].message).toMatch(/totp_code was already used/);

    // A recovery code, once.
    const c = new Client(t.url);
    expect((await c.gql(SIGN_IN, { i: { email, password: PASSWORD, recovery_code: codes[3] } })).data.signIn.email).toBe(email);
    expect(c.cookies.size).toBe(1);
    const again = await new Client(t.url).gql(SIGN_IN, { i: { email, password: PASSWORD, recovery_code: codes[3] } });
    expect(again.errors?.[0]).toMatchObject({ message: "recovery_code is incorrect or was already used", extensions: { code: "BAD_USER_INPUT" } });

    const regenerated = await c.gql(`mutation($i: TotpProofInput!) { regenerateRecoveryCodes(input: $i) { recovery_codes } }`, { i: { password: PASSWORD } });
    expect(regenerated.data.regenerateRecoveryCodes.recovery_codes).toHaveLength(10);

    // Off with the password.
    const off = await c.gql(`mutation($i: TotpProofInput!) { disableTotp(input: $i) }`, { i: { password: PASSWORD } });
    expect(off.errors).toBeUndefined();
    expect(off.data.disableTotp).toBe(true);
    expect((await new Client(t.url).gql(SIGN_IN, { i: { email, password: PASSWORD } })).data.signIn.totp_required).toBeNull();
  });
});

describe("the owner requires two-step sign-in for everyone", () => {
  it("refuses until the owner has it, then limits a member without it to setting it up, through both doors", async () => {
    const email = "later@example.com";
    await member(email);
    const m = await restSignIn(email);
    // Only the staff permission may change the policy; the owner needs it on first.
    expect(fails(await m.patch("/api/team/policy", { require_totp: true }), 403).join()).toMatch(/lacks the permission staff/);
    expect(fails(await owner.patch("/api/team/policy", { require_totp: "yes" }), 422).join()).toMatch(/require_totp/);
    expect(fails(await owner.patch("/api/team/policy", { require_totp: true }), 409).join()).toMatch(/your own account first/);
    await turnOnRest(owner, ADMIN.password);
    expect(ok(await owner.patch("/api/team/policy", { require_totp: true }))).toEqual({ require_totp: true });
    expect(ok(await owner.get("/api/team/policy"))).toEqual({ require_totp: true });
    expect((await owner.gql(`{ teamPolicy { require_totp } }`)).data.teamPolicy).toEqual({ require_totp: true });
    // The owner, who has it, is not limited.
    ok(await owner.get("/api/parcels"));
    // The owner may not turn it off while it is required.
    expect(fails(await owner.delete("/api/admins/auth/totp", { password: ADMIN.password }), 409).join()).toMatch(/requires two-step sign-in/);

    // The member's session (also a new one) is limited to the account operations.
    const m2 = await restSignIn(email);
    for (const c of [m, m2]) {
      expect(fails(await c.get("/api/parcels"), 403)).toEqual(["Two-step sign-in is required for every member: set it up in My Account first"]);
      const g = await c.gql(`{ parcels { total } }`);
      expect(g.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Two-step sign-in is required/), extensions: { code: "FORBIDDEN" } });
    }
    expect((await m.gql(`{ me { email totp_enabled totp_setup_required } }`)).data.me).toEqual({ email, totp_enabled: false, totp_setup_required: true });
    expect(ok(await m.get("/api/admins/auth/totp"))).toMatchObject({ enabled: false, required: true });
    // Public operations stay open.
    expect((await m.get("/api/graph")).status).toBe(200);

    // Setting it up lifts the limit.
    await turnOnRest(m);
    expect((await m.gql(`{ me { totp_setup_required } }`)).data.me).toEqual({ totp_setup_required: false });
    ok(await m.get("/api/parcels"));
    expect((await m.gql(`{ parcels { total } }`)).errors).toBeUndefined();

    // Off again (GraphQL door); the owner may then turn their own off.
    const policyOff = await owner.gql(`mutation { updateTeamPolicy(input: { require_totp: false }) { require_totp } }`);
    expect(policyOff.data.updateTeamPolicy).toEqual({ require_totp: false });
    ok(await owner.delete("/api/admins/auth/totp", { password: ADMIN.password }));
  });
});
