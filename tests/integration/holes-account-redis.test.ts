// Issue 23, hole 3 with the limiter's counters in Redis (own file: the store is chosen once a
// process). The PostgreSQL store is what holes-account.test.ts runs on with --project postgres.
import "reflect-metadata";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, SETUP_TOKEN, type TestApp } from "../helpers/app.js";
import { send } from "../helpers/raw.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { db } from "../../server/db/index.js";
import { settleAccountMail } from "../../server/modules/admin/admin.service.js";

const prefix = `courier-test-${process.pid}-${Date.now()}:`;
const OWNER = { email: "owner@redis-holes.example", password: "owner-pass-word-1" };
let t: TestApp;
let redis: Redis;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    RATE_LIMIT_SIGNIN: "10",
    RATE_LIMIT_SIGNIN_ACCOUNT: "20",
    RATE_LIMIT_PIN: "5",
    RATE_LIMIT_PIN_ACCOUNT: "5",
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAIN: "true",
  });
  redis = new Redis("redis://127.0.0.1:6379");
  expect((await signIn("127.0.20.1", "/api/admins", { ...OWNER, token: SETUP_TOKEN })).status).toBe(201);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await settleAccountMail();
  await t?.close();
  await smtp?.close();
});

const signIn = (from: string, path: string, body: unknown) => {
  const text = JSON.stringify(body);
  return send(t.url, "POST", path, { from, body: text, headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) } });
};

describe("the per-account sign-in limit in Redis", () => {
  it("counts wrong passwords only: the owner still signs in after 20 of them, those who failed get 429", async () => {
    for (const from of ["127.0.20.2", "127.0.20.3"]) {
      for (let i = 0; i < 10; i++)
        expect((await signIn(from, "/api/admins/auth/signin", { email: OWNER.email, password: `wrong-password-${i}` })).status).toBe(422);
    }
    expect(Number(await redis.get(`${prefix}rl:signin-account:${OWNER.email}`))).toBe(20);
    const mine = await signIn("127.0.20.4", "/api/admins/auth/signin", OWNER);
    expect(mine.status, mine.text).toBe(200);
    expect(String(mine.headers["set-cookie"])).toMatch(/courier_sid=/);
    // The right try was given back.
    expect(Number(await redis.get(`${prefix}rl:signin-account:${OWNER.email}`))).toBe(20);
    const guesser = "127.0.20.5";
    expect((await signIn(guesser, "/api/admins/auth/signin", { email: OWNER.email, password: "wrong-password-x" })).status).toBe(422);
    const refused = await signIn(guesser, "/api/admins/auth/signin", OWNER);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

// Issue 35, hole 2 with the counters in Redis (holes-account-pin.test.ts on the other stores).
describe("the per-account reset-mail bound in Redis", () => {
  it("an attacker's send-pin requests get 429 and at most 5 mails; the owner from elsewhere still gets its token and resets", async () => {
    const email = "shop@redis-holes.example";
    await db().shipper.create({ data: { name: "Shop", email, password_hash: "", email_verified: true } });
    const pin = (from: string) => signIn(from, "/api/users/auth/send-pin", { email });
    for (let i = 0; i < 5; i++) expect((await pin("127.0.21.1")).status).toBe(200);
    expect((await pin("127.0.21.1")).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await pin("127.0.21.2")).status).toBe(200);
    expect(Number(await redis.get(`${prefix}rl:pin-account:shipper:${email}`))).toBe(8);
    await settleAccountMail();
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(5 + 2);
    expect((await pin("127.0.21.3")).status).toBe(200);
    await settleAccountMail();
    const mails = smtp.messages.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(8);
    const token = /Your token: ([A-Za-z0-9_-]+)/.exec(mailText(mails.at(-1)!.raw))![1];
    const password = "a-new-shop-password-1";
    const reset = await send(t.url, "PATCH", "/api/users/auth/update/password-guest", {
      from: "127.0.21.3",
      body: JSON.stringify({ email, new_password: password, confirm_new_password: password, password_token: token }),
      headers: { "content-type": "application/json" },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await signIn("127.0.21.3", "/api/users/auth/signin", { email, password })).status).toBe(200);
  });
});
