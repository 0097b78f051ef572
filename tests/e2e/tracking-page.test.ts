/**
 * Browser journeys for issue 8 ("tracking that beats the big tracking pages") against the real
 * server, a fresh database and Chromium: the status badge and progress steps of a parcel set up
 * through the admin GraphQL API, the delivery window, "no update for N days" for a back-dated
 * parcel, several codes at once with one unknown, the privacy tier unlocked with the postcode,
 * schema.org JSON-LD and noindex, the unsubscribe link from the recipient's e-mail, Arabic, and
 * no uncaught page error or Content-Security-Policy report anywhere.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, launchBrowser, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { axeViolations } from "../helpers/axe.js";
import { ok } from "../fixtures/rest.js";
import { formatMoney } from "../../shared/core/money.js";

const DAY = 24 * 3600_000;
const STATUS = "CR-E2E-STATUS";
const PRIVATE = "CR-E2E-PRIVATE";
const QUIET = "CR-E2E-QUIET";
const QUIET_DAYS = 12;
const DELIVERED = "CR-E2E-DELIVERED";

let site: Site;
let browser: Browser;
let admin: Client;
const ids: Record<string, number> = {};

/** YYYY-MM-DD of today + n days (UTC, as the admin enters it). */
const isoDay = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const WINDOW = { min: isoDay(2), max: isoDay(4) };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers, read by shape; a caller may name the type
async function gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const r = await admin.gql(query, variables);
  if (r.errors?.length) throw new Error(JSON.stringify(r.errors));
  return r.data as T;
}
const createParcel = (i: Record<string, unknown>) =>
  gql<{ createParcel: { id: number } }>(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, { i }).then((d) => d.createParcel.id);
const addActivity = (i: Record<string, unknown>) => gql(`mutation($i: CreateActivityInput!) { createActivity(input: $i) { id } }`, { i });

/**
 * A parcel entered long ago: last_event_at counts the parcel's own creation too, which the API
 * always sets to now, so the test moves it back in its own database before adding history.
 */
