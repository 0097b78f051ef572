import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ADMIN, fails, ok, signedIn } from "../fixtures/rest.js";
import { mailText, startSmtp } from "../helpers/smtp.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
const PASSWORD = "a-long-staff-password-42";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", STAFF_INVITE_HOURS: "72" });
  owner = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Invites through REST and reads the link's token from the real SMTP peer. */
async function invite(email: string, role: string) {
  const member = ok(await owner.post("/api/staff", { email, role }), 201);
  const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && !used.has(m));
  used.add(mail);
  const text = mailText(mail.raw);
  const link = text.match(/https:\/\/courier\.example\/control\/accept\.html\?token=([A-Za-z0-9_-]+)/);
  expect(link, text).not.toBeNull();
  return { member, token: link![1] };
}
const used = new Set<unknown>();

async function signIn(email: string, password = PASSWORD) {
  const c = new Client(t.url);
  return { c, r: await c.post("/api/admins/auth/signin", { email, password }) };
}

describe("staff invitations", () => {
  it("goes from the invitation e-mail to the first sign-in", async () => {
    const { member, token } = await invite("Dispatch@Example.com", "dispatcher");
    expect(member).toMatchObject({
      email: "dispatch@example.com",
      role: "dispatcher",
      disabled: false,
      invited: true,
      totp_enabled: false,
      last_sign_in_at: null,
    });
    expect(token.length).toBeGreaterThanOrEqual(22); // >= 128 bits of base64url
    // The outbox keeps the mail with the token masked.
    const outbox = ok(await owner.get("/api/outbox"));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    const rec = outbox.data.find((m: any) => m.to === "dispatch@example.com");
    expect(rec.body).toContain("accept.html?token=");
    expect(rec.body).not.toContain(token);
    // Invited: cannot sign in yet, whatever the password.
    fails((await signIn("dispatch@example.com", "")).r, 422);
    // Listed as invited.
    const list = ok(await owner.get("/api/staff"));
    expect(list.total).toBe(2);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(list.data.map((m: any) => [m.email, m.role, m.invited])).toEqual([
      [ADMIN.email, "owner", false],
      ["dispatch@example.com", "dispatcher", true],
    ]);
    // A weak password is refused by the same rules as elsewhere.
    expect(fails(await new Client(t.url).post("/api/staff/accept", { token, password: "short" }), 422)[0]).toMatch(/^password must be at least 12/);
    // Accepted: 200, not signed in by it.
    const guest = new Client(t.url);
    expect(ok(await guest.post("/api/staff/accept", { token, password: PASSWORD }))).toEqual({ email: "dispatch@example.com", role: "dispatcher" });
    expect(ok(await guest.get("/api/graph")).role).toBeNull();
    const { c, r } = await signIn("dispatch@example.com");
    ok(r);
    expect(ok(await c.get("/api/graph")).role).toBe("dispatcher");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    const after = ok(await owner.get("/api/staff")).data.find((m: any) => m.id === member.id);
    expect(after.invited).toBe(false);
    expect(after.last_sign_in_at).not.toBeNull();
    // The token was single use.
    expect(fails(await new Client(t.url).post("/api/staff/accept", { token, password: "another-long-password-9" }), 422)[0]).toMatch(/^token is invalid/);
  });

  it("refuses an expired token, and a re-invitation voids the old link", async () => {
    const first = await invite("courier@example.com", "courier");
    const second = await invite("courier@example.com", "dispatcher");
    expect(second.member.id).toBe(first.member.id);
    expect(second.member.role).toBe("dispatcher");
    expect(second.token).not.toBe(first.token);
    fails(await new Client(t.url).post("/api/staff/accept", { token: first.token, password: PASSWORD }), 422);
    // Expire the live one in the database.
    const { db } = await import("../../server/db/index.js");
    await db().invitation.updateMany({ where: { admin_id: first.member.id, used_at: null }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect(fails(await new Client(t.url).post("/api/staff/accept", { token: second.token, password: PASSWORD }), 422)[0]).toMatch(/expired/);
    // A third invitation works, through GraphQL this time.
    const third = await invite("courier@example.com", "courier");
    const g = await new Client(t.url).gql(`mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { email role } }`, {
      i: { token: third.token, password: PASSWORD },
    });
    expect(g.data?.acceptInvitation).toEqual({ email: "courier@example.com", role: "courier" });
    ok((await signIn("courier@example.com")).r);
    // An active member's address cannot be invited.
    expect(fails(await owner.post("/api/staff", { email: "courier@example.com", role: "courier" }), 409)[0]).toMatch(/already belongs/);
  });

  it("names the bad fields", async () => {
    expect(fails(await owner.post("/api/staff", { email: "not-mail", role: "boss" }), 422)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^email/), expect.stringMatching(/^role must be one of owner, dispatcher, courier/)]),
    );
    expect(fails(await owner.patch("/api/staff", { id: 999999 }), 404)[0]).toMatch(/Member not found/);
    expect(fails(await owner.patch("/api/staff", { id: 1, disabled: "maybe" }), 422)[0]).toMatch(/^disabled/);
    expect(fails(await new Client(t.url).post("/api/staff/accept", { password: PASSWORD }), 422)[0]).toMatch(/^token/);
  });
});

