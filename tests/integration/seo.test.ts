import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { signedIn, ok } from "../fixtures/rest.js";
import type { Client } from "../helpers/http.js";

// robots.txt and sitemap.xml, named after the request's own host when PUBLIC_URL is not set.
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
});
afterAll(async () => t?.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("robots.txt", () => {
  it("keeps crawlers out of the control panel, the APIs and per-code screens, and names the sitemap", async () => {
    const r = await fetch(`${t.url}/robots.txt`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await r.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const p of ["/control/", "/cp", "/api/", "/graphql", "/track.html", "/account"]) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });
});

describe("X-Robots-Tag", () => {
  it("marks one visitor's screens and the control panel noindex, and no public page", async () => {
    const tag = async (p: string) => (await fetch(`${t.url}${p}`)).headers.get("x-robots-tag");
    for (const p of ["/track.html?code=CR-1", "/unsubscribe.html", "/debug", "/control/index.html", "/cp"]) expect(await tag(p), p).toBe("noindex, nofollow");
    for (const p of ["/", "/contact.html", "/quote", "/resolution.html"]) expect(await tag(p), p).toBeNull();
  });
});

describe("sitemap.xml", () => {
  it("lists home, contact and every content page, following creates, edits and deletes", async () => {
    const before = await (await fetch(`${t.url}/sitemap.xml`)).text();
    expect(before.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(locs(before)).toEqual([`${t.url}/`, `${t.url}/contact.html`, `${t.url}/quote`]);

    const dayBefore = new Date().toISOString().slice(0, 10);
    const page = ok(await admin.post("/api/pages", { title: "Rates & Zones", content: "Our rates." }), 201);
    const r = await fetch(`${t.url}/sitemap.xml`);
    expect(r.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await r.text();
    expect(locs(xml)).toEqual([`${t.url}/`, `${t.url}/contact.html`, `${t.url}/quote`, `${t.url}/pages/${page.slug}`]);
    const lastmod = new RegExp(`<loc>${t.url}/pages/${page.slug}</loc><lastmod>(\\d{4}-\\d{2}-\\d{2})</lastmod>`).exec(xml)?.[1];
    // The day it was created (read on both sides of the write, in case midnight passed in between).
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(lastmod);
    // The sitemap's page is the public page itself.
    expect((await fetch(`${t.url}/pages/${page.slug}`)).status).toBe(200);

    ok(await admin.delete("/api/pages", { id: page.id }));
    expect(locs(await (await fetch(`${t.url}/sitemap.xml`)).text())).toEqual([`${t.url}/`, `${t.url}/contact.html`, `${t.url}/quote`]);
  });
});

describe("/track", () => {
  it("is the tracking page's short address: a permanent redirect to /track.html with the query as it came", async () => {
    for (const [from, to] of [
      ["/track", "/track.html"],
      ["/track/", "/track.html"],
      ["/track?code=CR-1,CR-2&lang=de", "/track.html?code=CR-1,CR-2&lang=de"],
      // What an attacker puts in the query stays the query of this site's own page: never another host.
      ["/track?//evil.example/x", "/track.html?//evil.example/x"],
    ]) {
      const r = await fetch(`${t.url}${from}`, { redirect: "manual" });
      expect(r.status, from).toBe(301);
      expect(r.headers.get("location"), from).toBe(to);
    }
    expect((await fetch(`${t.url}/track`)).status).toBe(200);
    // Only the alias itself: other paths that start alike are still not found.
    for (const p of ["/tracking", "/track/CR-1", "/track.htm"]) expect((await fetch(`${t.url}${p}`)).status, p).toBe(404);
  });
});
