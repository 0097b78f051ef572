/**
 * The dashboard's cash on delivery (issues 38 and 39) in Chromium against the real server, with real data made through
 * the API: a shipper's three bookings with cod_amount delivered by a courier (12.50 cash, 30.00 card, 20.00 cash), the
 * first cash counted in by the dispatcher before the third was collected. The owner's dashboard shows each figure of the
 * `cod` block as the summary gives it, with its currency (collected 62.50, held by couriers 20.00, at the depot 12.50,
 * owed to the shipper 62.50), in English and in Arabic (right to left, Arabic digits as the locale writes them); axe at
 * zero and nothing sticking out at 390 px and on a desktop, light and dark. With E2E_SHOTS=<dir> each is saved there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";
import { bookedWithCod, collect } from "../helpers/cod.js";
import { ok } from "../fixtures/rest.js";
import { formatMoney } from "../../shared/core/money.js";

const SHOTS = process.env.E2E_SHOTS;
const PASSWORD = "dashboard-cod-password-1";
const FIGURES = ["collected", "held_by_couriers", "depot_cash", "owed_to_shippers"] as const;

let site: Site;
let browser: Browser;
let smtp: SmtpPeer;
let owner: Client;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", TIME_ZONE: "UTC", RATE_LIMIT_SIGNUP: "100000" });
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
  const dispatcher = await staffMember(owner, smtp, "disp@dashcod.example", "dispatcher", PASSWORD);
  const courier = await staffMember(owner, smtp, "kim@dashcod.example", "courier", PASSWORD);
  const staff = ok(await owner.get("/api/staff")).data as { id: number; email: string }[];
  const courierId = staff.find((m) => m.email === "kim@dashcod.example")!.id;
  await setUpZonedRates(owner);
  const shop = await verifiedShipper(site.url, smtp);
  const [a, b, c] = [await bookedWithCod(shop, 1250), await bookedWithCod(shop, 3000), await bookedWithCod(shop, 2000)];
  ok(await collect(courier, a, 1250));
  ok(await collect(courier, b, 3000, "card"));
  ok(await dispatcher.post("/api/cod/cashups", { courier_id: courierId, counted_amount: 1250 }), 201);
  ok(await collect(courier, c, 2000));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

describe("the dashboard's cash on delivery", () => {
  it("shows the summary's cod figures with their currency, in English and in Arabic, at 390 px and on a desktop, light and dark", async () => {
    const s = ok(await owner.get("/api/reports/summary"));
    expect(s.cod).toEqual({ collected: 6250, held_by_couriers: 2000, depot_cash: 1250, owed_to_shippers: 6250 });
    for (const [name, opts] of [
      ["desktop-light-en", { desktop: true }],
      ["phone-light-ar", { desktop: false, locale: "ar" }],
      ["phone-dark-ar", { desktop: false, dark: true, locale: "ar" }],
      ["desktop-light-ar", { desktop: true, locale: "ar" }],
      ["desktop-dark-ar", { desktop: true, dark: true, locale: "ar" }],
    ] as const) {
      const ctx = await openContext(browser, site.url, { who: owner, ...opts });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(`${site.url}/control/index.html`);
      await page.getByTestId("cod-collected").waitFor();
      const lang = "locale" in opts ? opts.locale : "en";
      if (lang === "ar") expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      // The period's days in the language's words, not ISO dates (which a right-to-left line reordered and broke).
      expect(await page.getByTestId("report-period").innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      for (const k of FIGURES) {
        const row = page.getByTestId(`cod-${k}`);
        // The amount as the member's language writes it, with the site's currency (EUR): 62,50 € / ٦٢٫٥٠ €.
        expect(await row.locator(".cp-cod-value").innerText(), `${name} ${k}`).toBe(formatMoney(s.cod[k], s.revenue.currency, lang));
        expect(await row.locator(".cp-figure-previous").innerText(), `${name} ${k}`).toContain(formatMoney(0, s.revenue.currency, lang));
      }
      if (lang === "en") expect(await page.getByTestId("cod-collected").innerText()).toMatch(/Collected\s+€62\.50/);
      expect(await axeViolations(page), name).toEqual([]);
      expect((await overflow(page)).px, `${name} sticks out`).toBe(0);
      await screenshot(page, SHOTS, `dashboard-cod-${name}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
