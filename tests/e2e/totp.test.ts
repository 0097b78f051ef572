/**
 * Browser journey of two-step sign-in, at phone width and on the desktop: a member sets it up in
 * My Account (reads the key off the screen and computes the code, as an authenticator app would),
 * saves the recovery codes (the .txt download), signs out, signs in with a code as the second
 * step, then turns it off again with the password.
 * With E2E_SHOTS=<dir> the set-up card and the sign-in code step are saved (390 px, light and dark).
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import argon2 from "argon2";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { Client } from "../helpers/http.js";
import { startSite, type Site } from "../helpers/site.js";
import { SETUP_TOKEN } from "../helpers/app.js";
import { DESKTOP, PHONE, launchBrowser, watchErrors } from "../helpers/browser.js";

const ADMIN = { email: "owner@two-step.example", password: "two-step-pass-1234" };
const COMPANY = "Two Step Couriers";
const SHOTS = process.env.E2E_SHOTS;

let site: Site;
let browser: Browser;
const url = (p: string) => `${site.url}${p}`;

const STEP_MS = 30_000;
const codeAt = (secret: string, step: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: step * STEP_MS + 1000 });
/** Waits out the last 4 s of a step (the sleep is the clock itself: a typed code must stay valid until it is sent). */
async function awayFromEdge(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 4000) await new Promise((r) => setTimeout(r, left + 100));
}

