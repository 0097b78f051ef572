import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ADMIN, ok } from "../fixtures/rest.js";

// Behind a TLS-terminating proxy that is trusted (TRUST_PROXY), with no PUBLIC_URL: the request's own
// scheme, as the proxy reports it, decides the Secure flag and HSTS.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true" });
  ok(await new Client(t.url).post("/api/admins", { ...ADMIN, token: SETUP_TOKEN }), 201);
});
afterAll(async () => t?.close());

const sessionCookie = (r: { headers: Headers }) => r.headers.getSetCookie().find((s) => s.startsWith("courier_sid="))!;

describe("https reported by a trusted proxy", () => {
  it("makes the session cookie Secure and sends HSTS", async () => {
    const r = await new Client(t.url).post("/api/admins/auth/signin", ADMIN, { "x-forwarded-proto": "https" });
    ok(r);
    expect(sessionCookie(r)).toMatch(/;\s*Secure/i);
    expect(sessionCookie(r)).toMatch(/HttpOnly/i);
    expect(r.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("leaves both out for plain http", async () => {
    const r = await new Client(t.url).post("/api/admins/auth/signin", ADMIN);
    ok(r);
    expect(sessionCookie(r)).not.toMatch(/Secure/i);
    expect(r.headers.get("strict-transport-security")).toBeNull();
  });
});
