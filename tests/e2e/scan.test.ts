/**
 * The scan screen on a phone (390 px): the event chosen once, a scanner's keystrokes into the text
 * field (code + Enter, focus kept), a failed and a successful scan, undo (the parcel's status goes
 * back), a lost signal (the scan waits in the browser and lands once when the network is back),
 * the "Add proof" place a delivered scan offers, and scans left waiting by one member that are
 * never sent as the next member signed in on the phone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, launchBrowser, networkQuiet, PHONE, transitionsDone, watchErrors } from "../helpers/browser.js";
import { Client } from "../helpers/http.js";

let site: Site;
let admin: Client;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let errors: string[];

const url = (p: string) => `${site.url}${p}`;
const shots = process.env.E2E_SHOTS;

async function parcel(code: string, recipient: string, status_code: string) {
  const r = await admin.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
    i: { tracking_code: code, recipient_name: recipient, destination: "Lyon", status_code },
  });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
}
const state = async (code: string) =>
  (await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { status_code current_location history { title } } }`, { c: code })).data
    .adminParcel as {
    status_code: string | null;
    current_location: string | null;
    history: { title: string }[];
  };

const line = (code: string) => page.locator(".cp-scan-line", { has: page.locator(".cp-scan-code", { hasText: new RegExp(`^${code}$`) }) }).first();
/** What a USB or Bluetooth scanner does: types the code fast, then Enter. */
async function scannerTypes(code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press("Enter");
}
// The page's globals, typed here (the tests' TypeScript has no DOM library).
type PageGlobals = { document: { activeElement: { id: string } | null }; localStorage: { getItem(k: string): string | null } };
const focusedId = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id ?? "");

beforeAll(async () => {
  site = await startSite();
  admin = await signedInAdmin(site.url);
  await parcel("E2E-SCAN-1", "Ada Lovelace", "pending");
  await parcel("E2E-SCAN-2", "Grace Hopper", "pending");
  await parcel("E2E-SCAN-3", "Alan Turing", "delivered");
  browser = await launchBrowser();
  ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const host = new URL(site.url).hostname;
  await ctx.addCookies([...admin.cookies].map(([name, value]) => ({ name, value, domain: host, path: "/" })));
  page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
}, 120_000);

