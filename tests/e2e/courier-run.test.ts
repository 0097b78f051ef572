/**
 * The delivery day in a browser (issue 26): a courier's run planned by a dispatcher (API), driven on a phone
 * at 390 px with its position allowed: started from /control/run, the position shared (the dispatcher reads
 * it), positions and a delivery made without a signal wait on the phone and land once it is back, a stop
 * skipped, one delivered with the proof form. The tracking page of the stop the courier heads to shows the
 * window and the courier's marker, which moves when a position is posted (graphql-ws, loaded only then); the
 * page of a later stop shows the window and the stops before it, no courier; a parcel on no run, nothing.
 * Issue 36: axe finds nothing on the run screen (label-content-name-mismatch was one), the proof of delivery sheet
 * logs no console error and its close button keeps its size, and a phone whose position is refused is not offered
 * "Stop sharing" but a new try.
 * With E2E_SHOTS=<dir> the screens are saved there (light and dark, phone and desktop).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signedInAdmin } from "../helpers/admin.js";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, PHONE, transitionsDone, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import type { Client } from "../helpers/http.js";
import { cookiesOf, courierOnMap, member, trackingPage } from "../helpers/deliveryDay.js";
import { ok } from "../fixtures/rest.js";

const shots = process.env.E2E_SHOTS;
const DEPOT = { latitude: 52.37, longitude: 4.89 };
// The browsers run in UTC, so "today" is the same date here and on the phone.
const TODAY = new Date().toISOString().slice(0, 10);

let site: Site;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let courierId = 0;
let runId = 0;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let errors: string[];
/** The phone page's console errors (an SVG path the browser cannot draw is one, not a page error). */
const consoleErrors: string[] = [];
const codes = { a: "E2E-RUN-A", b: "E2E-RUN-B", c: "E2E-RUN-C", d: "E2E-RUN-D", elsewhere: "E2E-RUN-X" };

const url = (p: string) => `${site.url}${p}`;
async function shot(p: Page, name: string, fullPage = true) {
  if (!shots) return;
  await transitionsDone(p);
  await p.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

async function parcel(code: string, recipient: string, longitude: number, onTheWay = true) {
  ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: recipient,
      destination: `${recipient.split(" ")[1]}straat 1, Amsterdam`,
      parcel_content: "Books",
      map_destination_latitude: DEPOT.latitude,
      map_destination_longitude: longitude,
    }),
    201,
  );
  if (onTheWay) ok(await owner.post("/api/scans", { codes: [code], status_code: "in_transit" }));
}

const positions = async () => {
  const r = await dispatcher.gql(`query($id: Int!) { runPositions(runId: $id) { latitude longitude at } }`, { id: runId });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.runPositions as { latitude: number; longitude: number }[];
};
const parcelStatus = async (code: string) =>
  (await owner.gql(`query($c: String!) { adminParcel(trackingCode: $c) { status_code delivery_proof { receiver_name } } }`, { c: code })).data.adminParcel;
const stop = (code: string) => page.locator(`.cp-run-stop[data-code="${code}"]`);
type InPage = { localStorage: { getItem(k: string): string | null } };

/** A visitor's own browser on a parcel's tracking page. */
const visitor = (code: string, opts: { dark?: boolean; desktop?: boolean } = {}) => trackingPage(browser, site, code, opts);