beforeAll(async () => {
  site = await startSite({ COMPANY_NAME: COMPANY });
  browser = await launchBrowser();
  const r = await fetch(url("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }", variables: { i: { ...ADMIN, token: SETUP_TOKEN } } }),
  });
  expect(r.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function newPage(viewport: { width: number; height: number }, dark = false): Promise<Page> {
  const ctx = await browser.newContext({ viewport, acceptDownloads: true });
  if (dark)
    await ctx.addInitScript(
      `{ const s = JSON.parse(localStorage.getItem("state") || "{}"); s.theme = "DARK"; localStorage.setItem("state", JSON.stringify(s)); }`,
    );
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The password step; answers once the code step is shown. */
async function passwordStep(page: Page) {
  await page.goto(url("/control/signin.html"));
  await page.fill("input[name=email]", ADMIN.email);
  await page.fill("input[name=password]", ADMIN.password);
  await page.locator("form button[type=submit]").click();
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("two-step sign-in at %s width", (name, viewport) => {
  it("sets it up in My Account, signs out, signs in with a code, and turns it off", async () => {
    const page = await newPage(viewport);
    const errors = watchErrors(page);
    await passwordStep(page);
    await page.waitForURL(/\/control\/index\.html$/);

    // My Account -> Two-Step Sign-In (Off) -> Set Up.
    await page.goto(url("/control/account/index.html"));
    const row = page.getByRole("link", { name: /Two-Step Sign-In/ });
    await row.getByText("Off", { exact: true }).waitFor();
    await row.click();
    // A session alone cannot set it up: the current password first (a wrong one is refused on the screen).
    await page.getByRole("button", { name: "Set Up" }).click();
    await expect(page.getByTestId("form-errors").textContent()).resolves.toMatch(/password/i);
    await page.fill("input[name=password]", "not-my-password-1");
    await page.getByRole("button", { name: "Set Up" }).click();
    await expect(page.getByTestId("form-errors").textContent()).resolves.toMatch(/Password is incorrect/);
    await page.fill("input[name=password]", ADMIN.password);
    await page.getByRole("button", { name: "Set Up" }).click();
    const qr = page.getByTestId("totp-qr");
    await qr.waitFor();
    // The QR code is an image that loaded (an SVG data: URL).
    expect(
      await qr.evaluate(
        (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0,
      ),
    ).toBe(true);
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const input = page.locator("input[name=code]");
    expect(await input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await input.getAttribute("inputmode")).toBe("numeric");
    if (name === "phone") {
      await shot(page, "totp-setup-390-light");
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await shot(page, "totp-setup-390-dark");
      await page.getByRole("button", { name: "Switch to light theme" }).click();
    }

    // The app's code turns it on; the recovery codes are shown once and download as a .txt.
    await awayFromEdge();
    const step = Math.floor(Date.now() / STEP_MS);
    await input.fill(codeAt(secret, step));
    await page.getByRole("button", { name: "Turn On" }).click();
    const list = page.getByTestId("recovery-codes");
    await list.waitFor();
    const codes = (await list.locator("code").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    if (name === "phone") await shot(page, "totp-recovery-codes-390-light");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .txt" }).click()]);
    expect(download.suggestedFilename()).toBe("recovery-codes.txt");
    const text = fs.readFileSync((await download.path())!, "utf8");
    for (const c of codes) expect(text).toContain(c);
    await page.getByRole("button", { name: "I Have Saved Them" }).click();
    await page.getByTestId("totp-on").waitFor();
    await expect(page.getByText("10 of 10 recovery codes left").count()).resolves.toBe(1);
    if (name === "desktop") await shot(page, "totp-on-desktop-light");

    // Sign out, then the password alone asks for the code.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/signin\.html$/);
    await passwordStep(page);
    const codeStep = page.getByTestId("signin-code-step");
    await codeStep.waitFor();
    const codeInput = page.locator("input[name=totp_code]");
    expect(await codeInput.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await codeInput.getAttribute("inputmode")).toBe("numeric");
    expect(page.url()).toMatch(/signin\.html$/);
    if (name === "phone") {
      await shot(page, "totp-signin-code-390-light");
      const dark = await newPage(viewport, true);
      await passwordStep(dark);
      await dark.getByTestId("signin-code-step").waitFor();
      await shot(dark, "totp-signin-code-390-dark");
      await dark.context().close();
    }
    // A wrong code is refused on the screen; the next step's code signs in (the current one is used).
    await codeInput.fill(codeAt(secret, step + 5));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("form-errors").textContent()).resolves.toMatch(/6-digit code is incorrect/);
    await codeInput.fill(codeAt(secret, step + 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/control\/index\.html$/);

    // Off again with the password (the next viewport sets it up afresh).
    await page.goto(url("/control/account/two-step.html"));
    await page.getByTestId("totp-on").waitFor();
    await page.fill("input[name=password]", ADMIN.password);
    await page.getByRole("button", { name: "Turn Off" }).click();
    await page.getByRole("button", { name: "Set Up" }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the owner requires two-step sign-in for everyone", () => {
  it("sends a member without it to set it up after the password, and nowhere else until then", async () => {
    // The owner turns it on for their own account, then for everyone (REST).
    const owner = new Client(site.url);
    expect((await owner.post("/api/admins/auth/signin", ADMIN)).status).toBe(200);
    const setup = (await owner.post("/api/admins/auth/totp", { password: ADMIN.password })).json.data;
    await awayFromEdge();
    expect(
      (await owner.patch("/api/admins/auth/totp", { code: codeAt(setup.secret, Math.floor(Date.now() / STEP_MS)), password: ADMIN.password })).status,
    ).toBe(200);
    expect((await owner.patch("/api/team/policy", { require_totp: true })).json.data).toEqual({ require_totp: true });

    // A courier with a password (as an accepted invitation leaves one).
    const courier = { email: "courier@two-step.example", password: "courier-pass-5678" };
    const db = new Database(site.databaseUrl.slice("file:".length));
    db.pragma("busy_timeout = 5000");
    const now = new Date().toISOString().replace("Z", "+00:00");
    db.prepare(`INSERT INTO "Admin" (email, password_hash, role, created_at, updated_at) VALUES (?, ?, 'courier', ?, ?)`).run(
      courier.email,
      await argon2.hash(courier.password),
      now,
      now,
    );
    db.close();

    const page = await newPage(PHONE);
    const errors = watchErrors(page);
    await page.goto(url("/control/signin.html"));
    await page.fill("input[name=email]", courier.email);
    await page.fill("input[name=password]", courier.password);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL(/\/control\/account\/two-step\.html$/);
    await page.getByTestId("totp-required").waitFor();
    // Anywhere else leads back here.
    await page.goto(url("/control/parcels/list.html"));
    await page.waitForURL(/\/control\/account\/two-step\.html$/);

    await page.fill("input[name=password]", courier.password);
    await page.getByRole("button", { name: "Set Up" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await awayFromEdge();
    await page.fill("input[name=code]", codeAt(secret, Math.floor(Date.now() / STEP_MS)));
    await page.getByRole("button", { name: "Turn On" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    await page.getByRole("button", { name: "I Have Saved Them" }).click();
    await page.getByTestId("totp-on").waitFor();
    expect(await page.getByTestId("totp-required").count()).toBe(0);
    // The owner requires it: it cannot be turned off.
    expect(await page.getByRole("button", { name: "Turn Off" }).count()).toBe(0);
    await page.goto(url("/control/parcels/list.html"));
    await page.waitForURL(/\/control\/parcels\/list\.html$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
