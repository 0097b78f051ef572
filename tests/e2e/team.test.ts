/**
 * The team in a browser (issue 13): the owner invites a dispatcher and a courier from the Staff
 * screen; each opens the link read from a real SMTP peer, sets a password, signs in and sees only
 * what the role allows (tiles, menu, buttons; a direct URL shows a clear notice). The courier adds
 * a history entry and the public tracking page shows it. Desktop and 390 px; with
 * E2E_SHOTS=<dir> the staff and accept screens are saved light and dark, and the courier's home.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, launchBrowser, watchErrors } from "../helpers/browser.js";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import { decodeMail, mailText, startSmtp } from "../helpers/smtp.js";
import { Client } from "../helpers/http.js";

const SHOTS = process.env.E2E_SHOTS;
const CODE = "CR-E2E-TEAM";
const PASSWORD = "team-member-password-77";
const DISPATCHER = "dispatch@team.example";
const COURIER = "courier@team.example";

let site: Site;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let browser: Browser;
const errors: string[] = [];
const url = (p: string) => site.url + p;

async function shot(p: Page, name: string) {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
async function open(opts: { desktop?: boolean; dark?: boolean } = {}) {
  const ctx = await browser.newContext({ viewport: opts.desktop ? DESKTOP : PHONE, timezoneId: "Europe/Amsterdam", locale: "en-GB" });
  if (opts.dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  const p = await ctx.newPage();
  p.setDefaultTimeout(15_000);
  errors.push(...watchErrors(p));
  return p;
}
async function signIn(p: Page, email: string, password: string) {
  await p.goto(url(`/control/signin.html?email=${encodeURIComponent(email)}`));
  await p.fill("input[name=password]", password);
  await p.locator("form button[type=submit]").click();
  await p.waitForURL(/\/control\/index\.html$/);
}
const tileLabels = (p: Page) => p.locator(".cp-tile-label").allInnerTexts();
const chipLabels = (p: Page) => p.locator(".cp-more .cp-chip").allInnerTexts();
/** The invitation link's path from the last mail to `to`. */
async function invitationPath(to: string, after = 0) {
  const m = await smtp.waitFor((x) => x.to.includes(to) && smtp.messages.indexOf(x) >= after);
  const link = mailText(m.raw).match(/\/control\/accept\.html\?token=[A-Za-z0-9_-]+/);
  expect(link).not.toBeNull();
  return link![0];
}

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true" });
  browser = await launchBrowser();
  const admin = await signedInAdmin(site.url);
  const r = await admin.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
    i: { tracking_code: CODE, recipient_name: "Ada Team", destination: "Utrecht, NL", pickup_location: "Rotterdam, NL" },
  });
  expect(r.errors).toBeUndefined();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