beforeAll(async () => {
  site = await startSite({ RATE_LIMIT_TRACKING: "1000" });
  owner = await signedInAdmin(site.url);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  [dispatcher] = await member(site, "dispatcher@run.example", "dispatcher");
  [courier, courierId] = await member(site, "courier@run.example", "courier");
  await parcel(codes.a, "Ada Lovelace", 4.9);
  await parcel(codes.b, "Grace Hopper", 4.91);
  await parcel(codes.c, "Alan Turing", 4.92);
  await parcel(codes.d, "Katherine Johnson", 4.93);
  await parcel(codes.elsewhere, "Hedy Lamarr", 4.94);
  const run = ok(
    await dispatcher.post("/api/runs", {
      courier_id: courierId,
      date: TODAY,
      stops: [codes.a, codes.b, codes.c, codes.d].map((tracking_code) => ({ tracking_code })),
    }),
    201,
  ) as { id: number };
  runId = run.id;

  browser = await launchBrowser();
  phone = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: "UTC",
    geolocation: { latitude: DEPOT.latitude, longitude: 4.892 },
    permissions: ["geolocation"],
  });
  await phone.addCookies(cookiesOf(site, courier));
  page = await phone.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
}, 120_000);

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") console.log(site.logs.slice(-30).join(""));
  if (shots && task.result?.state === "fail")
    await page.screenshot({ path: `${shots}/run-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the courier's run at 390 px", () => {
  it("is in the menu and lists today's stops in order with address, contents and a maps link; nothing shared before the start", async () => {
    await page.goto(url("/control/index.html"));
    await page.getByRole("button", { name: "Open the sections menu" }).click();
    await page.locator("#cp-nav").getByRole("link", { name: "My run", exact: true }).click();
    await page.waitForURL(/\/control\/run$/);
    await stop(codes.c).waitFor();
    const names = await page.locator(".cp-run-stop strong").allInnerTexts();
    expect(names).toEqual(["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson"]);
    expect(await stop(codes.a).innerText()).toContain("Lovelacestraat 1, Amsterdam");
    expect(await stop(codes.a).innerText()).toContain("Books");
    expect(
      await stop(codes.a)
        .getByRole("link", { name: /Directions to/ })
        .getAttribute("href"),
    ).toBe("https://www.google.com/maps/dir/?api=1&destination=52.37%2C4.9");
    // A planned run shares nothing.
    expect(await page.getByText("Sharing position").count()).toBe(0);
    const start = page.getByRole("button", { name: "Start run" });
    const box = (await start.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.y + box.height).toBeGreaterThan(PHONE.height - 120);
    await shot(page, "run-planned-390-light", false);
    expect(await positions()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("starts the run: windows appear, the position is shared and the dispatcher reads it", async () => {
    await page.getByRole("button", { name: "Start run" }).click();
    await page.getByText("Sharing position", { exact: true }).waitFor();
    await stop(codes.a)
      .getByText(/Window .*\d\d?:\d\d.*–\s*\d\d?:\d\d/)
      .waitFor();
    await expect.poll(async () => (await positions()).length, { timeout: 15_000 }).toBe(1);
    expect((await positions())[0]).toMatchObject({ latitude: DEPOT.latitude, longitude: 4.892 });
    expect((await parcelStatus(codes.a)).status_code).toBe("out_for_delivery");
    await page.getByRole("button", { name: "Deliver" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "run-started-390-light", false);
    await shot(page, "run-started-390-light-full");
    await page.getByRole("button", { name: "Failed" }).click();
    await page.getByText("Why could stop 1 (Ada Lovelace) not be delivered?").waitFor();
    await shot(page, "run-failed-form-390-light", false);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await shot(page, "run-started-390-dark", false);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
  });
});

describe("a phone whose position is refused", () => {
  it('says so and offers a new try, not "Stop sharing"', async () => {
    const denied = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: "UTC", permissions: [] });
    await denied.addCookies(cookiesOf(site, courier));
    const p = await denied.newPage();
    p.setDefaultTimeout(15_000);
    await p.goto(url("/control/run"));
    const panel = p.getByTestId("position-sharing");
    await expect.poll(() => panel.getAttribute("data-state")).toBe("denied");
    expect(await panel.innerText()).toContain("Position not allowed: allow it for this site in the browser's settings, then try again.");
    expect(await p.getByRole("button", { name: "Stop sharing" }).count()).toBe(0);
    await p.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => panel.getAttribute("data-state")).toBe("denied");
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, "run-position-denied-390-light", false);
    await denied.close();
  });
});

describe("the tracking page while the courier is out", () => {
  it("the stop the courier heads to shows the window and the courier, who moves when a position is posted", async () => {
    const v = await visitor(codes.a);
    await v.p.getByTestId("live").getByText("The courier is on the way to you").waitFor();
    expect(await v.p.getByTestId("live").innerText()).toMatch(/Delivery window: [^·]*\d\d[^·]*–[^·]*\d\d/);
    await v.p.locator("#map-title").scrollIntoViewIfNeeded();
    await v.p.locator(".map-pin-courier").waitFor({ state: "attached" });
    expect(await v.p.locator(".map-pin-courier").getAttribute("title")).toBe("Courier");
    await expect.poll(() => courierOnMap(v.p).innerText()).toBe("Courier: 52.3700, 4.8920");
    expect(v.scripts.some((s) => /liveSubscription-/.test(s))).toBe(true);
    const before = await v.p.locator(".map-pin-courier").evaluate((el: { style: { transform: string } }) => el.style.transform);

    const moved = { latitude: 52.3712, longitude: 4.8961 };
    expect((await courier.post(`/api/runs/${runId}/positions`, { positions: [{ ...moved, at: new Date().toISOString() }] })).status).toBe(204);
    await expect.poll(() => courierOnMap(v.p).innerText(), { timeout: 10_000 }).toBe(`Courier: 52.3712, 4.8961`);
    expect(await v.p.locator(".map-pin-courier").evaluate((el: { style: { transform: string } }) => el.style.transform)).not.toBe(before);
    await v.p.locator(".map-pin-courier").scrollIntoViewIfNeeded();
    await shot(v.p, "track-live-390-light", false);
    if (shots) await v.p.locator(".result-head").screenshot({ path: `${shots}/track-live-390-light-head.png` });
    await v.ctx.close();
    for (const look of [{ dark: true }, { desktop: true }, { desktop: true, dark: true }]) {
      const w = await visitor(codes.a, look);
      await w.p.locator("#map-title").scrollIntoViewIfNeeded();
      await w.p.locator(".map-pin-courier").waitFor({ state: "attached" });
      const name = `track-live-${look.desktop ? "desktop" : "390"}-${look.dark ? "dark" : "light"}`;
      await shot(w.p, name, false);
      if (shots) {
        await w.p.locator(".result-head").screenshot({ path: `${shots}/${name}-head.png` });
        await w.p.locator(".parcel-map-wrap").screenshot({ path: `${shots}/${name}-map.png` });
      }
      await w.ctx.close();
    }
  });

  it("a later stop shows its window and the stops before it, no courier (the live script follows it); a parcel on no run shows nothing live", async () => {
    const v = await visitor(codes.c);
    await v.p.getByTestId("live").getByText("2 stops before yours").waitFor();
    await v.p.locator("#history-title").scrollIntoViewIfNeeded();
    await v.p.waitForTimeout(500);
    expect(await v.p.locator(".map-pin-courier").count()).toBe(0);
    expect(await v.p.locator("#map-title").count()).toBe(0);
    // Its stop is on a started run: the page follows it (the count of stops before, then the courier).
    await expect.poll(() => v.scripts.some((s) => /liveSubscription-/.test(s))).toBe(true);
    await v.ctx.close();

    const o = await visitor(codes.elsewhere);
    await o.p.locator(".result-facts").waitFor();
    expect(await o.p.getByTestId("live").count()).toBe(0);
    expect(await o.p.locator(".map-pin-courier").count()).toBe(0);
    await o.ctx.close();
  });
});

describe("without a signal, and the rest of the run", () => {
  it("positions and a delivery wait on the phone and land once the network is back", async () => {
    const sent = (await positions()).length;
    await phone.setOffline(true);
    await phone.setGeolocation({ latitude: 52.3721, longitude: 4.9003 });
    await page.getByText(/Offline: 1 position will be sent/).waitFor();
    // Offline the delivery is a scan that waits (its proof can follow once it has landed).
    await page.getByRole("button", { name: "Delivered", exact: true }).click();
    await stop(codes.a).getByText("Delivered: waiting for the network").waitFor();
    await page.getByText("Offline: 1 delivery update and 1 position will be sent when the network is back.").waitFor();
    const stored = await page.evaluate(() => (globalThis as unknown as InPage).localStorage.getItem("courier.run.positions.v1:courier@run.example"));
    expect(stored).toContain("52.3721");
    await shot(page, "run-offline-390-light", false);
    expect((await positions()).length).toBe(sent);
    expect((await parcelStatus(codes.a)).status_code).toBe("out_for_delivery");

    await phone.setOffline(false);
    await stop(codes.a).and(page.locator(".is-done")).waitFor();
    await expect.poll(async () => (await positions()).length).toBe(sent + 1);
    expect((await positions()).at(-1)).toMatchObject({ latitude: 52.3721, longitude: 4.9003 });
    expect((await parcelStatus(codes.a)).status_code).toBe("delivered");
    // The landed delivery offers its proof, as after a scan.
    await stop(codes.a).getByRole("button", { name: "Add proof" }).waitFor();
    expect(await page.getByText(/^Offline/).count()).toBe(0);
  });

  it("skips a stop: it goes back to the dispatcher", async () => {
    await page.getByRole("button", { name: "Skip", exact: true }).click();
    await page.getByText("Skip stop 2 (Grace Hopper)? It goes back to the dispatcher for another run.").waitFor();
    await page.getByRole("button", { name: "Skip stop" }).click();
    await stop(codes.b).and(page.locator(".is-skipped")).waitFor();
    const board = ok(await dispatcher.get(`/api/dispatch?date=${TODAY}`)) as { unassigned: { tracking_code: string }[] };
    expect(board.unassigned.map((s) => s.tracking_code)).toContain(codes.b);
  });

  it("delivers a stop with the proof form", async () => {
    // Only what the proof sheet logs counts (the offline test before it logs the requests that failed).
    consoleErrors.length = 0;
    await page.getByRole("button", { name: "Deliver" }).click();
    const sheet = page.getByRole("dialog", { name: /Proof of delivery/ });
    await sheet.locator("input[name=receiver_name]").fill("A. Turing");
    // The close button keeps its size beside the title (it was squashed to a sliver), and says what it does.
    const close = (await sheet.getByRole("button", { name: "Close" }).boundingBox())!;
    expect(close.height).toBeGreaterThanOrEqual(44);
    expect(close.width).toBeGreaterThanOrEqual(70);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "run-proof-390-light", false);
    await sheet.getByRole("button", { name: "Record delivery" }).click();
    await stop(codes.c).and(page.locator(".is-done")).waitFor();
    await page.getByText("Stop 3 delivered, with its proof.").waitFor();
    expect(await parcelStatus(codes.c)).toMatchObject({ status_code: "delivered", delivery_proof: { receiver_name: "A. Turing" } });
    // The sheet's icons are drawn (a name in place of path data was a console error).
    expect(consoleErrors).toEqual([]);
  });

  it("records a failed attempt at the last stop with its reason; the run finishes and sharing stops with it", async () => {
    await page.getByRole("button", { name: "Failed", exact: true }).click();
    await page.locator("label", { hasText: "Access restricted" }).click();
    await page.getByRole("button", { name: "Record failed attempt" }).click();
    await page.getByText("Run finished").waitFor();
    await stop(codes.d).and(page.locator(".is-failed")).waitFor();
    const d = (await owner.gql(`query($c: String!) { adminParcel(trackingCode: $c) { status_code status_reason } }`, { c: codes.d })).data.adminParcel;
    expect(d).toEqual({ status_code: "delivery_failed", status_reason: "access_restricted" });
    expect(await page.getByText("Sharing position").count()).toBe(0);
    const run = ok(await dispatcher.get(`/api/runs/${runId}`)) as { status: string };
    expect(run.status).toBe("finished");
    // No position is taken outside a started run.
    const sent = (await positions()).length;
    await phone.setGeolocation({ latitude: 52.3801, longitude: 4.9101 });
    await page.waitForTimeout(1000);
    expect((await positions()).length).toBe(sent);
    await shot(page, "run-finished-390-light", false);
    expect(errors).toEqual([]);
  });
});
