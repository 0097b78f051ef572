/**
 * The dispatch board in a browser (issue 26, /control/dispatch): on a site with parcels that have
 * coordinates, the owner makes a run of three stops for a courier, reorders it with the keyboard
 * (the arrows and the drag handle) and by dragging with the mouse, optimises it, makes a second run
 * and moves a stop to it, sees a stop already on a run refused (409) clearly, starts a run and
 * downloads its run sheet; a courier (no `dispatch`) has no menu entry and a direct URL shows a notice.
 * Issue 36: a parcel never scanned at a hub is listed and can be planned, one that cannot (on hold) says why and
 * cannot be ticked, couriers are named (the e-mail where a member has no name), "Make run" waits for a stop, and
 * a missing courier is asked for in the field's words.
 * With E2E_SHOTS=<dir> the board is saved at 1366 and 768 px, light and dark.
 */
import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, launchBrowser, networkQuiet, transitionsDone } from "../helpers/browser.js";
import type { Client } from "../helpers/http.js";

const SHOTS = process.env.E2E_SHOTS;
const DATE = "2026-12-01";
const DEPOT = { latitude: 52.37, longitude: 4.89 };
const PASSWORD = "dispatch-board-pass-1";
const COURIERS = ["ann@dispatch.example", "bob@dispatch.example"];
/** How the board names them: Ann by her name, Bob (no name) by his e-mail. */
const NAMES: Record<string, string | null> = { "ann@dispatch.example": "Ann Smith", "bob@dispatch.example": null };
const courierLabel = (email: string) => `${NAMES[email] ?? email} (courier)`;
/** Never scanned at a hub (pending), and on hold: listed both, the first plannable. */
const FRESH = "DB-E2E-FRESH";
const HELD = "DB-E2E-HELD";
// Five parcels on a line east of the depot: the shortest round goes out along it and back.
const CODES = ["DB-E2E-1", "DB-E2E-2", "DB-E2E-3", "DB-E2E-4", "DB-E2E-5"];
const EAST = [0.03, 0.01, 0.02, 0.05, 0.04];
const WAIT = { timeout: 15_000 };

let site: Site;
let admin: Client;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const url = (p: string) => site.url + p;
const ids: Record<string, number> = {};
/** The unassigned stops before the test's runs (the demo content has parcels waiting too), and those of them that can go on a run. */
let base = 0;
let plannable = 0;
const unassignedCount = () => page.getByTestId("unassigned-stop").count();

async function open(opts: { width?: number; dark?: boolean } = {}) {
  const ctx = await browser.newContext({ viewport: { ...DESKTOP, width: opts.width ?? DESKTOP.width }, locale: "en-GB", acceptDownloads: true });
  if (opts.dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  const p = await ctx.newPage();
  p.setDefaultTimeout(15_000);
  p.on("pageerror", (e) => errors.push(e.message));

  // Start and delete ask first.
  p.on("dialog", (d) => void d.accept());
  return p;
}
async function signIn(p: Page, email: string, password: string) {
  await p.goto(url(`/control/signin.html?email=${encodeURIComponent(email)}`));
  await p.fill("input[name=password]", password);
  await p.locator("form button[type=submit]").click();
  await p.waitForURL(/\/control\/index\.html$/);
}
async function gql(query: string, variables?: Record<string, unknown>) {
  const r = await admin.gql(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data;
}
const runsOnServer = async () =>
  (await gql(`query($d: String!) { runs(date: $d) { id courier_id status stops { tracking_code } } }`, { d: DATE })).runs as {
    id: number;
    courier_id: number;
    status: string;
    stops: { tracking_code: string }[];
  }[];
const card = (n: number): Locator => page.getByTestId("run-card").nth(n);
const order = (c: Locator) => c.getByTestId("run-stop").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));
async function expectOrder(c: Locator, codes: string[]) {
  await expect.poll(() => order(c), WAIT).toEqual(codes);
  await expect.poll(() => c.getAttribute("aria-busy"), WAIT).toBeNull();
}
/**
 * The first run's stops put in this order through the API and the board read again: a test that reorders starts from
 * its own order, so a retry (vitest.config.ts) does not start from what the failed try left.
 */
