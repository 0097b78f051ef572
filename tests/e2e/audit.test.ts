/**
 * Browser journey through the audit log (issue 13 part 4), on a phone and a desktop: the owner
 * changes a parcel in the control panel and reads the change in the audit log with the filters;
 * the parcel's history shows who added each entry, the public tracking page never does.
 * With E2E_SHOTS=<dir> the audit screen is saved there (light and dark, phone and desktop).
 * Then the owner's dashboard on the control panel's home screen (issue 39): the demo data's figures, the period
 * in the address, a chart's CSV downloaded, a phone in light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { SETUP_TOKEN } from "../helpers/app.js";
import fsp from "node:fs/promises";
import { DESKTOP, PHONE, launchBrowser, watchErrors } from "../helpers/browser.js";

const OWNER = { email: "owner@audit-e2e.example", password: "audit-e2e-pass-1234" };
const SHOTS = process.env.E2E_SHOTS;

let site: Site;
let browser: Browser;
const url = (p: string) => `${site.url}${p}`;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const r = await fetch(url("/api/admins"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...OWNER, token: SETUP_TOKEN }),
  });
  expect(r.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The owner's browser, signed in (the context's requests share its cookies). */
async function owner(viewport: { width: number; height: number }, dark = false): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport });
  if (dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  const signIn = await ctx.request.post(url("/api/admins/auth/signin"), { data: OWNER, headers: { origin: site.url } });
  expect(signIn.status()).toBe(200);
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  return { ctx, page, errors: watchErrors(page) };
}

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("the audit log on a %s", (name, viewport) => {
  const CODE = `E2E-AUDIT-${name.toUpperCase()}`;

  it("the owner changes a parcel and reads the change in the audit log, filtered to that parcel", async () => {
    const { ctx, page, errors } = await owner(viewport);
    const made = await ctx.request.post(url("/api/parcels"), {
      data: { tracking_code: CODE, recipient_name: "Ada Obi", destination: "Lagos, Nigeria" },
      headers: { origin: site.url },
    });
    expect(made.status()).toBe(201);
    const id = (await made.json()).data.id as number;

    await page.goto(url(`/control/parcels/${CODE}/update`));
    await page.locator("input[name=destination]").waitFor();
    await page.fill("input[name=destination]", "Abuja, Nigeria");
    await page.locator("form button[type=submit]").click();
    await page.waitForURL((u) => !u.pathname.endsWith("/update"));

    await page.goto(url("/control/index.html"));
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(/\/control\/audit\.html$/);
    await page.getByTestId("audit-row").first().waitFor();

    // The who filter lists the owner; the object filters narrow the log to this parcel.
    expect(await page.locator("#audit-actor option", { hasText: OWNER.email }).count()).toBe(1);
    await page.selectOption("#audit-actor", { label: OWNER.email });
    await page.selectOption("#audit-type", "parcel");
    await page.fill("#audit-object", String(id));
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(new RegExp(`object_id=${id}`));
    const rows = page.getByTestId("audit-row");
    // The unfiltered list shown until the filtered one arrives holds this update too: wait for the filtered total.
    await expect.poll(() => page.getByTestId("audit-total").textContent(), { timeout: 15_000 }).toMatch(/^2 entries/);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const update = rows.filter({ hasText: "parcels.update" });
    expect(await update.getByTestId("audit-change").allTextContents()).toEqual(["destination: Lagos, Nigeria → Abuja, Nigeria"]);
    expect(await update.textContent()).toContain(OWNER.email);
    expect(await rows.nth(1).textContent()).toContain("parcels.create");
    expect(await page.getByTestId("audit-total").textContent()).toMatch(/^2 entries/);

    // Export CSV carries the same filters.
    const href = await page.getByTestId("audit-export").getAttribute("href");
    expect(href).toContain("format=csv");
    expect(href).toContain(`object_id=${id}`);
    const csv = await ctx.request.get(url(href!));
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("parcels.update");

    // A long value is cut short until expanded.
    await ctx.request.patch(url("/api/parcels"), { data: { id, parcel_content: "Books ".repeat(30).trim() }, headers: { origin: site.url } });
    await page.reload();
    const long = rows.first();
    await long.filter({ hasText: "parcel_content" }).waitFor();
    expect(await long.getByTestId("audit-change").textContent()).toMatch(/…$/);
    await long.getByRole("button", { name: /^Show all/ }).click();
    expect(await long.getByTestId("audit-change").textContent()).toMatch(/Books$/);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the parcel's history shows who added each entry; the public tracking page does not", async () => {
    const { ctx, page, errors } = await owner(viewport);
    const parcel = await (await ctx.request.get(url(`/api/parcels/${CODE}`))).json();
    const added = await ctx.request.post(url("/api/activities"), {
      data: { parcel_id: parcel.data.id, title: "Left the hub", description: "On the van.", icon: "local_shipping", color: "green" },
      headers: { origin: site.url },
    });
    expect(added.status()).toBe(201);
    await page.goto(url(`/control/parcels/${CODE}/activities`));
    const row = page.getByTestId("activity-row").filter({ hasText: "Left the hub" });
    await row.waitFor();
    expect(await row.getByTestId("activity-added-by").textContent()).toBe(`Added by ${OWNER.email}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-added-by-${name}.png` });

    const visitor = await browser.newContext({ viewport });
    const pub = await visitor.newPage();
    await pub.goto(url(`/track.html?code=${CODE}`));
    await pub.getByText("Left the hub").first().waitFor();
    expect(await pub.content()).not.toContain(OWNER.email);
    await visitor.close();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("looks right in light and dark", async () => {
    for (const dark of [false, true]) {
      const { ctx, page, errors } = await owner(viewport, dark);
      await page.goto(url("/control/audit.html?object_type=parcel"));
      await page.getByTestId("audit-row").first().waitFor();
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(viewport.width);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/audit-${name}-${dark ? "dark" : "light"}.png`, fullPage: true });
        await page.screenshot({ path: `${SHOTS}/audit-${name}-${dark ? "dark" : "light"}-top.png` });
      }
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});

describe("the owner's dashboard (issue 39)", () => {
  it("shows the demo data's figures as the report gives them, keeps the period in the address, and downloads a chart's CSV", async () => {
    const { ctx, page, errors } = await owner(DESKTOP);
    const summary = (await (await ctx.request.get(url("/api/reports/summary"))).json()).data as {
      from: string;
      to: string;
      created: number;
      delivered: number;
    };
    expect(summary.created).toBeGreaterThan(0);
    await page.goto(url("/control/index.html"));
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    const figure = (label: string) =>
      page.locator(".cp-figure", { has: page.locator(".cp-figure-label", { hasText: new RegExp(`^${label}$`) }) }).locator(".cp-figure-value");
    await expect.poll(() => figure("Parcels created").textContent()).toBe(summary.created.toLocaleString("en"));
    expect(await figure("Delivered").textContent()).toBe(summary.delivered.toLocaleString("en"));
    await page.getByRole("img", { name: /^Parcels a day by outcome: chart/ }).waitFor();

    const link = page.getByRole("link", { name: "Download CSV (Parcels a day by outcome)" });
    expect(await link.getAttribute("href")).toBe(`/api/reports/daily?from=${summary.from}&to=${summary.to}&format=csv`);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const lines = (await fsp.readFile(await download.path(), "utf8"))
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe("date,created,delivered,failed_attempts,on_time_rate,revenue");
    expect(lines).toHaveLength(31);

    await page.fill("#report-from", summary.to);
    await page.fill("#report-to", summary.to);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("from") === summary.to && u.searchParams.get("to") === summary.to);
    await page.locator(`[data-testid=report-period][data-from="${summary.to}"][data-to="${summary.to}"]`, { hasText: "compared with" }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("fits a phone, light and dark", async () => {
    // With E2E_SHOTS the desktop is saved too.
    for (const [name, viewport] of SHOTS
      ? ([
          ["phone", PHONE],
          ["desktop", DESKTOP],
        ] as const)
      : ([["phone", PHONE]] as const))
      for (const dark of [false, true]) {
        const { ctx, page, errors } = await owner(viewport, dark);
        await page.goto(url("/control/index.html"));
        await page.getByRole("img", { name: /^On-time rate by day: chart/ }).waitFor();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-${name}-${dark ? "dark" : "light"}.png`, fullPage: true });
        expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(viewport.width);
        expect(errors).toEqual([]);
        await ctx.close();
      }
  });
});
