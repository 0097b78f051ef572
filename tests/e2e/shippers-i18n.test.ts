/**
 * The shipping screens in the member's language (issue 37): an owner who works in German sees shippers, bookings,
 * pickups, statements and their forms without an English word of the interface (statuses by their German labels,
 * counts, dates and money in German), axe finds nothing, nothing sticks out sideways; in Arabic the same screens are
 * right to left. Phone and desktop, light and dark. With E2E_SHOTS=<dir> the screens are saved there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { mailText, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { setUpRates, shipperSignup, workingDayAhead } from "../helpers/shipping.js";

const SHOTS = process.env.E2E_SHOTS;
const SHIPPER = "versand@laden.example";
const PASSWORD = "shippers-i18n-password-42";
const PICKUP_DAY = workingDayAhead();
let site: Site;
let browser: Browser;
let admin: Client;
let smtp: SmtpPeer;
let shipperId = 0;

/** The interface's English words that must not show in German (the shipper's and service's names are data). */
const ENGLISH = [
  "Shippers",
  "Bookings",
  "Pickups",
  "Statements",
  "Rates",
  "Balance",
  "Credit limit",
  "No limit",
  "Rate card",
  "Edit",
  "Disable",
  "Search",
  "Create Shipper",
  "Contact name",
  "Company",
  "Tracking code",
  "Amount",
  "Booked",
  "Any status",
  "Every shipper",
  "Filter",
  "Make statement",
  "Make a statement",
  "Mail to shipper",
  "Day before",
  "Day after",
  "Window",
  "Address",
  "Parcels",
  "Pending",
  "Requested",
  "Open",
  "Paid",
  "booking",
  "bookings",
  "shipper",
  "pickup",
  "Price kept",
  "Fuel surcharge",
  "Chargeable weight",
  "Reference",
  "Total",
  "Cancel booking",
  "Label PDF",
  "Mark paid",
  "Payment reference",
];
// ("optional", "Status" and "Details" are German as well.)
function noEnglish(shown: string, where: string) {
  const found = ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(shown));
  expect(found, `${where} shows English: ${found.join(", ")}`).toEqual([]);
}

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", TIME_ZONE: "UTC" });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  await setUpRates(admin);
  await shipperSignup(admin, "off");
  // A business shipper (its invitation by mail), who books twice, once with a pickup; a statement bills the first.
  expect((await admin.post("/api/shippers", { name: "Lena Lager", email: SHIPPER, company: "Laden GmbH", credit_limit: 50000 })).status).toBe(201);
  const mail = await smtp.waitFor((m) => m.to.includes(SHIPPER) && /Your token: /.test(mailText(m.raw)), 15_000);
  const token = /Your token: ([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))![1];
  const shipper = new Client(site.url);
  const set = await shipper.patch("/api/users/auth/update/password-guest", {
    email: SHIPPER,
    new_password: PASSWORD,
    confirm_new_password: PASSWORD,
    password_token: token,
  });
  expect(set.status).toBe(200);
  expect((await shipper.post("/api/users/auth/signin", { email: SHIPPER, password: PASSWORD })).status).toBe(200);
  const sender = { name: "Lena Lager", company: "Laden GmbH", line1: "Torstraße 1", city: "Berlin", postcode: "10119", country: "DE", phone: "+49 30 1" };
  const recipient = { name: "Max Muster", line1: "Jungfernstieg 1", city: "Hamburg", postcode: "20354", country: "DE" };
  for (const [reference, extra] of [
    ["A-1", {}],
    ["A-2", { pickup: { date: PICKUP_DAY, from: "09:00", to: "12:00" } }],
  ] as const) {
    const r = await shipper.post("/api/bookings", { service: "STD", sender, recipient, parcels: [{ weight_kg: 2 }], contents: "Bücher", reference, ...extra });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  }
  shipperId = (await admin.get(`/api/shippers?search=${encodeURIComponent(SHIPPER)}`)).json.data.data[0].id;
  const today = new Date().toISOString().slice(0, 10);
  expect((await admin.post("/api/statements", { shipper_id: shipperId, from: today, to: today })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

const SCREENS = () =>
  [
    ["shippers", "/control/shippers/list.html", "shipper-row"],
    ["shipper-create", "/control/shippers/create.html", null],
    ["bookings", `/control/bookings/list.html?shipper_id=${shipperId}`, "booking-row"],
    ["pickups", `/control/pickups/list.html?date=${PICKUP_DAY}`, "pickup-row"],
    ["statements", `/control/statements/list.html?shipper_id=${shipperId}`, "statement-row"],
    ["statement-create", `/control/statements/create.html?shipper_id=${shipperId}`, null],
  ] as const;

/** Opens a screen, waits for its own rows, opens a row's details where it has them. */
async function openScreen(page: Page, path: string, row: string | null, name: string) {
  await page.goto(site.url + path);
  if (row) await page.getByTestId(row).first().waitFor();
  else await page.locator("form .cp-btn-primary").first().waitFor();
  if (name === "shippers") await page.getByTestId("shipper-row").locator(".cp-ship-actions button").first().click();
  if (name === "bookings") await page.getByTestId("booking-row").first().locator("button[aria-expanded]").click();
  if (name === "statements") await page.getByTestId("statement-row").first().locator("button[aria-expanded]").click();
}

describe("the shipping screens in the member's language", () => {
  it("in German: no English word of the interface, German statuses, counts, dates and money; axe clean; nothing sideways", async () => {
    expect((await admin.patch("/api/admins/auth/update/profile", { language: "de" })).status).toBe(200);
    for (const desktop of [false, true]) {
      for (const dark of [false, true]) {
        const ctx = await openContext(browser, site.url, { desktop, dark, who: admin });
        const page = await ctx.newPage();
        page.setDefaultTimeout(20_000);
        const errors = watchErrors(page);
        for (const [name, path, row] of SCREENS()) {
          await openScreen(page, path, row, name);
          const shown = await page.locator("main").innerText();
          noEnglish(shown, `${name} (${desktop ? "desktop" : "390 px"}, ${dark ? "dark" : "light"})`);
          expect(await page.evaluate<string>("document.documentElement.lang")).toBe("de");
          if (name === "shippers") {
            expect(shown).toMatch(/1 Versender/);
            expect(await page.getByTestId("shipper-credit-limit").first().innerText()).toMatch(/^500,00\s€$/);
          }
          if (name === "bookings") {
            expect(shown).toContain("2 Buchungen");
            expect(await page.locator("[data-status=pending]").first().innerText()).toBe("Ausstehend");
            expect(shown).toMatch(/\d+,\d\d\s€/);
          }
          if (name === "pickups") expect(shown).toMatch(/1 Abholung, 1 Paket am \w+, \d+\. \w+ \d{4}/);
          if (name === "statements") {
            // Both of today's bookings are on it.
            expect(shown).toContain("2 Buchungen");
            expect(await page.locator("[data-status=open]").first().innerText()).toBe("Offen");
          }
          if (!dark) expect(await axeViolations(page), `${name}: axe`).toEqual([]);
          expect((await overflow(page)).px, `${name} sticks out`).toBe(0);
          await screenshot(page, SHOTS, `shippers-de-${name}-${desktop ? "desktop" : "phone"}-${dark ? "dark" : "light"}`);
        }
        expect(errors).toEqual([]);
        await ctx.close();
      }
    }
  }, 300_000);

  it("in Arabic: right to left, Arabic words, axe clean, nothing sideways", async () => {
    expect((await admin.patch("/api/admins/auth/update/profile", { language: "ar" })).status).toBe(200);
    for (const desktop of [false, true]) {
      const ctx = await openContext(browser, site.url, { desktop, who: admin });
      const page = await ctx.newPage();
      page.setDefaultTimeout(20_000);
      for (const [name, path, row] of SCREENS()) {
        await openScreen(page, path, row, name);
        expect(await page.evaluate<string>("document.documentElement.dir")).toBe("rtl");
        noEnglish(await page.locator("main").innerText(), `${name} (Arabic)`);
        expect(await axeViolations(page), `${name}: axe`).toEqual([]);
        expect((await overflow(page)).px, `${name} sticks out`).toBe(0);
        await screenshot(page, SHOTS, `shippers-ar-${name}-${desktop ? "desktop" : "phone"}`);
      }
      await ctx.close();
    }
    expect((await admin.patch("/api/admins/auth/update/profile", { language: null })).status).toBe(200);
  }, 300_000);
});
