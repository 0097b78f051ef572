/**
 * The control panel's COD screen (issue 38) in Chromium against the real server, with real data made through the API:
 * a shipper's bookings with cod_amount delivered by a courier (cash and card); the dispatcher sees the balances (each
 * amount shown checked against GET /api/cod/balances, the accounts summing to zero), counts the courier's cash in with
 * a 1.00 difference (the server's 422 under the note field, then saved with a note: expected, counted and difference
 * shown), reads the cash-ups, and is offered neither reversals nor remittances; the owner makes a remittance and
 * cancels it, makes one net of the open statement, marks it paid with a reference and fetches its PDF, filters the
 * ledger (kept in the address), downloads its CSV and reverses an entry (confirmed first; a reversal the collection
 * cannot follow is refused with the server's words); axe at zero on every screen; the same screens in German with no
 * English word of the interface. With E2E_SHOTS=<dir>: the screens at 390 px and on a desktop, light and dark, and in
 * Arabic.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper, type TestShipper } from "../helpers/shippers.js";
import { bookedWithCod, checkBooks, collect, ledger } from "../helpers/cod.js";
import { ok } from "../fixtures/rest.js";

const SHOTS = process.env.E2E_SHOTS;
const PASSWORD = "cod-screen-password-1";
const EN = JSON.parse(fs.readFileSync("client/i18n/locales/control/control-cod/en.json", "utf8")) as Record<string, unknown>;
const DE = JSON.parse(fs.readFileSync("client/i18n/locales/control/control-cod/de.json", "utf8")) as Record<string, unknown>;

let site: Site;
let browser: Browser;
let smtp: SmtpPeer;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let shop: TestShipper;
let courierId = 0;
const codes: Record<string, string> = {};
const url = (p: string) => site.url + p;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", TIME_ZONE: "UTC", RATE_LIMIT_SIGNUP: "100000" });
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
  dispatcher = await staffMember(owner, smtp, "disp@codscreen.example", "dispatcher", PASSWORD);
  courier = await staffMember(owner, smtp, "kim@codscreen.example", "courier", PASSWORD);
  const staff = ok(await owner.get("/api/staff")).data as { id: number; email: string }[];
  courierId = staff.find((m) => m.email === "kim@codscreen.example")!.id;
  ok(await courier.request("PATCH", "/api/admins/auth/update/profile", { name: "Kim Nowak" }));
  await setUpZonedRates(owner);
  shop = await verifiedShipper(site.url, smtp);
  // Three bookings with COD: a cash 12.50, a card 30.00, a cash 20.00, all collected by the courier.
  codes.a = await bookedWithCod(shop, 1250);
  codes.b = await bookedWithCod(shop, 3000);
  codes.c = await bookedWithCod(shop, 2000);
  ok(await collect(courier, codes.a, 1250));
  ok(await collect(courier, codes.b, 3000, "card"));
  ok(await collect(courier, codes.c, 2000));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

async function open(who: Client, path: string, opts: { desktop?: boolean; dark?: boolean; locale?: string } = {}) {
  const ctx = await openContext(browser, site.url, { who, desktop: opts.desktop ?? true, dark: opts.dark, locale: opts.locale });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(url(path));
  await page.locator("h1").first().waitFor();
  return { page, errors, close: () => ctx.close() };
}

/** Every amount the Balances page shows, read from the page: each equals the API's, and the page says they sum to zero. */
async function balancesMatchApi(page: Page) {
  const b = ok(await owner.get("/api/cod/balances"));
  await page.getByTestId("cod-sum").waitFor();
  await expect.poll(() => page.getByTestId("cod-courier-row").count()).toBe(b.couriers.length);
  for (const c of b.couriers as { courier_id: number; cash_held: number; name: string }[]) {
    const row = page.locator(`[data-testid=cod-courier-row][data-courier-id="${c.courier_id}"]`);
    await expect.poll(() => row.getByTestId("courier-cash").getAttribute("data-amount")).toBe(String(c.cash_held));
    expect(await row.locator("th").innerText()).toBe(c.name);
  }
  for (const k of ["depot_cash", "card_clearing", "over_short", "bank", "statements", "company"])
    expect(await page.getByTestId(`cod-account-${k}`).getAttribute("data-amount"), k).toBe(String(b[k]));
  expect(await page.getByTestId("cod-shipper-row").count()).toBe(b.shippers.length);
  for (const s of b.shippers as { shipper_id: number; owed: number }[])
    expect(await page.locator(`[data-testid=cod-shipper-row][data-shipper-id="${s.shipper_id}"]`).getByTestId("shipper-owed").getAttribute("data-amount")).toBe(
      String(s.owed),
    );
  expect(await page.getByTestId("cod-sum").getAttribute("data-sum")).toBe("0");
  // And the API's balances are the ledger's sums.
  await checkBooks(owner);
  return b;
}

