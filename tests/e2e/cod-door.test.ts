/**
 * Cash on delivery at the door (issue 38, contract section 12) on a courier's phone at 390 px: the run screen shows
 * what to collect on each stop; the courier is refused for a different amount (the server's 422, naming the field as
 * the form labels it), collects cash at one door and card (with the terminal's receipt) at another, fails one for
 * "payment not ready", and collects one more without a signal: the collection waits on the phone and, sent twice,
 * makes one collection (the ledger says so). The scan screen's delivered scan of a parcel with cash due asks for the
 * payment. The run screen in German shows no English word of the interface, and in Arabic it is right to left with
 * nothing sticking out. axe finds nothing. With E2E_SHOTS=<dir> the screens are saved (390 px and desktop, light and
 * dark, Arabic).
 *
 * Midnight-safe: the run screen shows the runs of the day it opens on, in the browser's time zone (ZONE), so each
 * case makes (or finds) its run dated that day just before it opens the screen, and makes it again for the new day
 * when the day turned in between. E2E_CLOCK_AT=<ISO instant> starts the test's clock and every browser context's
 * there (running on), to run the file across a midnight: E2E_CLOCK_AT=$(date -u -d '-1 day' +%FT23:59:30Z).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signedInAdmin } from "../helpers/admin.js";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, launchBrowser, overflow, PHONE, transitionsDone, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import type { Client } from "../helpers/http.js";
import { cookiesOf, darkTheme, member } from "../helpers/deliveryDay.js";
import { ledger } from "../helpers/cod.js";
import { ok } from "../fixtures/rest.js";

const shots = process.env.E2E_SHOTS;
const DEPOT = { latitude: 52.37, longitude: 4.89 };
/** The browser contexts' time zone: the run screen's "today" is the date there when it opens. */
const ZONE = "UTC";
/** The test's clock: the real one, or E2E_CLOCK_AT's, running on from the file's start. */
const OFFSET = process.env.E2E_CLOCK_AT ? Date.parse(process.env.E2E_CLOCK_AT) - Date.now() : 0;
const now = () => new Date(Date.now() + OFFSET);
/** Today in ZONE, now (YYYY-MM-DD). */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now());
/** A browser context on the test's clock (E2E_CLOCK_AT's when set, running on). */
async function onTestClock(ctx: BrowserContext): Promise<BrowserContext> {
  if (OFFSET) await ctx.clock.install({ time: now() });
  return ctx;
}
const codes = { cash: "E2E-COD-A", card: "E2E-COD-B", notReady: "E2E-COD-C", offline: "E2E-COD-D", scan: "E2E-COD-S" };
const due: Record<string, number> = {
  [codes.cash]: 1250,
  [codes.card]: 2000,
  [codes.notReady]: 990,
  [codes.offline]: 3075,
  [codes.scan]: 750,
  "E2E-COD-L1": 4990,
  "E2E-COD-L2": 120000,
};

let site: Site;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let courierId = 0;
let currency = "";
/** An amount as the English interface shows it (the site's currency). */
const m = (minor: number) => new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 100);
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let errors: string[];
/** The date of the run the phone's screen opened on (the first case). */
let runDate = "";

const url = (p: string) => `${site.url}${p}`;
const stop = (code: string) => page.locator(`.cp-run-stop[data-code="${code}"]`);
const sheet = () => page.getByRole("dialog", { name: /Proof of delivery/ });
async function shot(p: Page, name: string, fullPage = false) {
  if (!shots) return;
  await transitionsDone(p);
  await p.screenshot({ path: `${shots}/${name}.png`, fullPage });
}
const cod = async (code: string) =>
  (
    await owner.gql(`query($c: String!) { adminParcel(trackingCode: $c) { status_code status_reason cod { amount status method collected_amount } } }`, {
      c: code,
    })
  ).data.adminParcel as {
    status_code: string;
    status_reason: string | null;
    cod: { amount: number; status: string; method: string | null; collected_amount: number | null };
  };
