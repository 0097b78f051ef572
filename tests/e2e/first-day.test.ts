/**
 * Issue 36's "Done when": a new company's first day from the screens alone, on a fresh database with the demo content
 * as `npm start` seeds it and no set-up but the owner's (made through the first-admin link, as the other tests do).
 * A visitor quotes a UK route on /quote (the demo's prices), Ship now, signs up (told why), confirms the e-mail from
 * the real SMTP peer and books on the form the quote filled; the owner sets the depot on Delivery day by a click on
 * the map, adds a parcel placed by a map click and one by the address search (a local peer that answers like
 * Nominatim), sees them on the dispatch board and makes a run for a courier; the courier starts it at 390 px (every
 * window starts no earlier than the run) and delivers a stop. Every confirmation in view, no page error, axe at zero
 * on every screen. With E2E_SHOTS=<dir> the screens are saved there (390 px and desktop, light and dark, Arabic).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, loaded, openContext, overflow, PHONE, screenshot, transitionsDone, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { decodeMail, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { cookiesOf } from "../helpers/deliveryDay.js";
import { ok } from "../fixtures/rest.js";

const SHOTS = process.env.E2E_SHOTS;
const TODAY = new Date().toISOString().slice(0, 10);
const SHIPPER = { email: "first-day-shop@example.com", password: "first-day-shop-password-36" };
const COURIER = { email: "courier@first-day.example", password: "first-day-courier-pass-36" };
/** Near Tilbury, where the demo company is: the depot, placed by a click on the world map. */
const DEPOT = { latitude: 51.46, longitude: 0.36 };
/** The address search's answer (the local peer's), and the point clicked for the other parcel. */
const BAKER_STREET = { latitude: 51.5238, longitude: -0.1586 };
const GRAVESEND = { latitude: 51.44, longitude: 0.37 };

/** The screen's Leaflet map is drawn (its zoom buttons are there): Leaflet is a chunk of its own, slow on a loaded machine. */
const mapDrawn = (page: Page) => page.locator(".leaflet-control-zoom").first().waitFor({ timeout: 30_000 });

let site: Site;
let smtp: SmtpPeer;
let geocoder: http.Server;
const geocoderAsked: string[] = [];
let browser: Browser;
let admin: Client;
let bookedCode = "";
const parcelCodes: string[] = [];
let runId = 0;
const url = (p: string) => site.url + p;
let current: Page | undefined;
/** The uncaught errors of every page the journey opened (watchErrors). */
const watched: string[][] = [];
const errors = () => watched.flat();

/** Watches a page: its uncaught errors are collected; it is the one saved when a step fails (with E2E_SHOTS). */
function watch(page: Page): Page {
  watched.push(watchErrors(page));
  page.setDefaultTimeout(15_000);
  current = page;
  return page;
}
async function axe(page: Page, where: string) {
  // On the screen as it stays: a page fading in is all low contrast to axe.
  await transitionsDone(page);
  expect(await axeViolations(page), where).toEqual([]);
}
/** Inside the viewport, below `under` (a fixed top bar) when given. */
async function inView(page: Page, l: Locator, under?: string) {
  const box = (await l.boundingBox())!;
  const top = under ? ((await page.locator(under).boundingBox())?.height ?? 0) : 0;
  const height = page.viewportSize()!.height;
  expect(box.y, `${l} top ${box.y} under ${top}`).toBeGreaterThanOrEqual(top - 1);
  expect(box.y + box.height, `${l} bottom in ${height}`).toBeLessThanOrEqual(height + 1);
}
/** Where a point is on a Leaflet map (Web Mercator) centred at `centre` at `zoom`, in pixels from the map's top left. */
async function pixelOf(map: Locator, centre: [number, number], zoom: number, at: { latitude: number; longitude: number }) {
  const box = (await map.boundingBox())!;
  const world = 256 * 2 ** zoom;
  const x = (lng: number) => ((lng + 180) / 360) * world;
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * world;
  };
  return { x: box.width / 2 + x(at.longitude) - x(centre[1]), y: box.height / 2 + y(at.latitude) - y(centre[0]) };
}
const near = (a: number, b: number, by: number) => expect(Math.abs(a - b), `${a} near ${b}`).toBeLessThan(by);