async function startFrom(codes: string[]) {
  const [run] = await runsOnServer();
  await gql(`mutation($i: UpdateRunInput!) { updateRun(input: $i) { id } }`, { i: { id: run!.id, stops: codes.map((c) => ({ tracking_code: c })) } });
  await page.reload();
  await expectOrder(card(0), codes);
  await card(0).evaluate((el) => el.scrollIntoView({ block: "center" }));
}
/** dnd-kit's live region (one per run card, in the body) has said that the dragged stop is over this one. */
const over = (dragged: string, target: string) =>
  page
    .locator('[id^="DndLiveRegion-"]')
    .filter({ hasText: `Draggable item ${dragged} was moved over droppable area ${target}.` })
    .waitFor({ state: "attached" });
async function shot(name: string, p = page) {
  if (!SHOTS) return;
  await transitionsDone(p);
  await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

beforeAll(async () => {
  site = await startSite();
  admin = await signedInAdmin(site.url);
  await gql(`mutation($i: DispatchSettingsInput!) { updateDispatchSettings(input: $i) { depot_latitude } }`, {
    i: { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude },
  });
  for (const [code, status_code] of [
    [FRESH, "pending"],
    [HELD, "on_hold"],
  ]) {
    await gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
      i: {
        tracking_code: code,
        recipient_name: `Recipient ${code}`,
        destination: "Street 9, Amsterdam",
        map_destination_latitude: DEPOT.latitude + 0.01,
        map_destination_longitude: DEPOT.longitude,
        status_code,
      },
    });
  }
  for (const [i, code] of CODES.entries()) {
    await gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
      i: {
        tracking_code: code,
        recipient_name: `Recipient ${i + 1}`,
        destination: `Street ${i + 1}, Amsterdam`,
        map_destination_latitude: DEPOT.latitude,
        map_destination_longitude: DEPOT.longitude + EAST[i]!,
        status_code: "in_transit",
      },
    });
  }
  const db = new Database(site.databaseUrl.slice("file:".length));
  const now = Date.now();
  const hash = await argon2.hash(PASSWORD);
  for (const email of COURIERS) {
    const r = db
      .prepare(`INSERT INTO "Admin" (email, name, password_hash, role, created_at, updated_at) VALUES (?, ?, ?, 'courier', ?, ?)`)
      .run(email, NAMES[email], hash, now, now);
    ids[email] = Number(r.lastInsertRowid);
  }
  db.close();
  browser = await launchBrowser();
  page = await open();
  await signIn(page, ADMIN.email, ADMIN.password);
}, 120_000);

