/**
 * Issue 25's "Done when", as one journey in Chromium against the real server and a real SMTP peer: the
 * owner sets up zones, services and a rate card and opens the sign-up (through the API); a visitor prices a
 * parcel on /quote at 390 px, clicks Ship now, signs up, confirms the e-mail through the mailed link, books
 * with a pickup window on a working day and downloads the label (a PDF); a dispatcher sees the pickup on
 * the Pickups screen and as a pickup stop on the dispatch board of that day; the owner makes the shipper's
 * statement in the control panel, mails it (the PDF attached) and marks it paid; the shipper sees it paid
 * in /account. Then the shipper's screens at 390 px and on a desktop, light and dark, and the quote in
 * Arabic. With E2E_SHOTS=<dir> the screens (and the label and statement PDFs) are saved there.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { decodeMail, mailText, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { fillQuote, setUpRates, shipperSignup, workingDayAhead } from "../helpers/shipping.js";
import { staffMember } from "../helpers/staff.js";

const SHOTS = process.env.E2E_SHOTS;
const EMAIL = "journey-shop@example.com";
const PASSWORD = "journey-shop-password-25";
const DISPATCHER = { email: "dispatch@journey.example", password: "journey-dispatcher-pass-1" };
const PICKUP_DAY = workingDayAhead();
const TODAY = new Date().toISOString().slice(0, 10);
/** EXP, 1.2 kg (charged 1.5) from Berlin to Hamburg: 15.00 + 12.5 % fuel. */
const PRICE = "€16.88";

let site: Site;
let browser: Browser;
let admin: Client;
let smtp: SmtpPeer;
let trackingCode = "";
let statementNumber = "";
const url = (p: string) => site.url + p;
const shot = (page: Page, name: string) => screenshot(page, SHOTS, name);
/** The page a step works on, saved when the step fails (with E2E_SHOTS). */
let current: Page | undefined;

