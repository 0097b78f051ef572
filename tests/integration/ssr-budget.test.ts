// The server's render budget (SSR_BUDGET_MS, server/ssr.ts): past it, pages go out for the client to render
// (still 200, never a 500 or a wait), kept pages are still sent, and the bucket fills by the budget each second.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderBudget } from "../../server/ssr.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { CLIENT_DIR, STATE, requireBuiltRender } from "../helpers/ssr.js";

let t: TestApp;

beforeAll(async () => {
  requireBuiltRender();
  // One millisecond of rendering a second: the bucket holds 1 ms, so a render or two empty it, and it takes
  // seconds to fill again.
  t = await startTestApp({ CLIENT_DIR, RATE_LIMIT_TRACKING: "1000", SSR_BUDGET_MS: "1" });
});
afterAll(async () => {
  await t?.close();
});

describe("the render budget (SSR_BUDGET_MS)", () => {
  it("past the budget, a new page goes out for the client to render (200); a kept page is still sent", async () => {
    const visitor = new Client(t.url);
    const first = await visitor.get("/");
    expect(first.status).toBe(200);
    expect(first.text).toMatch(STATE);
    let unrendered: Awaited<ReturnType<Client["get"]>> | undefined;
    for (let i = 0; i < 50 && !unrendered; i++) {
      // Distinct pages (a wrong code renders its error state), so none is a kept page.
      const page = await visitor.get(`/track.html?code=NO-SUCH-${i}`);
      expect(page.status).toBe(200);
      if (!STATE.test(page.text)) unrendered = page;
    }
    expect(unrendered, "no page went out unrendered in 50 distinct pages past a 1 ms budget").toBeDefined();
    expect(unrendered!.text).toContain('<div id="root"></div>');
    expect(unrendered!.text).toMatch(/<script type="module" crossorigin src=/);
    // The page rendered first is kept: sent again without a render, budget or not.
    const again = await visitor.get("/");
    expect(again.text).toBe(first.text);
  });

  it("fills by the budget each second, holds one second of it, and lets a render start while it is not empty", () => {
    let now = 0;
    const budget = renderBudget(100, () => now);
    expect(budget.allows()).toBe(true);
    budget.spend(250); // a slow render: 150 ms owed
    expect(budget.allows()).toBe(false);
    now = 1000; // 100 ms back: still 50 owed
    expect(budget.allows()).toBe(false);
    now = 1600; // 10 ms left
    expect(budget.allows()).toBe(true);
    now = 60_000; // a quiet minute fills it to one second's budget, no more
    expect(budget.allows()).toBe(true);
    budget.spend(100);
    expect(budget.allows()).toBe(false);
    const unbounded = renderBudget(0, () => now);
    unbounded.spend(1e9);
    expect(unbounded.allows()).toBe(true);
  });
});
