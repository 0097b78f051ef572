/**
 * The owner's dashboard right to left (issue 39): the demo data's dashboard in Arabic and Persian against English, at
 * 390 px and on a desktop, light and dark. As docs/reports.md ("Right to left") decides, the charts' time axis runs
 * left to right in every language (the first day's tick left of the last's) while the legend reads from the right,
 * the axes' labels are the language's own (days in its words, its digits, upright and not overlapping), the tables
 * for screen readers carry no ISO dates, the CSV links and the address keep the period, and no English word shows
 * in Arabic or Persian beyond the data's own names, the currency's symbol and "CSV". Axe at zero, nothing sticking out. With
 * E2E_SHOTS=<dir> the page and each chart are saved there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { newParcel, signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { booking, setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";
import { ok } from "../fixtures/rest.js";

const SHOTS = process.env.E2E_SHOTS;

type Tick = { label: string; px: number; width: number };
type Drawn = { x: Tick[]; y: Tick[]; legend: { text: string; left: number }[] };
type Summary = {
  from: string;
  to: string;
  revenue: { currency: string; by_service: { service: string }[]; by_shipper: { name: string }[] };
  couriers: { name: string }[];
};

let site: Site;
let browser: Browser;
let owner: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", TIME_ZONE: "UTC", RATE_LIMIT_SIGNUP: "100000" });
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
  // Beside the demo's parcels: failed attempts with their reasons over the last days, and two bookings (revenue).
  for (const [days, reason] of [
    [1, "nobody_home"],
    [2, "nobody_home"],
    [3, "refused"],
    [5, "address_not_found"],
  ] as const) {
    const p = await newParcel(owner, "RTL", "Dubai");
    const r = await owner.gql(`mutation($i: CreateActivityInput!) { createActivity(input: $i) { id } }`, {
      i: {
        parcel_id: p.id,
        title: "Delivery attempt",
        description: "Nobody answered.",
        status_code: "delivery_failed",
        status_reason: reason,
        created_at: new Date(Date.now() - days * 86_400_000).toISOString(),
      },
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  }
  await setUpZonedRates(owner);
  const shop = await verifiedShipper(site.url, smtp);
  for (let i = 0; i < 2; i++) ok(await shop.post("/api/bookings", booking()), 201);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

/** What each chart drew (ReportChart's `data-drawn`), by the chart's accessible name's start. */
async function charts(page: Page): Promise<Drawn[]> {
  const canvases = page.locator("canvas[data-drawn]");
  await expect.poll(() => canvases.count()).toBeGreaterThanOrEqual(2);
  return Promise.all((await canvases.all()).map(async (c) => JSON.parse((await c.getAttribute("data-drawn")) ?? "{}") as Drawn));
}

/** The digits the language writes (its zero's code point and the nine after it), as the page's own Intl has them. */
const zeroOf = (page: Page, tag: string) => page.evaluate<number, string>((t) => new Intl.NumberFormat(t).format(0).codePointAt(0) ?? 48, tag);