async function backdateCreation(code: string, when: Date) {
  if (site.databaseUrl.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(site.databaseUrl.slice("file:".length));
    try {
      db.prepare(`UPDATE "Parcel" SET created_at = ? WHERE tracking_code = ?`).run(when.toISOString().replace("Z", "+00:00"), code);
    } finally {
      db.close();
    }
  } else {
    const { default: pg } = await import("pg");
    const u = new URL(site.databaseUrl);
    const schema = u.searchParams.get("schema") ?? "public";
    u.searchParams.delete("schema");
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      await c.query(`UPDATE "${schema}"."Parcel" SET created_at = $1 WHERE tracking_code = $2`, [when, code]);
    } finally {
      await c.end();
    }
  }
}

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);

  ids[STATUS] = await createParcel({
    tracking_code: STATUS,
    recipient_name: "Olivia Brooks",
    recipient_email: "olivia.brooks@example.org",
    notify_recipient: true,
    destination: "Leeds, United Kingdom",
    pickup_location: "Bristol, United Kingdom",
    min_expected_delivery_date: WINDOW.min,
    max_expected_delivery_date: WINDOW.max,
  });
  await addActivity({
    parcel_id: ids[STATUS],
    title: "Picked up from sender",
    description: "Collected in Bristol.",
    status_code: "picked_up",
    created_at: new Date(Date.now() - DAY).toISOString(),
  });
  await addActivity({
    parcel_id: ids[STATUS],
    title: "With the driver",
    description: "On the van for Leeds.",
    status_code: "out_for_delivery",
    status_reason: "Driver on route 7",
  });

  ids[PRIVATE] = await createParcel({
    tracking_code: PRIVATE,
    recipient_name: "Jane Doe",
    sender_name: "Acme Books",
    recipient_postcode: "10115",
    protect_details: true,
    destination: "Berlin, Germany",
    pickup_location: "Hamburg, Germany",
  });
  await addActivity({
    parcel_id: ids[PRIVATE],
    title: "Delivery attempt",
    description: "Nobody was at home.",
    status_code: "delivery_failed",
    status_reason: "Recipient not at home",
  });

  ids[DELIVERED] = await createParcel({
    tracking_code: DELIVERED,
    recipient_name: "Tom Reed",
    destination: "4 Dock Road, Grays, United Kingdom",
    pickup_location: "Dover, United Kingdom",
    current_location: "Tilbury hub",
    declared_value: 2450,
  });
  await addActivity({
    parcel_id: ids[DELIVERED],
    title: "Arrived at the Tilbury hub and sorted onto the evening trailer for Grays",
    description: "Scanned at the inbound door, checked against the manifest and loaded for the last mile.",
    status_code: "in_transit",
    created_at: new Date(Date.now() - 2 * DAY).toISOString(),
  });
  await addActivity({ parcel_id: ids[DELIVERED], title: "Handed to the recipient", description: "Signed for at the door.", status_code: "delivered" });

  ids[QUIET] = await createParcel({ tracking_code: QUIET, recipient_name: "Ana Lima", destination: "Lisbon, Portugal", pickup_location: "Madrid, Spain" });
  await backdateCreation(QUIET, new Date(Date.now() - 20 * DAY));
  await addActivity({
    parcel_id: ids[QUIET],
    title: "Departed Madrid depot",
    description: "On the trailer to Lisbon.",
    status_code: "in_transit",
    created_at: new Date(Date.now() - QUIET_DAYS * DAY - 3600_000).toISOString(),
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Values read inside the page (the test tsconfig has no DOM lib, so expressions are strings). */
const evalIn = <T>(page: Page, expr: string) => page.evaluate(expr) as Promise<T>;
const jsonLd = (page: Page) => evalIn<string[]>(page, `[...document.querySelectorAll('script[type="application/ld+json"]')].map(s => s.textContent)`);
const robots = (page: Page) => evalIn<string | null>(page, `document.querySelector('meta[name="robots"]')?.content ?? null`);
const noSideScroll = async (page: Page) => {
  const over = await evalIn<number>(page, "document.documentElement.scrollWidth - document.documentElement.clientWidth");
  expect(over, `horizontal scroll on ${page.url()}`).toBeLessThanOrEqual(0);
};

/** A context whose page errors and CSP reports are collected and must stay empty. */
async function openPage(viewport: { width: number; height: number }, lang?: string) {
  const ctx = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "Europe/London" });
  if (lang) await ctx.addCookies([{ name: "lang", value: lang, url: site.url }]);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  page.on("console", (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  // Every CSP violation the page itself sees, kept across navigations in sessionStorage.
  await page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) => {
    const list = JSON.parse(sessionStorage.getItem("csp") ?? "[]");
    list.push(e.violatedDirective + " " + e.blockedURI);
    sessionStorage.setItem("csp", JSON.stringify(list));
  });`);
  return { ctx, page, errors };
}

describe("tracking page, desktop", () => {
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  const url = (p: string) => `${site.url}${p}`;

  beforeAll(async () => {
    ({ ctx, page, errors } = await openPage(DESKTOP));
  });
  afterAll(async () => {
    expect(errors, "uncaught page errors and CSP reports").toEqual([]);
    expect(await evalIn<string>(page, "sessionStorage.getItem('csp') ?? '[]'"), "CSP violations").toBe("[]");
    await ctx?.close();
  });

  it("shows the status badge, the progress steps with the reason, and the delivery window", async () => {
    await page.goto(url(`/track.html?code=${STATUS}`));
    await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
    // The badge: own label, a Material icon and a colour class.
    const badge = page.locator(".result-head .status-badge");
    expect((await badge.innerText()).trim()).toBe("Out for delivery");
    expect(await badge.getAttribute("data-status")).toBe("out_for_delivery");
    expect(await badge.getAttribute("class")).toContain("tone-green");
    expect(await badge.locator("svg path").count()).toBe(1);
    // Progress: an ordered list of five named steps, the fourth current, no warning state.
    const steps = page.locator(".result-head .status-progress ol[aria-label='Delivery progress'] > li");
    expect(await steps.allInnerTexts()).toEqual(["Pending", "Picked up", "In transit", "Out for delivery", "Delivered"]);
    expect(await page.locator(".result-head [aria-current='step']").innerText()).toBe("Out for delivery");
    expect(await steps.nth(3).getAttribute("aria-current")).toBe("step");
    expect(await page.locator(".result-head .status-progress").getAttribute("class")).not.toContain("warn");
    expect(await page.locator(".result-head .status-reason").innerText()).toContain("Driver on route 7");
    // History entries with a status carry its label (the history, below the fold, joins a frame after the first paint).
    await page.locator(".history-item .status-badge").nth(1).waitFor();
    expect(await page.locator(".history-item .status-badge").allInnerTexts()).toEqual(["Picked up", "Out for delivery"]);
    // Estimated delivery: both days with their weekday, in the visitor's language.
    const window = (await page.locator(".result-head .delivery-window").innerText()).trim();
    for (const day of [WINDOW.min, WINDOW.max]) {
      const d = new Date(`${day}T12:00:00Z`);
      expect(window).toContain(String(d.getUTCDate()));
      expect(window).toContain(d.toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" }));
    }
    expect(await page.locator(".result-expected").innerText()).toMatch(/^Estimated delivery: /);
    // A fresh parcel has not gone quiet.
    expect(await page.locator(".quiet-note").count()).toBe(0);
  });

  it("puts the parcel's JSON-LD and noindex in the page, and takes them away on leaving", async () => {
    await page.goto(url(`/track.html?code=${STATUS}`));
    await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
    await expect.poll(() => jsonLd(page)).toHaveLength(1);
    const ld = JSON.parse((await jsonLd(page))[0]);
    expect(ld["@type"]).toBe("ParcelDelivery");
    expect(ld.trackingNumber).toBe(STATUS);
    expect(JSON.stringify(ld)).toContain("ParcelDelivery");
    expect(await robots(page)).toBe("noindex");
    // The script is data only: the CSP (script-src 'self') has nothing to refuse, whereas an
    // inline script added the same way would be refused and reported (checked in its own page).
    expect(await evalIn<string>(page, "sessionStorage.getItem('csp') ?? '[]'")).toBe("[]");
    const control = await openPage(DESKTOP);
    await control.page.goto(url(`/track.html?code=${STATUS}`));
    await control.page.locator("#parcel-code", { hasText: STATUS }).waitFor();
    await evalIn(control.page, "(() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1'; document.head.appendChild(s); })()");
    await expect.poll(() => evalIn<string>(control.page, "sessionStorage.getItem('csp') ?? '[]'")).toContain("script-src");
    expect(await evalIn<number | null>(control.page, "window.ran ?? null")).toBeNull();
    expect(control.errors.some((e) => /Content Security Policy/i.test(e))).toBe(true);
    await control.ctx.close();
    await page.getByRole("link", { name: "Back to home page" }).click();
    await page.waitForURL(url("/"));
    await expect.poll(() => jsonLd(page)).toEqual([]);
    expect(await robots(page)).toBeNull();
  });

  it("says how long a back-dated parcel has had no update", async () => {
    await page.goto(url(`/track.html?code=${QUIET}`));
    await page.locator("#parcel-code", { hasText: QUIET }).waitFor();
    const note = page.locator(".result-head .quiet-note");
    await note.waitFor();
    expect(await note.innerText()).toContain(`No update for ${QUIET_DAYS} days`);
    // A delivered parcel never goes quiet, however old (demo parcel CR-2026-000003).
    await page.goto(url("/track.html?code=CR-2026-000003"));
    await page.locator(".result-head .status-badge", { hasText: "Delivered" }).waitFor();
    expect(await page.locator(".quiet-note").count()).toBe(0);
  });

  it("looks several codes up at once, each in its own card, one of them unknown", async () => {
    await page.goto(url("/track.html"));
    await page.fill("input[name=code]", `${STATUS}, NO-SUCH-CODE-9 ,${QUIET}`);
    await page.locator("form[role=search] button[type=submit]").click();
    await page.waitForURL(/code=/);
    expect(new URL(page.url()).searchParams.get("code")).toBe(`${STATUS},NO-SUCH-CODE-9,${QUIET}`);
    const cards = page.locator(".track-many > .track-summary");
    await cards.nth(2).waitFor();
    expect(await cards.count()).toBe(3);
    expect(await cards.nth(0).getAttribute("data-code")).toBe(STATUS);
    expect(await cards.nth(0).locator(".status-badge").innerText()).toBe("Out for delivery");
    expect(await cards.nth(0).locator("[aria-current='step']").count()).toBe(1);
    expect(await cards.nth(0).locator(".delivery-window").count()).toBe(1);
    expect(await cards.nth(1).getAttribute("class")).toContain("is-error");
    expect(await cards.nth(1).innerText()).toContain("NO-SUCH-CODE-9");
    expect(await cards.nth(1).locator("[role=alert]").innerText()).toBe("Tracking code not found");
    expect(await cards.nth(2).locator(".quiet-note").innerText()).toContain(`No update for ${QUIET_DAYS} days`);
    // The single-code "TRACKING..." and error cards are not used for a list.
    expect(await page.locator(".track-error").count()).toBe(0);
    // One JSON-LD script per parcel found.
    await expect.poll(async () => (await jsonLd(page)).map((j) => JSON.parse(j).trackingNumber).sort()).toEqual([STATUS, QUIET].sort());
    // More than 20 codes are refused before asking the server.
    const many = Array.from({ length: 21 }, (_, i) => `CR-X-${i}`).join(",");
    await page.goto(url(`/track.html?code=${many}`));
    expect(await page.locator(".track-error").innerText()).toContain("AT MOST 20");
    await page.goBack();
    await cards.nth(2).waitFor();
    // A card's link opens that parcel alone.
    await cards.nth(0).getByRole("link", { name: "Details" }).click();
    await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
    expect(await page.inputValue("input[name=code]")).toBe(STATUS);
    await expect.poll(() => jsonLd(page)).toHaveLength(1);
  });

  it("masks a protected parcel until the recipient's postcode unlocks it", async () => {
    await page.goto(url(`/track.html?code=${PRIVATE}`));
    await page.locator("#parcel-code", { hasText: PRIVATE }).waitFor();
    const recipient = page.locator(".info-row", { hasText: "Recipient" }).locator("dd");
    expect(await recipient.innerText()).toBe("J*** D***");
    await page.getByRole("heading", { name: "Some details are hidden" }).waitFor();
    // The status of a failed delivery is a warning on the bar, with its reason.
    expect(await page.locator(".result-head .status-progress").getAttribute("class")).toContain("warn");
    expect(await page.locator(".result-head [aria-current='step']").innerText()).toBe("Delivery failed");
    // A wrong postcode: the error, and the masked view stays.
    const input = page.getByLabel("Recipient's postcode or e-mail");
    expect(await input.getAttribute("name")).toBe("verify");
    await input.fill("99999");
    await page.locator("form.verify-form button[type=submit]").click();
    const alert = page.locator(".verify-error[role=alert]");
    await alert.waitFor();
    expect(await alert.innerText()).toContain("does not match");
    expect(await recipient.innerText()).toBe("J*** D***");
    // The right one (spaces do not matter): full details, no notice.
    await input.fill("10 115");
    await page.locator("form.verify-form button[type=submit]").click();
    await page.locator(".info-row dd", { hasText: "Jane Doe" }).waitFor();
    expect(await page.locator(".info-row", { hasText: "Sender" }).locator("dd").innerText()).toBe("Acme Books");
    expect(await page.locator(".privacy-card").count()).toBe(0);
  });
});

describe("tracking page, phone", () => {
  it("fits a 390 px screen: one code, several codes and a protected parcel", async () => {
    const { ctx, page, errors } = await openPage(PHONE);
    try {
      await page.goto(`${site.url}/track.html?code=${STATUS}`);
      await page.locator(".result-head .status-progress").waitFor();
      await noSideScroll(page);
      await page.goto(`${site.url}/track.html?code=${STATUS},${PRIVATE},NOPE-1,CR-2026-000001`);
      await page.locator(".track-many > .track-summary").nth(3).waitFor();
      expect(await page.locator(".track-summary .protected-chip").count()).toBe(1);
      await noSideScroll(page);
      await page.goto(`${site.url}/track.html?code=${PRIVATE}`);
      await page.locator("input[name=verify]").waitFor();
      await noSideScroll(page);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("/track and a delivered parcel", () => {
  it("answers /track with the tracking form, which axe finds nothing wrong with", async () => {
    const { ctx, page, errors } = await openPage(PHONE);
    try {
      await page.goto(`${site.url}/track`);
      expect(new URL(page.url()).pathname).toBe("/track.html");
      await page.getByRole("search").getByLabel("Tracking code").fill(STATUS);
      await page.getByRole("search").getByRole("button", { name: "Track" }).click();
      await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
      await page.goto(`${site.url}/track`);
      await page.locator(".track-hint").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("says where and when a delivered parcel was delivered, no current location, and its declared value with the currency", async () => {
    const currency = (ok(await admin.get("/api/settings")) as { currency: string }).currency;
    const { ctx, page, errors } = await openPage(DESKTOP);
    try {
      await page.goto(`${site.url}/track.html?code=${DELIVERED}`);
      const delivered = page.getByTestId("delivered-row");
      await delivered.waitFor();
      expect(await delivered.locator("dt").innerText()).toBe("Delivered");
      expect(await delivered.locator("dd").innerText()).toMatch(/^4 Dock Road, Grays, United Kingdom · .*\d{1,2}:\d{2}/);
      const info = await page.locator("section[aria-labelledby=ship-info]").innerText();
      expect(info).not.toContain("Current location");
      expect(info).not.toContain("Tilbury hub");
      expect(await page.locator(".info-row", { hasText: "Declared value" }).locator("dd").innerText()).toBe(formatMoney(245_000, currency, "en"));
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("history in Arabic", () => {
  it("starts an English title and description at the right on every line they wrap to", async () => {
    const { ctx, page, errors } = await openPage(PHONE, "ar");
    try {
      await page.goto(`${site.url}/track.html?code=${DELIVERED}`);
      await page.locator(".history-item").nth(1).waitFor();
      // Each line box of the texts (a Range's rects) against the right edge of their column: right to left, every line
      // ends there, the wrapped ones too.
      const gaps = await evalIn<{ dir: string; lines: number; gap: number }[]>(
        page,
        `[...document.querySelectorAll(".history-what")].flatMap((w) => [w.querySelector("h4 bdi"), w.querySelector("p bdi")].filter(Boolean).map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          // A space where a line breaks is set at the line's other end: only the words count.
          const words = [...range.getClientRects()].filter((r) => r.width > 6);
          return { dir: getComputedStyle(el.parentElement).direction, lines: new Set(words.map((r) => Math.round(r.top))).size,
            gap: Math.max(...words.map((r) => w.getBoundingClientRect().right - r.right)) };
        }))`,
      );
      expect(gaps.length).toBeGreaterThanOrEqual(3);
      // The long title and its description wrap on a 390 px screen.
      expect(Math.max(...gaps.map((g) => g.lines))).toBeGreaterThan(1);
      for (const g of gaps) {
        expect(g.dir).toBe("rtl");
        expect(g.gap, JSON.stringify(g)).toBeLessThanOrEqual(2);
      }
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("a tracking page the client renders alone (a member with a session)", () => {
  it("asks for the parcel while the app is still loading, and the screen takes that answer instead of asking again", async () => {
    const { ctx, page, errors } = await openPage(PHONE);
    try {
      // A session: the server sends the page for the client to render (server/ssr.ts renders for anonymous visitors only).
      await ctx.addCookies([...admin.cookies].map(([name, value]) => ({ name, value, url: site.url })));
      const isLookUp = (r: Request) => r.url().includes("/graphql") && (r.url().includes("TrackParcel") || (r.postData() ?? "").includes('"TrackParcel"'));
      const lookUps: string[] = [];
      let answered = false;
      page.on("request", (r) => {
        if (isLookUp(r)) lookUps.push(r.method());
      });
      // Answered: the parcel, not the server's "send the document" to a hash it does not know yet (then a POST follows).
      page.on("response", async (r) => {
        if (isLookUp(r.request()) && !(await r.text().catch(() => "PERSISTED_QUERY_NOT_FOUND")).includes("PERSISTED_QUERY_NOT_FOUND")) answered = true;
      });
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      await page.route("**/assets/start-*.js", async (r) => {
        await gate;
        await r.continue();
      });
      await page.goto(`${site.url}/track.html?code=${STATUS}`, { waitUntil: "commit" });
      // client/modules/graph/earlyLookUp.ts: the look-up leaves from the entry, with the app held back.
      await expect.poll(() => answered, { timeout: 15_000 }).toBe(true);
      expect(await evalIn<boolean>(page, "!!document.querySelector('.track-page')"), "the server rendered nothing").toBe(false);
      const early = lookUps.length;
      release();
      await page.locator("#parcel-code").waitFor();
      expect(await page.locator("#parcel-code").textContent()).toContain(STATUS);
      expect(lookUps.length, lookUps.join(", ")).toBe(early);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("in Arabic", () => {
  it("translates the status, the steps and the plural of the quiet days, right to left", async () => {
    const { ctx, page, errors } = await openPage(DESKTOP, "ar");
    try {
      await page.goto(`${site.url}/track.html?code=${STATUS}`);
      await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
      expect(await evalIn<string>(page, "document.documentElement.dir")).toBe("rtl");
      expect((await page.locator(".result-head .status-badge").innerText()).trim()).toBe("خرجت للتسليم");
      expect(await page.locator(".result-head [aria-current='step']").innerText()).toBe("خرجت للتسليم");
      expect(await page.locator(".result-head .status-progress ol").getAttribute("aria-label")).toBe("مراحل التسليم");
      expect(await page.locator(".result-expected").innerText()).toContain("التسليم المقدّر");
      await page.goto(`${site.url}/track.html?code=${QUIET}`);
      const note = page.locator(".result-head .quiet-note");
      await note.waitFor();
      // 12 is in Arabic's "many" plural form: "... 12 يومًا".
      expect(await note.innerText()).toMatch(/لا تحديثات منذ \S+ يومًا/);
      await noSideScroll(page);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("errors in the visitor's language", () => {
  // The texts come from the locale by the error's code or reason (client/errors.ts), never from the server's English.
  const de = JSON.parse(readFileSync(new URL("../../client/i18n/locales/de.json", import.meta.url), "utf8")) as {
    track: Record<string, string>;
    unsubscribe: Record<string, string>;
  };

  it("translates a wrong code, a wrong second factor and a forged unsubscribe link (German)", async () => {
    expect(de.track.notFound).not.toBe("Tracking code not found");
    const { ctx, page, errors } = await openPage(PHONE, "de");
    try {
      // One unknown code: NOT_FOUND, upper-cased in the error card.
      await page.goto(`${site.url}/track.html?code=NO-SUCH-CODE-77`);
      const card = page.locator(".track-error");
      await card.waitFor();
      expect((await card.innerText()).trim()).toBe(de.track.notFound.toUpperCase());
      // Several codes, one unknown: its entry's error_code.
      await page.goto(`${site.url}/track.html?code=${STATUS},NO-SUCH-CODE-78`);
      const cards = page.locator(".track-many > .track-summary");
      await cards.nth(1).waitFor();
      expect(await cards.nth(1).locator("[role=alert]").innerText()).toBe(de.track.notFound);
      // A wrong postcode on a protected parcel: BAD_USER_INPUT with reason VERIFY_MISMATCH.
      await page.goto(`${site.url}/track.html?code=${PRIVATE}`);
      await page.locator("input[name=verify]").fill("99999");
      await page.locator("form.verify-form button[type=submit]").click();
      const alert = page.locator(".verify-error[role=alert]");
      await alert.waitFor();
      expect((await alert.innerText()).trim()).toBe(de.track.verifyWrong);
      // A forged unsubscribe token: NOT_FOUND of the unsubscribe mutation.
      await page.goto(`${site.url}/unsubscribe.html?code=${STATUS}&token=${"y".repeat(32)}`);
      await page.locator(".unsubscribe-card button.btn-primary").click();
      const panel = page.locator(".alert-error[role=alert] li");
      await panel.waitFor();
      expect((await panel.innerText()).trim()).toBe(de.unsubscribe.invalid);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("language from the e-mailed link", () => {
  it("opens /track.html?code=...&lang=tr in Turkish, keeps it in the cookie and drops lang from the address", async () => {
    const { ctx, page, errors } = await openPage(DESKTOP);
    try {
      await page.goto(`${site.url}/track.html?code=${STATUS}&lang=tr`);
      await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
      expect((await page.locator(".result-head .status-badge").innerText()).trim()).toBe("Dağıtımda");
      expect(await evalIn<string>(page, "document.documentElement.lang")).toBe("tr");
      // The rendered page shows before its app, which then drops lang from the address.
      await page.waitForURL((u) => u.search === `?code=${STATUS}`);
      expect((await ctx.cookies(site.url)).find((c) => c.name === "lang")?.value).toBe("tr");
      // An unknown code changes nothing and leaves the address too.
      await page.goto(`${site.url}/track.html?code=${STATUS}&lang=xx`);
      await page.locator("#parcel-code", { hasText: STATUS }).waitFor();
      expect(await evalIn<string>(page, "document.documentElement.lang")).toBe("tr");
      await page.waitForURL((u) => u.search === `?code=${STATUS}`);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe("unsubscribe link", () => {
  it("stops the status e-mails only when the button is pressed", async () => {
    // The status change of STATUS e-mailed its recipient a link with a token.
    let body = "";
    await expect
      .poll(
        async () => {
          const d = await gql<{ outbox: { data: { subject: string; to: string; body: string }[] } }>(`{ outbox(per_page: 100) { data { subject to body } } }`);
          body = d.outbox.data.find((m) => m.subject.includes(STATUS) && m.to.includes("olivia.brooks@example.org"))?.body ?? "";
          return body;
        },
        { timeout: 10_000 },
      )
      .not.toBe("");
    const link = /https?:\/\/[^\s"<>]+(\/unsubscribe\.html\?code=[^\s"<>]+)/.exec(body.replace(/&amp;/g, "&"));
    expect(link, body).not.toBeNull();
    const path = link![1];
    const unsubscribed = async () =>
      (
        await gql<{ adminParcel: { recipient_unsubscribed: boolean } }>(`query($c: String!) { adminParcel(trackingCode: $c) { recipient_unsubscribed } }`, {
          c: STATUS,
        })
      ).adminParcel.recipient_unsubscribed;

    const { ctx, page, errors } = await openPage(DESKTOP);
    try {
      expect((await fetch(`${site.url}${path}`)).status).toBe(200);
      await page.goto(`${site.url}${path}`);
      const button = page.getByRole("button", { name: "Stop e-mails about this parcel" });
      await button.waitFor();
      expect(await robots(page)).toBe("noindex");
      // Opening the link (as a mail scanner does) changes nothing.
      expect(await unsubscribed()).toBe(false);
      await button.click();
      const done = page.locator(".alert-success[role=status]");
      await done.waitFor();
      expect(await done.innerText()).toContain(STATUS);
      expect(await unsubscribed()).toBe(true);
      expect(await page.getByRole("button", { name: "Stop e-mails about this parcel" }).count()).toBe(0);
      // A forged token is refused with an error panel.
      await page.goto(`${site.url}/unsubscribe.html?code=${STATUS}&token=${"x".repeat(32)}`);
      await page.getByRole("button", { name: "Stop e-mails about this parcel" }).click();
      const error = page.locator(".alert-error[role=alert]");
      await error.waitFor();
      expect(await error.innerText()).toContain("not valid");
      // Without a token there is nothing to press.
      await page.goto(`${site.url}/unsubscribe.html?code=${STATUS}`);
      await page.locator(".alert-error", { hasText: "incomplete" }).waitFor();
      expect(await page.getByRole("button", { name: "Stop e-mails about this parcel" }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