// A failing step leaves a screenshot of the board when E2E_SHOTS names a folder.
afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && errors.length) console.error("page errors:", errors);
  if (SHOTS && task.result?.state === "fail")
    await page.screenshot({ path: `${SHOTS}/dispatch-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the dispatch board", () => {
  it("is in the menu; shows the date's unassigned stops on the map and in the list", async () => {
    await page.getByRole("link", { name: "Dispatch", exact: true }).click();
    await page.waitForURL(/\/control\/dispatch$/);
    await page.getByLabel("Date", { exact: true }).fill(DATE);
    await page.waitForURL(new RegExp(`date=${DATE}`));
    for (const code of CODES) await page.locator(`[data-testid=unassigned-stop][data-code="${code}"]`).waitFor();
    base = await unassignedCount();
    plannable = await page.locator("[data-testid=unassigned-stop][data-plannable=true]").count();
    // The map: the depot and one marker per unassigned stop (or their clusters).
    await page.locator(".dp-depot").waitFor();
    await expect.poll(() => page.locator(".dp-free-pin, .marker-cluster").count(), WAIT).toBeGreaterThan(0);
  });

  it("lists a parcel never scanned at a hub (plannable) and one on hold (why not, not tickable); says what can go on a run", async () => {
    const fresh = page.locator(`[data-testid=unassigned-stop][data-code="${FRESH}"]`);
    const held = page.locator(`[data-testid=unassigned-stop][data-code="${HELD}"]`);
    expect(await fresh.getByTestId("parcel-state").innerText()).toBe("Pending");
    expect(await fresh.locator("input[type=checkbox]").isDisabled()).toBe(false);
    expect(await held.getByTestId("parcel-state").innerText()).toBe("On hold");
    expect(await held.getByTestId("blocked-reason").innerText()).toBe("On hold: release it first");
    const box = held.locator("input[type=checkbox]");
    expect(await box.isDisabled()).toBe(true);
    // The reason is the box's description for a screen reader.
    expect(await page.locator(`#${await box.getAttribute("aria-describedby")}`).innerText()).toBe("On hold: release it first");
    const rule = page.getByTestId("plannable-rule");
    expect(await rule.innerText()).toMatch(/^Every parcel not yet delivered, returned or cancelled is listed, scanned at a hub or not/);
    await rule.getByText("What can go on a run?").click();
    expect(await rule.innerText()).toMatch(/has a point on the map, is not on hold/);
    await rule.getByText("What can go on a run?").click();
    // Only what can go on a run is on the map.
    expect(await page.locator(`.dp-free-pin[data-key="${HELD}"]`).count()).toBe(0);
  });

  it("waits for a stop before it makes a run, and asks for a courier in the field's words", async () => {
    const make = page.getByRole("button", { name: /^Make run/ });
    expect(await make.isDisabled()).toBe(true);
    expect(await make.innerText()).toBe("Make run");
    await page.locator(`[data-testid=unassigned-stop][data-code="${FRESH}"] input[type=checkbox]`).check();
    expect(await page.getByRole("button", { name: "Make run with 1 stop" }).isDisabled()).toBe(false);
    // Couriers by name, Bob (no name) by his e-mail.
    const options = await page.getByLabel("Courier", { exact: true }).first().locator("option").allInnerTexts();
    expect(options).toEqual(expect.arrayContaining([courierLabel(COURIERS[0]!), courierLabel(COURIERS[1]!)]));
    await page.getByRole("button", { name: "Make run with 1 stop" }).click();
    await page.getByText("Choose a courier", { exact: true }).waitFor();
    expect(await page.getByLabel("Courier", { exact: true }).first().getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("body").innerText()).not.toMatch(/courier_id/);
    await page.locator(`[data-testid=unassigned-stop][data-code="${FRESH}"] input[type=checkbox]`).uncheck();
    await shot("dispatch-1366-light-planning");
  });

  it("makes a run of three stops for a courier, in the order chosen", async () => {
    for (const code of CODES.slice(0, 3)) await page.locator(`[data-testid=unassigned-stop][data-code="${code}"] input[type=checkbox]`).check();
    await expect(page.getByTestId("selected-count").innerText()).resolves.toMatch(new RegExp(`^3 of ${plannable} selected`));
    await page
      .getByLabel("Courier", { exact: true })
      .first()
      .selectOption({ label: courierLabel(COURIERS[0]!) });
    await page.getByLabel(/Optimise the order/).uncheck();
    await page.getByRole("button", { name: "Make run with 3 stops" }).click();
    await page.getByText(/made with 3 stops/).waitFor();
    await expectOrder(card(0), CODES.slice(0, 3));
    await expect.poll(unassignedCount, WAIT).toBe(base - 3);
    expect(await card(0).getByTestId("run-facts").innerText()).toMatch(/3 stops · [\d.]+ km · \d+ min/);
    const runs = await runsOnServer();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ courier_id: ids[COURIERS[0]!], status: "planned" });
    await page.locator(".dp-stop-pin").first().waitFor();
    await shot("dispatch-1366-light");
  });

  it("reorders with the keyboard: the arrow buttons and the drag handle", async () => {
    // The whole card in view: the list above it (every parcel still to deliver) pushes it below the fold.
    await startFrom(CODES.slice(0, 3));
    // The first stop down one place, with Enter on its button.
    await card(0)
      .getByRole("button", { name: `Move ${CODES[0]} down` })
      .focus();
    await page.keyboard.press("Enter");
    await expectOrder(card(0), [CODES[1], CODES[0], CODES[2]]);
    // The move saved and the board's answers in before the next pick-up: a run's stops re-rendered from the server
    // during a drag end that drag (on a loaded machine the save's answer can come seconds later).
    await expect.poll(async () => (await runsOnServer())[0]!.stops.map((s) => s.tracking_code), WAIT).toEqual([CODES[1], CODES[0], CODES[2]]);
    await networkQuiet(page);
    // The last stop picked up with its handle, moved up twice, dropped.
    const handle = card(0).getByRole("button", { name: new RegExp(`^Drag ${CODES[2]}`) });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => handle.getAttribute("aria-pressed"), WAIT).toBe("true");
    // dnd-kit's KeyboardSensor listens for the moves from a timer it sets at the pick-up (attach(): setTimeout), after
    // the render that shows aria-pressed: an arrow pressed before that timer ran is lost (a loaded browser runs input
    // before timers) and the live region stays at "moved over droppable area <itself>". A timer of the page's own,
    // set now, runs after the sensor's.
    await page.evaluate(() => new Promise((r) => setTimeout(r)));
    // Each move is taken before the next key (the sensor measures the items as they are; near the top of the window
    // the move is a smooth scroll of the page, slow on a loaded machine): the live region names the stop it is over.
    await page.keyboard.press("ArrowUp");
    await over(CODES[2]!, CODES[0]!);
    await page.keyboard.press("ArrowUp");
    await over(CODES[2]!, CODES[1]!);
    await page.keyboard.press("Space");
    await expectOrder(card(0), [CODES[2], CODES[1], CODES[0]]);
    expect((await runsOnServer())[0]!.stops.map((s) => s.tracking_code)).toEqual([CODES[2], CODES[1], CODES[0]]);
  });

  it("reorders by dragging with the mouse", async () => {
    await startFrom([CODES[2]!, CODES[1]!, CODES[0]!]);
    const from = await card(0)
      .getByRole("button", { name: new RegExp(`^Drag ${CODES[0]}`) })
      .boundingBox();
    const to = await card(0).locator(`[data-code="${CODES[2]}"]`).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 5 });
    await page.mouse.move(from!.x + from!.width / 2, to!.y + 5, { steps: 15 });
    await over(CODES[0]!, CODES[2]!);
    await page.mouse.up();
    await expectOrder(card(0), [CODES[0], CODES[2], CODES[1]]);
    expect((await runsOnServer())[0]!.stops.map((s) => s.tracking_code)).toEqual([CODES[0], CODES[2], CODES[1]]);
  });

  it("optimises: the shortest round out along the line and back", async () => {
    await card(0).getByRole("button", { name: "Optimise" }).click();
    // Confirmations are toasts at the top of the viewport (Toast.tsx), not in the card.
    await page.getByTestId("form-message").getByText("Stops put in the shortest order.").waitFor();
    // East of the depot: DB-E2E-2 (0.01), DB-E2E-3 (0.02), DB-E2E-1 (0.03), either way round.
    const best = [CODES[1], CODES[2], CODES[0]];
    const got = await order(card(0));
    expect([best.join(), [...best].reverse().join()]).toContain(got.join());
  });

  it("makes a second run and moves a stop to it", async () => {
    // Selected on the map this time: a click on its marker (opening the cluster it may be in first).
    const pin = page.locator(`.dp-free-pin[data-key="${CODES[3]}"]`);
    for (let i = 0; i < 5 && !(await pin.isVisible()); i++) {
      await page.locator(".marker-cluster").first().click();
      await page.waitForTimeout(400);
    }
    await pin.click();
    await expect.poll(() => page.locator(`[data-testid=unassigned-stop][data-code="${CODES[3]}"] input[type=checkbox]`).isChecked(), WAIT).toBe(true);
    await page.locator(`.dp-free-pin.dp-free-on[data-key="${CODES[3]}"]`).waitFor();
    await page
      .getByLabel("Courier", { exact: true })
      .first()
      .selectOption({ label: courierLabel(COURIERS[1]!) });
    await page.getByRole("button", { name: "Make run with 1 stop" }).click();
    await expect.poll(() => page.getByTestId("run-card").count(), WAIT).toBe(2);
    const first = await order(card(0));
    const moving = first[0]!;
    await card(0).getByLabel(`Move ${moving} to run`).selectOption({ index: 1 });
    await card(0)
      .getByRole("button", { name: `Move ${moving} to the chosen run` })
      .click();
    await page.getByTestId("form-message").getByText(`${moving} moved to`).waitFor();
    await expectOrder(card(0), first.slice(1));
    await expectOrder(card(1), [CODES[3], moving]);
    const runs = await runsOnServer();
    expect(runs.map((r) => r.stops.length)).toEqual([2, 2]);
  });

  it("refuses a stop already on another run (409), clearly", async () => {
    // Another dispatcher puts the last parcel on a run meanwhile; this board has not seen it yet.
    await gql(`mutation($i: CreateRunInput!) { createRun(input: $i) { id } }`, {
      i: { courier_id: ids[COURIERS[1]!], date: DATE, stops: [{ tracking_code: CODES[4] }] },
    });
    await page.locator(`[data-testid=unassigned-stop][data-code="${CODES[4]}"] input[type=checkbox]`).check();
    await page
      .getByLabel("Courier", { exact: true })
      .first()
      .selectOption({ label: courierLabel(COURIERS[0]!) });
    await page.getByRole("button", { name: "Make run with 1 stop" }).click();
    const alert = page.getByTestId("conflict");
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/Already on another run/);
    expect(await alert.innerText()).toMatch(new RegExp(`The parcel ${CODES[4]} is already on run \\d+ of ${DATE}`));
    // The board was read again: the parcel is on the third run, no longer unassigned.
    await expect.poll(() => page.getByTestId("run-card").count(), WAIT).toBe(3);
    await expect.poll(unassignedCount, WAIT).toBe(base - 5);
    await shot("dispatch-1366-conflict");
  });

  it("starts a run and downloads its run sheet", async () => {
    await card(1).getByRole("button", { name: "Start" }).click();
    await page.getByTestId("form-message").getByText("Run started.").waitFor();
    expect(await card(1).getByTestId("run-status").innerText()).toBe("started");
    // A started run is no longer changed: no reorder, no delete.
    expect(await card(1).getByRole("button", { name: "Delete" }).count()).toBe(0);
    const runs = await runsOnServer();
    expect(runs.find((r) => r.courier_id === ids[COURIERS[1]!] && r.stops.length === 2)?.status).toBe("started");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card(1)
        .getByRole("link", { name: /Run sheet/ })
        .click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(2000);
  });

  it("deletes a planned run (its stop goes back among the unassigned) and adds that stop to another run", async () => {
    await card(2).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByTestId("run-card").count(), WAIT).toBe(2);
    await expect.poll(unassignedCount, WAIT).toBe(base - 4);
    const before = await order(card(0));
    await page.locator(`[data-testid=unassigned-stop][data-code="${CODES[4]}"] input[type=checkbox]`).check();
    await card(0).getByRole("button", { name: "Add 1 selected" }).click();
    await expectOrder(card(0), [...before, CODES[4]]);
    await expect.poll(unassignedCount, WAIT).toBe(base - 5);
  });

  it("reads well at 1366 and 768 px, light and dark", async () => {
    for (const [width, dark] of [
      [1366, true],
      [768, false],
      [768, true],
    ] as const) {
      const p = await open({ width, dark });
      await signIn(p, ADMIN.email, ADMIN.password);
      await p.goto(url(`/control/dispatch?date=${DATE}`));
      await p.getByTestId("run-card").first().waitFor();
      await p.locator(".dp-stop-pin").first().waitFor();
      // Nothing wider than the screen.
      expect(await p.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
      await shot(`dispatch-${width}-${dark ? "dark" : "light"}`, p);
      await p.context().close();
    }
  });

  it("is not for a member without dispatch: no menu entry, a notice at its address", async () => {
    const p = await open();
    await signIn(p, COURIERS[0]!, PASSWORD);
    expect(await p.getByRole("link", { name: "Dispatch", exact: true }).count()).toBe(0);
    await p.goto(url("/control/dispatch"));
    await p.getByTestId("not-allowed").waitFor();
    expect(await p.getByTestId("not-allowed").innerText()).toMatch(/may not plan the delivery day/);
    expect(await p.getByTestId("run-card").count()).toBe(0);
    await p.context().close();
    expect(errors).toEqual([]);
  });
});
