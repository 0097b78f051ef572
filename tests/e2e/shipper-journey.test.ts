/**
 * Issue 25's "Done when", as one journey in Chromium against the real server and a real SMTP peer: the
 * owner sets up zones, services and a rate card and opens the sign-up (through the API); a visitor prices a
 * parcel on /quote at 390 px, clicks Ship now (the sign-in and sign-up say why they are asked), signs up,
 * confirms the e-mail through the mailed link (an HTML link) in another tab, which leads back to the booking
 * with the quote and the sign-up's name and company filled in, books with a pickup window on a working day (a
 * double click books once; the confirmation in view, focused, announced) and downloads the label (a PDF); a
 * dispatcher sees the pickup on the Pickups screen and as a pickup stop on the dispatch board of that day; the
 * owner makes the shipper's statement in the control panel, mails it (the PDF attached) and marks it paid; the
 * shipper sees it paid in /account (a sign-in's next to another site is neither carried nor followed). Then the shipper's screens at 390 px and on a desktop, light and dark, and the quote in
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
import { decodeMail, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
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

    // Ship now: no session yet, so the sign-in, then the sign-up, each saying why, then the new shipment with the quote kept.
    await page.locator('[data-testid=quote-option][data-service="EXP"]').getByRole("button", { name: "Ship now" }).click();
    await page.waitForURL(/\/account\/signin\?next=%2Faccount%2Fnew$/);
    const reason = "Sign in or create an account to book this shipment; your quote is kept.";
    expect(await page.getByTestId("ship-now-reason").innerText()).toBe(reason);
    await page.getByRole("link", { name: "No account yet? Sign up" }).click();
    await page.waitForURL(/\/account\/signup\?next=%2Faccount%2Fnew$/);
    expect(await page.getByTestId("ship-now-reason").innerText()).toBe(reason);
    await page.fill("#su-name", "Paula Parcel");
    await page.fill("#su-company", "Parcel Shop GmbH");
    await page.fill("#su-email", EMAIL);
    await page.fill("#su-password", PASSWORD);
    await shot(page, "journey-1b-signup-phone-light");
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/account\/new$/);
    await page.getByTestId("verify-banner").waitFor();
    expect(await page.inputValue("#sender-postcode")).toBe("10117");

    // The mail's link is a link (HTML, with the plain text beside it) and leads back to the booking; opened in another tab.
    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes(EMAIL) && smtp.messages.indexOf(m) >= before)).raw);
    const href = /<a href="([^"]+\/account\/verify\?token=[\w-]+&amp;next=%2Faccount%2Fnew)"/.exec(mail.html)?.[1];
    expect(href, mail.html).toBeTruthy();
    const link = new URL(href!.replace(/&amp;/g, "&"));
    expect(mail.text).toContain(link.href);
    await page.close();
    const tab = (current = await ctx.newPage());
    const tabErrors = watchErrors(tab);
    await tab.goto(url(link.pathname + link.search));
    await tab.waitForURL(/\/account\/new$/);
    await tab.getByTestId("verified-notice").waitFor();
    expect(await tab.getByTestId("verify-banner").count()).toBe(0);
    // Everything typed so far is there: the quote's places, parcel and service, the sign-up's name and company.
    expect(await tab.inputValue("#sender-name")).toBe("Paula Parcel");
    expect(await tab.inputValue("#sender-company")).toBe("Parcel Shop GmbH");
    expect(await tab.inputValue("#sender-postcode")).toBe("10117");
    expect(await tab.inputValue("#sender-city")).toBe("Berlin");
    expect(await tab.inputValue("#recipient-postcode")).toBe("20354");
    expect(await tab.inputValue("#ns-p0-weight")).toBe("1.2");
    await tab.locator("#quote-option-EXP:checked").waitFor();

    // The booking, on the form the quote filled, collected from the sender on a working day.
    await tab.fill("#sender-line1", "Friedrichstraße 1");
    await tab.fill("#recipient-name", "Erika Mustermann");
    await tab.fill("#recipient-line1", "Rothenbaumchaussee 5");
    await tab.fill("#recipient-city", "Hamburg");
    await tab.fill("#ns-contents", "Books");
    await tab.fill("#ns-reference", "ORDER-25");
    await tab.getByLabel("Collect it from the sender").check();
    await tab.fill("#ns-pickup-date", PICKUP_DAY);
    await tab.fill("#ns-pickup-from", "09:00");
    await tab.fill("#ns-pickup-to", "12:00");
    await tab.locator("#quote-option-EXP:checked").waitFor();
    await tab.locator(".shipment-quote[aria-busy=false]").waitFor();
    expect(await overflow(tab)).toEqual({ px: 0, culprits: [] });
    await shot(tab, "journey-2-new-shipment-phone-light");
    // A double click books once: the confirmation takes the form's place.
    await tab.getByTestId("book").dblclick();
    const booked = tab.getByTestId("booked");
    await booked.waitFor();
    trackingCode = await tab.getByTestId("booked-code").innerText();
    expect(await tab.getByTestId("book").count()).toBe(0);
    // In view below the fixed top bar, its title and tracking code, focused, and said by the status line.
    type Box = { top: number; bottom: number };
    type InPage = {
      innerHeight: number;
      document: { querySelector(s: string): { getBoundingClientRect(): Box } | null; activeElement: { id: string } | null };
    };
    const where = () =>
      tab.evaluate(() => {
        const w = globalThis as unknown as InPage;
        const box = (s: string) => w.document.querySelector(s)!.getBoundingClientRect();
        return {
          title: box("#booked-title").top,
          code: box("[data-testid=booked-code]").bottom,
          bar: box(".topbar").bottom,
          height: w.innerHeight,
          focus: w.document.activeElement?.id,
        };
      });
    await expect.poll(async () => (await where()).focus).toBe("booked-title");
    const box = await where();
    expect(box.title, JSON.stringify(box)).toBeGreaterThanOrEqual(box.bar);
    expect(box.code, JSON.stringify(box)).toBeLessThanOrEqual(box.height);
    expect(await tab.getByTestId("booked-status").innerText()).toBe(`Shipment booked. Tracking code: ${trackingCode}`);
    expect(await booked.innerText()).toContain(`pickup on ${PICKUP_DAY}, 09:00–12:00`);
    await shot(tab, "journey-3-booked-phone-light");

    // The label: a real PDF.
    const [download] = await Promise.all([tab.waitForEvent("download"), tab.getByTestId("label-link").click()]);
    const label = fs.readFileSync((await download.path())!);
    expect(label.subarray(0, 5).toString()).toBe("%PDF-");
    expect(label.length).toBeGreaterThan(2000);
    if (SHOTS) fs.writeFileSync(path.join(SHOTS, "journey-label.pdf"), label);

    // One shipment, pending, at its price; a new shipment starts empty (the quote was booked).
    await tab.goto(url("/account"));
    const row = tab.getByTestId("booking-row");
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().getAttribute("data-code")).toBe(trackingCode);
    expect(await row.first().innerText()).toContain(PRICE);
    await shot(tab, "journey-4-shipments-phone-light");
    await tab.goto(url("/account/new"));
    await tab.locator("#sender-name").waitFor();
    expect(await tab.inputValue("#recipient-postcode")).toBe("");
    expect([...errors, ...tabErrors]).toEqual([]);
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
    await st.getByRole("button", { name: `Mail to shipper ${statementNumber}` }).click();
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

  it("the shipper, back in /account, sees the statement paid; a sign-in's next to another site leads to the account", async () => {
    const ctx = await openContext(browser, site.url);
    const page = (current = await ctx.newPage());
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on("dialog", (d) => void (dialogs.push(d.message()), d.dismiss()));
    await page.goto(url("/account"));
    await page.waitForURL(/\/account\/signin/);
    // A link that would send the shipper on to another site after signing in (or run script) is not followed, nor carried.
    for (const next of ["https://evil.example/account", "//evil.example", "javascript:alert(document.cookie)"]) {
      await page.goto(url(`/account/signin?next=${encodeURIComponent(next)}`));
      expect(await page.getByRole("link", { name: "No account yet? Sign up" }).getAttribute("href"), next).toBe("/account/signup");
      expect(await page.getByTestId("ship-now-reason").count()).toBe(0);
    }
    await page.fill("#si-email", EMAIL);
    await page.fill("#si-password", PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/account$/);
    expect(new URL(page.url()).origin).toBe(site.url);
    expect(dialogs).toEqual([]);
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
    // Every width and theme with E2E_SHOTS (the pictures); otherwise each width and each theme once: the overflow
    // check depends on the width only (the dark theme changes colours, not sizes), the console check is made in both.
    const looks = SHOTS
      ? ([
          [false, false],
          [false, true],
          [true, false],
          [true, true],
        ] as const)
      : ([
          [false, false],
          [true, true],
        ] as const);
    for (const [desktop, dark] of looks) {
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
