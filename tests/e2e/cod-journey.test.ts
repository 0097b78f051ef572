/**
 * Issue 38's "Done when", cash on delivery end to end in Chromium against the real server (SQLite) and a real SMTP
 * peer: a shipper books three shipments with cash on delivery on /account/new at 390 px (a third decimal and an amount
 * above cod_max are refused at the field, in the visitor's words); the dispatcher plans a run on the dispatch board;
 * the courier, on a 390 px phone, collects cash at one door and card (with the terminal's receipt) at another on the
 * run screen and fails the third for "payment not ready"; the dispatcher counts the cash in on the COD screen with a
 * 1.00 difference and a note; the owner makes the pay-out there net of the shipper's open statement (made through the
 * API: the statements screens have their own journey) and marks it paid; the shipper sees the pay-out and its PDF in
 * Collections and pay-outs (another shipper gets 404 for it, nobody signed in 401). After every step each balance of
 * GET /api/cod/balances is checked against the sum of the ledger's entries for its account (tests/helpers/cod.ts
 * checkBooks: the accounts sum to zero), and the COD screen's figures against the same sums. Then the shipper's
 * screens at 390 px and on a desktop, light and dark, and in Arabic (overflow, axe). With E2E_SHOTS=<dir> the screens
 * and the pay-out's PDF are saved there.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, loaded, openContext, overflow, PHONE, screenshot, transitionsDone, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { mailText, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { setUpRates, shipperSignup } from "../helpers/shipping.js";
import { staffMember } from "../helpers/staff.js";
import { cookiesOf } from "../helpers/deliveryDay.js";
import { checkBooks } from "../helpers/cod.js";
import { popplerRead } from "../helpers/pdf.js";
import { ok } from "../fixtures/rest.js";

const SHOTS = process.env.E2E_SHOTS;
const TODAY = new Date().toISOString().slice(0, 10);
const SHOP = { name: "Paula Parcel", company: "Parcel Shop GmbH", email: "cod-shop@example.com", password: "cod-journey-shop-password-38" };
const DISPATCHER = { email: "dispatch@cod-journey.example", password: "cod-journey-dispatcher-1" };
const COURIER = { email: "courier@cod-journey.example", password: "cod-journey-courier-pass-1" };
/** Hamburg, where the recipients are (the gazetteer's point of the city): the depot is there too. */
const DEPOT = { latitude: 53.55, longitude: 9.99 };
/** The three shipments: what each recipient pays at the door, as typed and in cents. */
const DOORS = [
  { recipient: "Erika Mustermann", cod: "45.50", minor: 4550 },
  { recipient: "Max Mustermann", cod: "120", minor: 12000 },
  { recipient: "Hans Meier", cod: "30,00", minor: 3000 },
] as const;
/** STD, 1.2 kg (charged 1.5) from Berlin to Hamburg: 9.00 + 12.5 % fuel (tests/helpers/shipping.ts). */
const PRICE = 1013;

let site: Site;
let smtp: SmtpPeer;
let browser: Browser;
let admin: Client;
let dispatcher: Client;
let courier: Client;
let shop: Client;
let shopId = 0;
let courierId = 0;
const codes: string[] = [];
/** What happened at each door, in the run's order: the first collects cash, the second card, the third is not ready. */
const at: Record<"cash" | "card" | "notReady", { code: string; minor: number }> = {
  cash: { code: "", minor: 0 },
  card: { code: "", minor: 0 },
  notReady: { code: "", minor: 0 },
};
let remittance: { id: number; number: string; net: number; pdf_url: string } | undefined;
const url = (p: string) => site.url + p;
let current: Page | undefined;
const watched: string[][] = [];
const errors = () => watched.flat();

