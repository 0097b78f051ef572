/**
 * The control panel in the member's language (issue 37): a guest's sign-in screen in the browser's language; the owner
 * chooses German on My Account and the panel changes at once, and after signing in again (from an English browser) the
 * converted screens show no English word of the interface; in Arabic at 390 px the document is right to left and
 * nothing sticks out sideways. With E2E_SHOTS=<dir> the screens are saved light and dark, 390 px and desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, launchBrowser, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";

const SHOTS = process.env.E2E_SHOTS;
let site: Site;
let browser: Browser;
let owner: Client;
const errors: string[] = [];
const url = (p: string) => site.url + p;

async function open(opts: { desktop?: boolean; dark?: boolean; locale?: string } = {}) {
  const ctx = await browser.newContext({ viewport: opts.desktop ? DESKTOP : PHONE, locale: opts.locale ?? "en-GB", timezoneId: "UTC" });
  if (opts.dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  const p = await ctx.newPage();
  p.setDefaultTimeout(20_000);
  errors.push(...watchErrors(p));
  return p;
}
async function signIn(p: Page) {
  await p.goto(url(`/control/signin.html?email=${encodeURIComponent(ADMIN.email)}`));
  await p.fill("input[name=password]", ADMIN.password);
  await p.locator("form button[type=submit]").click();
  await p.waitForURL(/\/control\/index\.html$/);
}
const text = (p: Page) => p.locator("body").innerText();
/** The interface's English words that must not show in another language (the member's data may be anything). */
const ENGLISH = [
  "Sign Out",
  "Parcels",
  "Dispatch",
  "Settings",
  "My Account",
  "Control Panel",
  "Change Password",
  "Two-Step",
  "Fetching Data",
  "Save",
  "Language",
  "Signed in as",
  "Current Password",
  "Update",
  "recovery codes",
  "Terms",
];
function noEnglish(shown: string, where: string) {
  // innerText is as shown: CSS may have upper-cased it.
  const found = ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(shown));
  expect(found, `${where} shows English: ${found.join(", ")}`).toEqual([]);
}

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the control panel in the member's language", () => {
  it("before sign-in speaks the browser's language, and a guest may pick another for the visit", async () => {
    const p = await open({ locale: "fr-FR" });
    await p.goto(url("/control/signin.html"));
    await p.getByRole("heading", { name: "Connexion administrateur" }).waitFor();
    expect(await p.evaluate<string>("document.documentElement.lang")).toBe("fr");
    await p.getByTestId("guest-language").selectOption("tr");
    await p.getByRole("heading", { name: "Yönetici girişi" }).waitFor();
    expect(await p.evaluate<string>("document.documentElement.lang")).toBe("tr");
    await p.context().close();
  }, 90_000);

  it("the owner chooses German on My Account: the panel changes at once and stays German after signing in again", async () => {
    const p = await open({ desktop: true });
    await signIn(p);
    await p.goto(url("/control/account/index.html"));
    await p.getByRole("heading", { name: "My Account" }).waitFor();
    await p.getByLabel("Language").selectOption("de");
    await p.getByRole("button", { name: "Save" }).click();
    await p.getByRole("heading", { name: "Mein Konto" }).waitFor();
    expect(await p.evaluate<string>("document.documentElement.lang")).toBe("de");
    // Kept with the member: `me` says so.
    expect((await owner.gql(`{ me { language } }`)).data.me.language).toBe("de");
    await p.getByRole("button", { name: "Abmelden" }).click();
    await p.waitForURL(/signin\.html/);
    await p.context().close();

    // A new sign-in from an English browser: the sign-in screen is the browser's, the panel the member's.
    for (const look of [
      { desktop: true, dark: false },
      { desktop: false, dark: true },
    ]) {
      const q = await open(look);
      await signIn(q);
      const tag = `de-${look.desktop ? "desktop" : "390"}-${look.dark ? "dark" : "light"}`;
      await q.getByRole("heading", { name: "Verwaltung" }).waitFor();
      const home = await text(q);
      noEnglish(home, "Home");
      for (const w of ["Sendungen", "Angemeldet als", "Bedingungen"]) expect(home.toLowerCase()).toContain(w.toLowerCase());
      await screenshot(q, SHOTS, `${tag}-home`);
      for (const [path, heading, words] of [
        ["/control/account/index.html", "Mein Konto", ["Name und Sprache", "Passwort ändern", "Speichern"]],
        ["/control/account/password.html", "Passwort ändern", ["Aktuelles Passwort", "Neues Passwort bestätigen"]],
        ["/control/account/two-step.html", "Zwei-Schritt-Anmeldung", ["Dein aktuelles Passwort", "Einrichten"]],
        ["/control/no-such-screen", "Nicht gefunden", ["Zur Startseite der Verwaltung"]],
      ] as const) {
        await q.goto(url(path));
        await q.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
        // The screen's own data (two-step's state) is in: its words show.
        await q.getByText(words[0]).first().waitFor();
        const shown = await text(q);
        noEnglish(shown, path);
        for (const w of words) expect(shown.toLowerCase(), path).toContain(w.toLowerCase());
        expect(await q.title()).toContain("Verwaltung");
        await screenshot(q, SHOTS, `${tag}-${path.split("/").slice(-1)[0].replace(".html", "")}`);
      }
      // A server message names its field in the member's language (the sentence stays the server's English).
      await q.goto(url("/control/account/password.html"));
      await q.locator("form button[type=submit]").click();
      await q.getByTestId("form-errors").waitFor();
      expect(await q.getByTestId("form-errors").innerText()).toContain("Passwort");
      await q.context().close();
    }
  }, 240_000);

  it("in Arabic the document is right to left, at 390 px nothing sticks out, and the words are Arabic", async () => {
    expect((await owner.gql(`mutation { updateAccount(input: { language: "ar" }) { language } }`)).data.updateAccount.language).toBe("ar");
    for (const look of [
      { desktop: false, dark: false },
      { desktop: true, dark: true },
    ]) {
      const p = await open(look);
      await signIn(p);
      const tag = `ar-${look.desktop ? "desktop" : "390"}-${look.dark ? "dark" : "light"}`;
      await p.getByRole("heading", { name: "لوحة التحكم" }).waitFor();
      expect(await p.evaluate<string[]>("[document.documentElement.lang, document.documentElement.dir]")).toEqual(["ar", "rtl"]);
      noEnglish(await text(p), "Home (ar)");
      expect((await overflow(p)).px, JSON.stringify(await overflow(p))).toBe(0);
      await screenshot(p, SHOTS, `${tag}-home`);
      for (const path of ["/control/account/index.html", "/control/account/two-step.html"]) {
        await p.goto(url(path));
        await p.getByRole("heading", { level: 1, name: path.includes("two-step") ? "الدخول بخطوتين" : "حسابي", exact: true }).waitFor();
        noEnglish(await text(p), `${path} (ar)`);
        expect((await overflow(p)).px, path).toBe(0);
        await screenshot(p, SHOTS, `${tag}-${path.split("/").slice(-1)[0].replace(".html", "")}`);
      }
      if (!look.desktop) {
        // The sections menu opens on a phone, in Arabic.
        await p.getByRole("button", { name: "فتح قائمة الأقسام" }).click();
        await p.getByRole("link", { name: "الطرود" }).waitFor();
        await screenshot(p, SHOTS, `${tag}-menu`);
      }
      await p.context().close();
    }
    // Back to none chosen: the browser's language again.
    await owner.gql(`mutation { updateAccount(input: { language: null }) { language } }`);
    expect(errors).toEqual([]);
  }, 240_000);
});
