/**
 * Browser journey on a phone (390 px) through shipping labels and the CSV import: the parcel's
 * "Label" button, "Print labels" for parcels ticked in the list, and the import screen (a dry run
 * with an error in the table, then the import with its progress and counts). With E2E_SHOTS=dir,
 * screenshots of the import table (phone and desktop, light and dark) are written there.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, launchBrowser, PHONE, transitionsDone, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";

let site: Site;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let errors: string[];
let admin: Client;

const url = (p: string) => `${site.url}${p}`;
const shots = process.env.E2E_SHOTS;

/** GET from inside the page (the admin's cookie): status, type, the first bytes and the page count of a PDF. */
const fetchPdf = (href: string) =>
  page.evaluate(async (h) => {
    const r = await fetch(h, { credentials: "include" });
    const bytes = new Uint8Array(await r.arrayBuffer());
    const text = new TextDecoder("latin1").decode(bytes);
    return {
      status: r.status,
      type: r.headers.get("content-type"),
      head: text.slice(0, 5),
      pages: Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(text)?.[1] ?? 0),
    };
  }, href);

/** Light or dark, as the top bar's switch sets it (client/App.tsx applyTheme). */
const theme = (t: "light" | "dark") => page.evaluate(`document.documentElement.dataset.theme = "${t}"; document.documentElement.style.colorScheme = "${t}";`);

async function shoot(name: string) {
  if (!shots) return;
  for (const t of ["light", "dark"] as const) {
    await theme(t);
    await transitionsDone(page); // colour transitions (0.2 s) settle first
    await page.screenshot({ path: `${shots}/${name}-${t}.png`, fullPage: true });
    await page.screenshot({ path: `${shots}/${name}-${t}-top.png` });
  }
  await theme("light");
}

beforeAll(async () => {
  site = await startSite({ COMPANY_NAME: "Floor Test Couriers" });
  admin = await signedInAdmin(site.url);
  for (const [code, name] of [
    ["E2E-LBL-1", "Ada Obi"],
    ["E2E-LBL-2", "Kofi Mensah"],
  ]) {
    const r = await admin.post("/api/parcels", { tracking_code: code, recipient_name: name, destination: "Accra", weight: 3 });
    expect(r.status, r.text).toBe(201);
  }
  browser = await launchBrowser();
  ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  // The admin's session, made through the API (tests/helpers/admin.ts), handed to the browser.
  await ctx.addCookies([...admin.cookies].map(([name, value]) => ({ name, value, url: site.url })));
  page = await ctx.newPage();
  page.setDefaultTimeout(20_000);
  errors = watchErrors(page);
});