describe("a team of three roles", () => {
  const links: Record<string, string> = {};

  it("the owner invites a dispatcher and a courier from the Staff screen", async () => {
    const p = await open({ desktop: true });
    await signIn(p, ADMIN.email, ADMIN.password);
    await p.locator(".cp-tile", { hasText: "STAFF" }).click();
    await p.waitForURL(/\/control\/staff\/list\.html$/);
    for (const [email, role] of [
      [DISPATCHER, "dispatcher"],
      [COURIER, "courier"],
    ]) {
      const before = smtp.messages.length;
      await p.fill("input[name=email]", email);
      await p.selectOption("select[name=role]", role);
      await p.getByRole("button", { name: "Send Invitation" }).click();
      await p.getByText(`Invitation sent to ${email}`).waitFor();
      links[role] = await invitationPath(email, before);
      const row = p.locator(`[data-testid=staff-row][data-email="${email}"]`);
      expect(await row.locator("[data-testid=staff-role]").innerText()).toBe(role);
      expect(await row.locator("[data-testid=staff-state]").innerText()).toBe("invited");
    }
    expect(await p.locator("[data-testid=staff-row]").count()).toBe(3);
    await shot(p, "staff-desktop-light");
    // The owner cannot remove themselves as the last owner: the toast names why.
    p.once("dialog", (d) => void d.accept());
    await p.locator(`[data-testid=staff-row][data-email="${ADMIN.email}"] button[aria-label^="Remove"]`).click();
    await p.getByText(/Removing yourself would leave the site without an active owner/).waitFor();
    await p.context().close();
    for (const [desktop, dark] of [
      [false, false],
      [false, true],
      [true, true],
    ]) {
      const q = await open({ desktop, dark });
      await signIn(q, ADMIN.email, ADMIN.password);
      await q.goto(url("/control/staff/list.html"));
      await q.locator("[data-testid=staff-row]").nth(2).waitFor();
      await shot(q, `staff-${desktop ? "desktop" : "390"}-${dark ? "dark" : "light"}`);
      await q.context().close();
    }
  });

  it("the courier accepts at 390 px, signs in and sees only parcels, scan and the account", async () => {
    for (const [desktop, dark] of [
      [true, false],
      [true, true],
      [false, true],
    ]) {
      const q = await open({ desktop, dark });
      await q.goto(url(links.courier));
      await q.getByRole("heading", { name: "Accept Invitation" }).waitFor();
      await shot(q, `accept-${desktop ? "desktop" : "390"}-${dark ? "dark" : "light"}`);
      await q.context().close();
    }
    const p = await open();
    await p.goto(url(links.courier));
    await p.getByRole("heading", { name: "Accept Invitation" }).waitFor();
    await shot(p, "accept-390-light");
    await p.fill("input[name=password]", PASSWORD);
    await p.fill("input[name=confirm_password]", PASSWORD + "x");
    await p.getByRole("button", { name: "Set Password" }).click();
    await p.getByText("Confirm Password must match Password").waitFor(); // field names read as their labels (fieldLabels.ts)
    await p.fill("input[name=confirm_password]", PASSWORD);
    await p.getByRole("button", { name: "Set Password" }).click();
    await p.getByText("You joined as").waitFor();
    await shot(p, "accept-390-light-done");
    await p.getByRole("link", { name: `Sign in as ${COURIER}` }).click();
    await p.waitForURL(/\/control\/signin\.html\?email=/);
    expect(await p.inputValue("input[name=email]")).toBe(COURIER);
    await p.fill("input[name=password]", PASSWORD);
    await p.locator("form button[type=submit]").click();
    await p.waitForURL(/\/control\/index\.html$/);
    await p.getByText(`Signed in as ${COURIER} (courier)`).waitFor();
    expect(await tileLabels(p)).toEqual(["SCAN", "MY RUN", "PARCELS", "PASSWORD"]);
    expect(await chipLabels(p)).toEqual(["My Account", "View site"]);
    await shot(p, "courier-home-390");
    // The sections menu offers parcels and the courier's run only.
    await p.getByRole("button", { name: "Open the sections menu" }).click();
    expect(await p.locator("#cp-nav .cp-nav-link").allInnerTexts()).toEqual(["Parcels", "My run"]);
    // A direct address of a screen the role may not use: a clear notice.
    for (const [path, what] of [
      ["/control/settings", "change the settings"],
      ["/control/staff/list.html", "manage the staff"],
      ["/control/parcels/create.html", "add parcels"],
      ["/control/invoice/list.html", "use invoices"],
    ]) {
      await p.goto(url(path));
      expect(await p.getByTestId("not-allowed").innerText()).toContain(`Your role (courier) may not ${what}`);
    }
    // Parcels: read only, no add/import/export/delete.
    await p.goto(url("/control/parcels/list.html"));
    await p.getByText(CODE).waitFor();
    expect(await p.getByRole("link", { name: "Add Parcel" }).count()).toBe(0);
    expect(await p.getByText("Export CSV").count()).toBe(0);
    expect(await p.locator("button[aria-label^='Delete parcel']").count()).toBe(0);
    await p.getByText(CODE).click();
    await p.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    await p.getByRole("link", { name: "Update History" }).waitFor();
    const actions = await p.locator("nav[aria-label='Parcel actions'] .cp-btn").allInnerTexts();
    expect(actions).toEqual(["Update History", "Record Delivery", "Label"]);
    // Adds a history entry.
    await p.getByRole("link", { name: "Update History" }).click();
    await p.getByRole("link", { name: "Add Activity" }).click();
    await p.fill("input[name=title]", "Collected by the courier");
    await p.fill("textarea[name=description]", "Picked up at the depot in Rotterdam.");
    await p.getByRole("button", { name: "Save" }).click();
    await p.waitForURL(new RegExp(`/control/parcels/${CODE}/activities$`));
    await p.getByText("Collected by the courier").waitFor();
    // No edit or delete of entries for a courier.
    expect(await p.locator("[data-testid=activity-row] .cp-row-actions").count()).toBe(0);
    // The public page shows it.
    const v = await open({ desktop: true });
    await v.goto(url(`/track.html?code=${CODE}`));
    await v.getByText("Collected by the courier").waitFor();
    await v.context().close();
    await p.context().close();
  });

  it("the dispatcher accepts on a desktop, signs in and sees parcels, content, mail and invoices, not settings or staff", async () => {
    const p = await open({ desktop: true, dark: true });
    await p.goto(url(links.dispatcher));
    await p.fill("input[name=password]", PASSWORD);
    await p.fill("input[name=confirm_password]", PASSWORD);
    await p.getByRole("button", { name: "Set Password" }).click();
    await p.getByRole("link", { name: `Sign in as ${DISPATCHER}` }).click();
    await p.fill("input[name=password]", PASSWORD);
    await p.locator("form button[type=submit]").click();
    await p.waitForURL(/\/control\/index\.html$/);
    // The tiles follow the role, which the session query brings: wait for it as for the courier.
    await p.getByText(`Signed in as ${DISPATCHER} (dispatcher)`).waitFor();
    expect(await tileLabels(p)).toEqual(["SCAN", "MY RUN", "DISPATCH", "PARCELS", "REVIEWS", "PAGES", "SEND EMAIL", "PASSWORD"]);
    expect(await p.locator("#cp-nav .cp-nav-link").allInnerTexts()).toEqual([
      "Parcels",
      "Dispatch",
      "Pages",
      "Reviews",
      "Email",
      "Messages",
      "Invoices",
      "My run",
      "Cash on delivery",
      "Shippers",
    ]);
    await p.goto(url("/control/parcels/list.html"));
    await p.getByRole("link", { name: "Add Parcel" }).click();
    await p.waitForURL(/\/control\/parcels\/create\.html$/);
    // The dispatcher adds a parcel (with the proposed code), for the owner to read in the audit log.
    await expect.poll(() => p.inputValue("input[name=tracking_code]")).toMatch(/^CR-/);
    await p.fill("input[name=recipient_name]", "Dispatched Parcel");
    await p.fill("input[name=destination]", "Ghent, Belgium");
    await p.locator("form button[type=submit]").click();
    await p.waitForURL(/\/control\/parcels\/list\.html$/);
    await p.goto(url("/control/webhooks/list.html"));
    expect(await p.getByTestId("not-allowed").innerText()).toContain("Your role (dispatcher) may not manage webhooks");
    await p.context().close();
    // The owner sees both as active now.
    const o = await open({ desktop: true });
    await signIn(o, ADMIN.email, ADMIN.password);
    await o.goto(url("/control/staff/list.html"));
    for (const email of [DISPATCHER, COURIER]) {
      const row = o.locator(`[data-testid=staff-row][data-email="${email}"]`);
      await row.waitFor();
      expect(await row.locator("[data-testid=staff-state]").innerText()).toBe("active");
      expect(await row.innerText()).toContain("last sign-in");
    }
    // The owner reads what each of them did in the audit log.
    for (const [email, operation] of [
      [COURIER, "activities.create"],
      [DISPATCHER, "parcels.create"],
    ] as const) {
      await o.goto(url("/control/audit.html"));
      await o.getByTestId("audit-row").first().waitFor();
      await o.selectOption("#audit-actor", { label: email });
      await o.getByRole("button", { name: "Filter" }).click();
      await o.waitForURL(/actor=/);
      const rows = o.getByTestId("audit-row").filter({ hasText: operation });
      await rows.first().waitFor();
      expect(await rows.first().textContent()).toContain(email);
    }
    await shot(o, "team-owner-audit");
    await o.context().close();
    expect(errors).toEqual([]);
  });

  it("the owner resets the courier's two-step sign-in from the Staff screen (a lost phone)", async () => {
    // The courier turns it on (through the API: the password and a code of the app).
    const c = new Client(site.url);
    expect((await c.post("/api/admins/auth/signin", { email: COURIER, password: PASSWORD })).status).toBe(200);
    const { secret } = (await c.post("/api/admins/auth/totp", { password: PASSWORD })).json.data;
    const { TOTP, Secret } = await import("otpauth");
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
    expect((await c.patch("/api/admins/auth/totp", { password: PASSWORD, code })).status).toBe(200);

    const o = await open({ desktop: true });
    await signIn(o, ADMIN.email, ADMIN.password);
    await o.goto(url("/control/staff/list.html"));
    const row = o.locator(`[data-testid=staff-row][data-email="${COURIER}"]`);
    await row.getByText("two-step on").waitFor();
    // Only for members who have it, and not on one's own row.
    expect(await o.locator(`[data-testid=staff-row][data-email="${DISPATCHER}"] button[aria-label^="Reset two-step"]`).count()).toBe(0);
    expect(await o.locator(`[data-testid=staff-row][data-email="${ADMIN.email}"] button[aria-label^="Reset two-step"]`).count()).toBe(0);
    const before = smtp.messages.length;
    o.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: `Reset two-step sign-in of ${COURIER}` }).click();
    await row.getByText(/Two-step sign-in reset/).waitFor();
    await row.getByText("two-step off").waitFor();
    expect(await row.getByRole("button", { name: `Reset two-step sign-in of ${COURIER}` }).count()).toBe(0);
    const mail = await smtp.waitFor((m) => m.to.includes(COURIER) && smtp.messages.indexOf(m) >= before && /reset/.test(decodeMail(m.raw).subject));
    expect(decodeMail(mail.raw).text).toMatch(/The owner reset two-step sign-in/);
    // The courier's session ended; the password alone signs in again.
    expect((await c.get("/api/admins/auth/totp")).status).toBe(401);
    expect((await new Client(site.url).post("/api/admins/auth/signin", { email: COURIER, password: PASSWORD })).json.data).toEqual({
      email: COURIER,
      role: "courier",
    });
    await o.context().close();
    expect(errors).toEqual([]);
  });
});