const collectedEntries = async (code: string) => (await ledger(owner, `tracking_code=${code}`)).filter((e) => e.kind === "collected");
type InPage = { localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } };
const QUEUE = "courier.scan.run.v2:courier@cod.example";

/** Runs made, by date and stops: a case that opens the screen on the same day finds its run made. */
const runs = new Map<string, number>();
/** The courier's run of `date` with `stops` (made now if not yet), started when `start`. */
async function runOf(date: string, stops: string[], start: boolean): Promise<number> {
  const key = `${date} ${stops.join(",")}`;
  let id = runs.get(key);
  if (id === undefined) {
    id = (
      ok(await dispatcher.post("/api/runs", { courier_id: courierId, date, stops: stops.map((tracking_code) => ({ tracking_code })) }), 201) as { id: number }
    ).id;
    expect(id).toBeGreaterThan(0);
    if (start) {
      const started = await courier.gql(`mutation($id: Int!) { startRun(id: $id) { status } }`, { id });
      expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
    }
    runs.set(key, id);
  }
  return id;
}

/**
 * Opens the run screen on `p` showing the courier's run of today (in ZONE) with `stops` (the first stop shown): the
 * run is dated the day the screen opens on. When the screen opened on a day without it, the day turned since the
 * run was dated: the run is made for the new day and the screen opened again. Returns the run's date.
 */
async function openRun(p: Page, stops: string[], start: boolean): Promise<string> {
  for (;;) {
    const date = today();
    await runOf(date, stops, start);
    await p.goto(url("/control/run"));
    const shown = p.locator(`.cp-run-stop[data-code="${stops[0]}"]`);
    const none = p.locator(".cp-run > .cp-state:not(.cp-state-error)").filter({ hasNot: p.locator(".cp-spinner") });
    await shown.or(none).first().waitFor();
    // On the run's day the screen shows it (an empty state in between is waited out); only a turned day goes round.
    if ((await shown.isVisible()) || today() === date) {
      await shown.waitFor();
      return date;
    }
  }
}

async function parcel(code: string, recipient: string, longitude: number) {
  ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: recipient,
      destination: `${recipient.split(" ")[1]}straat 1, Amsterdam`,
      parcel_content: "Shoes",
      cod_amount: due[code],
      map_destination_latitude: DEPOT.latitude,
      map_destination_longitude: longitude,
    }),
    201,
  );
  ok(await owner.post("/api/scans", { codes: [code], status_code: "in_transit" }));
}

