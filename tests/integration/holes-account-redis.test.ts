// Issue 23, hole 3 with the limiter's counters in Redis (own file: the store is chosen once a
// process). The PostgreSQL store is what holes-account.test.ts runs on with --project postgres.
import "reflect-metadata";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, SETUP_TOKEN, type TestApp } from "../helpers/app.js";
import { send } from "../helpers/raw.js";

const prefix = `courier-test-${process.pid}-${Date.now()}:`;
const OWNER = { email: "owner@redis-holes.example", password: "owner-pass-word-1" };
let t: TestApp;
let redis: Redis;
beforeAll(async () => {
  t = await startTestApp({ REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix, RATE_LIMIT_SIGNIN: "10", RATE_LIMIT_SIGNIN_ACCOUNT: "20" });
  redis = new Redis("redis://127.0.0.1:6379");
  expect((await signIn("127.0.20.1", "/api/admins", { ...OWNER, token: SETUP_TOKEN })).status).toBe(201);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await t?.close();
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
