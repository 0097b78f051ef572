// Issue 35, hole 2: nobody can block an account's password reset. Send-pin requests for an e-mail
// from one address used to make the account's limit refuse everyone, the owner included, for an
// hour. Now every request counts per client (429 past RATE_LIMIT_PIN), the account's mails are
// bounded (past RATE_LIMIT_PIN_ACCOUNT only a client's own first two asks for it are mailed; the
// others are dropped silently), and the answer never tells whether the address has an account.
// Staff and shippers, through REST and GraphQL, with the limits' defaults (5 and 5). The Redis
// store: holes-account-redis.test.ts; PostgreSQL's: this file with --project postgres.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { send, type Answer } from "../helpers/raw.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { db } from "../../server/db/index.js";
import { hashPassword, settleAccountMail } from "../../server/modules/admin/admin.service.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const PASSWORD = "the-old-pass-word-1";
const NEW_PASSWORD = "the-new-pass-word-2";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", RATE_LIMIT_PIN: "5", RATE_LIMIT_PIN_ACCOUNT: "5" });
});
afterAll(async () => {
  await settleAccountMail();
  await t?.close();
  await smtp?.close();
});

let seq = 0;
/** A fresh loopback address: one client. */
const address = () => `127.0.${40 + Math.floor(seq / 200)}.${1 + (seq++ % 200)}`;
const call = (from: string, method: string, path: string, body: unknown) => {
  const text = JSON.stringify(body);
  return send(t.url, method, path, { from, body: text, headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) } });
};
/** What a caller can compare: the status, the body (the seconds of a 429 left out: the windows began apart), and Retry-After's presence. */
const seen = (r: Answer) => ({ status: r.status, body: r.text.replace(/\d+ seconds/g, "N seconds"), retry: r.headers["retry-after"] !== undefined });
const mailsTo = async (email: string) => {
  await settleAccountMail();
  return smtp.messages.filter((m) => m.to.includes(email));
};

const KINDS = {
  staff: {
    pin: "/api/admins/auth/send-pin",
    reset: "/api/admins/auth/update/password-guest",
    signIn: "/api/admins/auth/signin",
    gqlPin: "sendPin",
    make: async (email: string) => db().admin.create({ data: { email, password_hash: await hashPassword(PASSWORD), role: "dispatcher" } }),
  },
  shipper: {
    pin: "/api/users/auth/send-pin",
    reset: "/api/users/auth/update/password-guest",
    signIn: "/api/users/auth/signin",
    gqlPin: "userSendPin",
    make: async (email: string) =>
      db().shipper.create({ data: { name: "Victim Shop", email, password_hash: await hashPassword(PASSWORD), email_verified: true } }),
  },
};

describe.each(Object.entries(KINDS))("send-pin for a %s account", (kind, k) => {
  const victim = `victim-${kind}@pin.example`;
  const nobody = `nobody-${kind}@pin.example`;
  const gql = (from: string, email: string) =>
    call(from, "POST", "/graphql", { query: `mutation($e: String!) { ${k.gqlPin}(input: { email: $e }) }`, variables: { e: email } });

  it("an attacker's requests neither block the owner's reset nor fill its inbox; answers never tell the account exists", async () => {
    await k.make(victim);
    // The attacker's address: 5 requests (REST), each answered as for an unknown address, then 429 for any address.
    const attacker = address();
    const stranger = address();
    for (let i = 0; i < 5; i++) {
      const mine = seen(await call(attacker, "POST", k.pin, { email: victim }));
      expect(mine).toEqual(seen(await call(stranger, "POST", k.pin, { email: nobody })));
      expect(mine.status).toBe(200);
    }
    const refused = await call(attacker, "POST", k.pin, { email: victim });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(seen(refused)).toEqual(seen(await call(stranger, "POST", k.pin, { email: nobody })));
    const g = await gql(attacker, victim);
    expect(g.json.errors[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    // A second address (GraphQL): answered alike, but past the account's 5 only its own first two are mailed.
    const second = address();
    for (let i = 0; i < 5; i++) {
      const a = await gql(second, victim);
      expect(a.status).toBe(200);
      expect(a.json).toEqual({ data: { [k.gqlPin]: true } });
    }
    const flood = await mailsTo(victim);
    expect(flood.length).toBe(5 + 2);

    // The owner, from its own address: answered as everyone, mailed, resets and signs in.
    const owner = address();
    const asked = await call(owner, "PATCH", k.pin, { email: victim });
    expect(seen(asked)).toEqual({ status: 200, body: (await call(address(), "PATCH", k.pin, { email: nobody })).text, retry: false });
    const mails = await mailsTo(victim);
    expect(mails.length).toBe(flood.length + 1);
    const token = /Your token: ([A-Za-z0-9_-]+)/.exec(mailText(mails.at(-1)!.raw))![1];
    const reset = await call(owner, "PATCH", k.reset, { email: victim, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD, password_token: token });
    expect(reset.status, reset.text).toBe(200);
    const signedIn = await call(owner, "POST", k.signIn, { email: victim, password: NEW_PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    // Nothing was ever mailed to the address without an account.
    expect(await mailsTo(nobody)).toEqual([]);
  });
});