describe("the dashboard right to left", () => {
  it("keeps the time axis left to right, reads the legend from the right, and writes every label in the language", async () => {
    const s = ok(await owner.get("/api/reports/summary")) as Summary;
    // Words that are the data's own (services' codes and names, shippers' and couriers' names, the filters' choices
    // among them) or a format's name.
    const lists = await owner.gql(`{ services { code name } shippers(per_page: 100) { data { name company } } staff(per_page: 100) { data { name email } } }`);
    expect(lists.errors, JSON.stringify(lists.errors)).toBeUndefined();
    const d = lists.data as {
      services: { code: string; name: string }[];
      shippers: { data: { name: string; company: string | null }[] };
      staff: { data: { name: string | null; email: string }[] };
    };
    const own = [
      "CSV",
      ...s.revenue.by_service.map((r) => r.service),
      ...s.revenue.by_shipper.map((r) => r.name),
      ...s.couriers.map((c) => c.name),
      ...d.services.flatMap((x) => [x.name, x.code]),
      ...d.shippers.data.flatMap((x) => [x.name, x.company ?? ""]),
      ...d.staff.data.flatMap((x) => [x.name ?? "", x.email]),
    ]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const startPx: Record<string, { first: number; last: number }> = {};
    for (const [name, opts] of [
      ["desktop-light-en", { desktop: true, locale: "en-GB" }],
      ["phone-light-ar", { desktop: false, locale: "ar" }],
      ["phone-dark-ar", { desktop: false, dark: true, locale: "ar" }],
      ["desktop-light-ar", { desktop: true, locale: "ar" }],
      ["desktop-dark-ar", { desktop: true, dark: true, locale: "ar" }],
      ["phone-light-fa", { desktop: false, locale: "fa" }],
      ["desktop-dark-fa", { desktop: true, dark: true, locale: "fa" }],
    ] as const) {
      const lang = opts.locale.slice(0, 2);
      const rtl = lang !== "en";
      const ctx = await openContext(browser, site.url, { who: owner, ...opts });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(`${site.url}/control/index.html`);
      await page.getByTestId("report-period").waitFor();
      expect(await page.locator("html").getAttribute("dir"), name).toBe(rtl ? "rtl" : "ltr");
      const [daily, onTime, ...others] = await charts(page);
      const zero = await zeroOf(page, lang);
      const digits = new RegExp(
        `^[^0-9\u0660-\u0669\u06f0-\u06f9]*(?:[${String.fromCodePoint(zero)}-${String.fromCodePoint(zero + 9)}][^0-9\u0660-\u0669\u06f0-\u06f9]*)*$`,
        "u",
      );

      for (const [chart, c] of [
        ["daily", daily],
        ["on time", onTime],
      ] as const) {
        // Time left to right: the period's first day at the left, its last at the right, in every language.
        expect(c.x.length, `${name} ${chart}`).toBeGreaterThan(2);
        const first = c.x[0];
        const last = c.x[c.x.length - 1];
        expect(first.px, `${name} ${chart}: first day left of the last`).toBeLessThan(last.px);
        for (let i = 1; i < c.x.length; i++) {
          expect(c.x[i].px, `${name} ${chart}: days in order`).toBeGreaterThan(c.x[i - 1].px);
          // Upright labels (maxRotation 0) that do not touch: half of each width on either side of its tick.
          expect(c.x[i].px - c.x[i - 1].px, `${name} ${chart}: "${c.x[i - 1].label}" and "${c.x[i].label}" overlap`).toBeGreaterThanOrEqual(
            (c.x[i].width + c.x[i - 1].width) / 2,
          );
        }
        if (chart === "daily") startPx[name] = { first: first.px, last: last.px };
        for (const t of [...c.x, ...c.y]) {
          // The language's digits (as its Intl writes them, the figures' own) and, in Arabic and Persian, its words.
          expect(t.label, `${name} ${chart}`).toMatch(digits);
          if (rtl) expect(t.label, `${name} ${chart}`).not.toMatch(/[A-Za-z]/);
        }
        // Days, not ISO dates' tails ("11-29").
        expect(first.label, `${name} ${chart}`).not.toMatch(/\d-\d/);
      }
      // The legend's items from the right in Arabic and Persian (the first series rightmost), from the left in English.
      expect(daily.legend.length, name).toBe(3);
      if (rtl) expect(daily.legend[0].left, name).toBeGreaterThan(daily.legend[1].left);
      else expect(daily.legend[0].left, name).toBeLessThan(daily.legend[1].left);
      for (const c of others) for (const t of [...c.x, ...c.y]) if (!own.includes(t.label)) expect(t.label, name).toMatch(digits);

      // The tables for screen readers: a row a day, in the language's words and digits.
      const rows = page.locator(".cp-chart-card").first().locator("tbody tr");
      expect(await rows.count(), name).toBe((Date.parse(s.to) - Date.parse(s.from)) / 86_400_000 + 1);
      for (const text of await rows.allInnerTexts()) {
        expect(text, name).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        expect(text.replace(/\s+/g, ""), name).toMatch(digits);
      }

      // The CSV links and the address keep the period.
      const period = page.getByTestId("report-period");
      const from = await period.getAttribute("data-from");
      const to = await period.getAttribute("data-to");
      for (const href of await page.locator("a.cp-chart-csv").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")))
        expect(href, name).toMatch(new RegExp(`^/api/reports/(daily|summary)\\?from=${from}&to=${to}&format=csv$`));

      // No English in Arabic or Persian: the dashboard's text, its charts' names and what the charts drew.
      if (rtl) {
        const names = await page.locator(".cp-dashboard [aria-label]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
        const drawnText = [daily, onTime, ...others].flatMap((c) => [...c.x, ...c.y].map((t) => t.label).concat(c.legend.map((l) => l.text)));
        // The currency's symbol as the language writes it (Arabic writes the pound sterling "UK£").
        const symbol = await page.evaluate<string, [string, string]>(
          ([t, currency]) => new Intl.NumberFormat(t, { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")?.value ?? "",
          [lang, s.revenue.currency],
        );
        // A symbol with Latin letters kept in one piece (isolated): not "£UK 16.00" in a right-to-left line.
        if (/[A-Za-z]/.test(symbol))
          for (const amount of await page.locator(".cp-figure-value, .cp-cod-value").allInnerTexts())
            if (amount.includes(symbol)) expect(amount, name).toContain(`\u2068${symbol}\u2069`);
        let text = [await page.locator(".cp-dashboard").innerText(), ...names, ...drawnText].join("\n");
        for (const w of [...own, symbol]) text = text.split(w).join("");
        expect(text.match(/[A-Za-z]+/g), name).toBeNull();
      }
      expect(await axeViolations(page), name).toEqual([]);
      expect((await overflow(page)).px, `${name} sticks out`).toBe(0);
      await screenshot(page, SHOTS, `dashboard-rtl-${name}`);
      if (SHOTS) {
        const cards = await page.locator(".cp-chart-card").all();
        for (const [i, card] of cards.entries()) await card.screenshot({ path: `${SHOTS}/dashboard-rtl-${name}-chart${i + 1}.png` });
        await page.locator(".cp-figures").screenshot({ path: `${SHOTS}/dashboard-rtl-${name}-figures.png` });
        // The daily chart's tooltip at its last labelled day (looked at in the shots: right to left in Arabic and Persian).
        const canvas = page.locator("canvas[data-drawn]").first();
        await canvas.hover({ position: { x: daily.x[daily.x.length - 1].px, y: 120 } });
        await page.waitForTimeout(300);
        await cards[0].screenshot({ path: `${SHOTS}/dashboard-rtl-${name}-tooltip.png` });
      }
      expect(errors, name).toEqual([]);
      await ctx.close();
    }
    // The same geometry in Arabic as in English: the axis is not mirrored.
    expect(startPx["desktop-light-ar"].first).toBeLessThan(startPx["desktop-light-ar"].last);
    expect(Math.abs(startPx["desktop-light-ar"].first - startPx["desktop-light-en"].first)).toBeLessThan(60);
  }, 300_000);

  it("keeps the period in the address and in the CSV links", async () => {
    const ctx = await openContext(browser, site.url, { who: owner, desktop: true, locale: "ar" });
    const page = await ctx.newPage();
    await page.goto(`${site.url}/control/index.html?from=2026-01-01&to=2026-01-10`);
    await page.locator('[data-testid=report-period][data-from="2026-01-01"][data-to="2026-01-10"]').waitFor();
    const [daily] = await charts(page);
    expect(daily.x.length).toBeGreaterThan(1);
    expect(await page.locator(".cp-chart-card").first().locator("tbody tr").count()).toBe(10);
    for (const href of await page.locator("a.cp-chart-csv").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? "")))
      expect(href).toMatch(/^\/api\/reports\/(daily|summary)\?from=2026-01-01&to=2026-01-10&format=csv$/);
    await ctx.close();
  });
});
