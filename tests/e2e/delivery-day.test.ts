/**
 * The delivery day as one journey (issue 26's "Done when"): a dispatcher at a desk makes a run of four stops on
 * the board (/control/dispatch) and optimises it there, and puts a shipper's pickup, listed on the board as a
 * pickup stop, on a second run; the courier, on a 390 px phone whose position is allowed, opens /control/run,
 * starts the run, delivers two stops with the proof form and records a failed attempt at the third; meanwhile
 * the next recipient's tracking page (a third browser, 390 px) shows the delivery window and the stops before,
 * then the courier's marker, which moves without a reload when the phone posts a new position. Last, the
 * board keeps working when its map cannot load (the error boundary around it).
 * With E2E_SHOTS=<dir> the board, the run, the tracking page and the run sheet (PDF) are saved there.
 */
import { writeFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { signedInAdmin } from "../helpers/admin.js";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, launchBrowser, PHONE, transitionsDone } from "../helpers/browser.js";
import type { Client } from "../helpers/http.js";
import { cookiesOf, courierOnMap, darkTheme, insertPickup, member, trackingPage } from "../helpers/deliveryDay.js";
import { ok } from "../fixtures/rest.js";

const SHOTS = process.env.E2E_SHOTS;
// The browsers run in UTC, so "today" is the same date on the board, on the phone and here.
const TODAY = new Date().toISOString().slice(0, 10);
const DEPOT = { latitude: 52.37, longitude: 4.89 };
const WAIT = { timeout: 20_000 };
// Four stops and the depot on a convex pentagon: the shortest round goes round it, one way or the other.
const STOPS = [
  { code: "DAY-N1", recipient: "Ada Lovelace", latitude: 52.38, longitude: 4.905 },
  { code: "DAY-N2", recipient: "Grace Hopper", latitude: 52.383, longitude: 4.935 },
  { code: "DAY-S2", recipient: "Alan Turing", latitude: 52.357, longitude: 4.935 },
  { code: "DAY-S1", recipient: "Katherine Johnson", latitude: 52.36, longitude: 4.905 },
];
const ROUND = STOPS.map((s) => s.code);
// Made in this order (the board lists the oldest first, and a run made unoptimised keeps the list's order).
const MUDDLED = [ROUND[1]!, ROUND[3]!, ROUND[0]!, ROUND[2]!];
const recipientOf = (code: string) => STOPS.find((s) => s.code === code)!.recipient;

let site: Site;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let courierId = 0;
let otherCourierId = 0;
let pickupId = 0;
let runId = 0;
/** The run's stops in the order the board optimised them. */
let ordered: string[] = [];
let browser: Browser;
let board: Page;
let phone: BrowserContext;
let run: Page;
let next: Awaited<ReturnType<typeof trackingPage>>;
const errors: string[] = [];

const url = (p: string) => site.url + p;
const pickupKey = () => `pickup:${pickupId}`;
const free = (key: string) => board.locator(`[data-testid=unassigned-stop][data-code="${key}"]`);
const card = (n: number): Locator => board.getByTestId("run-card").nth(n);
const order = (c: Locator) => c.getByTestId("run-stop").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));
const stop = (code: string) => run.locator(`.cp-run-stop[data-code="${code}"]`);
const watch = (p: Page) => {
  p.setDefaultTimeout(20_000);
  p.on("pageerror", (e) => errors.push(e.message));
  return p;
};
async function shot(p: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  // A whole page from its top (the control panel's bar sticks to where the page was scrolled).
  if (fullPage) await p.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await transitionsDone(p);
  await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}