function watch(page: Page): Page {
  watched.push(watchErrors(page));
  page.setDefaultTimeout(15_000);
  current = page;
  return page;
}
async function axe(page: Page, where: string) {
  await transitionsDone(page);
  expect(await axeViolations(page), where).toEqual([]);
}
const shot = (page: Page, name: string) => screenshot(page, SHOTS, `cod-journey-${name}`);
const eur = (minor: number) => `€${(minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

/** The books after a step: every balance equals the sum of its account's entries, all sum to zero; the balances. */
async function books(expected: {
  courier?: number;
  card_clearing?: number;
  depot_cash?: number;
  over_short?: number;
  owed?: number;
  bank?: number;
  statements?: number;
}) {
  const { balances: b } = await checkBooks(admin);
  const held = (b.couriers as { courier_id: number; cash_held: number }[]).find((c) => c.courier_id === courierId)?.cash_held ?? 0;
  const owed = (b.shippers as { shipper_id: number; owed: number }[]).find((s) => s.shipper_id === shopId)?.owed ?? 0;
  const seen: Record<string, number> = { courier: held, owed };
  for (const k of ["card_clearing", "depot_cash", "over_short", "bank", "statements"]) seen[k] = b[k] as number;
  for (const [k, v] of Object.entries(expected)) expect(seen[k], k).toBe(v);
  return b;
}

/** A shipper signed up through the API and confirmed through the mailed link: its signed-in client and id. */
async function signedUpShipper(who: { name: string; company?: string; email: string; password: string }): Promise<[Client, number]> {
  const c = new Client(site.url);
  const before = smtp.messages.length;
  const s = ok(await c.post("/api/users", who), 201) as { id: number };
  const mail = await smtp.waitFor((m) => m.to.includes(who.email) && smtp.messages.indexOf(m) >= before);
  const token = mailText(mail.raw).match(/\/account\/verify\?token=([A-Za-z0-9_-]+)/)![1];
  ok(await c.post("/api/users/verify", { token }));
  return [c, s.id];
}

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAIN: "true",
    TIME_ZONE: "UTC",
    RATE_LIMIT_QUOTE: "100000",
    RATE_LIMIT_SIGNUP: "100000",
  });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
  await setUpRates(admin);
  await shipperSignup(admin, "open");
  ok(await admin.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  dispatcher = await staffMember(admin, smtp, DISPATCHER.email, "dispatcher", DISPATCHER.password);
  courier = await staffMember(admin, smtp, COURIER.email, "courier", COURIER.password);
  const staff = ok(await admin.get("/api/staff")) as { data: { id: number; email: string }[] };
  courierId = staff.data.find((m) => m.email === COURIER.email)!.id;
  [shop, shopId] = await signedUpShipper(SHOP);
}, 180_000);
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") console.log(site.logs.slice(-20).join(""));
  if (SHOTS && task.result?.state === "fail" && current && !current.isClosed())
    await current
      .screenshot({ path: path.join(SHOTS, `cod-journey-fail-${task.name.replace(/\W+/g, "-").slice(0, 50)}.png`), fullPage: true })
      .catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

/** Fills the new shipment form: Berlin to the door's recipient in Hamburg, 1.2 kg, cash on delivery as typed. */
async function fillShipment(page: Page, recipient: string, cod: string) {
  await page.selectOption("#sender-country", "DE");
  await page.fill("#sender-name", SHOP.name);
  await page.fill("#sender-line1", "Friedrichstraße 1");
  await page.fill("#sender-postcode", "10117");
  await page.fill("#sender-city", "Berlin");
  await page.selectOption("#recipient-country", "DE");
  await page.fill("#recipient-name", recipient);
  await page.fill("#recipient-line1", "Rothenbaumchaussee 5");
  await page.fill("#recipient-postcode", "20354");
  await page.fill("#recipient-city", "Hamburg");
  await page.fill("#ns-p0-weight", "1.2");
  await page.fill("#ns-contents", "Shoes");
  await page.fill("#ns-cod", cod);
  await page.locator("#quote-option-STD").check();
  await page.locator(".shipment-quote[aria-busy=false]").waitFor();
}

describe("cash on delivery, from the recipient's hand to the shipper's bank", () => {
  it("the shipper books three shipments with cash on delivery at 390 px; an amount above cod_max is refused at its field", async () => {
    const ctx = await openContext(browser, site.url, { who: shop });
    const page = watch(await ctx.newPage());
    await page.goto(url("/account/new"));
    await page.locator("#sender-name").waitFor();

    // Typed in euros, sent as cents exactly: a third decimal is refused in the form, never rounded.
    await fillShipment(page, DOORS[0].recipient, "45.505");
    await page.getByTestId("book").click();
    const codField = page.locator("#ns-cod");
    expect(await page.locator("#ns-cod-error").innerText()).toBe("Enter an amount above zero such as €12.50, or leave the field empty.");
    expect(await codField.getAttribute("aria-invalid")).toBe("true");
    // Above the setting cod_max (€5,000.00 by default): the server's 422, said at the field with the limit as money.
    await codField.fill("5000.01");
    await page.getByTestId("book").click();
    await page.locator("#ns-cod-error").getByText("Cash on delivery can be at most €5,000.00.").waitFor();
    expect(await codField.getAttribute("aria-describedby")).toBe("ns-cod-error");
    expect(await page.getByTestId("booked").count()).toBe(0);
    await axe(page, "new shipment, COD refused");
    await shot(page, "1-cod-refused-390-light");

    for (const [i, door] of DOORS.entries()) {
      if (i > 0) {
        await page.getByRole("button", { name: "Book another" }).click();
        await fillShipment(page, door.recipient, door.cod);
      } else await codField.fill(door.cod);
      await page.getByTestId("book").click();
      await page.getByTestId("booked").waitFor();
      codes.push(await page.getByTestId("booked-code").innerText());
      expect(await page.getByTestId("booked-cod").innerText()).toBe(`Cash on delivery to collect: ${eur(door.minor)}`);
    }
    await shot(page, "2-booked-390-light");

    // Shipments: each booking's cash on delivery, to collect.
    await page.goto(url("/account"));
    await page.getByTestId("booking-row").nth(2).waitFor();
    for (const [i, door] of DOORS.entries()) {
      const cell = page.locator(`[data-testid=booking-row][data-code="${codes[i]}"] [data-testid=booking-cod]`);
      expect(await cell.getAttribute("data-cod-status")).toBe("expected");
      expect(await cell.innerText()).toMatch(new RegExp(`${eur(door.minor).replace(/[.$]/g, "\\$&")}\\s*To collect`));
    }
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    await axe(page, "shipments");
    // Sent as integer cents, each its own collection, owed to this shipper once collected.
    const booked = ok(await shop.get("/api/bookings?cod=true")) as {
      data: { tracking_code: string; amount: number; cod: { amount: number; currency: string; status: string } }[];
    };
    expect(booked.data.map((b) => [b.tracking_code, b.cod.amount, b.cod.currency, b.cod.status, b.amount])).toEqual(
      [...DOORS.entries()].reverse().map(([i, d]) => [codes[i], d.minor, "EUR", "expected", PRICE]),
    );
    await books({ courier: 0, card_clearing: 0, owed: 0 });
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the dispatcher plans a run of the three stops on the dispatch board", async () => {
    // Received at the depot (the owner's scan through the API: no screen step of this journey).
    ok(await admin.post("/api/scans", { codes, status_code: "in_transit" }));
    const ctx = await openContext(browser, site.url, { desktop: true, who: dispatcher });
    const page = watch(await ctx.newPage());
    await page.goto(url("/control/index.html"));
    await page.locator("#cp-nav").getByRole("link", { name: "Dispatch", exact: true }).click();
    await page.waitForURL(/\/control\/dispatch/);
    const row = (code: string) => page.locator(`[data-testid=unassigned-stop][data-code="${code}"]`);
    for (const code of codes) {
      await row(code).waitFor();
      expect(await row(code).getAttribute("data-plannable"), code).toBe("true");
      await row(code).locator("input[type=checkbox]").check();
    }
    await page
      .getByLabel("Courier", { exact: true })
      .first()
      .selectOption({ label: `${COURIER.email} (courier)` });
    await page.getByRole("button", { name: "Make run with 3 stops" }).click();
    await page.getByTestId("form-message").filter({ hasText: "made with 3 stops" }).waitFor();
    const board = ok(await dispatcher.get(`/api/dispatch?date=${TODAY}`)) as { runs: { courier_id: number; stops: { tracking_code: string }[] }[] };
    expect(board.runs).toHaveLength(1);
    expect(board.runs[0]!.courier_id).toBe(courierId);
    expect(board.runs[0]!.stops.map((s) => s.tracking_code).sort()).toEqual([...codes].sort());
    await shot(page, "3-dispatch-desktop-light");
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the courier, on a 390 px phone, collects cash at one door and card at another and fails the third for payment not ready", async () => {
    const ctx: BrowserContext = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: "en-GB",
      timezoneId: "UTC",
      geolocation: DEPOT,
      permissions: ["geolocation"],
    });
    await ctx.addCookies(cookiesOf(site, courier));
    const page = watch(await ctx.newPage());
    await page.goto(url("/control/run"));
    await page.getByRole("button", { name: "Start run" }).click();
    await page.getByRole("button", { name: "Collect and deliver" }).waitFor();
    const run = ok(await dispatcher.get(`/api/dispatch?date=${TODAY}`)) as { runs: { stops: { tracking_code: string }[] }[] };
    const order = run.runs[0]!.stops.map((s) => s.tracking_code);
    // The doors in the run's order: the first collects cash, the second card, the third is not ready.
    const door = (i: number) => DOORS[codes.indexOf(order[i]!)]!;
    const want = ["cash", "card", "not ready"];
    for (let i = 0; i < 3; i++) {
      const d = door(i);
      expect(await page.locator(`.cp-run-stop[data-code="${order[i]}"]`).getByTestId("stop-cod").innerText()).toBe(`Collect ${eur(d.minor)}`);
      if (want[i] === "not ready") {
        await page.getByRole("button", { name: "Failed", exact: true }).click();
        expect(await page.locator("label", { hasText: "Payment not ready" }).locator("input").isChecked()).toBe(true);
        await page.getByRole("button", { name: "Record failed attempt" }).click();
        await page.locator(`.cp-run-stop[data-code="${order[i]}"].is-failed`).waitFor();
        continue;
      }
      await page.getByRole("button", { name: "Collect and deliver" }).click();
      const sheet = page.getByRole("dialog", { name: /Proof of delivery/ });
      const pay = sheet.getByTestId("cod-payment");
      expect(await pay.getByLabel("Amount collected").inputValue()).toBe((d.minor / 100).toFixed(2));
      if (want[i] === "card") {
        await pay.locator("label", { hasText: "Card" }).click();
        await sheet.getByLabel("Card receipt number").fill("TRM-3801");
      }
      await sheet.locator("input[name=receiver_name]").fill(d.recipient);
      if (i === 0) {
        await axe(page, "payment at the door");
        await shot(page, "4-collect-390-light");
      }
      await sheet.getByRole("button", { name: "Record payment and delivery" }).click();
      await page.locator(`.cp-run-stop[data-code="${order[i]}"].is-done`).waitFor();
    }
    for (const [i, k] of (["cash", "card", "notReady"] as const).entries()) at[k] = { code: order[i]!, minor: door(i).minor };
    const cash = at.cash.minor;
    const card = at.card.minor;
    const parcel = async (c: string) =>
      (
        await admin.gql(
          `query($c: String!) { adminParcel(trackingCode: $c) { status_code status_reason cod { status method collected_amount collected_by } } }`,
          { c },
        )
      ).data.adminParcel;
    expect(await parcel(order[0]!)).toMatchObject({
      status_code: "delivered",
      cod: { status: "collected", method: "cash", collected_amount: cash, collected_by: courierId },
    });
    expect(await parcel(order[1]!)).toMatchObject({ status_code: "delivered", cod: { status: "settled", method: "card", collected_amount: card } });
    expect(await parcel(order[2]!)).toMatchObject({
      status_code: "delivery_failed",
      status_reason: "cod_not_ready",
      cod: { status: "expected", method: null },
    });
    // The courier holds the cash, the card is clearing, the shipper is owed both.
    await books({ courier: cash, card_clearing: card, owed: cash + card, depot_cash: 0 });
    await shot(page, "5-run-390-light");
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the dispatcher counts the courier's cash in on the COD screen with a 1.00 difference and a note", async () => {
    const cash = at.cash.minor;
    const ctx = await openContext(browser, site.url, { desktop: true, who: dispatcher });
    const page = watch(await ctx.newPage());
    await page.goto(url("/control/index.html"));
    await page.getByRole("link", { name: "Cash on delivery" }).first().click();
    await page.getByRole("heading", { name: "Cash on delivery", level: 1 }).waitFor();
    // The courier's cash on the screen is the ledger's sum for courier:ID.
    const { sums } = await checkBooks(admin);
    const row = page.locator(`[data-testid=cod-courier-row][data-courier-id="${courierId}"]`);
    await expect.poll(() => row.getByTestId("courier-cash").getAttribute("data-amount")).toBe(String(sums.get(`courier:${courierId}`)));
    expect(await row.getByTestId("courier-cash").innerText()).toBe(eur(cash));
    await expect.poll(() => page.getByTestId("cod-sum").getAttribute("data-sum")).toBe("0");
    await row.getByRole("button", { name: "Count in" }).click();
    const form = page.getByTestId("cashup-form");
    await form.getByLabel("Counted (EUR)").fill(((cash - 100) / 100).toFixed(2));
    await expect.poll(() => form.getByTestId("cashup-difference").innerText()).toBe("-€1.00");
    await form.getByLabel("Note").fill("One euro short: a coin lost on the run");
    await axe(page, "cash-up form");
    await shot(page, "6-cashup-desktop-light");
    await form.getByRole("button", { name: "Save cash-up" }).click();
    const result = page.getByTestId("cashup-result");
    await result.waitFor();
    expect(await result.getByTestId("result-expected").innerText()).toBe(eur(cash));
    expect(await result.getByTestId("result-counted").innerText()).toBe(eur(cash - 100));
    expect(await result.getByTestId("result-difference").innerText()).toBe("-€1.00");
    const cashups = ok(await dispatcher.get(`/api/cod/cashups?courier_id=${courierId}`)) as { data: Record<string, unknown>[] };
    expect(cashups.data).toHaveLength(1);
    expect(cashups.data[0]).toMatchObject({
      expected_amount: cash,
      counted_amount: cash - 100,
      difference: -100,
      collections: [at.cash.code],
      note: "One euro short: a coin lost on the run",
    });
    await expect.poll(() => page.getByTestId("cod-account-over_short").getAttribute("data-amount")).toBe("100");
    await books({ courier: 0, depot_cash: cash - 100, over_short: 100, owed: cash + at.card.minor });
    // The parcel's page names who collected the cash (the member's e-mail: this courier has no name), not a number.
    await page.goto(url(`/control/parcels/${at.cash.code}`));
    const collectedBy = page.getByTestId("cod-facts").locator('[data-field="cod.collected_by"]');
    await expect.poll(() => collectedBy.innerText()).toBe(COURIER.email);
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the owner pays the shipper out on the COD screen, net of its open statement", async () => {
    // The shipper's statement of its three bookings (the statements screens have their own journey, shipper-journey).
    const statement = ok(await admin.post("/api/statements", { shipper_id: shopId, from: TODAY, to: TODAY }), 201) as { number: string; total: number };
    expect(statement.total).toBe(3 * PRICE);
    const collected = at.cash.minor + at.card.minor;
    const net = collected - 3 * PRICE;
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = watch(await ctx.newPage());
    await page.goto(url("/control/cod/remittances.html"));
    const create = page.getByTestId("remittance-create");
    await create.getByLabel("Shipper", { exact: true }).selectOption(String(shopId));
    await create.getByLabel("Offset open statements").check();
    await create.getByRole("button", { name: "Make remittance" }).click();
    const row = page.getByTestId("remittance-row").first();
    await row.locator('[data-status="open"]').waitFor();
    expect(await row.getByTestId("remittance-net").getAttribute("data-amount")).toBe(String(net));
    await row.getByLabel("Payment reference").fill("BANK-3838");
    await axe(page, "remittance made");
    await row.getByRole("button", { name: "Mark paid" }).click();
    await row.getByTestId("remittance-paid").waitFor();
    await shot(page, "7-remittance-desktop-light");
    const list = ok(await admin.get(`/api/cod/remittances?shipper_id=${shopId}`)) as {
      data: {
        id: number;
        number: string;
        total_collected: number;
        net: number;
        status: string;
        pdf_url: string;
        offsets: unknown[];
        lines: { tracking_code: string }[];
      }[];
    };
    expect(list.data).toHaveLength(1);
    const made = list.data[0]!;
    expect(made).toMatchObject({ total_collected: collected, net, status: "paid", offsets: [{ statement_number: statement.number, amount: 3 * PRICE }] });
    expect(made.lines.map((l) => l.tracking_code).sort()).toEqual([at.cash.code, at.card.code].sort());
    remittance = made;
    // The statement is paid by the pay-out's number.
    const st = ok(await admin.get(`/api/statements?shipper_id=${shopId}`)) as { data: { number: string; status: string; paid_reference: string | null }[] };
    expect(st.data.find((x) => x.number === statement.number)).toMatchObject({ status: "paid", paid_reference: made.number });
    // The shipper is owed nothing more: the net left the bank, the statement was settled by the pay-out.
    await books({ owed: 0, bank: -net, statements: -(3 * PRICE), depot_cash: at.cash.minor - 100, over_short: 100, courier: 0, card_clearing: at.card.minor });
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the shipper sees the pay-out and its PDF in Collections and pay-outs; another shipper gets 404 for the PDF", async () => {
    const r = remittance!;
    const ctx = await openContext(browser, site.url, { who: shop });
    const page = watch(await ctx.newPage());
    await page.goto(url("/account"));
    await page.getByRole("link", { name: "Collections and pay-outs" }).click();
    await page.waitForURL(/\/account\/cod$/);
    const payout = page.locator(`[data-testid=remittance][data-number="${r.number}"]`);
    await payout.waitFor();
    expect(await payout.getAttribute("data-status")).toBe("paid");
    expect(await payout.getByTestId("remittance-net").innerText()).toBe(eur(r.net));
    expect(await payout.getByTestId("remittance-reference").innerText()).toContain("BANK-3838");
    const text = await payout.innerText();
    expect(text).toContain(eur(at.cash.minor + at.card.minor));
    expect(text).toContain(`-${eur(3 * PRICE)}`);
    for (const [k, door] of Object.entries(at)) {
      const row = page.locator(`[data-testid=collection-row][data-code="${door.code}"]`);
      expect(await row.getAttribute("data-status"), k).toBe(k === "notReady" ? "expected" : "remitted");
      expect(await row.innerText()).toContain(eur(door.minor));
      if (k !== "notReady") expect(await row.innerText()).toContain(`on pay-out ${r.number}`);
    }
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    await axe(page, "collections and pay-outs");
    await shot(page, "8-payouts-390-light");

    // The PDF: the shipper's own, by its session (the link's target).
    const href = await payout.getByTestId("remittance-pdf").getAttribute("href");
    expect(href).toBe(r.pdf_url);
    const res = await page.request.get(url(href!));
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const pdf = await res.body();
    const read = popplerRead(pdf).text;
    expect(read).toContain(r.number);
    expect(read).toContain("BANK-3838");
    if (SHOTS) fs.writeFileSync(path.join(SHOTS, "cod-journey-payout.pdf"), pdf);
    // Another shipper: 404, in its browser and by its API session; nobody signed in: 401.
    const [other] = await signedUpShipper({ name: "Otto Other", email: "other-shop@example.com", password: "other-shop-password-38" });
    expect((await other.get(href!)).status).toBe(404);
    const otherCtx = await openContext(browser, site.url, { who: other });
    expect((await otherCtx.request.get(url(href!))).status()).toBe(404);
    await otherCtx.close();
    expect((await new Client(site.url).get(href!)).status).toBe(401);
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("looks right: the shipper's cash-on-delivery screens at 390 px and on a desktop, light and dark, and in Arabic", async () => {
    const looks = [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ] as const;
    const screens = [
      ["collections", "/account/cod", "[data-testid=remittance]"],
      ["shipments", "/account", "[data-testid=booking-row]"],
      ["new-shipment", "/account/new", "#ns-cod"],
    ] as const;
    for (const lang of ["en", "ar"] as const)
      for (const [desktop, dark] of lang === "ar" ? looks.filter(([, d]) => !d) : looks) {
        const look = `${desktop ? "desktop" : "390"}-${dark ? "dark" : "light"}${lang === "ar" ? "-ar" : ""}`;
        const ctx = await openContext(browser, site.url, { desktop, dark, who: shop, ...(lang === "ar" ? { lang } : {}) });
        const page = watch(await ctx.newPage());
        for (const [name, where, ready] of screens) {
          await page.goto(url(where));
          await page.locator(ready).first().waitFor();
          if (name === "collections") await page.locator("[data-testid=remittance] summary").first().click();
          await loaded(page);
          if (lang === "ar") expect(await page.evaluate("document.documentElement.dir")).toBe("rtl");
          if (!desktop && name === "collections") {
            // Seven sections, every tab on the 390 px screen (the strip wraps), the current one among them.
            const tabs = (await page.evaluate(
              `[...document.querySelectorAll(".account-nav a")].map((a) => { const r = a.getBoundingClientRect(); return { left: r.left, right: r.right, current: a.getAttribute("aria-current") === "page" }; })`,
            )) as { left: number; right: number; current: boolean }[];
            expect(tabs).toHaveLength(7);
            for (const tab of tabs) expect(tab.left >= 0 && tab.right <= 390, `${look} ${JSON.stringify(tab)}`).toBe(true);
            expect(tabs.filter((tab) => tab.current)).toHaveLength(1);
          }
          expect(await overflow(page), `${name} ${look}`).toEqual({ px: 0, culprits: [] });
          if (name === "collections" && (dark || lang === "ar")) await axe(page, `${name} ${look}`);
          await shot(page, `looks-${name}-${look}`);
        }
        await ctx.close();
      }
    expect(errors()).toEqual([]);
  });
});
