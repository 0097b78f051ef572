/**
 * The dashboard's filters (issue 39) in Chromium against the real server: two shippers' bookings on the service
 * "STD" (named "Standard"). Choosing a shipper, a service or a courier puts it in the address (?shipper=, ?service=,
 * ?courier=), the figures become the API's answer for the same filter, the CSV links carry it (shipper_id, service,
 * courier_id), back brings the unfiltered figures again, a shared link opens filtered; the revenue by service names
 * the service ("Standard", not "STD"). At 390 px and on a desktop, light and dark, in English and in Arabic: axe at
 * zero, nothing sticking out. With E2E_SHOTS=<dir> each is saved there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { booking, setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";
import { ok } from "../fixtures/rest.js";
import { formatMoney } from "../../shared/core/money.js";

const SHOTS = process.env.E2E_SHOTS;
const PASSWORD = "dashboard-filters-password-1";

let site: Site;
let browser: Browser;
let smtp: SmtpPeer;
let owner: Client;
let shops: { id: number }[];
let courierId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", TIME_ZONE: "UTC", RATE_LIMIT_SIGNUP: "100000" });
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
  await staffMember(owner, smtp, "kim@dashfilters.example", "courier", PASSWORD);
  const staff = ok(await owner.get("/api/staff")).data as { id: number; email: string }[];
  courierId = staff.find((m) => m.email === "kim@dashfilters.example")!.id;
  await setUpZonedRates(owner);
  shops = [];
  for (const n of [1, 3]) {
    const shop = await verifiedShipper(site.url, smtp);
    shops.push(shop);
    for (let i = 0; i < n; i++) ok(await shop.post("/api/bookings", booking()), 201);
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

type Summary = { created: number; revenue: { amount: number; currency: string } };
/**
 * The API's summary for a filter, as the owner: the page reads reports as the same member, and the server runs at most
 * two of a member's reports at once (429 beyond), so a refusal is waited out.
 */
async function summary(query = ""): Promise<Summary> {
  for (let i = 0; ; i++) {
    const r = await owner.get(`/api/reports/summary${query}`);
    if (r.status !== 429 || i > 20) return ok(r) as Summary;
    await new Promise((done) => setTimeout(done, 250));
  }
}
const revenueShown = (page: Page) =>
  page
    .locator(".cp-figure", { hasText: /Revenue|الإيرادات/ })
    .locator(".cp-figure-value")
    .innerText();
const createdShown = (page: Page) => page.locator(".cp-figure").first().locator(".cp-figure-value").innerText();

describe("the dashboard's filters", () => {
  it("keeps shipper, service and courier in the address and shows the API's figures for them, CSV links included", async () => {
    const all = await summary();
    const one = await summary(`?shipper_id=${shops[1].id}`);
    expect(one.revenue.amount).toBeGreaterThan(0);
    expect(one.revenue.amount).toBeLessThan(all.revenue.amount);
    const ctx = await openContext(browser, site.url, { who: owner, desktop: true });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/control/index.html`);
    await page.getByTestId("report-period").waitFor();
    expect(await revenueShown(page)).toBe(formatMoney(all.revenue.amount, all.revenue.currency, "en"));
    // The service's name, not its code, in the revenue by service (its table for screen readers).
    await expect.poll(() => page.locator("th[data-code='STD']").first().textContent()).toBe("Standard");

    await page.locator("#report-shipper").selectOption(String(shops[1].id));
    await expect.poll(() => new URL(page.url()).searchParams.get("shipper")).toBe(String(shops[1].id));
    await expect.poll(() => revenueShown(page)).toBe(formatMoney(one.revenue.amount, one.revenue.currency, "en"));
    expect(await createdShown(page)).toBe(String(one.created));
    for (const href of await page.locator("a.cp-chart-csv").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
      expect(new URL(href, site.url).searchParams.get("shipper_id"), href).toBe(String(shops[1].id));
    }
    // The CSV is the API's for the same filter.
    const csv = await page.evaluate((h) => fetch(h).then((r) => r.text()), (await page.locator("a.cp-chart-csv").last().getAttribute("href")) ?? "");
    expect(csv.length).toBeGreaterThan(0);

    await page.locator("#report-service").selectOption("STD");
    await expect.poll(() => new URL(page.url()).searchParams.get("service")).toBe("STD");
    expect(new URL(page.url()).searchParams.get("shipper")).toBe(String(shops[1].id));
    const both = await summary(`?shipper_id=${shops[1].id}&service=STD`);
    await expect.poll(() => revenueShown(page)).toBe(formatMoney(both.revenue.amount, both.revenue.currency, "en"));

    await page.locator("#report-courier").selectOption(String(courierId));
    await expect.poll(() => new URL(page.url()).searchParams.get("courier")).toBe(String(courierId));
    const three = await summary(`?shipper_id=${shops[1].id}&service=STD&courier_id=${courierId}`);
    await expect.poll(() => revenueShown(page)).toBe(formatMoney(three.revenue.amount, three.revenue.currency, "en"));
    expect(new URL((await page.locator("a.cp-chart-csv").first().getAttribute("href"))!, site.url).searchParams.get("courier_id")).toBe(String(courierId));

    // Back three times: the unfiltered figures again; "All" in each picker.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => revenueShown(page)).toBe(formatMoney(all.revenue.amount, all.revenue.currency, "en"));
    expect(await page.locator("#report-shipper").inputValue()).toBe("");
    // Forward: the shipper again.
    await page.goForward();
    await expect.poll(() => revenueShown(page)).toBe(formatMoney(one.revenue.amount, one.revenue.currency, "en"));
    expect(await page.locator("#report-shipper").inputValue()).toBe(String(shops[1].id));
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("opens a shared filtered link at 390 px and on a desktop, light and dark, in English and Arabic, axe clean, nothing sticking out", async () => {
    const one = await summary(`?shipper_id=${shops[0].id}&service=STD`);
    for (const [name, opts] of [
      ["phone-light-en", { desktop: false }],
      ["phone-dark-en", { desktop: false, dark: true }],
      ["desktop-light-en", { desktop: true }],
      ["desktop-dark-en", { desktop: true, dark: true }],
      ["phone-light-ar", { desktop: false, locale: "ar" }],
      ["desktop-dark-ar", { desktop: true, dark: true, locale: "ar" }],
    ] as const) {
      const ctx = await openContext(browser, site.url, { who: owner, ...opts });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(`${site.url}/control/index.html?shipper=${shops[0].id}&service=STD`);
      await page.getByTestId("report-period").waitFor();
      const lang = "locale" in opts ? opts.locale : "en";
      await expect.poll(() => page.locator("#report-shipper").inputValue()).toBe(String(shops[0].id));
      await expect.poll(() => page.locator("#report-service option:checked").textContent()).not.toBe("STD");
      await expect.poll(() => revenueShown(page), { message: name }).toBe(formatMoney(one.revenue.amount, one.revenue.currency, lang));
      expect(await axeViolations(page), name).toEqual([]);
      expect((await overflow(page)).px, `${name} sticks out`).toBe(0);
      await screenshot(page, SHOTS, `dashboard-filters-${name}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
