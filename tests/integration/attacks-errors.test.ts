import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { send } from "../helpers/raw.js";

// Issue 12, item 10: one error handler for every route. The database goes away under a running
// server (own file: this server is not usable afterwards); no route may echo what failed.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("when the database fails", () => {
  it("HTML pages, the sitemap, uploads, /api and /graphql answer a generic 500, never the failure's own words", async () => {
    expect((await send(t.url, "GET", "/sitemap.xml")).status).toBe(200);
    const { closeDb } = await import("../../server/db/index.js");
    await closeDb();
    for (const path of ["/", "/pages/about-us", "/sitemap.xml", "/uploads/images/x.png", "/api/graph", "/api/pages/about-us"]) {
      const r = await send(t.url, "GET", path);
      expect(r.status, `${path}: ${r.text}`).toBeGreaterThanOrEqual(500);
      expect(r.text, path).not.toMatch(/database|prisma|sqlite|postgres|not opened|at .*\.ts:\d+/i);
    }
    const g = await send(t.url, "POST", "/graphql", {
      body: JSON.stringify({ query: "{ pages { total } }" }),
      headers: { "content-type": "application/json" },
    });
    expect(g.text).not.toMatch(/database|prisma|sqlite|not opened/i);
  });
});