async function noAxe(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
  expect((await overflow(page)).px, `${what} sticks out`).toBe(0);
}

describe("the COD screen", () => {
  it("the dispatcher: balances as the API has them, a cash-up with a 1.00 difference and its note, the cash-ups; no reversal, no remittance form", async () => {
    const { page, errors, close } = await open(dispatcher, "/control/index.html");
    await page.getByRole("link", { name: "Cash on delivery" }).first().click();
    await page.getByRole("heading", { name: "Cash on delivery", level: 1 }).waitFor();
    expect(page.url()).toBe(url("/control/cod/index.html"));
    const before = await balancesMatchApi(page);
    expect(before.couriers).toEqual([{ courier_id: courierId, name: "Kim Nowak", cash_held: 3250, collections: 2 }]);
    await expect.poll(() => page.getByTestId("cod-sum").innerText()).toMatch(/sum to zero in EUR/);
    const row = page.locator(`[data-testid=cod-courier-row][data-courier-id="${courierId}"]`);
    expect(await row.getByTestId("courier-cash").innerText()).toBe("€32.50");
    await noAxe(page, "balances");
    await screenshot(page, SHOTS, "cod-balances-desktop");

    // Count in: 31.50 typed (exactly 3150), a difference of -1.00; without a note the server's 422 is said under the note field.
    await row.getByRole("button", { name: "Count in" }).click();
    const form = page.getByTestId("cashup-form");
    await form.getByLabel("Counted (EUR)").fill("31.50");
    await expect.poll(() => form.getByTestId("cashup-difference").innerText()).toBe("-€1.00");
    await form.getByRole("button", { name: "Save cash-up" }).click();
    const noteError = form.getByTestId("field-error");
    await noteError.waitFor();
    expect(await noteError.innerText()).toBe("Note: A note is required: the amount counted differs from what is expected.");
    expect(await form.getByLabel("Note").getAttribute("aria-invalid")).toBe("true");
    expect(ok(await owner.get("/api/cod/cashups")).total).toBe(0);
    await noAxe(page, "the cash-up form with its error");
    await screenshot(page, SHOTS, "cod-cashup-error-desktop");
    await form.getByLabel("Note").fill("one coin short");
    await form.getByRole("button", { name: "Save cash-up" }).click();
    const result = page.getByTestId("cashup-result");
    await result.waitFor();
    expect(await page.getByTestId("form-message").innerText()).toMatch(/Cash-up of Kim Nowak saved: 31\.50 EUR counted/);
    expect(await result.getByTestId("result-expected").innerText()).toBe("€32.50");
    expect(await result.getByTestId("result-counted").innerText()).toBe("€31.50");
    expect(await result.getByTestId("result-difference").innerText()).toBe("-€1.00");
    const [cu] = ok(await owner.get("/api/cod/cashups")).data;
    expect(cu).toMatchObject({ courier_id: courierId, expected_amount: 3250, counted_amount: 3150, difference: -100, note: "one coin short" });
    expect(cu.member_id).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("cod-courier-row").count()).toBe(0);
    await balancesMatchApi(page);
    expect(await page.getByTestId("cod-account-over_short").innerText()).toBe("€1.00");

    // The cash-ups, filtered by the courier (kept in the address).
    await page.getByRole("link", { name: "Cash-ups" }).click();
    await page.getByLabel("Courier").selectOption(String(courierId));
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/courier_id=/);
    await page.getByTestId("cashup-row").first().waitFor();
    expect(await page.getByTestId("cashup-row").count()).toBe(1);
    expect(await page.getByTestId("cashup-row-difference").innerText()).toBe("-€1.00");
    expect(await page.getByTestId("cashup-row").innerText()).toMatch(/one coin short/);
    await noAxe(page, "cash-ups");

    // Remittances and the ledger: read, but nothing of the owner's.
    await page.getByRole("link", { name: "Remittances" }).click();
    await page.getByText("Only an owner makes, pays and cancels remittances.").waitFor();
    expect(await page.getByTestId("remittance-create").count()).toBe(0);
    await page.getByRole("link", { name: "Ledger" }).click();
    await page.getByTestId("ledger-row").first().waitFor();
    expect(await page.getByRole("button", { name: /^Reverse/ }).count()).toBe(0);
    await noAxe(page, "the dispatcher's ledger");
    expect(errors).toEqual([]);
    await close();
  });

  it("the owner: a remittance cancelled, one net of the open statement paid with a reference, its PDF; no form for one's own cash", async () => {
    const st = ok(
      await owner.post("/api/statements", { shipper_id: shop.id, from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) }),
      201,
    );
    const { page, errors, close } = await open(owner, "/control/cod/remittances.html");
    const create = page.getByTestId("remittance-create");
    // No shipper chosen: said under the field.
    await create.getByRole("button", { name: "Make remittance" }).click();
    expect(await create.getByTestId("field-error").innerText()).toBe("Shipper: Choose a shipper");
    await create.getByLabel("Shipper", { exact: true }).selectOption(String(shop.id));
    await create.getByRole("button", { name: "Make remittance" }).click();
    await page
      .getByTestId("form-message")
      .filter({ hasText: /Remittance RM-\d{6}-\d{6} made/ })
      .waitFor();
    const first = page.getByTestId("remittance-row").first();
    const firstNumber = (await first.getAttribute("data-number"))!;
    expect(await first.getByTestId("remittance-net").innerText()).toBe("€62.50");
    page.once("dialog", (d) => void d.accept());
    await first.getByRole("button", { name: "Cancel remittance" }).click();
    await first.locator('[data-status="cancelled"]').waitFor();

    // Net of the open statement.
    await create.getByLabel("Shipper", { exact: true }).selectOption(String(shop.id));
    await create.getByLabel("Offset open statements").check();
    await create.getByRole("button", { name: "Make remittance" }).click();
    const row = page.locator("[data-testid=remittance-row]", { hasNot: page.locator('[data-status="cancelled"]') }).first();
    await row.locator('[data-status="open"]').waitFor();
    const number = (await row.getAttribute("data-number"))!;
    expect(number).not.toBe(firstNumber);
    const api = (ok(await owner.get("/api/cod/remittances?status=open")).data as { number: string; net: number; offsets: unknown[]; pdf_url: string }[])[0];
    expect(api.number).toBe(number);
    expect(api.offsets).toEqual([{ statement_number: st.number, amount: st.total }]);
    expect(api.net).toBe(6250 - st.total);
    expect(await row.getByTestId("remittance-net").getAttribute("data-amount")).toBe(String(api.net));
    expect(await row.innerText()).toContain(`Statement ${st.number}`);
    await noAxe(page, "remittances");
    await screenshot(page, SHOTS, "cod-remittances-desktop");
    // Mark paid: a reference is needed (said under its field), then paid.
    await row.getByRole("button", { name: "Mark paid" }).click();
    expect(await row.getByTestId("field-error").innerText()).toMatch(/^Payment reference: Type the bank transfer's reference/);
    await row.getByLabel("Payment reference").fill("TRF-2026-11-29");
    await row.getByRole("button", { name: "Mark paid" }).click();
    await row.getByTestId("remittance-paid").waitFor();
    expect(await row.getByTestId("remittance-paid").innerText()).toMatch(/reference TRF-2026-11-29/);
    const pdf = await page.request.get(url((await row.getByTestId("remittance-pdf").getAttribute("href")) ?? ""));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toMatch(/application\/pdf/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    if (SHOTS) fs.writeFileSync(`${SHOTS}/cod-remittance.pdf`, await pdf.body());

    // The owner's own cash: no form (someone else counts it in).
    const d = await bookedWithCod(shop, 500);
    ok(await collect(owner, d, 500));
    await page.getByRole("link", { name: "Balances" }).click();
    const mine = page.locator("[data-testid=cod-courier-row]").filter({ hasText: "admin@example.com" });
    await mine.getByText("Someone else counts your cash in").waitFor();
    expect(await mine.getByRole("button", { name: "Count in" }).count()).toBe(0);
    await balancesMatchApi(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("the owner's ledger: filters kept in the address, the CSV, a reversal confirmed first (and one the collection cannot follow refused)", async () => {
    codes.e = await bookedWithCod(shop, 800);
    ok(await collect(courier, codes.e, 800));
    const { page, errors, close } = await open(owner, "/control/cod/ledger.html");
    await page.getByTestId("ledger-row").first().waitFor();
    await page.getByLabel("Tracking code").fill(codes.e);
    await page.getByLabel("Courier").selectOption(String(courierId));
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(new RegExp(`tracking_code=${codes.e}`));
    expect(page.url()).toContain(`courier_id=${courierId}`);
    await expect.poll(() => page.getByTestId("ledger-row").count()).toBe(1);
    const entry = (await ledger(owner, `tracking_code=${codes.e}`))[0];
    const line = page.locator(`[data-testid=ledger-row][data-entry-id="${entry.id}"]`);
    expect(await line.innerText()).toMatch(/Collected[\s\S]*€8\.00[\s\S]*Cash held by Kim Nowak[\s\S]*Owed to /);
    // The CSV of the filtered ledger.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("ledger-csv").click()]);
    const csv = fs
      .readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toMatch(/^id,at,kind,amount,currency,debit,credit,tracking_code/);
    expect(csv).toHaveLength(2);
    // Reverse: a note is required, the confirmation is asked, dismissing it writes nothing.
    await line.getByRole("button", { name: `Reverse entry ${entry.id}` }).click();
    const form = page.getByTestId("reverse-form");
    await form.getByRole("button", { name: `Reverse entry ${entry.id}` }).click();
    expect(await form.getByTestId("field-error").innerText()).toBe("Why: Say why the entry is reversed.");
    await form.getByLabel("Why").fill("scanned the wrong parcel");
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await form.getByRole("button", { name: `Reverse entry ${entry.id}` }).click();
    await expect.poll(() => asked).toMatch(/^Reverse entry \d+\? A new entry swaps its debit and credit/);
    expect(await ledger(owner, `tracking_code=${codes.e}`)).toHaveLength(1);
    page.once("dialog", (d) => void d.accept());
    await form.getByRole("button", { name: `Reverse entry ${entry.id}` }).click();
    await page
      .getByTestId("form-message")
      .filter({ hasText: `Entry ${entry.id} reversed by entry` })
      .waitFor();
    await expect.poll(() => page.getByTestId("ledger-row").count()).toBe(2);
    expect(await line.innerText()).toMatch(/Reversed/);
    expect(await page.locator("[data-kind=reversed]").innerText()).toMatch(new RegExp(`Reverses entry ${entry.id}[\\s\\S]*scanned the wrong parcel`));
    expect(ok(await owner.get(`/api/parcels?search=${codes.e}`)).data[0].cod).toMatchObject({ status: "expected" });
    await noAxe(page, "the ledger");
    await screenshot(page, SHOTS, "cod-ledger-desktop");
    // A paid-out collection's entry: the server's 409 in the form.
    await page.goto(url(`/control/cod/ledger.html?tracking_code=${codes.a}`));
    const a = (await ledger(owner, `tracking_code=${codes.a}`)).find((x) => x.kind === "collected")!;
    await page
      .locator(`[data-entry-id="${a.id}"]`)
      .getByRole("button", { name: `Reverse entry ${a.id}` })
      .click();
    await page.getByTestId("reverse-form").getByLabel("Why").fill("test");
    page.once("dialog", (d) => void d.accept());
    await page
      .getByTestId("reverse-form")
      .getByRole("button", { name: `Reverse entry ${a.id}` })
      .click();
    expect(await page.getByTestId("reverse-form").getByTestId("form-errors").innerText()).toMatch(/paid out to the shipper on remittance RM-\d{6}-\d{6}/);
    // The balances after all this still match the API (and the ledger).
    await page.getByRole("link", { name: "Balances" }).click();
    await balancesMatchApi(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("in German: every COD screen without an English word of the interface, axe at zero", async () => {
    const english = new Set<string>();
    const walk = (en: unknown, de: unknown) => {
      if (typeof en === "string") {
        if (en !== de && !/\{\{/.test(en) && en.length >= 4) english.add(en);
      } else for (const k of Object.keys(en as object)) walk((en as Record<string, unknown>)[k], (de as Record<string, unknown>)[k]);
    };
    walk(EN, DE);
    const { page, errors, close } = await open(dispatcher, "/control/cod/index.html", { locale: "de-DE" });
    for (const [path, title] of [
      ["/control/cod/index.html", "Nachnahme"],
      ["/control/cod/cashups.html", "Kassenabschlüsse"],
      ["/control/cod/remittances.html", "Auszahlungen"],
      ["/control/cod/ledger.html", "Journal"],
    ]) {
      await page.goto(url(path));
      await page.getByRole("heading", { name: title, level: 1 }).waitFor();
      await page.locator("[data-testid=ledger-row], [data-testid=cashup-row], [data-testid=remittance-row], [data-testid=cod-sum]").first().waitFor();
      const text = await page.locator("#cp-main").innerText();
      for (const e of english) expect(text.includes(e), `${path} says "${e}"`).toBe(false);
      await noAxe(page, `${path} in German`);
    }
    expect(await page.locator("#cp-main").innerText()).toMatch(/32,50\s€|8,00\s€/);
    expect(errors).toEqual([]);
    await close();
  });

  it("screens at 390 px and on a desktop, light and dark, and in Arabic (right to left)", async () => {
    for (const [name, opts] of [
      ["phone-light", { desktop: false }],
      ["phone-dark", { desktop: false, dark: true }],
      ["desktop-dark", { desktop: true, dark: true }],
      ["phone-ar", { desktop: false, locale: "ar" }],
    ] as const) {
      const { page, errors, close } = await open(owner, "/control/cod/index.html", opts);
      await page.getByTestId("cod-sum").waitFor();
      if (name === "phone-ar") expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      await noAxe(page, `balances ${name}`);
      await screenshot(page, SHOTS, `cod-balances-${name}`);
      for (const sub of ["remittances", "ledger"]) {
        await page.goto(url(`/control/cod/${sub}.html`));
        await page.locator("[data-testid=ledger-row], [data-testid=remittance-row]").first().waitFor();
        await noAxe(page, `${sub} ${name}`);
        await screenshot(page, SHOTS, `cod-${sub}-${name}`);
      }
      expect(errors).toEqual([]);
      await close();
    }
  });
});
