/**
 * The parcels screens in the member's language, with cash on delivery (issues 37 and 38): an owner who works in German
 * adds a parcel with an amount to collect typed in euros ("12,50"), sees the parcel's COD group, is told beside the
 * field, in German and naming it as labelled, that a too large amount is refused, imports a CSV file with a cod_amount
 * column (its column help and a bad row's error in German), and no English word of the interface shows on the list,
 * add, update, detail, import, stale and reschedule screens; axe finds nothing, nothing sticks out sideways, phone and
 * desktop, light and dark. In Arabic the same screens are right to left. With E2E_SHOTS=<dir> the screens are saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";

const SHOTS = process.env.E2E_SHOTS;
let site: Site;
let browser: Browser;
let admin: Client;
/** The parcel the German owner adds in the browser. */
const CODE = `COD-DE-${Date.now().toString(36).toUpperCase()}`;
/** A parcel that failed a delivery, so the reschedule and stale screens have a row. */
const FAILED = `FAIL-${Date.now().toString(36).toUpperCase()}`;

/** The interface's English words that must not show in German (the parcels' own data may be anything). */
const ENGLISH = [
  "Parcels",
  "Add Parcel",
  "Add a parcel",
  "Export CSV",
  "Import CSV",
  "Stale parcels",
  "To reschedule",
  "Cash on delivery",
  "COD amount",
  "To collect",
  "Collection",
  "Paid by",
  "History",
  "Not set",
  "Sender",
  "Recipient",
  "Tracking page",
  "Contents and value",
  "Proof of delivery",
  "Notifications and privacy",
  "Save",
  "Check file",
  "Column",
  "Field",
  "Required",
  "Dry run",
  "Rows",
  "Edit",
  "Change",
  "Record",
  "Update",
  "Destination",
  "Weight",
  "Created",
  "Last changed",
  "Show",
  "Days without news",
  "failed attempt",
  "waiting for",
  "Back to",
  "Print labels",
  "Tick parcels",
  "Fetching Data",
];
/** What a screen shows in its main part, without the wire names it quotes as code (CSV columns, tracking codes). */
type Shown = { cloneNode(deep: boolean): Shown; querySelectorAll(s: string): Iterable<{ remove(): void }>; innerText?: string; textContent: string | null };
const shownText = (page: Page) =>
  page.locator("main").evaluate((m) => {
    const copy = (m as unknown as Shown).cloneNode(true);
    for (const c of copy.querySelectorAll("code, .cp-mono")) c.remove();
    return copy.innerText ?? copy.textContent ?? "";
  });
// ("optional" is German as well, so it is not looked for.)
function noEnglish(shown: string, where: string) {
  const found = ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(shown));
  expect(found, `${where} shows English: ${found.join(", ")}`).toEqual([]);
}