describe("roles, disabling and the last owner", () => {
  it("ends a member's sessions at once when disabled, re-enables, and ends them on a role change", async () => {
    const { member, token } = await invite("temp@example.com", "dispatcher");
    ok(await new Client(t.url).post("/api/staff/accept", { token, password: PASSWORD }));
    const { c } = await signIn("temp@example.com");
    ok(await c.get("/api/parcels"));
    expect(ok(await owner.patch("/api/staff", { id: member.id, disabled: true }))).toMatchObject({ disabled: true });
    expect(fails(await c.get("/api/parcels"), 401).length).toBe(1);
    fails((await signIn("temp@example.com")).r, 422);
    ok(await owner.patch("/api/staff", { id: member.id, disabled: false }));
    const again = await signIn("temp@example.com");
    ok(again.r);
    expect(ok(await owner.patch("/api/staff", { id: member.id, role: "courier" })).role).toBe("courier");
    fails(await again.c.get("/api/parcels"), 401);
    const third = await signIn("temp@example.com");
    expect(fails(await third.c.get("/api/staff"), 403)[0]).toBe("Your role (courier) lacks the permission staff");
    ok(await owner.delete("/api/staff", { id: member.id }));
    fails(await third.c.get("/api/parcels"), 401);
    fails((await signIn("temp@example.com")).r, 422);
  });

  it("never leaves the site without an active owner (409), through both doors", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    const me = ok(await owner.get("/api/staff")).data.find((m: any) => m.email === ADMIN.email);
    expect(fails(await owner.patch("/api/staff", { id: me.id, role: "dispatcher" }), 409)[0]).toMatch(
      /^Demoting yourself would leave the site without an active owner/,
    );
    expect(fails(await owner.patch("/api/staff", { id: me.id, disabled: true }), 409)[0]).toMatch(/^Disabling yourself/);
    expect(fails(await owner.delete("/api/staff", { id: me.id }), 409)[0]).toMatch(/^Removing yourself/);
    const g = await owner.gql(`mutation($id: Int!) { deleteMember(id: $id) }`, { id: me.id });
    expect(g.errors?.[0].extensions.code).toBe("CONFLICT");
    // An invited owner does not count: still refused.
    const { member, token } = await invite("owner2@example.com", "owner");
    fails(await owner.patch("/api/staff", { id: me.id, role: "dispatcher" }), 409);
    ok(await new Client(t.url).post("/api/staff/accept", { token, password: PASSWORD }));
    // Now a second owner exists: the first may step down, the second then cannot leave.
    const second = (await signIn("owner2@example.com")).c;
    ok(await owner.patch("/api/staff", { id: me.id, role: "dispatcher" }));
    fails(await owner.get("/api/staff"), 401); // the demoted owner's session ended
    expect(fails(await second.delete("/api/staff", { id: member.id }), 409)[0]).toMatch(/^Removing yourself/);
    expect(fails(await second.patch("/api/staff", { id: member.id, disabled: true }), 409)[0]).toMatch(/^Disabling yourself/);
    ok(await second.patch("/api/staff", { id: me.id, role: "owner" }));
    owner = (await signIn(ADMIN.email, ADMIN.password)).c;
  });

  it("refuses the staff operations to a dispatcher and a courier (403 naming the permission) and to anonymous callers (401)", async () => {
    for (const role of ["dispatcher", "courier"]) {
      const email = `no-staff-${role}@example.com`;
      const { token } = await invite(email, role);
      ok(await new Client(t.url).post("/api/staff/accept", { token, password: PASSWORD }));
      const { c } = await signIn(email);
      const msg = `Your role (${role}) lacks the permission staff`;
      expect(fails(await c.get("/api/staff"), 403)).toEqual([msg]);
      expect(fails(await c.post("/api/staff", { email: "x@example.com", role: "owner" }), 403)).toEqual([msg]);
      expect(fails(await c.patch("/api/staff", { id: 1, role: role }), 403)).toEqual([msg]);
      expect(fails(await c.delete("/api/staff", { id: 1 }), 403)).toEqual([msg]);
      const g = await c.gql(`{ staff { total } }`);
      expect(g.errors?.[0]).toMatchObject({ message: msg, extensions: { code: "FORBIDDEN" } });
    }
    fails(await new Client(t.url).get("/api/staff"), 401);
  });

  it("lists through GraphQL with the contract's fields, paged", async () => {
    const g = await owner.gql(
      `{ staff(page: 1, per_page: 2) { total per_page last_page data { id email role disabled invited totp_enabled last_sign_in_at created_at } } }`,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.staff.per_page).toBe(2);
    expect(g.data.staff.data).toHaveLength(2);
    expect(g.data.staff.total).toBeGreaterThan(2);
    const r = ok(await owner.get("/api/staff?page=2&per_page=2"));
    expect(r.current_page).toBe(2);
    // The contract's fields, with invited and name (issue 36: how others see the member) added.
    expect(Object.keys(r.data[0]).sort()).toEqual(["created_at", "disabled", "email", "id", "invited", "last_sign_in_at", "name", "role", "totp_enabled"]);
  });
});
