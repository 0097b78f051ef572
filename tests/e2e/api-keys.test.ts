/**
 * The API keys screen in Chromium against the real server: the owner creates a key, sees it once
 * with a working copy button, a third party uses it, the list shows its last use and calls per day
 * (never the key), and revoking it after the confirmation stops it at once. Phone and desktop,
 * light and dark. With E2E_SHOTS=<dir> the screens are saved there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, launchBrowser, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";

const SHOTS = process.env.E2E_SHOTS;
let site: Site;
let browser: Browser;
let admin: Client;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The owner's browser, signed in with the session of `admin`. */
async function ownerPage(opts: { dark?: boolean; desktop?: boolean } = {}) {
  const ctx = await browser.newContext({ viewport: opts.desktop ? DESKTOP : PHONE, locale: "en-GB", timezoneId: "UTC" });
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
  await ctx.addCookies([...admin.cookies].map(([name, value]) => ({ name, value, url: site.url })));
  if (opts.dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  return { ctx, page, errors: watchErrors(page) };
}
/** How much wider than the window the page is (0: nothing sticks out). */
const OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth";
/** Calls on earlier days, as if the key had been in use for two weeks (written straight to the site's SQLite file). */
function pastUse(keyId: number) {
  if (!site.databaseUrl.startsWith("file:")) throw new Error("the e2e site runs on SQLite");
  const db = new Database(site.databaseUrl.slice("file:".length));
  db.pragma("busy_timeout = 5000");
  const put = db.prepare(`INSERT INTO "ApiKeyUsage" (key_id, day, count) VALUES (?, ?, ?)`);
  for (let n = 1; n <= 13; n++) put.run(keyId, new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10), n % 7 === 0 ? 0 : 40 + ((n * 37) % 90));
  db.close();
}
const useKey = (key: string, path = "/api/parcels") => fetch(site.url + path, { headers: { authorization: `Bearer ${key}` } });

describe("API keys screen", () => {
  it("creates a key shown once with a copy button; lists its use; revokes it after a confirmation", async () => {
    const { ctx, page, errors } = await ownerPage();
    await page.goto(`${site.url}/control/index.html`);
    await page.getByRole("link", { name: /^API KEYS/ }).click();
    await page.waitForURL(/\/control\/api-keys\/list\.html$/);
    await page.getByTestId("empty-state").getByText("No API keys yet").waitFor();
    await page.getByRole("link", { name: "New API Key" }).click();
    await page.waitForURL(/\/control\/api-keys\/create\.html$/);

    // A refused form names the field.
    await page.getByRole("checkbox", { name: /tracking:read/ }).uncheck();
    await page.getByRole("button", { name: "Create API Key" }).click();
    await page.getByText(/^name is required|^name must/i).waitFor();
    await page.getByText(/^scopes must name at least one scope/i).waitFor();

    await page.fill("input[name=name]", "Shop integration");
    await page.getByRole("checkbox", { name: /tracking:read/ }).check();
    await page.getByRole("checkbox", { name: /parcels:read/ }).check();
    await page.fill("input[name=rate_limit]", "120");
    await page.getByRole("button", { name: "Create API Key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    await expect(shown.getByText("you will not see it again")).toBeTruthy();
    expect(await shown.textContent()).toContain("Copy this key now: you will not see it again.");
    const key = (await page.getByTestId("api-key-value").textContent())!.trim();
    expect(key).toMatch(/^ck_[A-Za-z0-9_-]{40}$/);
    expect(await shown.textContent()).toContain("120 calls per minute");
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(key);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-key-created-phone-light.png`, fullPage: true });

    // A third party uses it three times, once outside its scopes.
    expect((await useKey(key)).status).toBe(200);
    expect((await useKey(key)).status).toBe(200);
    expect((await useKey(key, "/api/webhooks")).status).toBe(403);

    await page.getByRole("link", { name: "Done" }).click();
    await page.waitForURL(/\/control\/api-keys\/list\.html$/);
    const row = page.getByTestId("api-key-row").filter({ hasText: "Shop integration" });
    await row.getByText("3 calls in 14 days").waitFor();
    expect(await row.getByTestId("api-key-last-used").textContent()).not.toBe("never");
    expect(await row.textContent()).toContain(`${key.slice(0, 7)}…`);
    expect(await row.textContent()).toContain("120/min");
    expect(await page.content()).not.toContain(key);
    // Back on the create screen the key is gone: a fresh form.
    await page.goBack();
    expect(await page.content()).not.toContain(key);
    await page.goForward();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-keys-list-phone-light.png`, fullPage: true });

    // Revoking asks first; dismissing changes nothing.
    page.once("dialog", (d) => void d.dismiss());
    await row.getByRole("button", { name: "Revoke API key Shop integration" }).click();
    expect((await useKey(key)).status).toBe(200);
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.accept();
    });
    await row.getByRole("button", { name: "Revoke API key Shop integration" }).click();
    await row.getByText("revoked", { exact: true }).waitFor();
    expect(asked).toContain("Every program using it is refused at once");
    expect((await useKey(key)).status).toBe(401);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("looks right at phone and desktop width, light and dark", async () => {
    for (const [dark, desktop] of [
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      const { ctx, page, errors } = await ownerPage({ dark, desktop });
      const name = `${desktop ? "desktop" : "phone"}-${dark ? "dark" : "light"}`;
      await page.goto(`${site.url}/control/api-keys/create.html`);
      await page.fill("input[name=name]", `Warehouse scanner (${name})`);
      await page.getByRole("checkbox", { name: /history:write/ }).check();
      await page.getByRole("button", { name: "Create API Key" }).click();
      await page.getByTestId("new-api-key").waitFor();
      const key = (await page.getByTestId("api-key-value").textContent())!.trim();
      // The key fits its box: nothing wider than the screen.
      const overflow = await page.evaluate<number>(OVERFLOW);
      expect(overflow).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-key-created-${name}.png`, fullPage: true });
      for (let i = 0; i < 4; i++) await useKey(key, `/api/parcels/NOPE-${i}`);
      const listed = (await admin.get("/api/api-keys")).json.data as { id: number; prefix: string }[];
      const id = listed.find((k) => key.startsWith(k.prefix))!.id;
      pastUse(id);
      await page.getByRole("link", { name: "Done" }).click();
      const row = page.getByTestId("api-key-row").filter({ hasText: `(${name})` });
      await row.waitFor();
      // Thirteen earlier days and today's four, each day named for screen readers.
      const total = 4 + Array.from({ length: 13 }, (_, i) => i + 1).reduce((sum, n) => sum + (n % 7 === 0 ? 0 : 40 + ((n * 37) % 90)), 0);
      await row.getByText(`${total.toLocaleString("en-GB")} calls in 14 days`).waitFor();
      expect(await row.locator(".cp-spark li").count()).toBe(14);
      await page.locator(".cp-add-tip").waitFor({ state: "detached" }); // the Add button's hint closes after a second
      expect(await page.evaluate<number>(OVERFLOW)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-keys-list-${name}.png`, fullPage: true });
      await page.goto(`${site.url}/control/index.html`);
      await page.getByRole("link", { name: /^API KEYS/ }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-${name}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
