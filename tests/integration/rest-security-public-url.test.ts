import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ADMIN, fails, ok } from "../fixtures/rest.js";

// With PUBLIC_URL set, it (not the Host header) names this site for the CSRF check.
const SITE = "https://courier.example";
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: SITE });
});
afterAll(async () => t?.close());

describe("CSRF against PUBLIC_URL", () => {
  it("refuses the request's own Host, another port or scheme of the site, and foreign sites", async () => {
    const c = new Client(t.url);
    for (const origin of [t.url, "https://courier.example:8443", "http://courier.example", "https://evil.example"]) {
      fails(await c.post("/api/admins", { ...ADMIN, token: SETUP_TOKEN }, { origin }), 403);
    }
    fails(await c.post("/api/admins", { ...ADMIN, token: SETUP_TOKEN }, { referer: `${t.url}/cp/signup` }), 403);
  });

  it("accepts PUBLIC_URL's origin (Origin or Referer) and requests with neither header", async () => {
    const c = new Client(t.url);
    ok(await c.post("/api/admins", { ...ADMIN, token: SETUP_TOKEN }, { origin: SITE }), 201);
    ok(await c.post("/api/admins/auth/signin", ADMIN, { referer: `${SITE}/control/signin` }));
    ok(await c.post("/api/parcels", { tracking_code: "PUB-1", recipient_name: "A", destination: "B" }), 201);
  });

  it("names PUBLIC_URL, not the request's host, in robots.txt and the sitemap", async () => {
    expect(await (await fetch(`${t.url}/robots.txt`)).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const xml = await (await fetch(`${t.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${SITE}/</loc>`);
    expect(xml).not.toContain(t.url);
  });

  it("sets the session cookie Secure when the site is served over https", async () => {
    const r = await new Client(t.url).post("/api/admins/auth/signin", ADMIN, { origin: SITE });
    const cookie = r.headers.getSetCookie().find((s) => s.startsWith("courier_sid="))!;
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
