/**
 * The server's refusals in the member's language (issue 37): the server words each refusal in English on the wire,
 * naming the field by its wire name (contract section 1); the control panel says the refusals of a known form in the
 * member's language, naming the field by the label the screen gives it in that language (client/control/fieldLabels.ts).
 * An owner who works in German submits a bad value on three staff forms (a parcel's map shown with no current position,
 * the delivery day's courier speed 500, a service whose transit days run backwards) and reads each refusal in German;
 * switched to English, the same service refusal reads as the server's English with the English labels.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";

let site: Site;
let browser: Browser;
let admin: Client;
const CODE = `REF-${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  site = await startSite({ SEED_DEMO: "false", TIME_ZONE: "UTC" });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  const parcel = await admin.post("/api/parcels", { tracking_code: CODE, recipient_name: "Rita Rahmann", destination: "Jungfernstieg 1, Hamburg" });
  expect(parcel.status, JSON.stringify(parcel.json)).toBe(201);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The form's refusals as shown, one a line. */
const refusals = async (page: Page) => (await page.getByTestId("form-errors").innerText()).split("\n").filter(Boolean);

/** The Services screen's add form with transit days running backwards, submitted. */
async function addBackwardsService(page: Page, code: string) {
  await page.goto(`${site.url}/control/rates/services.html`);
  const form = page.locator("form").filter({ has: page.locator("input[name=transit_days_min]") });
  await form.locator("input[name=code]").fill(code);
  await form.locator("input[name=name]").fill("Eilig");
  await form.locator("input[name=transit_days_min]").fill("5");
  await form.locator("input[name=transit_days_max]").fill("2");
  await form.locator("input[name=cutoff]").fill("16:30");
  await form.locator("button[type=submit]").click();
  await page.getByTestId("form-errors").waitFor();
}

describe("the server's refusals in the member's language", () => {
  it("tells a German owner in German, each field by its German label, on three staff forms", async () => {
    expect((await admin.patch("/api/admins/auth/update/profile", { language: "de" })).status).toBe(200);
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    const errors = watchErrors(page);

    // The parcel's map shown with no current position: the server's "map_current_latitude is required when show_map is yes".
    await page.goto(`${site.url}/control/parcels/${CODE}/update`);
    await page.locator("select[name=show_map]").selectOption("yes");
    await page.locator("input[name=map_current_latitude]").fill("");
    await page.locator("input[name=map_current_longitude]").fill("");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.getByTestId("form-errors").waitFor();
    expect(await refusals(page)).toEqual([
      "Breitengrad aktueller Standort fehlt: nötig, wenn Karte zeigen auf Ja steht",
      "Längengrad aktueller Standort fehlt: nötig, wenn Karte zeigen auf Ja steht",
    ]);

    // The delivery day's courier speed out of its range.
    await page.goto(`${site.url}/control/settings/delivery-day`);
    await page.locator("input[name=courier_speed_kmh]").fill("500");
    await page.getByRole("button", { name: "Speichern", exact: true }).first().click();
    await page.getByTestId("form-errors").waitFor();
    expect(await refusals(page)).toContain("Kuriergeschwindigkeit (km/h) muss eine Zahl von 1 bis 200 km/h sein");

    // A service whose transit days run backwards: the server's "transit_days_max must not be below transit_days_min".
    await addBackwardsService(page, "eilig");
    expect(await refusals(page)).toEqual(["Laufzeit, höchstens (Tage) darf nicht kleiner als Laufzeit, mindestens (Tage) sein"]);
    // And a cut-off that is no time: "cutoff must be a time as HH:MM".
    const form = page.locator("form").filter({ has: page.locator("input[name=transit_days_min]") });
    await form.locator("input[name=transit_days_max]").fill("7");
    await form.locator("input[name=cutoff]").fill("spät");
    await form.locator("button[type=submit]").click();
    await page.getByTestId("form-errors").filter({ hasText: "Uhrzeit" }).waitFor();
    expect(await refusals(page)).toEqual(["Annahmeschluss muss eine Uhrzeit im Format HH:MM sein"]);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("tells an English member the server's English, each field by its English label", async () => {
    expect((await admin.patch("/api/admins/auth/update/profile", { language: "en" })).status).toBe(200);
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    await addBackwardsService(page, "hasty");
    expect(await refusals(page)).toEqual(["Transit days, most must not be below Transit days, fewest"]);
    await ctx.close();
  }, 60_000);
});