beforeAll(async () => {
  site = await startSite();
  owner = await signedInAdmin(site.url);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  currency = (ok(await owner.get("/api/settings")) as { currency: string }).currency;
  [dispatcher] = await member(site, "dispatcher@cod.example", "dispatcher");
  [courier, courierId] = await member(site, "courier@cod.example", "courier");
  await parcel(codes.cash, "Ada Lovelace", 4.9);
  await parcel(codes.card, "Grace Hopper", 4.91);
  await parcel(codes.notReady, "Alan Turing", 4.92);
  await parcel(codes.offline, "Katherine Johnson", 4.93);
  await parcel(codes.scan, "Hedy Lamarr", 4.94);
  browser = await launchBrowser();
  phone = await onTestClock(
    await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId: ZONE, locale: "en-GB" }),
  );
  await phone.addCookies(cookiesOf(site, courier));
  page = await phone.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
}, 120_000);

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") console.log(site.logs.slice(-30).join(""));
  if (shots && task.result?.state === "fail")
    await page.screenshot({ path: `${shots}/cod-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("cash on delivery on the courier's run at 390 px", () => {
  it("shows what to collect on each stop", async () => {
    runDate = await openRun(page, [codes.cash, codes.card, codes.notReady, codes.offline], false);
    await stop(codes.offline).waitFor();
    expect(await stop(codes.cash).getByTestId("stop-cod").innerText()).toBe(`Collect ${m(1250)}`);
    expect(await stop(codes.offline).getByTestId("stop-cod").innerText()).toBe(`Collect ${m(3075)}`);
    await page.getByRole("button", { name: "Start run" }).click();
    await page.getByRole("button", { name: "Collect and deliver" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "cod-run-390-light");
  });

  it("refuses a different amount with the server's refusal, then collects cash at the first door", async () => {
    await page.getByRole("button", { name: "Collect and deliver" }).click();
    const s = sheet();
    const pay = s.getByTestId("cod-payment");
    expect(await pay.getByTestId("cod-due").innerText()).toBe(`Collect ${m(1250)}`);
    const amount = pay.getByLabel("Amount collected");
    expect(await amount.inputValue()).toBe("12.50");
    expect(await pay.getByLabel("Cash").isChecked()).toBe(true);
    await amount.fill("12");
    await s.locator("input[name=receiver_name]").fill("Ada L.");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "cod-proof-390-light");
    await s.getByRole("button", { name: "Record payment and delivery" }).click();
    const refusal = s.getByTestId("form-errors");
    await refusal.getByText(`Amount collected must be ${m(1250)}, the amount due: collect exactly that, or record a failed attempt.`).waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    await shot(page, "cod-refused-390-light");
    // Nothing was written.
    expect(await cod(codes.cash)).toMatchObject({ status_code: "out_for_delivery", cod: { status: "expected" } });
    expect(await collectedEntries(codes.cash)).toEqual([]);

    await amount.fill("12,50");
    await s.getByRole("button", { name: "Record payment and delivery" }).click();
    await stop(codes.cash).and(page.locator(".is-done")).waitFor();
    expect(await cod(codes.cash)).toMatchObject({ status_code: "delivered", cod: { status: "collected", method: "cash", collected_amount: 1250 } });
    const entries = await collectedEntries(codes.cash);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 1250, debit: `courier:${courierId}`, credit: "company" });
  });

  it("takes a card at the second door only with the terminal's receipt number", async () => {
    await page.getByRole("button", { name: "Collect and deliver" }).click();
    const s = sheet();
    await s.getByTestId("cod-payment").locator("label", { hasText: "Card" }).click();
    await s.locator("input[name=receiver_name]").fill("Grace H.");
    await s.getByRole("button", { name: "Record payment and delivery" }).click();
    await s.getByTestId("form-errors").getByText("Card receipt number is required for a card payment.").waitFor();
    await shot(page, "cod-card-390-light");
    await s.getByLabel("Card receipt number").fill("TRM-0042");
    await s.getByRole("button", { name: "Record payment and delivery" }).click();
    await stop(codes.card).and(page.locator(".is-done")).waitFor();
    expect(await cod(codes.card)).toMatchObject({ status_code: "delivered", cod: { status: "settled", method: "card", collected_amount: 2000 } });
    expect((await collectedEntries(codes.card))[0]).toMatchObject({ amount: 2000, debit: "card_clearing" });
  });

  it("fails the third door for payment not ready: the amount stays expected", async () => {
    await page.getByRole("button", { name: "Failed", exact: true }).click();
    const reason = page.locator("label", { hasText: "Payment not ready" });
    // Where cash is due the reason is offered first, and chosen.
    expect(await reason.locator("input").isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "cod-failed-390-light");
    await page.getByRole("button", { name: "Record failed attempt" }).click();
    await stop(codes.notReady).and(page.locator(".is-failed")).waitFor();
    expect(await cod(codes.notReady)).toMatchObject({ status_code: "delivery_failed", status_reason: "cod_not_ready", cod: { status: "expected" } });
  });

  it("collects without a signal: the payment waits on the phone, and sent twice it is one collection", async () => {
    await phone.setOffline(true);
    await page.getByRole("button", { name: "Collect and deliver" }).click();
    const form = page.getByRole("form", { name: /Payment at stop 4/ });
    const amount = form.getByLabel("Amount collected");
    // Offline no server answers: the phone refuses another amount by the server's own rule.
    await amount.fill("30");
    await form.getByRole("button", { name: "Record payment and delivery" }).click();
    await form.getByText(`Amount collected must be ${m(3075)}, the amount due: collect exactly that, or record a failed attempt.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "cod-offline-390-light");
    await amount.fill("30.75");
    await form.getByRole("button", { name: "Record payment and delivery" }).click();
    await stop(codes.offline).getByText("Delivered: waiting for the network").waitFor();
    const stored = JSON.parse((await page.evaluate((k) => (globalThis as unknown as InPage).localStorage.getItem(k), QUEUE))!) as {
      lines: { code: string; scan_id: string; state: string; cod: unknown }[];
    };
    const waiting = stored.lines.find((l) => l.code === codes.offline)!;
    expect(waiting).toMatchObject({ state: "queued", cod: { amount: 3075, method: "cash" } });
    expect(await cod(codes.offline)).toMatchObject({ cod: { status: "expected" } });

    await phone.setOffline(false);
    await stop(codes.offline).and(page.locator(".is-done")).waitFor();
    expect(await cod(codes.offline)).toMatchObject({ status_code: "delivered", cod: { status: "collected", collected_amount: 3075 } });

    // The phone sends the same line again (its reply lost): the same scan and payment answer the same collection.
    await page.evaluate(
      ([k, scanId]) => {
        const ls = (globalThis as unknown as InPage).localStorage;
        const run = JSON.parse(ls.getItem(k)!) as { lines: { scan_id: string; state: string }[] };
        for (const l of run.lines) if (l.scan_id === scanId) l.state = "queued";
        ls.setItem(k, JSON.stringify(run));
      },
      [QUEUE, waiting.scan_id],
    );
    // The reloaded screen shows the runs of the day it opens on: if the day turned since the journey's screen opened
    // (case one), the phone's clock stays at the run's day's last second (ZONE is UTC) from here on: the stops it
    // delivered cannot go on a run of the new day.
    if (today() !== runDate) await phone.clock.setFixedTime(new Date(`${runDate}T23:59:59Z`));
    await page.reload();
    await stop(codes.offline).waitFor();
    await expect
      .poll(async () => {
        const run = JSON.parse((await page.evaluate((k) => (globalThis as unknown as InPage).localStorage.getItem(k), QUEUE))!) as typeof stored;
        return run.lines.find((l) => l.scan_id === waiting.scan_id)?.state;
      })
      .toBe("ok");
    // And straight through the API, the same request again: the same collection.
    const again = ok(
      await courier.post("/api/scans", {
        codes: [codes.offline],
        scan_ids: [waiting.scan_id],
        status_code: "delivered",
        cod: { amount: 3075, method: "cash" },
      }),
    ) as { data?: unknown } & Record<string, unknown>;
    expect(JSON.stringify(again)).not.toMatch(/COD_CONFLICT|COD_REFUSED/);
    expect(await collectedEntries(codes.offline)).toHaveLength(1);
    const balances = ok(await owner.get("/api/cod/balances")) as { couriers: { courier_id: number; cash_held: number }[] };
    expect(balances.couriers.find((c) => c.courier_id === courierId)?.cash_held).toBe(1250 + 3075);
    await page.getByText("Run finished").waitFor();
    expect(errors).toEqual([]);
  });
});