beforeAll(async () => {
  site = await startSite({ SEED_DEMO: "false", TIME_ZONE: "UTC" });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  const failed = await admin.post("/api/parcels", { tracking_code: FAILED, recipient_name: "Max Muster", destination: "Jungfernstieg 1, Hamburg" });
  expect(failed.status).toBe(201);
  const entry = await admin.post("/api/activities", {
    parcel_id: failed.json.data.id,
    title: "Niemand angetroffen",
    description: "Der Kurier hat niemanden angetroffen.",
    status_code: "delivery_failed",
    status_reason: "nobody_home",
  });
  expect(entry.status, JSON.stringify(entry.json)).toBe(201);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const csv = (text: string) => ({ name: "pakete.csv", mimeType: "text/csv", buffer: Buffer.from(text) });

const SCREENS = () =>
  [
    ["list", "/control/parcels/list.html", () => "[data-testid=form-errors], .cp-list li"],
    ["create", "/control/parcels/create.html", () => "form [data-testid=cod-amount-field]"],
    ["detail", `/control/parcels/${CODE}`, () => "[data-testid=cod-facts]"],
    ["update", `/control/parcels/${CODE}/update`, () => "[data-testid=cod-amount-field]"],
    ["import", "/control/parcels/import.html", () => "[data-testid=import-columns]"],
    ["stale", "/control/parcels/stale.html?stale_days=1", () => "h1"],
    ["reschedule", "/control/parcels/reschedule.html", () => "[data-testid=reschedule-row]"],
  ] as const;

async function openScreen(page: Page, path: string, ready: string) {
  await page.goto(site.url + path);
  await page.locator(ready).first().waitFor();
  // The column help is open, so its words are read too.
  if (path.includes("import")) await page.locator("[data-testid=import-columns] summary").click();
}

describe("the parcels screens in German, with cash on delivery", () => {
  it("adds a parcel with 12,50 € to collect, sees its COD group, is told in German beside the field of a too large amount", async () => {
    expect((await admin.patch("/api/admins/auth/update/profile", { language: "de" })).status).toBe(200);
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    const errors = watchErrors(page);
    await page.goto(`${site.url}/control/parcels/create.html`);
    await page.getByRole("heading", { level: 1, name: "Paket anlegen" }).waitFor();
    await page.getByLabel("Sendungsnummer").fill(CODE);
    await page.getByLabel("Name des Empfängers").fill("Rita Rahmann");
    await page.getByLabel("Ziel", { exact: true }).fill("Jungfernstieg 1, Hamburg");
    // Typed in euros, as German writes them: sent as 1250 cents exactly.
    await page.getByLabel("Nachnahmebetrag (EUR)").fill("12,50");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.waitForURL(/\/control\/parcels\/list\.html$/);
    const saved = (await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { cod_amount cod { amount currency status } } }`, { c: CODE })).data
      .adminParcel;
    expect(saved).toEqual({ cod_amount: 1250, cod: { amount: 1250, currency: "EUR", status: "expected" } });

    await page.goto(`${site.url}/control/parcels/${CODE}`);
    const group = page.getByTestId("parcel-cod");
    await group.getByTestId("cod-facts").waitFor();
    expect(await group.getByRole("heading").innerText()).toBe("Nachnahme");
    expect(await group.locator("[data-field='cod.amount']").innerText()).toMatch(/^12,50\s€$/);
    expect(await group.locator("[data-status=expected]").innerText()).toBe("Zu kassieren");
    expect(await group.locator("[data-field='cod.method']").innerText()).toBe("Nicht gesetzt");

    // 6 000 € is above cod_max (5 000 €): the server's 422 is said beside the field, naming it as labelled.
    await page.goto(`${site.url}/control/parcels/${CODE}/update`);
    const field = page.getByLabel("Nachnahmebetrag (EUR)");
    expect(await field.inputValue()).toBe("12,50");
    await field.fill("6000");
    await page.getByRole("button", { name: "Speichern" }).click();
    const said = page.getByTestId("cod-amount-error");
    await said.waitFor();
    expect(await said.innerText()).toMatch(/^Nachnahmebetrag muss zwischen 0,01\s€ und 5\.000,00\s€ liegen/);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    // Typed wrong (three decimals): refused before sending, in German.
    await field.fill("12,345");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.getByText("Nachnahmebetrag muss ein Betrag in EUR sein").waitFor();
    // A new amount is taken, to the cent.
    await field.fill("19,99");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    await page.getByTestId("cod-facts").waitFor();
    expect(await page.locator("[data-field='cod.amount']").innerText()).toMatch(/^19,99\s€$/);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("imports a CSV file with a cod_amount column: the column help and a bad row's error in German, the amounts written", async () => {
    const ctx = await openContext(browser, site.url, { who: admin });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${site.url}/control/parcels/import.html`);
    await page.locator("[data-testid=import-columns] summary").click();
    const help = page.locator("[data-testid=import-columns] tr[data-column=cod_amount]");
    expect(await help.innerText()).toMatch(/Nachnahmebetrag[\s\S]*1250 sind 12,50\s€/);
    const good = `${CODE}-IMP`;
    const bad = `${CODE}-BAD`;
    await page
      .locator("input[type=file]")
      .setInputFiles(
        csv(["tracking_code,recipient_name,destination,cod_amount", `${good},Ida Import,Hamburg,990`, `${bad},Ida Import,Hamburg,12.50`].join("\n")),
      );
    await page.getByRole("button", { name: "Datei prüfen" }).click();
    const check = page.getByTestId("import-check");
    await check.waitFor();
    const row = page.locator(".cp-import-bad").first();
    expect(await row.innerText()).toMatch(/Nachnahmebetrag muss eine ganze Zahl der kleinsten Einheit der Währung \(Cent\) sein.*\(Spalte cod_amount\)/s);
    noEnglish(await shownText(page), "import (dry run)");
    expect(await axeViolations(page), "import: axe").toEqual([]);
    await screenshot(page, SHOTS, "parcels-de-import-check-phone-light");
    await page.getByRole("button", { name: "1 Zeile importieren" }).click();
    await page.getByTestId("import-result").waitFor();
    const written = (await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { cod { amount status } } }`, { c: good })).data.adminParcel;
    expect(written.cod).toEqual({ amount: 990, status: "expected" });
    expect((await admin.get(`/api/parcels/${bad}`)).status).toBe(404);
    await ctx.close();
  }, 120_000);

  it("no English word of the interface on the parcels screens; axe clean; nothing sideways; phone and desktop, light and dark", async () => {
    for (const desktop of [false, true]) {
      for (const dark of [false, true]) {
        const ctx = await openContext(browser, site.url, { desktop, dark, who: admin });
        const page = await ctx.newPage();
        page.setDefaultTimeout(20_000);
        const errors = watchErrors(page);
        for (const [name, path, ready] of SCREENS()) {
          await openScreen(page, path, ready());
          const where = `${name} (${desktop ? "desktop" : "390 px"}, ${dark ? "dark" : "light"})`;
          noEnglish(await shownText(page), where);
          expect(await page.evaluate<string>("document.documentElement.lang")).toBe("de");
          if (name === "reschedule") expect(await page.getByTestId("reschedule-count").innerText()).toBe("1 Paket wartet auf einen neuen Versuch.");
          if (!dark) expect(await axeViolations(page), `${where}: axe`).toEqual([]);
          expect((await overflow(page)).px, `${where} sticks out`).toBe(0);
          await screenshot(page, SHOTS, `parcels-de-${name}-${desktop ? "desktop" : "phone"}-${dark ? "dark" : "light"}`);
        }
        expect(errors).toEqual([]);
        await ctx.close();
      }
    }
  }, 400_000);

  it("in Arabic: right to left, no English word, axe clean, nothing sideways", async () => {
    expect((await admin.patch("/api/admins/auth/update/profile", { language: "ar" })).status).toBe(200);
    for (const desktop of [false, true]) {
      const ctx = await openContext(browser, site.url, { desktop, who: admin });
      const page = await ctx.newPage();
      page.setDefaultTimeout(20_000);
      for (const [name, path, ready] of SCREENS()) {
        await openScreen(page, path, ready());
        expect(await page.evaluate<string>("document.documentElement.dir")).toBe("rtl");
        noEnglish(await shownText(page), `${name} (Arabic)`);
        expect(await axeViolations(page), `${name}: axe`).toEqual([]);
        expect((await overflow(page)).px, `${name} sticks out`).toBe(0);
        await screenshot(page, SHOTS, `parcels-ar-${name}-${desktop ? "desktop" : "phone"}`);
      }
      await ctx.close();
    }
    expect((await admin.patch("/api/admins/auth/update/profile", { language: null })).status).toBe(200);
  }, 300_000);
});
