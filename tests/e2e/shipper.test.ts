/**
 * The shipper's public journey in Chromium against the real server (issue 25, contract section 10): a
 * visitor's quote on /quote (and a bad postcode named at its field), "Ship now" through the sign-up with the
 * quote kept, the e-mail confirmed through the mailed link, a booking with a quoted service (a double click
 * books once) and its label, cancelling a pending one, an API key shown once, the credit limit's 402 said
 * plainly; and what is not a shipper's: /account without a session, a staff session, search engines.
 * Phone and desktop, light and dark, Arabic. With E2E_SHOTS=<dir> the screens are saved there.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import { mailText, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import type { Client } from "../helpers/http.js";
import { fillQuote, setUpRates } from "../helpers/shipping.js";
import { axeViolations } from "../helpers/axe.js";

const SHOTS = process.env.E2E_SHOTS;
const EMAIL = "shop@example.com";
let password = "parcel-shop-password-7";
let apiKey = "";
let shipperId = 0;
let site: Site;
let browser: Browser;
let admin: Client;
let smtp: SmtpPeer;
const url = (p: string) => site.url + p;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function context(opts: { desktop?: boolean; dark?: boolean; lang?: string } = {}): Promise<BrowserContext> {
  const ctx = await openContext(browser, site.url, opts);
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
  return ctx;
}

beforeAll(async () => {
  smtp = await startSmtp();
  // A company that starts without the demo (its prices and GBP): these journeys set up their own rates.
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", RATE_LIMIT_QUOTE: "100000", RATE_LIMIT_SIGNUP: "100000" });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  await setUpRates(admin);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

describe("shipper journey", () => {
  let shipper: Page;

  it("a visitor prices a shipment on /quote, reached from the home page; a bad postcode is named at its field", async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(url("/"));
    await page.locator(".hero-slide.active").getByRole("link", { name: "Get a quote" }).click();
    await page.waitForURL(/\/quote$/);
    await page.getByRole("heading", { name: "Get a quote", level: 1 }).waitFor();

    await fillQuote(page, "ABC");
    await page.getByRole("button", { name: "Get prices" }).click();
    const err = page.locator("#q-to-postcode-error");
    await err.waitFor();
    expect(await err.innerText()).toBe("This postcode does not fit the country's format.");
    expect(await page.getAttribute("#q-to-postcode", "aria-invalid")).toBe("true");

    await page.fill("#q-to-postcode", "20354");
    await page.getByRole("button", { name: "Add a parcel" }).click();
    await page.fill("#q-p1-weight", "0.5");
    await page.fill("#q-p1-length_cm", "30");
    await page.fill("#q-p1-width_cm", "20");
    await page.fill("#q-p1-height_cm", "10");
    await page.getByRole("button", { name: "Get prices" }).click();
    await page.getByTestId("quote-option").first().waitFor();
    expect(await page.locator("#q-to-postcode-error").count()).toBe(0);
    // 1.5 kg + 1.5 kg (6 000 cm³ / 5 000, rounded up to 0.5) = 3 kg: Standard 9.00 + 12.5 % fuel = €10.13, cheapest first.
    expect(await page.getByTestId("quote-price").allInnerTexts()).toEqual(["€10.13", "€28.13"]);
    await page.getByText("charged for 3 kg").first().waitFor();
    await page.getByText("Fuel surcharge").first().waitFor();
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    await shot(page, "quote-phone-light");

    // A removed row leaves the form.
    await page.getByRole("button", { name: "Remove parcel 2" }).click();
    expect(await page.getByTestId("parcel-row").count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("Ship now leads through the sign-up to a new shipment that keeps the quote; the mailed link confirms the e-mail", async () => {
    const ctx = await context({ desktop: true });
    shipper = await ctx.newPage();
    await shipper.goto(url("/quote"));
    await fillQuote(shipper);
    await shipper.getByRole("button", { name: "Get prices" }).click();
    await shipper.locator('[data-testid=quote-option][data-service="EXP"]').getByRole("button", { name: "Ship now" }).click();
    await shipper.waitForURL(/\/account\/signin\?next=%2Faccount%2Fnew$/);
    await shipper.getByRole("link", { name: "No account yet? Sign up" }).click();
    await shipper.waitForURL(/\/account\/signup\?next=/);

    // The server's rules, named at their fields.
    await shipper.fill("#su-name", "Parcel Shop");
    await shipper.fill("#su-email", "not-an-address");
    await shipper.fill("#su-password", "short");
    await shipper.getByRole("button", { name: "Create account" }).click();
    await shipper.locator("#su-email-error").waitFor();
    expect(await shipper.locator("#su-password-error").innerText()).toBe("Use at least 12 characters.");

    await shipper.fill("#su-email", EMAIL);
    await shipper.fill("#su-company", "Parcel Shop GmbH");
    await shipper.fill("#su-password", password);
    const before = smtp.messages.length;
    await shipper.getByRole("button", { name: "Create account" }).click();
    await shipper.waitForURL(/\/account\/new$/);
    await shipper.getByTestId("verify-banner").waitFor();
    // The quote came along: the places, the parcel and the chosen service.
    expect(await shipper.inputValue("#sender-postcode")).toBe("10117");
    expect(await shipper.inputValue("#recipient-postcode")).toBe("20354");
    expect(await shipper.inputValue("#ns-p0-weight")).toBe("1.2");
    await shipper.locator("#quote-option-EXP:checked").waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(EMAIL) && smtp.messages.indexOf(m) >= before);
    const link = mailText(mail.raw).match(/\/account\/verify\?token=[A-Za-z0-9_%-]+/)?.[0];
    expect(link).toBeTruthy();
    const tab = await ctx.newPage();
    await tab.goto(url(link!));
    await tab.getByText("Your e-mail address is confirmed.").waitFor();
    await tab.close();
  });

  it("books the quoted service once, even on a double click, and the label downloads at once", async () => {
    const p = shipper;
    await p.reload(); // the confirmed account (the banner goes); the form starts again
    expect(await p.getByTestId("verify-banner").count()).toBe(0);
    await p.selectOption("#sender-country", "DE");
    await p.fill("#sender-name", "Parcel Shop");
    await p.fill("#sender-line1", "Friedrichstraße 1");
    await p.fill("#sender-postcode", "10117");
    await p.fill("#sender-city", "Berlin");
    await p.selectOption("#recipient-country", "DE");
    await p.fill("#recipient-name", "Erika Mustermann");
    await p.fill("#recipient-line1", "Rothenbaumchaussee 5");
    await p.fill("#recipient-postcode", "20354");
    await p.fill("#recipient-city", "Hamburg");
    await p.fill("#ns-p0-weight", "1.2");
    await p.fill("#ns-contents", "Books");
    await p.fill("#ns-reference", "ORDER-1001");
    await p.locator("#quote-option-EXP").check();
    // The form with its services to pick (a radio group around their list), as axe reads it.
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, "new-shipment-desktop-light");
    await p.getByTestId("book").dblclick();
    await p.getByTestId("booked").waitFor();
    const code = await p.getByTestId("booked-code").innerText();
    const [download] = await Promise.all([p.waitForEvent("download"), p.getByTestId("label-link").click()]);
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe("%PDF-");

    await p.getByRole("link", { name: "Shipments" }).last().click();
    const rows = p.getByTestId("booking-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-code")).toBe(code);
    expect(await rows.first().innerText()).toContain("€16.88");
    await shot(p, "shipments-desktop-light");

    // Cancel while pending, after the confirmation.
    p.once("dialog", (d) => void d.accept());
    await rows.first().getByRole("button", { name: "Cancel" }).click();
    await p.locator(`[data-testid=booking-row][data-status=cancelled]`).waitFor();
    expect(await rows.first().getByRole("button", { name: "Cancel" }).count()).toBe(0);
  });

  it("creates an API key shown once that books as the shipper; says plainly when the credit limit stops a booking", async () => {
    const p = shipper;
    await p.getByRole("link", { name: "API keys" }).click();
    await p.fill("#key-name", "Web shop");
    await p.getByRole("button", { name: "Create key" }).click();
    const key = (apiKey = await p.getByTestId("new-key").innerText());
    expect(key).toMatch(/^sk_/);
    await p.getByRole("button", { name: "Copy" }).click();
    await p.getByRole("button", { name: "Copied" }).waitFor();
    expect(await p.evaluate("navigator.clipboard.readText()")).toBe(key);
    await p.getByTestId("key-row").first().waitFor();
    expect(await p.getByTestId("key-row").first().innerText()).not.toContain(key);
    const r = await fetch(url("/api/bookings"), { headers: { authorization: `Bearer ${key}` } });
    expect(r.status).toBe(200);
    await shot(p, "keys-desktop-light");

    const list = (await admin.get("/api/shippers")).json as { data: { data: { id: number; email: string }[] } };
    const me = list.data.data.find((s) => s.email === EMAIL)!;
    shipperId = me.id;
    expect((await admin.request("PATCH", "/api/shippers", { id: me.id, credit_limit: 100 })).status).toBe(200);
    await p.getByRole("link", { name: "New shipment" }).click();
    await p.selectOption("#sender-country", "DE");
    await p.fill("#sender-name", "Parcel Shop");
    await p.fill("#sender-line1", "Friedrichstraße 1");
    await p.fill("#sender-postcode", "10117");
    await p.fill("#sender-city", "Berlin");
    await p.selectOption("#recipient-country", "DE");
    await p.fill("#recipient-name", "Max Muster");
    await p.fill("#recipient-line1", "Hauptstraße 2");
    await p.fill("#recipient-postcode", "20354");
    await p.fill("#recipient-city", "Hamburg");
    await p.fill("#ns-p0-weight", "2");
    await p.fill("#ns-contents", "Shoes");
    await p.getByTestId("quote-option").first().waitFor();
    await p.getByTestId("book").click();
    await p.getByRole("alert").getByText("Credit limit reached").waitFor();
    await p.getByText("This booking would take your unpaid balance over your credit limit.", { exact: false }).waitFor();
    await shot(p, "credit-limit-desktop-light");
  });

  it("keeps an address book, requests a pickup for a pending shipment and lists the month's statement with its PDF", async () => {
    const p = shipper;
    expect((await admin.request("PATCH", "/api/shippers", { id: shipperId, credit_limit: null })).status).toBe(200);
    const place = (name: string, line1: string, postcode: string, city: string) => ({ name, line1, postcode, city, country: "DE" });
    const booked = await fetch(url("/api/bookings"), {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        service: "STD",
        sender: place("Parcel Shop", "Friedrichstraße 1", "10117", "Berlin"),
        recipient: place("Max Muster", "Hauptstraße 2", "20354", "Hamburg"),
        parcels: [{ weight_kg: 1 }],
        contents: "Socks",
      }),
    });
    expect(booked.status).toBe(201);
    const code = ((await booked.json()) as { data: { tracking_code: string } }).data.tracking_code;

    await p.getByRole("link", { name: "Profile and addresses" }).click();
    await p.getByRole("button", { name: "Add an address" }).click();
    await p.fill("#ab-new-name", "Parcel Shop");
    await p.fill("#ab-new-line1", "Friedrichstraße 1");
    await p.fill("#ab-new-postcode", "1O117");
    await p.fill("#ab-new-city", "Berlin");
    await p.selectOption("#ab-new-country", "DE");
    await p.getByRole("button", { name: "Save" }).click();
    expect(await p.locator("#ab-new-postcode-error").innerText()).toBe("This postcode does not fit the country's format.");
    await p.fill("#ab-new-postcode", "10117");
    await p.getByRole("button", { name: "Save" }).click();
    const row = p.getByTestId("address-row");
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain("Default");
    await row.first().getByRole("button", { name: "Edit" }).click();
    await p.locator("input[name=line2]").fill("Hof 2");
    await p.getByRole("button", { name: "Save" }).click();
    await row.filter({ hasText: "Friedrichstraße 1" }).waitFor();
    await shot(p, "profile-desktop-light");

    await p.getByRole("link", { name: "Pickups" }).click();
    await p.getByRole("checkbox", { name: code }).check();
    await p.getByRole("button", { name: "Request a pickup" }).click();
    await p.getByText("Pickup requested.").waitFor();
    await p.getByTestId("pickup-row").first().waitFor();
    expect(await p.getByTestId("pickup-row").first().innerText()).toContain("Shipments: 1");
    await shot(p, "pickups-desktop-light");

    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.post("/api/statements", { shipper_id: shipperId, from: today, to: today })).status).toBe(201);
    await p.getByRole("link", { name: "Statements" }).click();
    const pdf = p.getByRole("link", { name: "PDF" }).first();
    await pdf.waitFor();
    const res = await p.request.get(url((await pdf.getAttribute("href"))!));
    expect(res.status()).toBe(200);
    expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await shot(p, "statements-desktop-light");

    // The address leaves the book after the confirmation.
    await p.getByRole("link", { name: "Profile and addresses" }).click();
    p.once("dialog", (d) => void d.accept());
    await row.first().getByRole("button", { name: "Delete" }).click();
    await p.getByText("No addresses yet.").waitFor();
  });

  it("resets a forgotten password through the mailed link; says when sign-up is closed", async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(url("/account/signin"));
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.fill("#fp-email", EMAIL);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText(`If ${EMAIL} has an account, a reset link is on its way.`).waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(EMAIL) && smtp.messages.indexOf(m) >= before);
    // Without PUBLIC_URL the mail carries the token alone (no link): typed on the screen "I have a token" leads to.
    const token = mailText(mail.raw).match(/Your token: (\S+)/)?.[1];
    expect(token).toBeTruthy();
    await page.getByRole("link", { name: "I have a token" }).click();
    await page.waitForURL(/\/account\/password\?email=/);
    expect(await page.inputValue("#pw-email")).toBe(EMAIL);
    await page.fill("#pw-token", token!);
    password = "a-brand-new-parcel-password";
    await page.fill("#pw-new", password);
    await page.fill("#pw-confirm", "something else entirely");
    await page.getByRole("button", { name: "Save the password" }).click();
    await page.locator("#pw-confirm-error").waitFor();
    await page.fill("#pw-confirm", password);
    await page.getByRole("button", { name: "Save the password" }).click();
    await page.getByText("Your password is set. Sign in with it.").waitFor();
    expect(await page.inputValue("#si-email")).toBe(EMAIL);
    await page.fill("#si-password", password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/account$/);
    // Signing out goes to the sign-in, never by the sign-in that would bring this shipper's page back (`next=`).
    const addresses: string[] = [];
    const seen = (f: Frame) => void (f === page.mainFrame() && addresses.push(f.url()));
    page.on("framenavigated", seen);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/account\/signin$/);
    page.off("framenavigated", seen);
    expect(addresses.filter((a) => a.includes("next="))).toEqual([]);

    const shipping = { currency: "EUR", pickup_cutoff: "14:00" };
    expect((await admin.patch("/api/settings", { ...shipping, shipper_signup: "off" })).status).toBe(200);
    await page.goto(url("/account/signup"));
    await page.getByText("Sign-up is closed at the moment.", { exact: false }).waitFor();
    expect(await page.locator("#su-email").count()).toBe(0);
    expect((await admin.patch("/api/settings", { ...shipping, shipper_signup: "open" })).status).toBe(200);
    await ctx.close();
  });

  it("keeps the area to shippers: no session or a staff session goes to the sign-in; hidden from search", async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(url("/account/pickups"));
    await page.waitForURL(/\/account\/signin\?next=%2Faccount%2Fpickups$/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await ctx.addCookies([...admin.cookies].map(([name, value]) => ({ name, value, url: site.url })));
    await page.goto(url("/account"));
    await page.waitForURL(/\/account\/signin/);
    await ctx.close();

    const res = await fetch(url("/account/statements"));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(await (await fetch(url("/robots.txt"))).text()).toContain("Disallow: /account");
    const sitemap = await (await fetch(url("/sitemap.xml"))).text();
    expect(sitemap).toContain("/quote");
    expect(sitemap).not.toContain("/account");
  });

  it("looks right at 390 px and on a desktop, light and dark, and in Arabic", async () => {
    for (const [name, opts] of [
      ["quote-desktop-dark", { desktop: true, dark: true }],
      ["quote-phone-ar", { lang: "ar" }],
      ["quote-desktop-ar-dark", { desktop: true, dark: true, lang: "ar" }],
    ] as const) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(url("/quote"));
      await fillQuote(page);
      await page.locator(".quote-form button[type=submit]").click();
      await page.getByTestId("quote-option").first().waitFor();
      expect(await overflow(page), name).toEqual({ px: 0, culprits: [] });
      if ("lang" in opts) expect(await page.evaluate("document.documentElement.dir")).toBe("rtl");
      await shot(page, name);
      expect(errors).toEqual([]);
      await ctx.close();
    }
    // The shipper's own screens, signed in on a phone, dark and in Arabic.
    for (const [name, opts] of [
      ["account-phone-dark", { dark: true }],
      ["account-phone-ar", { lang: "ar" }],
    ] as const) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await page.goto(url("/account/signin"));
      await page.fill("#si-email", EMAIL);
      await page.fill("#si-password", password);
      await page.locator("form button[type=submit]").click();
      await page.getByTestId("booking-row").first().waitFor();
      await shot(page, `${name}-shipments`);
      expect(await overflow(page), name).toEqual({ px: 0, culprits: [] });
      await page.goto(url("/account/new"));
      await page.locator("#sender-name").waitFor();
      // Every section's tab is on the 390 px screen, the current one among them (the strip wraps).
      const tabs = (await page.evaluate(
        `[...document.querySelectorAll(".account-nav a")].map((a) => { const r = a.getBoundingClientRect(); return { left: r.left, right: r.right, current: a.getAttribute("aria-current") === "page" }; })`,
      )) as { left: number; right: number; current: boolean }[];
      expect(tabs).toHaveLength(7);
      for (const tab of tabs) expect(tab.left >= 0 && tab.right <= 390, JSON.stringify(tab)).toBe(true);
      expect(tabs.filter((tab) => tab.current)).toHaveLength(1);
      await shot(page, `${name}-new`);
      expect(await overflow(page), name).toEqual({ px: 0, culprits: [] });
      await page.goto(url("/account/profile"));
      await page.locator(".account-card").first().waitFor();
      await shot(page, `${name}-profile`);
      await ctx.close();
    }
  });
});
