/**
 * Browser journeys for issue 14 parts 4 and 5 at 390 px, against the real server and Chromium: a
 * courier records a delivery with a signature drawn with the mouse and a photo file; the visitor's
 * tracking page shows the proof (and hides it on a protected parcel until the postcode is given);
 * after two failed attempts the recipient reads "Attempt 2 failed: nobody home" (also in German)
 * and picks a new delivery day, which staff then see on the parcel and in the "to reschedule" list.
 * With E2E_SHOTS=<dir> the screens are saved there (light and dark, phone and desktop).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, imagesLoaded, launchBrowser, watchErrors } from "../helpers/browser.js";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { makePng } from "../helpers/images.js";
import { decodeMail } from "../helpers/smtp.js";
import { nextWorkingDays } from "../../shared/modules/delivery/delivery.rules.js";
import { FAILURE_REASONS } from "../../shared/modules/parcel/status.codes.js";

const DELIVER = "CR-E2E-DELIVER";
const PRIVATE = "CR-E2E-POD-PRIVATE";
const FAILED = "CR-E2E-FAILED";
const SCANNED = "CR-E2E-SCANNED";
const SHOTS = process.env.E2E_SHOTS;

let site: Site;
let browser: Browser;
let admin: Client;
let courier: BrowserContext;
let page: Page;
let errors: string[];
const ids: Record<string, number> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and DOM elements in the page (the Node tsconfig has no DOM types), read by shape
async function gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const r = await admin.gql(query, variables);
  if (r.errors?.length) throw new Error(JSON.stringify(r.errors));
  return r.data as T;
}
const createParcel = (i: Record<string, unknown>) =>
  gql<{ createParcel: { id: number } }>(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, { i }).then((d) => d.createParcel.id);
const addActivity = (i: Record<string, unknown>) => gql(`mutation($i: CreateActivityInput!) { createActivity(input: $i) { id } }`, { i });
const url = (p: string) => site.url + p;

async function shot(p: Page, name: string) {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
/** A visitor's own browser: phone or desktop, light or dark. */
async function visitor(opts: { dark?: boolean; desktop?: boolean } = {}) {
  const ctx = await browser.newContext({ viewport: opts.desktop ? DESKTOP : PHONE, timezoneId: "Europe/Amsterdam", locale: "en-GB" });
  if (opts.dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  const p = await ctx.newPage();
  p.setDefaultTimeout(15_000);
  return { ctx, p, errs: watchErrors(p) };
}
const loaded = (p: Page, selector: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and DOM elements in the page (the Node tsconfig has no DOM types), read by shape
  p.locator(selector).evaluateAll((imgs: any[]) => imgs.map((i) => i.complete && i.naturalWidth > 0));

beforeAll(async () => {
  site = await startSite({ RATE_LIMIT_VERIFY: "1000", RATE_LIMIT_RESCHEDULE: "1000" });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  ids[DELIVER] = await createParcel({ tracking_code: DELIVER, recipient_name: "Jonas Smith", destination: "Utrecht, NL", pickup_location: "Rotterdam, NL" });
  await addActivity({ parcel_id: ids[DELIVER], title: "Out for delivery", description: "On the van.", status_code: "out_for_delivery" });
  ids[PRIVATE] = await createParcel({
    tracking_code: PRIVATE,
    recipient_name: "Mina Park",
    destination: "Haarlem, NL",
    protect_details: true,
    recipient_postcode: "2011 AB",
  });
  ids[FAILED] = await createParcel({
    tracking_code: FAILED,
    recipient_name: "Lea Vos",
    destination: "Leiden, NL",
    allow_reschedule: true,
    recipient_postcode: "2312 AB",
    recipient_email: "lea.vos@example.com",
  });
  await addActivity({
    parcel_id: ids[FAILED],
    title: "Delivery attempt",
    description: "Rang twice.",
    status_code: "delivery_failed",
    status_reason: "access_restricted",
    created_at: new Date(Date.now() - 26 * 3600_000).toISOString(),
  });
  await addActivity({
    parcel_id: ids[FAILED],
    title: "Out for delivery",
    description: "Second round.",
    status_code: "out_for_delivery",
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  });
  await addActivity({
    parcel_id: ids[FAILED],
    title: "Delivery attempt",
    description: "Nobody answered.",
    status_code: "delivery_failed",
    status_reason: "nobody_home",
  });

  ids[SCANNED] = await createParcel({ tracking_code: SCANNED, recipient_name: "Noor Bakker", destination: "Delft, NL" });
  await addActivity({ parcel_id: ids[SCANNED], title: "Out for delivery", description: "On the van.", status_code: "out_for_delivery" });

  courier = await browser.newContext({ viewport: PHONE, timezoneId: "Europe/Amsterdam", hasTouch: false });
  page = await courier.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("proof of delivery at 390 px", () => {
  it("the courier records a delivery with a drawn signature and a photo", async () => {
    await page.goto(url(`/control/signin.html?email=${encodeURIComponent(ADMIN.email)}`));
    await page.fill("input[name=password]", ADMIN.password);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/control\/index\.html$/);

    await page.goto(url(`/control/parcels/${DELIVER}`));
    await page.getByRole("link", { name: "Record Delivery" }).click();
    await page.waitForURL(/\/deliver$/);
    const canvas = page.locator("canvas.cp-signature-canvas");
    await canvas.waitFor();
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width);

    // Nothing recorded yet: the form says what it needs, naming the fields.
    await page.getByRole("button", { name: "Record delivery" }).click();
    await page
      .getByTestId("form-errors")
      .getByText(/Received by, Signature or Photo is required/)
      .waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);

    await page.fill("input[name=receiver_name]", "J. Smith");
    await page.fill("input[name=left_at]", "Front porch");
    // A signature: a few strokes with the mouse.
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 24; i++)
      await page.mouse.move(box.x + 20 + i * ((box.width - 60) / 24), box.y + box.height * (0.7 - 0.4 * Math.sin(i / 3.5)), { steps: 2 });
    await page.mouse.up();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.8, { steps: 8 });
    await page.mouse.up();
    expect(await canvas.getAttribute("data-signed")).toBe("yes");
    await page.setInputFiles("input[name=photo]", { name: "doorstep.png", mimeType: "image/png", buffer: makePng(320, 240, [30, 120, 200]) });
    await page.locator("img.cp-file-preview").waitFor();
    await shot(page, "pod-record-form-390");

    await page.getByRole("button", { name: "Record delivery" }).click();
    await page.waitForURL(new RegExp(`/control/parcels/${DELIVER}$`));
    await page.getByTestId("form-message").getByText("Delivery recorded").waitFor();
    const facts = page.getByTestId("proof-facts");
    await facts.getByText("J. Smith").waitFor();
    await facts.getByText("Front porch").waitFor();
    // Images load lazily: bring them into view, then both must have loaded.
    await page.locator(".cp-proof-images img").nth(1).waitFor({ state: "attached" });
    await page.locator(".cp-proof-images img").nth(1).scrollIntoViewIfNeeded();
    await imagesLoaded(page, ".cp-proof-images img");
    expect(await loaded(page, ".cp-proof-images img")).toEqual([true, true]);
    // Recorded once: the action is gone, the status is delivered.
    expect(await page.getByRole("link", { name: "Record Delivery" }).count()).toBe(0);
    await shot(page, "pod-detail-390");

    const d = await gql(`query { adminParcel(trackingCode: "${DELIVER}") { status_code delivery_proof { receiver_name signature_url photo_url } } }`);
    expect(d.adminParcel.status_code).toBe("delivered");
    const sig = await fetch(url(d.adminParcel.delivery_proof.signature_url));
    const png = Buffer.from(await sig.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // Drawn ink, not an empty sheet: a real signature compresses to more than a blank canvas would.
    expect(png.length).toBeGreaterThan(1500);
    expect(errors).toEqual([]);
  });

  it("the visitor's tracking page shows who took it, with the photo and the signature (light, dark, desktop)", async () => {
    for (const look of [{}, { dark: true }, { desktop: true }, { desktop: true, dark: true }]) {
      const { ctx, p, errs } = await visitor(look);
      await p.goto(url(`/track.html?code=${DELIVER}`));
      const card = p.getByTestId("delivery-proof");
      await card.getByText("Delivered to J. Smith").waitFor();
      await card.getByText("Left at: Front porch").waitFor();
      await card.locator("img").nth(1).waitFor({ state: "attached" });
      await card.locator("img").nth(1).scrollIntoViewIfNeeded();
      await imagesLoaded(p, ".proof-card img");
      expect(await card.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual(["Photo at delivery", "Signature"]);
      if (!look.desktop) expect(await p.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width);
      await shot(p, `pod-track-${look.desktop ? "desktop" : "390"}-${look.dark ? "dark" : "light"}`);
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/pod-card-${look.desktop ? "desktop" : "390"}-${look.dark ? "dark" : "light"}.png` });
      expect(errs).toEqual([]);
      await ctx.close();
    }
  });

  it("a protected parcel keeps the proof hidden until the recipient's postcode is given", async () => {
    await gql(`mutation { recordDelivery(trackingCode: "${PRIVATE}", input: { receiver_name: "M. Park", left_at: "Mailroom" }) { receiver_name } }`);
    const { ctx, p, errs } = await visitor();
    await p.goto(url(`/track.html?code=${PRIVATE}`));
    await p.getByText("Some details are hidden").waitFor();
    await p.locator(".history-item").first().waitFor();
    expect(await p.getByTestId("delivery-proof").count()).toBe(0);
    expect(await p.content()).not.toContain("M. Park");
    await p.fill("input[name=verify]", "2011ab");
    await p.getByRole("button", { name: "Show details" }).click();
    await p.getByTestId("delivery-proof").getByText("Delivered to M. Park").waitFor();
    expect(errs).toEqual([]);
    await ctx.close();
  });
});

describe("proof after a delivered scan at 390 px", () => {
  it("a delivered scan opens the proof form in a sheet; the proof lands on the parcel", async () => {
    await page.goto(url("/control/scan"));
    await page.getByText("What happens to the parcels?").waitFor();
    await page.locator("label", { hasText: "Delivered" }).first().click();
    await page.getByRole("button", { name: "Start scanning" }).click();
    await page.locator("#scan-code").waitFor();
    await page.keyboard.type(SCANNED, { delay: 5 });
    await page.keyboard.press("Enter");
    const line = page.locator(".cp-scan-line.is-ok", { hasText: "Noor Bakker" });
    await line.locator("button", { hasText: "Add proof" }).click();
    const sheet = page.getByRole("dialog", { name: /Proof of delivery/ });
    await sheet.locator("input[name=receiver_name]").fill("N. Bakker");
    const canvas = sheet.locator("canvas.cp-signature-canvas");
    const box = (await canvas.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.mouse.move(box.x + 30, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 40, box.y + 120, { steps: 12 });
    await page.mouse.up();
    await shot(page, "pod-scan-sheet-390");
    await sheet.getByRole("button", { name: "Record delivery" }).click();
    await line.getByText("Proof recorded").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    // Back in the scanner's field for the next code.
    await expect.poll(() => page.evaluate<string>("document.activeElement && document.activeElement.id")).toBe("scan-code");
    const d = await gql(
      `query { adminParcel(trackingCode: "${SCANNED}") { status_code history { status_code } delivery_proof { receiver_name signature_url } } }`,
    );
    expect(d.adminParcel.delivery_proof.receiver_name).toBe("N. Bakker");
    expect(d.adminParcel.delivery_proof.signature_url).toMatch(/\.png$/);
    // The stroke drawn in the sheet is in the PNG (an empty white sheet compresses to far less).
    expect((await (await fetch(url(d.adminParcel.delivery_proof.signature_url))).arrayBuffer()).byteLength).toBeGreaterThan(1200);
    // The scan made the one "delivered" entry; the proof added none.
    expect(d.adminParcel.history.filter((a: { status_code: string }) => a.status_code === "delivered")).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe("failed attempts and rescheduling at 390 px", () => {
  it("the recipient reads the failed attempt in their language and picks a new delivery day", async () => {
    const de = await visitor();
    await de.p.goto(url(`/track.html?code=${FAILED}&lang=de`));
    await de.p.getByTestId("attempt-note").getByText("Zustellversuch 2 fehlgeschlagen: niemand zu Hause").waitFor();
    await de.ctx.close();

    const { ctx, p, errs } = await visitor();
    await p.goto(url(`/track.html?code=${FAILED}&lang=en`));
    await p.getByTestId("attempt-note").getByText("Attempt 2 failed: nobody home").waitFor();
    await p.locator(".history-attempt").nth(1).waitFor();
    expect(await p.locator(".history-attempt").allTextContents()).toEqual(["Attempt 1 failed: access restricted", "Attempt 2 failed: nobody home"]);
    const card = p.getByTestId("reschedule");
    const days = nextWorkingDays(new Date());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and DOM elements in the page (the Node tsconfig has no DOM types), read by shape
    expect(await card.locator("input[type=radio]").evaluateAll((r: any[]) => r.map((x) => x.value))).toEqual([...days, "depot"]);
    expect(await p.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width);
    await shot(p, "reschedule-track-390");
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/reschedule-card-390.png` });
    await card.locator(`input[value="${days[1]}"]`).check();
    // The tracking code alone is not enough (issue 23): the recipient's postcode or e-mail is asked for.
    await card.getByRole("button", { name: "Confirm my choice" }).click();
    await card.getByRole("alert").getByText("Enter the recipient's postcode or e-mail address.").waitFor();
    await card.getByLabel("Recipient's postcode or e-mail").fill("2312ab");
    await card.getByRole("button", { name: "Confirm my choice" }).click();
    const chosen = card.getByTestId("reschedule-chosen");
    await chosen.waitFor();
    expect(await chosen.textContent()).toMatch(/^Your choice: delivery on \w+day, .*\d/);
    await p.locator(".history-item").getByText("New delivery day chosen").waitFor();
    await shot(p, "reschedule-chosen-390");
    expect(errs).toEqual([]);
    await ctx.close();

    // Staff see it on the parcel and in the list of parcels to reschedule.
    await page.goto(url(`/control/parcels/${FAILED}`));
    expect(await page.getByTestId("reschedule-choice").textContent()).toMatch(/Recipient asks for delivery on/);
    await page.goto(url("/control/parcels/reschedule.html"));
    const row = page.getByTestId("reschedule-row").filter({ hasText: FAILED });
    await row.getByTestId("reschedule-choice").waitFor();
    expect(await row.textContent()).toMatch(/2\s*attempts/);
    await shot(page, "reschedule-list-390");
    expect(errors).toEqual([]);
  });

  it("the failed-attempt e-mail's link lets the recipient choose without the postcode; a forged link falls back to it", async () => {
    // The first failed attempt e-mailed the recipient (no SMTP here: an .eml file in the outbox folder, the
    // delivery itself; the outbox list masks the link's secret).
    let link = "";
    await expect
      .poll(
        async () => {
          const dir = path.join(site.dir, "outbox");
          const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"));
          for (const f of files) {
            const text = decodeMail(await fs.readFile(path.join(dir, f), "utf8")).text;
            const m = /https?:\/\/[^\s"<>]+(\/track\.html\?code=CR-E2E-FAILED[^\s"<>]*&reschedule=[A-Za-z0-9_-]+)/.exec(text);
            if (m) link = m[1];
          }
          return link;
        },
        { timeout: 10_000 },
      )
      .not.toBe("");

    const { ctx, p, errs } = await visitor();
    await p.goto(url(link));
    const card = p.getByTestId("reschedule");
    await card.locator("input[value=depot]").waitFor();
    expect(await card.getByLabel("Recipient's postcode or e-mail").count()).toBe(0);
    await card.locator("input[value=depot]").check();
    await card.getByRole("button", { name: "Confirm my choice" }).click();
    await card.getByTestId("reschedule-chosen").getByText("Your choice: pick-up at the depot").waitFor();
    await p.locator(".history-item").getByText("Pick-up at the depot chosen").waitFor();

    // A forged (or older) link: the card says so and asks for the postcode or e-mail instead.
    await p.goto(url(`/track.html?code=${FAILED}&reschedule=${"x".repeat(32)}`));
    const again = p.getByTestId("reschedule");
    await again.locator(`input[value="${nextWorkingDays(new Date())[0]}"]`).check();
    await again.getByRole("button", { name: "Confirm my choice" }).click();
    await again.getByRole("alert").getByText("This link is no longer valid. Enter the recipient's postcode or e-mail address instead.").waitFor();
    await again.getByLabel("Recipient's postcode or e-mail").waitFor();
    const d = await gql(`query { adminParcel(trackingCode: "${FAILED}") { reschedule_choice } }`);
    expect(d.adminParcel.reschedule_choice).toBe("depot");
    expect(errs).toEqual([]);
    await ctx.close();
  });

  it("staff record a third failed attempt with a reason from the list; it clears the recipient's choice", async () => {
    await page.goto(url(`/control/parcels/${FAILED}/activities/create`));
    await page.fill("input[name=title]", "Delivery attempt");
    await page.fill("textarea[name=description]", "Gate locked.");
    await page.selectOption("select[name=status_code]", "delivery_failed");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and DOM elements in the page (the Node tsconfig has no DOM types), read by shape
    const reasons = await page.locator("select[name=status_reason] option").evaluateAll((o: any[]) => o.map((x) => x.value));
    expect(reasons).toEqual(["", ...FAILURE_REASONS]);
    await page.selectOption("select[name=status_reason]", "refused");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/activities$/);
    const d = await gql(`query { adminParcel(trackingCode: "${FAILED}") { delivery_attempts status_reason reschedule_choice } }`);
    expect(d.adminParcel).toEqual({ delivery_attempts: 3, status_reason: "refused", reschedule_choice: null });
    const { ctx, p } = await visitor();
    await p.goto(url(`/track.html?code=${FAILED}&lang=fr`));
    await p.getByTestId("attempt-note").getByText("Tentative 3 échouée : refusé").waitFor();
    await ctx.close();
    expect(errors).toEqual([]);
  });
});