afterEach(async ({ task }) => {
  if (shots && task.result?.state === "fail")
    await page.screenshot({ path: `${shots}/floor-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("labels", () => {
  it("the parcel's Label button opens its 100 x 150 mm label PDF", async () => {
    await page.goto(url("/control/parcels/E2E-LBL-1"));
    const label = page.getByRole("link", { name: "Label", exact: true });
    await label.waitFor();
    await shoot("parcel-detail-label-390");
    const href = await label.getAttribute("href");
    expect(href).toBe("/api/parcels/E2E-LBL-1/label.pdf");
    expect(await label.getAttribute("target")).toBe("_blank");
    expect(await fetchPdf(href!)).toEqual({ status: 200, type: "application/pdf", head: "%PDF-", pages: 1 });
    // A tap opens it in a new tab.
    const [tab] = await Promise.all([page.waitForEvent("popup"), label.click()]);
    await tab.waitForURL(/\/api\/parcels\/E2E-LBL-1\/label\.pdf$/, { waitUntil: "commit" });
    await tab.close();
  });

  it("Print labels takes the parcels ticked in the list", async () => {
    await page.goto(url("/control/parcels/list.html"));
    await page.getByText("Tick parcels to print their labels").waitFor();
    await page.getByRole("checkbox", { name: "Select parcel E2E-LBL-1" }).check();
    await page.getByRole("checkbox", { name: "Select parcel E2E-LBL-2" }).check();
    await page.getByText("2 selected").waitFor();
    await shoot("parcel-list-selection-390");
    const print = page.getByRole("link", { name: "Print labels", exact: true });
    const href = (await print.getAttribute("href"))!;
    expect(href).toBe("/api/labels.pdf?codes=E2E-LBL-1,E2E-LBL-2");
    expect(await fetchPdf(href)).toEqual({ status: 200, type: "application/pdf", head: "%PDF-", pages: 2 });
    const a4 = (await page.getByRole("link", { name: "Print labels on A4, four to a page" }).getAttribute("href"))!;
    expect(await fetchPdf(a4)).toEqual({ status: 200, type: "application/pdf", head: "%PDF-", pages: 1 });
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByText("Tick parcels to print their labels").waitFor();
  });
});

describe("import screen", () => {
  const csv = (text: string, name = "parcels.csv") => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

  it("is linked from the parcel list; a dry run shows the row with errors and writes nothing", async () => {
    await page.goto(url("/control/parcels/list.html"));
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.waitForURL(/\/control\/parcels\/import\.html$/);
    await page.getByRole("heading", { name: "Import parcels" }).waitFor();
    const file =
      "\uFEFFtracking_code;recipient_name;destination;weight;recipient_email\r\n" +
      "E2E-IMP-1;Ama Owusu;Kumasi;2.5;ama@example.com\r\n" +
      "E2E-LBL-2;Kofi Mensah;Tamale;4;\r\n" +
      "E2E-IMP-BAD;Yaw Boateng;;heavy;not-an-email\r\n";
    await page.setInputFiles("input[type=file][name=file]", csv(file));
    await page.getByRole("button", { name: "Check file" }).click();
    const check = page.getByTestId("import-check");
    await check.waitFor();
    expect((await check.innerText()).replace(/\s+/g, " ").trim()).toBe("1 new 1 update 1 with errors");
    const bad = page.getByTestId("import-rows").locator("tr", { hasText: "E2E-IMP-BAD" });
    await bad.waitFor();
    const text = (await bad.textContent())!;
    expect(text).toContain("4");
    // Each error names the field as the screens label it and the CSV column it is in.
    for (const m of [
      "Destination is required (column destination)",
      "Weight must be a number (column weight)",
      "Recipient Email must be an e-mail address (column recipient_email)",
    ])
      expect(text).toContain(m);
    // The row with errors is listed first.
    expect(await page.getByTestId("import-rows").locator("tbody tr").first().textContent()).toContain("E2E-IMP-BAD");
    expect((await admin.get("/api/parcels/E2E-IMP-1")).status).toBe(404);
    await shoot("import-dry-run-390");
    await page.setViewportSize(DESKTOP);
    await shoot("import-dry-run-desktop");
    await page.setViewportSize(PHONE);

    await page.getByRole("button", { name: "Import 2 rows" }).click();
    const result = page.getByTestId("import-result");
    await result.waitFor();
    expect((await result.innerText()).replace(/\s+/g, " ").trim()).toBe("1 created 1 updated 1 failed");
    expect((await admin.get("/api/parcels/E2E-IMP-1")).json.data.recipient_name).toBe("Ama Owusu");
    expect((await admin.get("/api/parcels/E2E-LBL-2")).json.data.destination).toBe("Tamale");
    await shoot("import-result-390");
  });

  it("imports a large file in parts with a progress bar, and the parcels are in the list", async () => {
    const lines = ["tracking_code,recipient_name,destination,weight"];
    for (let i = 0; i < 1_200; i++) lines.push(`E2E-BULK-${String(i).padStart(4, "0")},Recipient ${i},City ${i % 13},${(i % 9) + 1}`);
    await page.goto(url("/control/parcels/import.html"));
    await page.setInputFiles("input[type=file][name=file]", csv(lines.join("\n"), "bulk.csv"));
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByTestId("import-check").waitFor();
    expect((await page.getByTestId("import-check").innerText()).replace(/\s+/g, " ").trim()).toBe("1,200 new 0 updates 0 with errors");
    await page.getByRole("button", { name: "Import 1,200 rows" }).click();
    // Three parts of at most 500 rows: the bar counts them.
    const bar = page.locator("progress");
    await bar.waitFor();
    expect(await bar.getAttribute("max")).toBe("1200");
    await page.getByTestId("import-result").waitFor({ timeout: 60_000 });
    expect((await page.getByTestId("import-result").innerText()).replace(/\s+/g, " ").trim()).toBe("1,200 created 0 updated 0 failed");
    await page.getByRole("link", { name: "Go to the parcels" }).click();
    await page.getByText("E2E-BULK-1199").waitFor();
    expect(errors).toEqual([]);
  });
});