afterEach(async ({ task }) => {
  if (shots && task.result?.state === "fail")
    await page.screenshot({ path: `${shots}/scan-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("scan screen at 390 px", () => {
  it("is reached from the control home and asks for the event once", async () => {
    await page.goto(url("/control/index.html"));
    await page.getByRole("link", { name: /^SCAN/ }).click();
    await page.waitForURL(/\/control\/scan$/);
    await page.getByText("What happens to the parcels?").waitFor();
    await page.locator("label", { hasText: "Delivery attempt failed" }).click();
    await page.locator("select[name=status_reason]").waitFor();
    await page.locator("label", { hasText: "Arrived at hub" }).click();
    expect(await page.locator("select[name=status_reason]").count()).toBe(0);
    await page.fill("input[name=place]", "Lyon hub");
    if (shots) await page.screenshot({ path: `${shots}/scan-setup-390-light.png`, fullPage: true });
    await page.getByRole("button", { name: "Start scanning" }).click();
    await page.locator("#scan-code").waitFor();
    expect(await focusedId()).toBe("scan-code");
    await page.getByText("Arrived at hub", { exact: true }).waitFor();
  });

  it("records a scanner's code with a green line and names a bad one in red, keeping the focus", async () => {
    await scannerTypes("E2E-SCAN-1");
    await line("E2E-SCAN-1").and(page.locator(".is-ok")).waitFor();
    expect(await line("E2E-SCAN-1").textContent()).toContain("Ada Lovelace");
    expect(await focusedId()).toBe("scan-code");
    expect(await page.inputValue("#scan-code")).toBe("");
    expect(await state("E2E-SCAN-1")).toMatchObject({ status_code: "in_transit", current_location: "Lyon hub", history: [{ title: "Arrived at hub" }] });

    // A scanner needs no on-screen keyboard: shut, the field still takes its keystrokes.
    await page.getByRole("button", { name: /Keep the on-screen keyboard shut/ }).click();
    expect(await page.getAttribute("#scan-code", "inputmode")).toBe("none");
    await expect.poll(focusedId).toBe("scan-code");
    await scannerTypes("E2E-NOPE-9");
    await line("E2E-NOPE-9").and(page.locator(".is-error")).waitFor();
    expect(await line("E2E-NOPE-9").textContent()).toContain("Unknown tracking code");
    await scannerTypes("E2E-SCAN-3");
    await line("E2E-SCAN-3").and(page.locator(".is-error")).waitFor();
    expect(await line("E2E-SCAN-3").textContent()).toContain("Already delivered");
    expect(await focusedId()).toBe("scan-code");
    if (shots) await page.screenshot({ path: `${shots}/scan-run-390-light.png`, fullPage: false });
  });

  it("undo takes the last recorded scan back and the parcel's status with it", async () => {
    await page.getByRole("button", { name: "Undo the scan of E2E-SCAN-1" }).click();
    await line("E2E-SCAN-1").and(page.locator(".is-undone")).waitFor();
    expect(await state("E2E-SCAN-1")).toMatchObject({ status_code: "pending", history: [] });
    await expect.poll(() => page.getByRole("button", { name: "Undo", exact: true }).isDisabled()).toBe(true);
  });

  it("without a signal the scan waits in the browser and lands once when the network is back", async () => {
    await ctx.setOffline(true);
    await page.locator("#scan-code").focus();
    await scannerTypes("E2E-SCAN-2");
    await line("E2E-SCAN-2").and(page.locator(".is-queued")).waitFor();
    await page.getByText(/Offline: 1 scan will be sent/).waitFor();
    expect(await page.evaluate((k) => (globalThis as unknown as PageGlobals).localStorage.getItem(k), `courier.scan.run.v2:${ADMIN.email}`)).toContain(
      "E2E-SCAN-2",
    );
    expect((await state("E2E-SCAN-2")).history).toHaveLength(0);
    if (shots) await page.screenshot({ path: `${shots}/scan-offline-390-light.png`, fullPage: false });

    await ctx.setOffline(false);
    await line("E2E-SCAN-2").and(page.locator(".is-ok")).waitFor();
    expect(await line("E2E-SCAN-2").textContent()).toContain("Grace Hopper");
    // A reload (the page sending again what it still had) adds nothing twice.
    await page.reload();
    await line("E2E-SCAN-2").and(page.locator(".is-ok")).waitFor();
    // Whatever the page sends again by itself has been sent.
    await networkQuiet(page);
    expect(await state("E2E-SCAN-2")).toMatchObject({ status_code: "in_transit", history: [{ title: "Arrived at hub" }] });
  });

  it("the camera's code loads only when it is opened, and a phone without one keeps the text field", async () => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await page.locator("#scan-code").waitFor();
    expect(scripts.filter((s) => /\/Camera-[\w-]+\.js$/.test(s))).toEqual([]);
    await page.getByRole("button", { name: "Camera" }).click();
    // Headless Chromium on Linux has neither BarcodeDetector nor a camera: the decoder loads, the camera fails politely.
    await page.getByRole("alert").filter({ hasText: "Type or scan the code into the field instead." }).waitFor();
    expect(scripts.some((s) => /\/Camera-[\w-]+\.js$/.test(s))).toBe(true);
    await page.getByRole("button", { name: "Close camera" }).click();
    expect(await page.locator("video").count()).toBe(0);
  });

  it("a delivered scan offers the place for the proof of delivery", async () => {
    await ctx.grantPermissions(["geolocation"], { origin: site.url });
    await ctx.setGeolocation({ latitude: 48.856613, longitude: 2.352222, accuracy: 12 });
    await page.getByRole("button", { name: "Change" }).click();
    await page.locator("label", { hasText: "Delivered" }).first().click();
    await page.fill("input[name=place]", "Rue de Rivoli 1, Paris");
    await page.getByRole("button", { name: "Use my position" }).click();
    await page.getByText("48.85661, 2.35222 ±12 m").waitFor();
    await page.getByRole("button", { name: "Start scanning" }).click();
    await page.locator("#scan-code").waitFor();
    await scannerTypes("E2E-SCAN-2");
    await page.locator(".cp-scan-line.is-ok", { hasText: "Grace Hopper" }).locator("button", { hasText: "Add proof" }).first().waitFor();
    const map = (
      await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { status_code current_location map_current_latitude map_current_longitude } }`, {
        c: "E2E-SCAN-2",
      })
    ).data.adminParcel;
    expect(map).toEqual({
      status_code: "delivered",
      current_location: "Rue de Rivoli 1, Paris",
      map_current_latitude: 48.856613,
      map_current_longitude: 2.352222,
    });
    if (shots) {
      await page.screenshot({ path: `${shots}/scan-run-390-light-delivered.png` });
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await transitionsDone(page); // the colours' transition
      await page.screenshot({ path: `${shots}/scan-run-390-dark.png` });
      await page.getByRole("button", { name: "Change" }).click();
      await page.locator("label", { hasText: "Delivery attempt failed" }).click();
      await page.screenshot({ path: `${shots}/scan-setup-390-dark.png`, fullPage: true });
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: `${shots}/scan-run-desktop-dark.png` });
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await transitionsDone(page);
      await page.screenshot({ path: `${shots}/scan-run-desktop-light.png` });
      await page.setViewportSize(PHONE);
      await page.goto(url("/control/index.html"));
      await page.getByRole("link", { name: /^SCAN/ }).waitFor();
      await page.screenshot({ path: `${shots}/control-home-390.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
  });

  it("scans one member left waiting are not sent as the next member signed in on the phone, and go once that member is back", async () => {
    await parcel("E2E-SCAN-4", "Hedy Lamarr", "pending");
    const courier = { email: "courier@scan.example", password: "courier-scan-pass-1" };
    const db = new Database(site.databaseUrl.slice("file:".length));
    const now = Date.now();
    db.prepare(`INSERT INTO "Admin" (email, password_hash, role, created_at, updated_at) VALUES (?, ?, 'courier', ?, ?)`).run(
      courier.email,
      await argon2.hash(courier.password),
      now,
      now,
    );
    db.close();
    const other = new Client(site.url);
    expect((await other.post("/api/admins/auth/signin", courier)).status).toBe(200);
    const host = new URL(site.url).hostname;
    const cookiesOf = (c: Client) => [...c.cookies].map(([name, value]) => ({ name, value, domain: host, path: "/" }));

    await page.goto(url("/control/scan"));
    await page.locator("#scan-code").waitFor();
    await ctx.setOffline(true);
    await page.locator("#scan-code").focus();
    await scannerTypes("E2E-SCAN-4");
    await line("E2E-SCAN-4").and(page.locator(".is-queued")).waitFor();
    // Meanwhile the courier signs in on this phone (another tab): the cookie is theirs now.
    await ctx.clearCookies();
    await ctx.addCookies(cookiesOf(other));
    await ctx.setOffline(false);
    // The screen notices before sending: the courier's own (empty) run, nothing recorded as the courier.
    await page.getByText("What happens to the parcels?").waitFor();
    expect(await page.locator(".cp-scan-line").count()).toBe(0);
    // Whatever the page would send by itself has been sent.
    await networkQuiet(page);
    expect((await state("E2E-SCAN-4")).history).toHaveLength(0);
    await page.reload();
    await page.getByText("What happens to the parcels?").waitFor();
    expect((await state("E2E-SCAN-4")).history).toHaveLength(0);

    // The owner back on the phone: their waiting scan goes, as them.
    await ctx.clearCookies();
    await ctx.addCookies(cookiesOf(admin));
    await page.reload();
    await line("E2E-SCAN-4").and(page.locator(".is-ok")).waitFor();
    expect(await state("E2E-SCAN-4")).toMatchObject({ history: [{ title: "Delivered" }] });
    const audit = (await admin.gql(`{ auditLog(object_type: "activity", per_page: 5) { data { operation actor { name } } } }`)).data.auditLog.data;
    expect(audit[0]).toMatchObject({ operation: "scans.record", actor: { name: ADMIN.email } });
    expect(errors).toEqual([]);
  });
});
