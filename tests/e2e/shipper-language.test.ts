// A shipper's language in the browser (issue 37): the German page's sign-up makes a German account (its mail is
// German), and the profile's chooser at 390 px changes it (saved at once, read back by the server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { decodeMail, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { axeViolations } from "../helpers/axe.js";
import { Client } from "../helpers/http.js";

const SHOTS = process.env.E2E_SHOTS;
const EMAIL = "sprache@shop.example";
const PASSWORD = "ein-langes-versender-passwort-7";
let site: Site;
let browser: Browser;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", RATE_LIMIT_SIGNUP: "100000" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

describe("the shipper's language", () => {
  it("signs up in German, gets German mail, and chooses Arabic in its profile at 390 px", async () => {
    const ctx = await openContext(browser, site.url, { lang: "de" });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/account/signup`);
    await page.fill("#su-name", "Jana Sender");
    await page.fill("#su-email", EMAIL);
    await page.fill("#su-password", PASSWORD);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL(/\/account$/);
    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes(EMAIL))).raw);
    expect(mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");

    await page.goto(`${site.url}/account/profile`);
    const choice = page.locator("#profile-language");
    await choice.waitFor();
    expect(await choice.inputValue()).toBe("de");
    expect(await page.locator("label[for=profile-language]").innerText()).toBe("Sprache für E-Mails und Abrechnungen");
    await choice.selectOption("ar");
    await page.getByText("Sprache gespeichert.").waitFor();
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, SHOTS, "shipper-profile-language-phone");

    // The server has it: a reload shows Arabic chosen, and the account says so.
    await page.reload();
    await choice.waitFor();
    expect(await choice.inputValue()).toBe("ar");
    const c = new Client(site.url);
    expect((await c.post("/api/users/auth/signin", { email: EMAIL, password: PASSWORD })).status).toBe(200);
    expect((await c.gql(`{ user { language } }`)).data.user.language).toBe("ar");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