describe("the scan screen's delivered scan of a parcel with cash due", () => {
  it("asks for the payment, and records the delivery with it", async () => {
    await page.goto(url("/control/scan"));
    await page.locator("label", { hasText: "Delivered" }).first().click();
    await page.getByRole("button", { name: "Start scanning" }).click();
    await page.locator("#scan-code").fill(codes.scan);
    await page.locator("#scan-code").press("Enter");
    const line = page.locator(".cp-scan-line").first();
    await line.getByText(`Collect ${m(750)} before delivering.`).waitFor();
    const dialog = page.getByRole("dialog", { name: /Payment at the door/ });
    await dialog
      .getByTestId("cod-due")
      .getByText(`Collect ${m(750)}`)
      .waitFor();
    expect(await dialog.getByLabel("Amount collected").inputValue()).toBe("7.50");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "cod-scan-390-light");
    await dialog.getByRole("button", { name: "Record payment and delivery" }).click();
    await expect.poll(() => line.getAttribute("data-state")).toBe("ok");
    expect(await cod(codes.scan)).toMatchObject({ status_code: "delivered", cod: { status: "collected", method: "cash", collected_amount: 750 } });
    expect(await collectedEntries(codes.scan)).toHaveLength(1);
    await line.getByRole("button", { name: "Add proof" }).waitFor();
    expect(errors).toEqual([]);
  });
});

