import { Redis } from "ioredis";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { form, ok, signedIn } from "../fixtures/rest.js";
import { makePng } from "../helpers/images.js";

// HTTP hardening (security headers, the chat code's CSP, session cookies, uploads served as images only) and
// the look-up limit in Redis. Served as if on https (PUBLIC_URL), with tracking limited to 3 a minute, counted in Redis.
const prefix = `courier-test-${crypto.randomBytes(4).toString("hex")}:`;
let t: TestApp;
let redis: Redis;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://track.example.com", RATE_LIMIT_TRACKING: "3", REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix });
  redis = new Redis("redis://127.0.0.1:6379");
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await t?.close();
});

describe("HTTP hardening", () => {
  it("sends security headers on pages and API answers", async () => {
    const page = await fetch(`${t.url}/`);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(page.headers.get("x-request-id")).toBeTruthy();
    const api = await fetch(`${t.url}/api/graph`);
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("lets the admin's chat code run and nothing else", async () => {
    const admin = await signedIn(t);
    const chat = `<script>window.chatReady = true;</script><script async src="https://embed.chat.example/widget.js"></script>`;
    ok(await admin.patch("/api/settings", { meta_description: "Parcels tracked", chat_code: chat }));
    const csp = (await fetch(`${t.url}/pages/x`)).headers.get("content-security-policy")!;
    const hash = crypto.createHash("sha256").update("window.chatReady = true;").digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toContain("https://embed.chat.example");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("sets Secure HttpOnly SameSite=Lax session cookies on https", async () => {
    const c = new Client(t.url);
    await c.post("/api/admins", { email: "sec@example.com", password: "long-enough-pass", token: SETUP_TOKEN });
    const r = await fetch(`${t.url}/api/admins/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "boss@example.com", password: "correct horse" }),
    });
    const cookie = r.headers.getSetCookie().join(";");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("serves uploads as images only, never as something a browser would run", async () => {
    const admin = await signedIn(t);
    const r = ok(
      await admin.post("/api/reviews", form({ name: "A", review: "B", image: [new Blob([new Uint8Array(makePng())], { type: "image/png" }), "a.png"] })),
      201,
    );
    const img = await fetch(`${t.url}/uploads/images/${r.image}`);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(img.headers.get("content-security-policy")).toContain("sandbox");
    const html = form({ name: "A", review: "B", image: [new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" }), "evil.png"] });
    expect((await admin.post("/api/reviews", html)).status).toBe(415);
    expect((await fetch(`${t.url}/uploads/images/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/images/evil.html`)).status).toBe(404);
  });
});

describe("abuse limits", () => {
  it("counts anonymous look-ups per client in Redis, ignoring X-Forwarded-For without TRUST_PROXY", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${t.url}/api/parcels/NOPE-${i}`, { headers: { "x-forwarded-for": `10.0.0.${i}` } });
      codes.push(r.status);
      if (r.status === 429) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(codes).toEqual([404, 404, 404, 429, 429]);
    expect((await redis.keys(`${prefix}rl:tracking:*`)).length).toBe(1);
    const g = await new Client(t.url).gql(`{ parcel(trackingCode: "NOPE") { id } }`);
    expect(g.errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
  });
});