beforeAll(async () => {
  smtp = await startSmtp();
  // A company that starts without the demo (its prices and GBP): these journeys set up their own rates.
  site = await startSite({
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAIN: "true",
    TIME_ZONE: "UTC",
    RATE_LIMIT_QUOTE: "100000",
    RATE_LIMIT_SIGNUP: "100000",
  });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  await setUpRates(admin);
  await shipperSignup(admin, "open");
});
afterEach(async ({ task }) => {
  if (SHOTS && task.result?.state === "fail" && current && !current.isClosed())
    await current.screenshot({ path: path.join(SHOTS, `fail-${task.name.replace(/\W+/g, "-").slice(0, 60)}.png`), fullPage: true }).catch(() => undefined);
  current = undefined;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

describe("a shipper's journey: quote, sign up, book, label, pickup, statement, paid", () => {
  it("a visitor prices a parcel on /quote at 390 px, signs up from Ship now, confirms the e-mail, books with a pickup and downloads the label", async () => {
    const ctx = await openContext(browser, site.url);
    const page = (current = await ctx.newPage());
    const errors = watchErrors(page);

    // The quote.
    await page.goto(url("/quote"));
    await page.getByRole("heading", { name: "Get a quote", level: 1 }).waitFor();
    await fillQuote(page);
    await page.getByRole("button", { name: "Get prices" }).click();
    await page.getByTestId("quote-option").first().waitFor();
    expect(await page.getByTestId("quote-price").allInnerTexts()).toEqual(["€10.13", PRICE]);
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    await shot(page, "journey-1-quote-phone-light");

    // Ship now: no session yet, so the sign-in, then the sign-up, then the new shipment with the quote kept.
    await page.locator('[data-testid=quote-option][data-service="EXP"]').getByRole("button", { name: "Ship now" }).click();
    await page.waitForURL(/\/account\/signin\?next=%2Faccount%2Fnew$/);
    await page.getByRole("link", { name: "No account yet? Sign up" }).click();
    await page.waitForURL(/\/account\/signup\?next=/);
    await page.fill("#su-name", "Paula Parcel");
    await page.fill("#su-company", "Parcel Shop GmbH");
    await page.fill("#su-email", EMAIL);
    await page.fill("#su-password", PASSWORD);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/account\/new$/);
    await page.getByTestId("verify-banner").waitFor();
    expect(await page.inputValue("#sender-postcode")).toBe("10117");
    expect(await page.inputValue("#recipient-postcode")).toBe("20354");
    expect(await page.inputValue("#ns-p0-weight")).toBe("1.2");
    await page.locator("#quote-option-EXP:checked").waitFor();

    // The link in the mail the SMTP peer received, opened in another tab.
    const mail = await smtp.waitFor((m) => m.to.includes(EMAIL) && smtp.messages.indexOf(m) >= before);
    const link = mailText(mail.raw).match(/\/account\/verify\?token=[A-Za-z0-9_%-]+/)?.[0];
    expect(link, mailText(mail.raw)).toBeTruthy();
    const tab = await ctx.newPage();
    await tab.goto(url(link!));
    await tab.getByText("Your e-mail address is confirmed.").waitFor();
    await tab.close();

    // The booking, on the form the quote filled, collected from the sender on a working day.
    await page.fill("#sender-name", "Paula Parcel");
    await page.fill("#sender-company", "Parcel Shop GmbH");
    await page.fill("#sender-line1", "Friedrichstraße 1");
    await page.fill("#sender-city", "Berlin");
    await page.fill("#recipient-name", "Erika Mustermann");
    await page.fill("#recipient-line1", "Rothenbaumchaussee 5");
    await page.fill("#recipient-city", "Hamburg");
    await page.fill("#ns-contents", "Books");
    await page.fill("#ns-reference", "ORDER-25");
    await page.getByLabel("Collect it from the sender").check();
    await page.fill("#ns-pickup-date", PICKUP_DAY);
    await page.fill("#ns-pickup-from", "09:00");
    await page.fill("#ns-pickup-to", "12:00");
    await page.locator("#quote-option-EXP:checked").waitFor();
    await page.locator(".shipment-quote[aria-busy=false]").waitFor();
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    await shot(page, "journey-2-new-shipment-phone-light");
    await page.getByTestId("book").click();
    const booked = page.getByTestId("booked");
    await booked.waitFor();
    trackingCode = await page.getByTestId("booked-code").innerText();
    // The e-mail was confirmed in the other tab: the banner has gone.
    await page.getByTestId("verify-banner").waitFor({ state: "detached" });
    expect(await booked.innerText()).toContain(`pickup on ${PICKUP_DAY}, 09:00–12:00`);
    await shot(page, "journey-3-booked-phone-light");

    // The label: a real PDF.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("label-link").click()]);
    const label = fs.readFileSync((await download.path())!);
    expect(label.subarray(0, 5).toString()).toBe("%PDF-");
    expect(label.length).toBeGreaterThan(2000);
    if (SHOTS) fs.writeFileSync(path.join(SHOTS, "journey-label.pdf"), label);

    // The shipment is listed, pending, at its price.
    await page.goto(url("/account"));
    const row = page.locator(`[data-testid=booking-row][data-code="${trackingCode}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(PRICE);
    await shot(page, "journey-4-shipments-phone-light");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a dispatcher sees the pickup on the Pickups screen and as a pickup stop on the dispatch board of its day", async () => {
    await staffMember(admin, smtp, DISPATCHER.email, "dispatcher", DISPATCHER.password);
    const ctx = await openContext(browser, site.url, { desktop: true });
    const page = (current = await ctx.newPage());
    const errors = watchErrors(page);
    await page.goto(url(`/control/signin.html?email=${encodeURIComponent(DISPATCHER.email)}`));
    await page.fill("input[name=password]", DISPATCHER.password);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL(/\/control\/index\.html$/);

    await page.locator("#cp-nav").getByRole("link", { name: "Shippers" }).click();
    await page.waitForURL(/\/control\/shippers\/list\.html$/);
    await page.getByRole("navigation", { name: "Shipping sections" }).getByRole("link", { name: "Pickups" }).click();
    await page.waitForURL(/\/control\/pickups\/list\.html/);
    await page.fill("#pickup-date", PICKUP_DAY);
    await page.waitForURL(new RegExp(`date=${PICKUP_DAY}`));
    const pickup = page.getByTestId("pickup-row");
    await pickup.waitFor();
    expect(await pickup.count()).toBe(1);
    const text = await pickup.innerText();
    expect(text).toContain("09:00–12:00");
    expect(text).toContain("Parcel Shop GmbH");
    expect(text).toContain("Friedrichstraße 1");
    expect(await pickup.locator("td[data-label=Parcels]").innerText()).toBe("1");
    await shot(page, "journey-5-pickups-desktop-light");

    await page.locator("#cp-nav").getByRole("link", { name: "Dispatch", exact: true }).click();
    await page.waitForURL(/\/control\/dispatch/);
    await page.getByLabel("Date", { exact: true }).fill(PICKUP_DAY);
    await page.waitForURL(new RegExp(`date=${PICKUP_DAY}`));
    const stop = page.locator('[data-testid=unassigned-stop][data-code^="pickup:"]');
    await stop.waitFor();
    expect(await stop.count()).toBe(1);
    const stopText = await stop.innerText();
    expect(stopText).toMatch(/\bpickup\b/);
    expect(stopText).toContain("Parcel Shop GmbH");
    expect(stopText).toContain("Friedrichstraße 1");
    // It has its place (the gazetteer's Berlin): it can go on a run.
    expect(await stop.locator("input[type=checkbox]").isEnabled()).toBe(true);
    await shot(page, "journey-6-dispatch-desktop-light");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the owner makes the shipper's statement in the control panel, mails it with its PDF and marks it paid", async () => {
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = (current = await ctx.newPage());
    const errors = watchErrors(page);
    await page.goto(url("/control/index.html"));
    await page.locator("#cp-nav").getByRole("link", { name: "Shippers" }).click();
    await page.waitForURL(/\/control\/shippers\/list\.html$/);
    await page.getByRole("link", { name: "Statements of Paula Parcel" }).click();
    await page.getByRole("link", { name: "Make statement" }).click();
    await page.waitForURL(/\/control\/statements\/create\.html\?shipper_id=\d+$/);
    await page.fill("input[name=from]", TODAY);
    await page.fill("input[name=to]", TODAY);
    await page.getByRole("button", { name: "Make statement" }).click();
    const made = page.getByText(/^Statement ST-\d{6}-\d+ made: 1 booking$/);
    await made.waitFor();
    statementNumber = (await made.innerText()).match(/ST-\d{6}-\d+/)![0];
    const st = page.getByTestId("statement-row").filter({ hasText: statementNumber });
    expect(await st.innerText()).toContain(PRICE);

    const before = smtp.messages.length;
    await st.getByRole("button", { name: `Mail ${statementNumber}` }).click();
    await st.getByText(/mailed to/).waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(EMAIL) && smtp.messages.indexOf(m) >= before);
    expect(decodeMail(mail.raw).text).toContain("16.88");
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(`${statementNumber}.pdf`);
    const attached = mail.raw.split(/\r?\n--/).find((part) => /Content-Type: application\/pdf/i.test(part))!;
    const pdf = Buffer.from(attached.slice(attached.search(/\r?\n\r?\n/)).replace(/\s+/g, ""), "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    if (SHOTS) fs.writeFileSync(path.join(SHOTS, "journey-statement.pdf"), pdf);

    await st.locator("input[name=paid_reference]").fill("BANK-2525");
    await st.getByRole("button", { name: "Mark paid" }).click();
    await st
      .getByTestId("statement-paid")
      .getByText(/reference BANK-2525/)
      .waitFor();
    await shot(page, "journey-7-statements-staff-desktop-light");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the shipper, back in /account, sees the statement paid", async () => {
    const ctx = await openContext(browser, site.url);
    const page = (current = await ctx.newPage());
    const errors = watchErrors(page);
    await page.goto(url("/account"));
    await page.waitForURL(/\/account\/signin/);
    await page.fill("#si-email", EMAIL);
    await page.fill("#si-password", PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("link", { name: "Statements" }).first().click();
    const row = page.getByRole("row").filter({ hasText: statementNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain("Paid");
    expect(await row.innerText()).toContain(PRICE);
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    await shot(page, "journey-8-statements-phone-light");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("looks right at 390 px and on a desktop, light and dark: quote, booking form, shipments, statements; the quote in Arabic", async () => {
    const shipper = new Client(site.url);
    expect((await shipper.post("/api/users/auth/signin", { email: EMAIL, password: PASSWORD })).status).toBe(200);
    for (const [desktop, dark] of [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ] as const) {
      const name = `${desktop ? "desktop" : "phone"}-${dark ? "dark" : "light"}`;
      const ctx = await openContext(browser, site.url, { desktop, dark, who: shipper });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(url("/quote"));
      await fillQuote(page);
      await page.getByRole("button", { name: "Get prices" }).click();
      await page.getByTestId("quote-option").first().waitFor();
      expect(await overflow(page), `quote ${name}`).toEqual({ px: 0, culprits: [] });
      await shot(page, `looks-quote-${name}`);

      await page.goto(url("/account/new"));
      await page.locator("#sender-name").waitFor();
      await page.getByLabel("Collect it from the sender").check();
      await page.locator("#ns-pickup-date").waitFor();
      expect(await overflow(page), `new shipment ${name}`).toEqual({ px: 0, culprits: [] });
      await shot(page, `looks-new-shipment-${name}`);

      await page.goto(url("/account"));
      await page.getByTestId("booking-row").first().waitFor();
      expect(await overflow(page), `shipments ${name}`).toEqual({ px: 0, culprits: [] });
      await shot(page, `looks-shipments-${name}`);

      await page.goto(url("/account/statements"));
      await page.getByRole("row").filter({ hasText: statementNumber }).waitFor();
      expect(await overflow(page), `statements ${name}`).toEqual({ px: 0, culprits: [] });
      await shot(page, `looks-statements-${name}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }

    for (const desktop of [false, true]) {
      const ctx = await openContext(browser, site.url, { desktop, lang: "ar" });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(url("/quote"));
      await fillQuote(page);
      await page.locator(".quote-form button[type=submit]").click();
      await page.getByTestId("quote-option").first().waitFor();
      expect(await page.evaluate("document.documentElement.dir")).toBe("rtl");
      expect(await overflow(page), "quote ar").toEqual({ px: 0, culprits: [] });
      await shot(page, `looks-quote-${desktop ? "desktop" : "phone"}-ar`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