/** The run screen's English words that must not show in another language. */
const ENGLISH = [
  "My run",
  "Run sheet",
  "Collect",
  "stops",
  "Window",
  "Done",
  "Failed",
  "Skip",
  "Delivered",
  "Directions",
  "Sharing",
  "position",
  "To do",
  "Amount",
  "Cash",
  "Card",
  "Paid by",
  "Signature",
  "Photo",
  "Received by",
  "Record",
  "Close",
];

describe("the run screen in the member's language", () => {
  beforeAll(async () => {
    // A second run with cash due, started (each case dates it the day it opens the screen): its stops and the
    // dock's actions with what to collect.
    await parcel("E2E-COD-L1", "Lise Meitner", 4.95);
    await parcel("E2E-COD-L2", "Emmy Noether", 4.96);
  });

  for (const look of [
    { lang: "de", desktop: false, dark: false },
    { lang: "de", desktop: true, dark: true },
    { lang: "ar", desktop: false, dark: false },
    { lang: "ar", desktop: false, dark: true },
    { lang: "ar", desktop: true, dark: false },
  ]) {
    const name = `${look.lang}-${look.desktop ? "desktop" : "390"}-${look.dark ? "dark" : "light"}`;
    it(`in ${name}: no English word of the interface, ${look.lang === "ar" ? "right to left, " : ""}nothing sticking out`, async () => {
      ok(await courier.patch("/api/admins/auth/update/profile", { language: look.lang }));
      const ctx = await onTestClock(await browser.newContext({ viewport: look.desktop ? DESKTOP : PHONE, timezoneId: ZONE, locale: "en-GB" }));
      if (look.dark) await darkTheme(ctx);
      await ctx.addCookies(cookiesOf(site, courier));
      const p = await ctx.newPage();
      p.setDefaultTimeout(15_000);
      const errs = watchErrors(p);
      await openRun(p, ["E2E-COD-L1", "E2E-COD-L2"], true);
      await p.locator('.cp-run-stop[data-code="E2E-COD-L1"] [data-testid=stop-cod]').waitFor();
      expect(await p.evaluate<string>("document.documentElement.lang")).toBe(look.lang);
      expect(await p.evaluate<string>("document.documentElement.dir")).toBe(look.lang === "ar" ? "rtl" : "ltr");
      const noEnglish = async (where: string) => {
        const shown = await p.locator("body").innerText();
        const found = ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(shown));
        expect(found, `${where} in ${look.lang} shows English: ${found.join(", ")}`).toEqual([]);
      };
      await noEnglish("the run");
      expect((await overflow(p)).px).toBe(0);
      expect(await axeViolations(p)).toEqual([]);
      if (shots) await p.screenshot({ path: `${shots}/cod-run-${name}.png`, fullPage: true });
      // The dock's deliver opens the proof with the payment.
      await p.locator(".cp-run-actions .cp-btn-primary").click();
      await p.getByTestId("cod-payment").waitFor();
      await noEnglish("the proof with its payment");
      expect(await axeViolations(p)).toEqual([]);
      if (shots) await p.screenshot({ path: `${shots}/cod-proof-${name}.png` });
      expect(errs).toEqual([]);
      await ctx.close();
    });
  }
});