beforeAll(async () => {
  smtp = await startSmtp();
  geocoder = http.createServer((req, res) => {
    geocoderAsked.push(new URL(req.url!, "http://peer").searchParams.get("q") ?? "");
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify([
        {
          place_id: 1,
          lat: String(BAKER_STREET.latitude),
          lon: String(BAKER_STREET.longitude),
          display_name: "221B, Baker Street, Marylebone, London, NW1 6XE, United Kingdom",
          address: { city: "London", country_code: "gb" },
        },
      ]),
    );
  });
  await new Promise<void>((r) => geocoder.listen(0, "127.0.0.1", r));
  // The demo content as `npm start` seeds it (SEED_DEMO is on unless set to false): its prices in GBP, no depot.
  site = await startSite({
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAIN: "true",
    TIME_ZONE: "UTC",
    GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
  });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
}, 120_000);
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") console.log(site.logs.slice(-20).join(""));
  if (SHOTS && task.result?.state === "fail" && current && !current.isClosed())
    await current.screenshot({ path: `${SHOTS}/firstday-fail-${task.name.replace(/\W+/g, "-").slice(0, 50)}.png`, fullPage: true }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
  await new Promise((r) => geocoder?.close(r));
});

describe("a new company's first day", () => {
  it("a visitor quotes a UK route with the demo's prices, signs up from Ship now, confirms the e-mail and books without typing the quote again", async () => {
    const ctx = await openContext(browser, site.url);
    const page = watch(await ctx.newPage());
    await page.goto(url("/quote"));
    await page.selectOption("#q-from-country", "GB");
    await page.fill("#q-from-postcode", "SW1A 2AA");
    await page.fill("#q-from-city", "London");
    await page.selectOption("#q-to-country", "GB");
    await page.fill("#q-to-postcode", "M1 1AE");
    await page.fill("#q-to-city", "Manchester");
    await page.fill("#q-p0-weight", "1.2");
    await page.getByRole("button", { name: "Get prices" }).click();
    await page.getByTestId("quote-option").first().waitFor();
    // The demo card: 1.2 kg charged as 1.5 kg, the 2 kg bracket plus 8.5 % fuel.
    expect(await page.getByTestId("quote-price").allInnerTexts()).toEqual(["£6.46", "£12.97"]);
    await inView(page, page.getByTestId("quote-option").first());
    await axe(page, "quote");

    await page.locator('[data-testid=quote-option][data-service="standard"]').getByRole("button", { name: "Ship now" }).click();
    await page.waitForURL(/\/account\/signin\?next=/);
    const reason = "Sign in or create an account to book this shipment; your quote is kept.";
    expect(await page.getByTestId("ship-now-reason").innerText()).toBe(reason);
    await axe(page, "sign-in");
    await page.getByRole("link", { name: "No account yet? Sign up" }).click();
    await page.waitForURL(/\/account\/signup\?next=/);
    expect(await page.getByTestId("ship-now-reason").innerText()).toBe(reason);
    await page.fill("#su-name", "Sam Sender");
    await page.fill("#su-company", "Sender Books Ltd");
    await page.fill("#su-email", SHIPPER.email);
    await page.fill("#su-password", SHIPPER.password);
    await axe(page, "sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/account\/new$/);
    await page.getByTestId("verify-banner").waitFor();

    // The mail the SMTP peer received: its link (HTML) leads back to the booking.
    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes(SHIPPER.email))).raw);
    const href = /<a href="([^"]+\/account\/verify\?token=[^"]+)"/.exec(mail.html)?.[1];
    expect(href, mail.html).toBeTruthy();
    const link = new URL(href!.replace(/&amp;/g, "&"));
    await page.goto(url(link.pathname + link.search));
    await page.waitForURL(/\/account\/new$/);
    await page.getByTestId("verified-notice").waitFor();
    // Nothing typed again: the quote's places, parcel and service, the sign-up's name and company.
    expect(await page.inputValue("#sender-name")).toBe("Sam Sender");
    expect(await page.inputValue("#sender-company")).toBe("Sender Books Ltd");
    expect(await page.inputValue("#sender-postcode")).toBe("SW1A 2AA");
    expect(await page.inputValue("#sender-city")).toBe("London");
    expect(await page.inputValue("#recipient-postcode")).toBe("M1 1AE");
    expect(await page.inputValue("#recipient-city")).toBe("Manchester");
    expect(await page.inputValue("#ns-p0-weight")).toBe("1.2");
    await page.locator("#quote-option-standard:checked").waitFor();
    await page.fill("#sender-line1", "10 Downing Street");
    await page.fill("#recipient-name", "Max Recipient");
    await page.fill("#recipient-line1", "1 Piccadilly");
    await page.fill("#ns-contents", "Books");
    await page.locator(".shipment-quote[aria-busy=false]").waitFor();
    await axe(page, "new shipment");
    await page.getByTestId("book").click();
    await page.getByTestId("booked").waitFor();
    bookedCode = await page.getByTestId("booked-code").innerText();
    // The confirmation with its tracking code in view, below the fixed top bar.
    await expect.poll(() => page.evaluate("document.activeElement && document.activeElement.id")).toBe("booked-title");
    await inView(page, page.locator("#booked-title"), ".topbar");
    await inView(page, page.getByTestId("booked-code"), ".topbar");
    await axe(page, "booked");
    expect(await overflow(page)).toEqual({ px: 0, culprits: [] });
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the owner places the depot on Delivery day by a click on the map", async () => {
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = watch(await ctx.newPage());
    await page.goto(url("/control/dispatch"));
    await page
      .getByTestId("no-depot")
      .getByRole("link", { name: /Delivery day/ })
      .click();
    await page.waitForURL(/\/control\/settings\/delivery-day$/);
    await page.locator(".cp-depot-map.leaflet-container").waitFor();
    await axe(page, "delivery day");
    const map = page.getByTestId("depot-map");
    // The map opens on the world ([30, 10] at zoom 2): a click where Tilbury is.
    await map.click({ position: await pixelOf(map, [30, 10], 2, DEPOT) });
    await page.locator(".cp-depot-pin").waitFor();
    near(Number(await page.inputValue("input[name=depot_latitude]")), DEPOT.latitude, 0.5);
    near(Number(await page.inputValue("input[name=depot_longitude]")), DEPOT.longitude, 0.5);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByTestId("form-message").filter({ hasText: "Delivery day settings saved" });
    await saved.waitFor();
    await inView(page, saved);
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the owner adds a parcel placed by a click on the map and one by the address search", async () => {
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = watch(await ctx.newPage());
    for (const how of ["click", "search"] as const) {
      await page.goto(url("/control/parcels/list.html"));
      await page.getByRole("link", { name: "Add Parcel" }).click();
      await page.waitForURL(/\/control\/parcels\/create\.html$/);
      await expect.poll(() => page.inputValue("input[name=tracking_code]")).not.toBe("");
      const code = await page.inputValue("input[name=tracking_code]");
      await page.fill("input[name=recipient_name]", how === "click" ? "Gwen Gravesend" : "Sherlock Holmes");
      await page.fill("input[name=destination]", how === "click" ? "2 Harbour Street, Gravesend" : "221B Baker Street, London");
      const map = page.getByRole("region", { name: "Map: click to place the destination" });
      await page.locator(".pp-map.leaflet-container").waitFor();
      if (how === "click") {
        // The picker opens on the world ([20, 0] at zoom 2).
        await map.click({ position: await pixelOf(map, [20, 0], 2, GRAVESEND) });
        await expect.poll(() => page.inputValue("input[name=map_destination_latitude]")).not.toBe("");
        near(Number(await page.inputValue("input[name=map_destination_latitude]")), GRAVESEND.latitude, 0.5);
        near(Number(await page.inputValue("input[name=map_destination_longitude]")), GRAVESEND.longitude, 0.5);
      } else {
        // The search proposes the destination typed; the server asks the local geocoder.
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await page
          .getByRole("list", { name: "Places found" })
          .getByRole("button", { name: /221B, Baker Street/ })
          .click();
        expect(geocoderAsked).toEqual(["221B Baker Street, London"]);
        expect([await page.inputValue("input[name=map_destination_latitude]"), await page.inputValue("input[name=map_destination_longitude]")]).toEqual([
          String(BAKER_STREET.latitude),
          String(BAKER_STREET.longitude),
        ]);
      }
      await page.locator(".map-pin-destination").waitFor({ state: "attached" });
      await axe(page, `add parcel (${how})`);
      await page.locator("form button[type=submit]").click();
      await page.waitForURL(/\/control\/parcels\/list\.html$/);
      const created = page.getByTestId("form-message").filter({ hasText: `Parcel ${code} created` });
      await created.waitFor();
      await inView(page, created);
      await axe(page, "parcels");
      parcelCodes.push(code);
    }
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the parcels are on the dispatch board; the owner makes a run for the courier", async () => {
    await staffMember(admin, smtp, COURIER.email, "courier", COURIER.password);
    const ctx = await openContext(browser, site.url, { desktop: true, who: admin });
    const page = watch(await ctx.newPage());
    page.on("dialog", (d) => void d.accept());
    await page.goto(url("/control/index.html"));
    await page.locator("#cp-nav").getByRole("link", { name: "Dispatch", exact: true }).click();
    await page.waitForURL(/\/control\/dispatch/);
    await page.locator(".dp-depot").waitFor();
    const row = (code: string) => page.locator(`[data-testid=unassigned-stop][data-code="${code}"]`);
    for (const code of parcelCodes) {
      await row(code).waitFor();
      expect(await row(code).getAttribute("data-plannable"), code).toBe("true");
    }
    // The booking's parcel, placed at its city by the gazetteer (Manchester): listed, and on the run when it can go.
    await row(bookedCode).waitFor();
    const stops = [...parcelCodes];
    if ((await row(bookedCode).getAttribute("data-plannable")) === "true") stops.push(bookedCode);
    await axe(page, "dispatch board");
    for (const code of stops) await row(code).locator("input[type=checkbox]").check();
    await page
      .getByLabel("Courier", { exact: true })
      .first()
      .selectOption({ label: `${COURIER.email} (courier)` });
    await page.getByRole("button", { name: `Make run with ${stops.length} stops` }).click();
    const made = page.getByTestId("form-message").filter({ hasText: `made with ${stops.length} stops` });
    await made.waitFor();
    await inView(page, made);
    await page.getByTestId("run-card").first().waitFor();
    await axe(page, "dispatch board with a run");
    const board = ok(await admin.get(`/api/dispatch?date=${TODAY}`)) as { runs: { id: number; stops: { tracking_code: string }[] }[] };
    expect(board.runs).toHaveLength(1);
    expect(board.runs[0]!.stops.map((s) => s.tracking_code).sort()).toEqual([...stops].sort());
    runId = board.runs[0]!.id;
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it("the courier starts the run at 390 px (no window before the start) and delivers a stop", async () => {
    const courier = new Client(site.url);
    ok(await courier.post("/api/admins/auth/signin", COURIER));
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
    const start = page.getByRole("button", { name: "Start run" });
    await start.waitFor();
    await axe(page, "run planned");
    await start.click();
    await page.getByRole("button", { name: "Deliver", exact: true }).waitFor();
    await page
      .locator(".cp-run-stop")
      .first()
      .getByText(/Window /)
      .waitFor();
    await axe(page, "run started");
    const run = ok(await admin.get(`/api/runs/${runId}`)) as {
      status: string;
      started_at: string;
      stops: { tracking_code: string; window: { from: string; to: string } | null }[];
    };
    expect(run.status).toBe("started");
    for (const s of run.stops) {
      expect(s.window, s.tracking_code).not.toBeNull();
      expect(Date.parse(s.window!.from), `${s.tracking_code} ${s.window!.from} vs ${run.started_at}`).toBeGreaterThanOrEqual(Date.parse(run.started_at));
    }

    await page.getByRole("button", { name: "Deliver", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: /Proof of delivery/ });
    await sheet.locator("input[name=receiver_name]").fill("At the door");
    await axe(page, "proof of delivery");
    await sheet.getByRole("button", { name: "Record delivery" }).click();
    const done = page.getByText("Stop 1 delivered, with its proof.");
    await done.waitFor();
    await inView(page, done);
    const first = run.stops[0]!.tracking_code;
    await page.locator(`.cp-run-stop[data-code="${first}"].is-done`).waitFor();
    const parcel = await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { status_code } }`, { c: first });
    expect(parcel.data.adminParcel.status_code).toBe("delivered");
    // The public page reads it delivered too.
    await page.goto(url(`/track.html?code=${encodeURIComponent(first)}`));
    await page.locator("#parcel-code").waitFor();
    expect(await page.locator("body").innerText()).toMatch(/Delivered/);
    await axe(page, "tracking page");
    expect(errors()).toEqual([]);
    await ctx.close();
  });

  it.runIf(SHOTS)(
    "looks right: the screens of the day at 390 px and on a desktop, light and dark; the quote and the tracking page in Arabic",
    async () => {
      const shipper = new Client(site.url);
      ok(await shipper.post("/api/users/auth/signin", SHIPPER));
      const screens: [string, string, Client | null][] = [
        ["quote", "/quote", null],
        ["account-new", "/account/new", shipper],
        ["account", "/account", shipper],
        ["track", `/track.html?code=${encodeURIComponent(bookedCode)}`, null],
        ["delivery-day", "/control/settings/delivery-day", admin],
        ["add-parcel", "/control/parcels/create.html", admin],
        ["dispatch", "/control/dispatch", admin],
      ];
      for (const [desktop, dark] of [
        [false, false],
        [false, true],
        [true, false],
        [true, true],
      ] as const) {
        const look = `${desktop ? "desktop" : "390"}-${dark ? "dark" : "light"}`;
        for (const [name, path, who] of screens) {
          const ctx = await openContext(browser, site.url, { desktop, dark, ...(who ? { who } : {}) });
          const page = await ctx.newPage();
          await page.goto(url(path));
          await loaded(page);
          if (path.startsWith("/control")) await mapDrawn(page);
          expect(await overflow(page), `${name} ${look}`).toEqual({ px: 0, culprits: [] });
          await screenshot(page, SHOTS, `firstday-${name}-${look}`);
          await ctx.close();
        }
      }
      // In Arabic: the public pages by the language cookie, the control panel's by the browser's language (the owner
      // has chosen none).
      for (const desktop of [false, true])
        for (const [name, path, who] of [
          ["quote", "/quote", null],
          ["track", `/track.html?code=${encodeURIComponent(bookedCode)}`, null],
          ["delivery-day", "/control/settings/delivery-day", admin],
          ["dispatch", "/control/dispatch", admin],
        ] as const) {
          const ctx = await openContext(browser, site.url, { desktop, lang: "ar", locale: "ar", ...(who ? { who } : {}) });
          const page = await ctx.newPage();
          await page.goto(url(path));
          await loaded(page);
          if (who) await mapDrawn(page);
          expect(await overflow(page), `${name} ar`).toEqual({ px: 0, culprits: [] });
          expect(await page.evaluate("document.documentElement.dir")).toBe("rtl");
          await screenshot(page, SHOTS, `firstday-${name}-${desktop ? "desktop" : "390"}-ar`);
          await ctx.close();
        }
    },
    600_000,
  );
});