async function gql(c: Client, query: string, variables?: Record<string, unknown>) {
  const r = await c.gql(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data;
}
const runOnServer = async (id: number) =>
  (await gql(dispatcher, `query($id: Int!) { run(id: $id) { status stops { kind tracking_code pickup_id status } } }`, { id })).run as {
    status: string;
    stops: { kind: string; tracking_code: string | null; pickup_id: number | null; status: string }[];
  };
const positions = async () =>
  (await gql(dispatcher, `query($id: Int!) { runPositions(runId: $id) { latitude longitude } }`, { id: runId })).runPositions as {
    latitude: number;
    longitude: number;
  }[];
const parcelStatus = async (code: string) =>
  (await gql(owner, `query($c: String!) { adminParcel(trackingCode: $c) { status_code status_reason delivery_proof { receiver_name } } }`, { c: code }))
    .adminParcel;

/** A desktop browser signed in as the dispatcher, on the board of TODAY. */
async function boardPage(opts: { dark?: boolean; before?: (ctx: BrowserContext) => Promise<unknown> } = {}) {
  const ctx = await browser.newContext({ viewport: DESKTOP, timezoneId: "UTC", locale: "en-GB" });
  await ctx.addCookies(cookiesOf(site, dispatcher));
  if (opts.dark) await darkTheme(ctx);
  await opts.before?.(ctx);
  const p = watch(await ctx.newPage());
  // Start and delete ask first.
  p.on("dialog", (d) => void d.accept());
  await p.goto(url(`/control/dispatch?date=${TODAY}`));
  return p;
}

beforeAll(async () => {
  site = await startSite({ RATE_LIMIT_TRACKING: "1000" });
  owner = await signedInAdmin(site.url);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  [dispatcher] = await member(site, "dispatcher@day.example", "dispatcher");
  [courier, courierId] = await member(site, "courier@day.example", "courier");
  [, otherCourierId] = await member(site, "second@day.example", "courier");
  for (const s of MUDDLED.map((code) => STOPS.find((x) => x.code === code)!)) {
    ok(
      await owner.post("/api/parcels", {
        tracking_code: s.code,
        recipient_name: s.recipient,
        destination: `${s.recipient.split(" ")[1]}straat 1, Amsterdam`,
        parcel_content: "Books",
        map_destination_latitude: s.latitude,
        map_destination_longitude: s.longitude,
      }),
      201,
    );
  }
  ok(await owner.post("/api/scans", { codes: ROUND, status_code: "in_transit" }));
  // A shipper's booking of two parcels with a pickup today (the parcels wait for it: pending, not on the board).
  const booked = [];
  for (const code of ["DAY-BOOKED-1", "DAY-BOOKED-2"]) {
    const p = ok(
      await owner.post("/api/parcels", { tracking_code: code, recipient_name: "Shop customer", destination: "Berlin", status_code: "pending" }),
      201,
    );
    booked.push({ id: p.id as number, code });
  }
  pickupId = insertPickup(site, { date: TODAY, latitude: 52.39, longitude: 4.89, company: "Dock Shop", name: "Mary Jackson", parcels: booked });
  browser = await launchBrowser();
}, 120_000);

afterEach(async ({ task }) => {
  if (task.result?.state !== "fail") return;
  if (errors.length) console.error("page errors:", errors);
  console.log(site.logs.slice(-30).join(""));
  if (SHOTS)
    for (const [name, p] of [
      ["board", board],
      ["run", run],
      ["track", next?.p],
    ] as const)
      await p?.screenshot({ path: `${SHOTS}/day-fail-${name}-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the delivery day", () => {
  it("the board lists the date's stops and the shipper's pickup, as a pickup stop, in the list and on the map", async () => {
    board = await boardPage();
    for (const code of ROUND) await free(code).waitFor();
    const pickup = free(pickupKey());
    await pickup.waitFor();
    expect(await pickup.innerText()).toMatch(new RegExp(`Pickup ${pickupId}\\s*pickup`));
    expect(await pickup.innerText()).toContain("Dock Shop, Mary Jackson");
    expect(await pickup.innerText()).toContain("Dock 7");
    // What it collects, and the window its shipper asked for (09:00-12:00 in the site's zone, UTC here).
    expect(await pickup.innerText()).toContain("Pickup: 2 parcels · asked for 09:00 – 12:00");
    await board.locator(".dp-depot").waitFor();
    await board.locator(`.dp-free-pin.dp-free-pickup[data-key="${pickupKey()}"]`).waitFor({ state: "attached" });
  });

  it("the dispatcher makes a run of four stops and optimises it on the board", async () => {
    // Made in the list's (muddled) order, then optimised on the run's card.
    for (const code of ROUND) await free(code).locator("input[type=checkbox]").check();
    await board.getByLabel("Courier", { exact: true }).first().selectOption({ label: "courier@day.example (courier)" });
    await board.getByLabel(/Optimise the order/).uncheck();
    await board.getByRole("button", { name: "Make run with 4 stops" }).click();
    await board.getByText(/made with 4 stops/).waitFor();
    await expect.poll(() => order(card(0)), WAIT).toEqual(MUDDLED);

    await card(0).getByRole("button", { name: "Optimise" }).click();
    // Confirmations are toasts at the top of the viewport (Toast.tsx), not in the card.
    await board.getByTestId("form-message").getByText("Stops put in the shortest order.").waitFor();
    await expect.poll(() => card(0).getAttribute("aria-busy"), WAIT).toBeNull();
    // Round the pentagon from the depot, one way or the other.
    ordered = (await order(card(0))) as string[];
    expect([ROUND.join(), [...ROUND].reverse().join()]).toContain(ordered.join());
    const runs = (await gql(dispatcher, `query($d: String!) { runs(date: $d) { id courier_id status } }`, { d: TODAY })).runs as {
      id: number;
      courier_id: number;
    }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]!.courier_id).toBe(courierId);
    runId = runs[0]!.id;
    expect((await runOnServer(runId)).stops.map((s) => s.tracking_code)).toEqual(ordered);
    // The pickup waits, still unassigned.
    await free(pickupKey()).waitFor();
    await board.locator(".dp-stop-pin").first().waitFor();
    await shot(board, "day-board-pickup-1366-light");
    if (SHOTS) {
      const dark = await boardPage({ dark: true });
      await dark.getByTestId("run-card").first().waitFor();
      await dark.locator(".dp-stop-pin").first().waitFor();
      await dark.locator(`.dp-free-pin.dp-free-pickup[data-key="${pickupKey()}"]`).waitFor({ state: "attached" });
      await shot(dark, "day-board-pickup-1366-dark");
      await dark.context().close();
    }
  });

  it("puts the pickup on a run of its own for another courier", async () => {
    await free(pickupKey()).locator("input[type=checkbox]").check();
    await board.getByLabel("Courier", { exact: true }).first().selectOption({ label: "second@day.example (courier)" });
    await board.getByRole("button", { name: "Make run with 1 stop" }).click();
    await board.getByText(/made with 1 stop\./).waitFor();
    await expect.poll(() => board.getByTestId("run-card").count(), WAIT).toBe(2);
    const onRun = board.locator(`[data-testid=run-stop][data-code="${pickupKey()}"]`);
    await onRun.waitFor();
    expect(await onRun.innerText()).toMatch(/pickup/);
    expect(await onRun.innerText()).toContain("Pickup: 2 parcels");
    await expect.poll(() => free(pickupKey()).count(), WAIT).toBe(0);
    const runs = (await gql(dispatcher, `query($d: String!) { runs(date: $d) { id courier_id } }`, { d: TODAY })).runs as { id: number; courier_id: number }[];
    const pickupRun = runs.find((r) => r.courier_id === otherCourierId)!;
    expect((await runOnServer(pickupRun.id)).stops).toEqual([{ kind: "pickup", tracking_code: null, pickup_id: pickupId, status: "pending" }]);
    await shot(board, "day-board-pickup-run-1366-light");
  });

  it("the courier starts the run on the phone; the position is shared", async () => {
    phone = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      timezoneId: "UTC",
      locale: "en-GB",
      geolocation: { latitude: DEPOT.latitude, longitude: 4.892 },
      permissions: ["geolocation"],
    });
    await phone.addCookies(cookiesOf(site, courier));
    run = watch(await phone.newPage());
    await run.goto(url("/control/run"));
    await stop(ordered[3]!).waitFor();
    expect(await run.locator(".cp-run-stop strong").allInnerTexts()).toEqual(ordered.map(recipientOf));
    await run.getByRole("button", { name: "Start run" }).click();
    await run.getByText("Sharing position", { exact: true }).waitFor();
    await stop(ordered[0]!)
      .getByText(/Window .*\d\d?:\d\d.*–\s*\d\d?:\d\d/)
      .waitFor();
    await expect.poll(async () => (await positions()).length, WAIT).toBe(1);
    expect((await runOnServer(runId)).status).toBe("started");
    await run.getByRole("button", { name: "Deliver" }).waitFor();
    await shot(run, "day-run-started-390-light", false);
    await run.getByRole("button", { name: "Switch to dark theme" }).click();
    await shot(run, "day-run-started-390-dark", false);
    await run.getByRole("button", { name: "Switch to light theme" }).click();
  });

  it("the next recipient's tracking page shows the delivery window and the stops before theirs", async () => {
    next = await trackingPage(browser, site, ordered[3]!);
    next.p.on("pageerror", (e) => errors.push(e.message));
    const live = next.p.getByTestId("live");
    await live.getByText("3 stops before yours").waitFor();
    expect(await live.innerText()).toMatch(/Delivery window: [^·]*\d\d[^·]*–[^·]*\d\d/);
    expect(await next.p.locator(".map-pin-courier").count()).toBe(0);
    // From here on this page is not loaded again: what changes comes through the live subscription.
    await next.p.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));
  });

  it("the courier delivers two stops with the proof form and records a failed attempt at the third", async () => {
    for (const [i, receiver] of ["A. Lovelace", "G. Hopper"].entries()) {
      await run.getByRole("button", { name: "Deliver" }).click();
      const sheet = run.getByRole("dialog", { name: /Proof of delivery/ });
      await sheet.locator("input[name=receiver_name]").fill(receiver);
      await sheet.getByRole("button", { name: "Record delivery" }).click();
      await stop(ordered[i]!).and(run.locator(".is-done")).waitFor();
      await run.getByText(`Stop ${i + 1} delivered, with its proof.`).waitFor();
      expect(await parcelStatus(ordered[i]!)).toMatchObject({ status_code: "delivered", delivery_proof: { receiver_name: receiver } });
    }
    await run.getByRole("button", { name: "Failed", exact: true }).click();
    await run.getByText(`Why could stop 3 (${recipientOf(ordered[2]!)}) not be delivered?`).waitFor();
    await run.locator("label", { hasText: "Nobody home" }).click();
    await run.getByRole("button", { name: "Record failed attempt" }).click();
    await stop(ordered[2]!).and(run.locator(".is-failed")).waitFor();
    expect(await parcelStatus(ordered[2]!)).toMatchObject({ status_code: "delivery_failed", status_reason: "nobody_home" });
    expect((await runOnServer(runId)).stops.map((s) => s.status)).toEqual(["done", "done", "failed", "pending"]);
    // The fourth stop is next, and the run goes on.
    await run.getByRole("button", { name: "Deliver" }).waitFor();
    await run.getByText("Sharing position", { exact: true }).waitFor();
  });

  it("the next recipient now sees the courier on the map, moving without a reload as the phone posts its position", async () => {
    const live = next.p.getByTestId("live");
    await live.getByText("The courier is on the way to you").waitFor();
    // The last position was taken before the stops were settled (at a previous door): not shown (issue 35),
    // and without a courier this parcel (show_map off) has no map at all.
    expect(await next.p.locator(".map-pin-courier").count()).toBe(0);
    expect(await next.p.locator("#map-title").count()).toBe(0);
    // The live script follows the parcel from now on; this page is not loaded again.
    await expect.poll(() => next.scripts.some((s) => /liveSubscription-/.test(s)), WAIT).toBe(true);

    const sent = (await positions()).length;
    await phone.setGeolocation({ latitude: 52.3652, longitude: 4.9101 });
    // The phone sends the new position (at once, or with its next batch within 15 s) ...
    await expect.poll(async () => (await positions()).at(-1), { timeout: 40_000 }).toEqual({ latitude: 52.3652, longitude: 4.9101 });
    expect((await positions()).length).toBeGreaterThan(sent);
    // ... and the recipient's map shows it (the map appears with the courier, and loads once in view).
    await next.p.locator("#map-title").scrollIntoViewIfNeeded();
    const marker = next.p.locator(".map-pin-courier");
    await marker.waitFor({ state: "attached" });
    expect(await marker.getAttribute("title")).toBe("Courier");
    await expect.poll(() => courierOnMap(next.p).innerText(), WAIT).toBe("Courier: 52.3652, 4.9101");
    const transform = () => marker.evaluate((el: { style: { transform: string } }) => el.style.transform);
    const before = await transform();
    // The phone moves again: the marker follows.
    await phone.setGeolocation({ latitude: 52.3661, longitude: 4.9113 });
    await expect.poll(async () => (await positions()).at(-1), { timeout: 40_000 }).toEqual({ latitude: 52.3661, longitude: 4.9113 });
    await expect.poll(() => courierOnMap(next.p).innerText(), WAIT).toBe("Courier: 52.3661, 4.9113");
    await expect.poll(transform, WAIT).not.toBe(before);
    expect(await next.p.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await marker.getAttribute("title")).toBe("Courier");
    await marker.scrollIntoViewIfNeeded();
    await shot(next.p, "day-track-live-390-light", false);
    if (SHOTS) {
      const dark = await trackingPage(browser, site, ordered[3]!, { dark: true });
      await dark.p.locator("#map-title").scrollIntoViewIfNeeded();
      await dark.p.locator(".map-pin-courier").waitFor({ state: "attached" });
      await expect.poll(() => courierOnMap(dark.p).innerText(), WAIT).toBe("Courier: 52.3661, 4.9113");
      await dark.p.locator(".map-pin-courier").scrollIntoViewIfNeeded();
      await shot(dark.p, "day-track-live-390-dark", false);
      await dark.ctx.close();
    }
  });

  it("the run sheet prints the run with its stops as they stand", async () => {
    const r = await fetch(url(`/api/runs/${runId}/sheet.pdf`), { headers: dispatcher.cookieHeader() });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/application\/pdf/);
    const pdf = Buffer.from(await r.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    if (SHOTS) await writeFile(`${SHOTS}/day-run-sheet.pdf`, pdf);
  });

  it("the board keeps working when its map cannot load: a clear message in the map's place", async () => {
    // Leaflet's chunk refused (the map's own chunk loads), then the map's chunk itself.
    for (const chunk of [/\/assets\/leaflet(Cluster)?-[\w-]+\.js$/, /\/assets\/DispatchMap-[\w-]+\.js$/]) {
      const p = await boardPage({ before: (ctx) => ctx.route(chunk, (r) => r.abort()) });
      const failed = p.getByTestId("map-failed");
      await failed.waitFor();
      expect(await failed.getAttribute("role")).toBe("alert");
      expect(await failed.innerText()).toContain("The map could not be loaded.");
      await failed.getByRole("button", { name: "Reload the page" }).waitFor();
      // The rest of the board is there and works: the runs, the stops on them, another date.
      await p.getByTestId("run-card").nth(1).waitFor();
      await p.locator(`[data-testid=run-stop][data-code="${pickupKey()}"]`).waitFor();
      if (SHOTS && chunk.source.includes("DispatchMap")) await shot(p, "day-board-map-failed-1366-light", false);
      await p.getByLabel("Date", { exact: true }).fill("2031-01-06");
      await p.getByText("No run on this date yet.").waitFor();
      await failed.waitFor();
      await p.context().close();
    }
    expect(errors).toEqual([]);
  });
});
