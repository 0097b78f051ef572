// Issue 35, note 3: a shipper's API keys do not outlive a password reset (whoever had the password may
// have made them), and the shipper can revoke every key at once (REST DELETE /api/users/api-keys/all,
// GraphQL revokeAllUserApiKeys; operation users.apiKeys.revokeAll, by its session only, audited).
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { db } from "../../server/db/index.js";
import { hashPassword, settleAccountMail } from "../../server/modules/admin/admin.service.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
const PASSWORD = "a-long-shipper-password-42";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true" });
  owner = await signedIn(t);
});
afterAll(async () => {
  await settleAccountMail();
  await t?.close();
  await smtp?.close();
});

async function shipper(email: string) {
  const s = await db().shipper.create({ data: { name: "Shop", email, password_hash: await hashPassword(PASSWORD), email_verified: true } });
  const c = new Client(t.url);
  ok(await c.post("/api/users/auth/signin", { email, password: PASSWORD }));
  return { c, id: s.id, email };
}
async function keys(c: Client, n: number): Promise<{ id: number; key: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++) out.push(ok(await c.post("/api/users/api-keys", { name: `Shop ${i}` }), 201));
  return out;
}
/** What a key gets now: 200 while it works, 401 once revoked. */
const statusOf = async (key: string) => (await new Client(t.url).get("/api/bookings", { authorization: `Bearer ${key}` })).status;
type Entry = { actor: { kind: string; id: number; name: string }; operation: string; object_id: string; changes: Record<string, [unknown, unknown]> };
const entries = async (operation: string, shipperKeys: { id: number }[]) => {
  const log = ok(await owner.get("/api/audit?object_type=shipper_key&per_page=100")).data as Entry[];
  return log.filter((e) => e.operation === operation && shipperKeys.some((k) => String(k.id) === e.object_id));
};

describe("revoking every key at once", () => {
  it("REST and GraphQL, the shipper's own keys only, by its session (not by a key), each revocation in the audit log", async () => {
    const a = await shipper("all-a@keys.example");
    const b = await shipper("all-b@keys.example");
    const mine = await keys(a.c, 3);
    const theirs = await keys(b.c, 1);
    for (const k of mine) expect(await statusOf(k.key)).toBe(200);
    // A key cannot revoke its siblings (nor itself this way): the session only.
    fails(await new Client(t.url).delete("/api/users/api-keys/all", undefined, { authorization: `Bearer ${mine[0].key}` }), 403);
    fails(await new Client(t.url).delete("/api/users/api-keys/all"), 401);
    expect(ok(await a.c.delete("/api/users/api-keys/all"))).toEqual({ revoked: 3 });
    for (const k of mine) expect(await statusOf(k.key)).toBe(401);
    expect(await statusOf(theirs[0].key)).toBe(200);
    expect(ok(await a.c.get("/api/users/api-keys"))).toEqual([]);
    const logged = await entries("users.apiKeys.revokeAll", mine);
    expect(logged).toHaveLength(3);
    for (const e of logged) {
      expect(e.actor).toEqual({ kind: "shipper", id: a.id, name: a.email });
      expect(Object.keys(e.changes)).toEqual(["revoked_at"]);
    }
    // GraphQL: nothing left is 0, then two new ones.
    expect((await a.c.gql(`mutation { revokeAllUserApiKeys { revoked } }`)).data.revokeAllUserApiKeys).toEqual({ revoked: 0 });
    const more = await keys(a.c, 2);
    const g = await a.c.gql(`mutation { revokeAllUserApiKeys { revoked } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data.revokeAllUserApiKeys).toEqual({ revoked: 2 });
    for (const k of more) expect(await statusOf(k.key)).toBe(401);
    expect(await entries("users.apiKeys.revokeAll", more)).toHaveLength(2);
    // The staff's session is not a shipper's.
    expect((await owner.gql(`mutation { revokeAllUserApiKeys { revoked } }`)).errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("a password reset", () => {
  it("revokes the shipper's keys (REST and GraphQL reset), recorded under the reset", async () => {
    const s = await shipper("reset@keys.example");
    const anon = new Client(t.url);
    const resetBy = {
      rest: (token: string, password: string) =>
        anon.patch("/api/users/auth/update/password-guest", { email: s.email, new_password: password, confirm_new_password: password, password_token: token }),
      gql: async (token: string, password: string) => {
        const r = await anon.gql(`mutation($i: ResetPasswordInput!) { userResetPassword(input: $i) }`, {
          i: { email: s.email, new_password: password, confirm_new_password: password, password_token: token },
        });
        expect(r.errors).toBeUndefined();
      },
    };
    let n = 0;
    for (const [door, reset] of Object.entries(resetBy)) {
      const c = new Client(t.url);
      const password = `a-new-password-for-${door}-${++n}`;
      ok(await c.post("/api/users/auth/signin", { email: s.email, password: n === 1 ? PASSWORD : `a-new-password-for-rest-1` }));
      const made = await keys(c, 2);
      for (const k of made) expect(await statusOf(k.key)).toBe(200);
      ok(await anon.post("/api/users/auth/send-pin", { email: s.email }));
      await settleAccountMail();
      const mail = smtp.messages.filter((m) => m.to.includes(s.email)).at(-1)!;
      const token = /Your token: ([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))![1];
      const r = await reset(token, password);
      if (r) ok(r);
      for (const k of made) expect(await statusOf(k.key), door).toBe(401);
      const logged = await entries("users.resetPassword", made);
      expect(logged, door).toHaveLength(2);
      expect(logged.every((e) => e.actor.name === "visitor")).toBe(true);
    }
  });
});
