/**
 * Browser journey through the control panel (issue 5): the one-time Create Admin link, sign-in,
 * parcels with map, image and history, pages, reviews, every settings group, Send Email through
 * a real SMTP peer, a password reset with the e-mailed token, a password change and sign-out;
 * then a visitor sees the parcel on /track.html.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { SETUP_TOKEN } from "../helpers/app.js";
import { DESKTOP, PHONE, launchBrowser, networkQuiet, watchErrors } from "../helpers/browser.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { png } from "../fixtures/images.js";
import http from "node:http";
import type { AddressInfo } from "node:net";

const ADMIN_EMAIL = "owner@e2e-courier.example";
const FIRST_PASSWORD = "first-pass-123";
const RESET_PASSWORD = "reset-pass-456";
const FINAL_PASSWORD = "final-pass-789";
const CODE = "E2E-PARCEL-1";
const CONFIRM = "are you sure you want to delete";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site: Site;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let errors: string[];
/** A local peer that answers like Nominatim (the site's GEOCODER_URL), and the words it was asked. */
let geocoder: http.Server;
const geocoderAsked: string[] = [];

const url = (p: string) => `${site.url}${p}`;
const path = () => new URL(page.url()).pathname + new URL(page.url()).search;
const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: "visible" });
const submit = () => page.locator("form button[type=submit]").click();
const success = () => page.getByTestId("form-message").waitFor({ state: "visible" });
/** The browser globals used inside page.evaluate (the test tsconfig has no DOM lib). */
type Win = {
  localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
  getComputedStyle(e: unknown): { height: string };
};
/** A fact of the parcel's page, by the wire field it shows. */
const fact = (field: string) => page.locator(`dd[data-field="${field}"]`);
const parcelAction = (name: string) => page.getByRole("navigation", { name: "Parcel actions" }).getByRole("link", { name });
const optionValues = (select: string) => page.locator(`${select} option`).evaluateAll((o) => o.map((x) => (x as unknown as { value: string }).value));
// The saved flag is written in an effect after the sign-out's render, which can land after the URL changed: poll it.
const savedState = (p: Page) => p.evaluate(() => JSON.parse((globalThis as unknown as Win).localStorage.getItem("state") ?? "{}") as { admin?: boolean });
const settings = async () => ((await (await fetch(url("/api/settings"))).json()) as { data: Record<string, string> }).data;

/** Accepts the next window.confirm after checking its text. */
const acceptConfirm = () =>
  page.once("dialog", async (d) => {
    expect(d.type()).toBe("confirm");
    expect(d.message()).toBe(CONFIRM);
    await d.accept();
  });

async function signIn(password: string) {
  await page.goto(url(`/control/signin.html?email=${encodeURIComponent(ADMIN_EMAIL)}`));
  await visible("Admin Sign In");
  expect(await page.inputValue("input[name=email]")).toBe(ADMIN_EMAIL);
  await page.fill("input[name=password]", password);
  await submit();
  await page.waitForURL(/\/control\/index\.html$/);
}

async function signOut() {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL(/\/control\/signin\.html/);
}

beforeAll(async () => {
  smtp = await startSmtp();
  geocoder = http.createServer((req, res) => {
    const q = new URL(req.url!, "http://peer").searchParams.get("q") ?? "";
    geocoderAsked.push(q);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify([{ lat: "6.4519", lon: "3.3892", display_name: "Marina, Lagos Island, Lagos, Nigeria", address: { country_code: "ng" } }]));
  });
  await new Promise<void>((r) => geocoder.listen(0, "127.0.0.1", r));
  site = await startSite({
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAIN: "true",
    GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
  });
  browser = await launchBrowser();
  ctx = await browser.newContext({ viewport: DESKTOP });
  page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
});

// A failing step leaves a screenshot of the admin's page when E2E_SHOTS names a folder.
afterEach(async ({ task }) => {
  const dir = process.env.E2E_SHOTS;
  if (dir && task.result?.state === "fail")
    await page.screenshot({ path: `${dir}/control-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
  await new Promise((r) => geocoder?.close(r));
});

describe("control panel", () => {
  it("keeps a visitor without a session out of /control", async () => {
    await page.goto(url("/control/parcels/list.html"));
    await page.waitForURL(/\/control\/signin\.html$/);
    await page.goto(url("/control/index.html"));
    await page.waitForURL(/\/control\/signin\.html$/);
    await page.goto(url("/cp"));
    await visible("Admin Sign In");
  });

  it("creates the first admin through the one-time link, once", async () => {
    const contact = (await settings()).contact_email;
    // Without its token the link only says where to find the right one.
    await page.goto(url("/cp/signup"));
    await visible("This link needs its setup token");
    expect(await page.locator("input[name=password]").count()).toBe(0);
    await page.goto(url(`/cp/signup?token=${SETUP_TOKEN}`));
    await visible("THIS LINK CAN ONLY BE USED ONCE");
    // The contact e-mail from settings is proposed.
    await expect.poll(() => page.inputValue("input[name=email]")).toBe(contact);
    expect(await page.getAttribute("input[name=email]", "type")).toBe("email");
    expect(await page.getAttribute("input[name=password]", "type")).toBe("password");
    await page.fill("input[name=email]", ADMIN_EMAIL);
    await page.fill("input[name=password]", FIRST_PASSWORD);
    // The reveal toggle shows and hides the password.
    await page.getByRole("button", { name: "Show Password" }).click();
    expect(await page.getAttribute("input[name=password]", "type")).toBe("text");
    await page.getByRole("button", { name: "Hide Password" }).click();
    expect(await page.getAttribute("input[name=password]", "type")).toBe("password");
    await submit();
    await page.waitForURL(/\/control\/signin\.html\?email=/);
    expect(new URL(page.url()).searchParams.get("email")).toBe(ADMIN_EMAIL);

    await page.goto(url("/control/signup.html"));
    await visible("An admin account already exists");
    expect(await page.locator("input[name=password]").count()).toBe(0);
  });

  it("refuses a wrong password, then signs in and lands on the home tiles", async () => {
    await page.goto(url(`/control/signin.html?email=${encodeURIComponent(ADMIN_EMAIL)}&password=wrong-password`));
    expect(await page.inputValue("input[name=password]")).toBe("wrong-password");
    // Read once, then out of the address (and so of the history) at once; the e-mail stays.
    await expect.poll(() => page.url()).not.toContain("password");
    expect(new URL(page.url()).searchParams.get("email")).toBe(ADMIN_EMAIL);
    await submit();
    await page.getByTestId("form-errors").waitFor();
    expect(path()).toContain("/control/signin.html");

    await signIn(FIRST_PASSWORD);
    for (const tile of ["PARCELS", "REVIEWS", "PAGES", "SEND EMAIL", "SETTINGS", "PASSWORD"]) {
      await page.getByRole("link", { name: new RegExp(`^${tile}`) }).waitFor();
    }
    await visible(/not liable for .*damages, fraud or illegal use/);
    await page.getByRole("link", { name: "CONTROL PANEL" }).waitFor();

    // Guest-only screens send a signed-in admin home.
    for (const p of ["/control/signin.html", "/control/signup.html", "/control/password.html", "/cp", "/cp/signup"]) {
      await page.goto(url(p));
      await page.waitForURL(/\/control\/index\.html$/);
    }
  });

  it("creates a parcel and edits all its fields", async () => {
    await page.getByRole("link", { name: /^PARCELS/ }).click();
    await page.waitForURL(/\/control\/parcels\/list\.html$/);
    await page.getByRole("link", { name: "Add Parcel" }).click();
    await page.waitForURL(/\/control\/parcels\/create\.html$/);

    // An unguessable code is proposed (prefix, 10 characters without look-alikes, a check character).
    await expect.poll(() => page.inputValue("input[name=tracking_code]")).toMatch(/^CR-[2-9A-HJ-NP-TV-Z]{11}$/);
    // Empty submit: the red panel lists one message per field.
    await page.fill("input[name=tracking_code]", "");
    await submit();
    const errs = page.getByTestId("form-errors");
    await errs.waitFor();
    expect(await errs.locator("li").count()).toBe(3);

    expect(await page.getAttribute("input[name=tracking_code]", "maxlength")).toBe("64");
    expect(await page.getAttribute("input[name=recipient_name]", "maxlength")).toBe("300");
    await page.fill("input[name=tracking_code]", CODE);
    await page.fill("input[name=recipient_name]", "Ada Obi");
    await page.fill("input[name=destination]", "Lagos, Nigeria");
    await submit();
    await page.waitForURL(/\/control\/parcels\/list\.html$/);
    await page
      .getByRole("link", { name: new RegExp(CODE) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    // Grouped as the tracking page is: status first, then its sections, each under its heading.
    for (const section of ["parcel-status", "parcel-history", "parcel-map", "parcel-proof", "parcel-addresses", "parcel-contents", "parcel-notices"]) {
      await page.getByTestId(section).getByRole("heading", { level: 2 }).waitFor();
    }
    expect(await fact("recipient_name").textContent()).toBe("Ada Obi");
    const track = page.locator(`a[href="/track.html?code=${CODE}"]`);
    expect(await track.count()).toBe(1);

    await parcelAction("Update Parcel").click();
    await page.waitForURL(/\/update$/);
    await visible("Recipient Email (Optional)");
    expect(await page.getAttribute("input[name=recipient_email]", "type")).toBe("email");
    expect(await page.getAttribute("input[name=weight]", "step")).toBe("any");
    await page.fill("input[name=recipient_email]", "ada@e2e.example");
    await page.fill("input[name=sender_name]", "Harrow & Finch");
    await page.fill("input[name=status]", "In transit");
    await page.fill("input[name=shipped_via]", "Air Freight");
    await page.fill("input[name=weight]", "12.5");
    await page.fill("input[name=declared_value]", "900");
    await page.fill("input[name=min_expected_delivery_date]", "2030-01-02");
    await page.fill("input[name=max_expected_delivery_date]", "2030-01-05");
    // The current coordinates are required only while the map is shown: the labels follow the form's choice.
    const currentLabel = page.locator("label[for]", { has: page.locator(".cp-optional") }).filter({ hasText: /^Map Current Latitude/ });
    expect(await currentLabel.count()).toBe(1);
    await page.selectOption("select[name=show_map]", "yes");
    await expect.poll(() => currentLabel.count()).toBe(0);
    await page.selectOption("select[name=show_map]", "no");
    await expect.poll(() => currentLabel.count()).toBe(1);
    await submit();
    await page.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    await page.getByTestId("parcel-status").getByText("In transit").waitFor();
    expect(await fact("weight").textContent()).toBe("12.5 kg");
    // Money with its currency (the setting's), dates in the reader's locale.
    const currency = ((await (await fetch(url("/api/settings"))).json()) as { data: { currency: string } }).data.currency;
    await expect.poll(() => fact("declared_value").textContent()).toBe(new Intl.NumberFormat("en-US", { style: "currency", currency }).format(900));
    expect(await fact("expected_delivery").locator("time").getAttribute("datetime")).toBe("2030-01-02");
    expect(await fact("expected_delivery").textContent()).toMatch(/Jan.*2.*5.*2030/);
    expect(await fact("sender_name").textContent()).toBe("Harrow & Finch");
  });

  it("sets the parcel's map and image", async () => {
    await parcelAction("Update Map").click();
    await page.waitForURL(/\/update-map$/);
    // No other website: the destination by the address search (the server asks the local geocoder)...
    expect(await page.locator('a[href*="latlong.net"]').count()).toBe(0);
    await page.getByLabel("Find an address or place").fill("Marina, Lagos");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("list", { name: "Places found" })
      .getByRole("button", { name: /Marina, Lagos Island/ })
      .click();
    expect(geocoderAsked).toEqual(["Marina, Lagos"]);
    expect([await page.inputValue("input[name=map_destination_latitude]"), await page.inputValue("input[name=map_destination_longitude]")]).toEqual([
      "6.4519",
      "3.3892",
    ]);
    // ...the pickup by a click on the map.
    await page.getByRole("radio", { name: "Pickup location" }).check();
    const map = page.getByRole("region", { name: "Map: click to place the pickup location" });
    await page.locator(".pp-map.leaflet-container").waitFor();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.8, y: box.height * 0.3 } });
    await expect.poll(() => page.inputValue("input[name=map_pickup_latitude]")).toMatch(/^-?\d+(\.\d+)?$/);
    const pickup = [Number(await page.inputValue("input[name=map_pickup_latitude]")), Number(await page.inputValue("input[name=map_pickup_longitude]"))];
    // North-east of the destination, where the click was.
    expect(pickup[0]).toBeGreaterThan(6.4519);
    expect(pickup[1]).toBeGreaterThan(3.3892);
    await page.locator(".map-pin-pickup").waitFor({ state: "attached" });
    expect(await optionValues("select[name=show_map]")).toEqual(["no", "yes"]);
    await page.selectOption("select[name=show_map]", "yes");
    await page.fill("input[name=map_zoom]", "4");
    const coords: Record<string, string> = {
      map_current_latitude: "9.0765",
      map_current_longitude: "7.3986",
    };
    for (const [name, v] of Object.entries(coords)) {
      expect(await page.getAttribute(`input[name=${name}]`, "type")).toBe("number");
      expect(await page.getAttribute(`input[name=${name}]`, "step")).toBe("any");
      await page.fill(`input[name=${name}]`, v);
    }
    await submit();
    await page.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    for (const label of ["Destination", "Pickup Location", "Current Location"]) {
      await page.locator(".leaflet-marker-icon", { hasText: label }).waitFor({ state: "attached" });
    }
    expect(await page.locator(".leaflet-marker-icon").count()).toBe(3);
    // Saved as placed: the geocoder's point is exact.
    const saved = (await (await page.request.get(url(`/api/parcels?search=${CODE}`))).json()) as {
      data: { data: { map_destination_latitude: number; map_pickup_latitude: number; destination_located: string }[] };
    };
    expect(saved.data.data[0]).toMatchObject({ map_destination_latitude: 6.4519, map_pickup_latitude: pickup[0], destination_located: "exact" });

    await parcelAction("Update Image").click();
    await page.waitForURL(/\/update-image$/);
    expect(await page.getAttribute("input[type=file][name=image]", "accept")).toBe(".jpg,.jpeg,.png");
    await page.setInputFiles("input[name=image]", { name: "parcel.png", mimeType: "image/png", buffer: png(40, 30, [200, 80, 40]) });
    await page.getByRole("button", { name: "Upload" }).click();
    await page.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    const img = page.locator('img[src*="/uploads/images/"]');
    await img.waitFor();
    const src = await img.getAttribute("src");
    const res = await fetch(url(src!));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/png");
  });

  it("adds, edits and deletes history entries", async () => {
    await parcelAction("Update History").click();
    await page.waitForURL(/\/activities$/);
    // An empty history says what it is for and links to the first entry.
    await page.getByTestId("empty-state").getByText("No history yet").waitFor();
    expect(await page.getByTestId("empty-state").getByRole("link", { name: "Add the first entry" }).getAttribute("href")).toMatch(/\/activities\/create$/);

    const add = async (title: string, description: string, iconLabel?: string, color?: string) => {
      await page.getByRole("link", { name: "Add Activity" }).click();
      await page.waitForURL(/\/activities\/create$/);
      // A new activity starts with the plane icon; icons are chosen by their labels.
      expect(await page.inputValue("select[name=icon]")).toBe("airplanemode_active");
      expect(await page.locator("select[name=icon] option:checked").textContent()).toBe("plane");
      const h = await page.locator("textarea[name=description]").evaluate((el) => (globalThis as unknown as Win).getComputedStyle(el).height);
      expect(h).toBe("250px");
      await page.fill("input[name=title]", title);
      await page.fill("textarea[name=description]", description);
      if (iconLabel) await page.selectOption("select[name=icon]", { label: iconLabel });
      if (color) await page.selectOption("select[name=color]", color);
      await submit();
      await page.waitForURL(/\/activities$/);
      await visible(title);
    };
    await add("Picked up in London", "Collected from the sender.", "truck", "green");
    await add("Departed London Heathrow", "On the evening flight to Lagos.");
    await add("Temporary entry", "To be deleted.", "stop", "red");

    // Colours are the wire values.
    await page.getByRole("link", { name: "Edit Picked up in London" }).click();
    await page.waitForURL(/\/activities\/\d+$/);
    expect(await page.inputValue("select[name=icon]")).toBe("local_shipping");
    expect(await optionValues("select[name=color]")).toEqual(["green", "black", "gold", "red"]);
    await page.fill("input[name=title]", "Picked up at the sender in London");
    await page.selectOption("select[name=color]", "gold");
    await submit();
    await page.waitForURL(/\/activities$/);
    await visible("Picked up at the sender in London");

    acceptConfirm();
    await page.getByRole("button", { name: "Delete activity Temporary entry" }).click();
    await page.getByTestId("activity-row").filter({ hasText: "Temporary entry" }).waitFor({ state: "detached" });
    expect(await page.getByTestId("activity-row").count()).toBe(2);
  });

  it("creates, edits and deletes a page", async () => {
    await page.goto(url("/control/pages/list.html"));
    await page.getByRole("link", { name: "Add Page" }).click();
    await page.waitForURL(/\/control\/pages\/create\.html$/);
    expect(await page.inputValue("select[name=icon]")).toBe("people");
    expect(await page.inputValue("select[name=overlay]")).toBe("overlay1");
    expect(await page.inputValue("select[name=hero]")).toBe("hero-mixed");
    for (const d of ["[image=url]", "[video=url]", "[bold=text]", "[underline=text]", "[strikethrough=text]"]) await visible(d);
    await visible("Sub Title (Optional)");
    await page.fill("input[name=title]", "Customs Guide");
    await page.fill("input[name=sub_title]", "What to prepare");
    await page.fill("textarea[name=content]", "[bold=Documents]\nBring the commercial invoice.");
    await page.selectOption("select[name=icon]", "folder");
    await submit();
    await page.waitForURL(/\/control\/pages\/list\.html$/);
    await visible("Customs Guide");
    await visible("/pages/customs-guide");

    await page.goto(url("/control/pages/customs-guide"));
    expect(await page.inputValue("input[name=title]")).toBe("Customs Guide");
    expect(await page.inputValue("select[name=icon]")).toBe("folder");
    await page.fill("input[name=title]", "Customs Guide 2030");
    await submit();
    await page.waitForURL(/\/control\/pages\/list\.html$/);
    await visible("Customs Guide 2030");

    const row = page.locator("li", { hasText: "Customs Guide 2030" });
    acceptConfirm();
    await page.getByRole("button", { name: "Delete page Customs Guide 2030" }).click();
    await row.waitFor({ state: "detached" });

    await page.goto(url("/control/pages/customs-guide"));
    await visible("Not Found");
  });

  it("creates and deletes a review", async () => {
    await page.goto(url("/control/reviews/list.html"));
    await page.getByRole("link", { name: "Add Review" }).click();
    await page.waitForURL(/\/control\/reviews\/create\.html$/);
    await page.fill("input[name=name]", "Kemi Adeyemi");
    await page.fill("textarea[name=review]", "Fast and careful, my parcel arrived a day early.");
    await page.setInputFiles("input[name=image]", { name: "kemi.png", mimeType: "image/png", buffer: png(16, 16, [20, 160, 90]) });
    await submit();
    await page.waitForURL(/\/control\/reviews\/list\.html$/);
    const row = page.locator("li", { hasText: "Kemi Adeyemi" });
    await row.waitFor();
    expect(await row.locator("img").getAttribute("src")).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.png$/);

    acceptConfirm();
    await page.getByRole("button", { name: "Delete review by Kemi Adeyemi" }).click();
    await row.waitFor({ state: "detached" });
  });

  it("pages the parcel list and shows a failed delete as a toast", async () => {
    // 20 more parcels through the admin's own session, so the list has a second page.
    const made = await page.evaluate(async () => {
      const ids: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const r = await fetch("/graphql", {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            query: "mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }",
            variables: { i: { tracking_code: `BULK-${i}`, recipient_name: `Bulk ${i}`, destination: "Abuja" } },
          }),
        });
        ids.push(((await r.json()) as { data: { createParcel: { id: number } } }).data.createParcel.id);
      }
      return ids;
    });
    expect(made).toHaveLength(20);

    await page.goto(url("/control/parcels/list.html"));
    await page.locator(".cp-add-tip").waitFor({ state: "attached" });
    // The add-button hint closes after 1 s.
    await page.locator(".cp-add-tip").waitFor({ state: "detached", timeout: 2500 });
    const rows = page.getByRole("list", { name: "Parcels" }).locator("li");
    await page.getByRole("button", { name: "next page" }).waitFor();
    expect(await rows.count()).toBe(20);
    await page.getByRole("button", { name: "next page" }).click();
    // Page 2 is appended below page 1 (the demo parcels plus ours make 25 or more).
    await expect.poll(() => rows.count()).toBeGreaterThan(20);
    expect(await rows.first().textContent()).toContain("BULK-20");

    // Deleted elsewhere in the meantime: the UI's delete fails and says so for 10 s.
    await page.evaluate(async (id) => {
      await fetch("/graphql", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "mutation($id: Int!) { deleteParcel(id: $id) }", variables: { id } }),
      });
    }, made[0]);
    acceptConfirm();
    await page.getByRole("button", { name: "Delete parcel BULK-1", exact: true }).click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.textContent()).toContain("not found");
    await expect.poll(() => rows.filter({ has: page.getByText("BULK-1", { exact: true }) }).count()).toBe(0);

    // A confirmed delete removes the row; a dismissed one keeps it.
    const dismissed = new Promise<void>((r) => page.once("dialog", (d) => void d.dismiss().then(r)));
    await page.getByRole("button", { name: "Delete parcel BULK-2", exact: true }).click();
    // Dismissed, and whatever the screen would send after it has been sent.
    await dismissed;
    await networkQuiet(page);
    expect(await rows.filter({ has: page.getByText("BULK-2", { exact: true }) }).count()).toBe(1);
    acceptConfirm();
    await page.getByRole("button", { name: "Delete parcel BULK-2", exact: true }).click();
    await expect.poll(() => rows.filter({ has: page.getByText("BULK-2", { exact: true }) }).count()).toBe(0);

    // Scrolled down the long list, a parcel's detail opens at the top (every page change starts at the top).
    // The second time the detail comes from the cache, at full length at once, so only the reset puts it at the top.
    const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
    const href = await rows.nth(19).locator("a").first().getAttribute("href");
    for (let visit = 0; visit < 2; visit++) {
      if (visit) {
        await page
          .getByRole("link", { name: /^Parcels$/ })
          .first()
          .click();
        await page.waitForURL(/\/control\/parcels\/list\.html$/);
      }
      const link = page.locator(`a[href="${href}"]`).first();
      await link.scrollIntoViewIfNeeded();
      expect(await scrollY()).toBeGreaterThan(100);
      await link.click();
      await page.waitForURL((u) => u.pathname === href);
      await page.getByTestId("parcel-status").waitFor();
      await expect.poll(scrollY).toBe(0);
    }
  });

  it("changes every settings group", async () => {
    await page.goto(url("/control/settings"));
    for (const item of ["General", "Contact Info", "Mail Settings", "Html Settings"]) await visible(item);

    // The company's language: each language by its own name, saved and shown again after a reload; a first-time
    // visitor's page names it (the public site's and the server's fallback), then back to English for the rest.
    await page.getByRole("link", { name: /General/ }).click();
    await page.waitForURL(/\/control\/settings\/general$/);
    await page.locator("select[name=language]").waitFor();
    expect(await page.inputValue("select[name=language]")).toBe("en");
    expect(await page.locator("select[name=language] option[value=de]").innerText()).toBe("Deutsch");
    expect(await page.locator("select[name=language] option[value=ar]").innerText()).toBe("العربية");
    await page.selectOption("select[name=language]", "de");
    await submit();
    await success();
    await page.reload();
    await page.locator("select[name=language]").waitFor();
    expect(await page.inputValue("select[name=language]")).toBe("de");
    expect(await (await fetch(url("/"))).text()).toContain('<meta name="company-language" content="de">');
    await page.selectOption("select[name=language]", "en");
    await submit();
    await success();
    expect(await (await fetch(url("/"))).text()).toContain('<meta name="company-language" content="en">');

    await page.goto(url("/control/settings"));
    await page.getByRole("link", { name: /Contact Info/ }).click();
    await page.waitForURL(/\/control\/settings\/contact$/);
    await visible("Contact Phone (Optional)");
    await page.fill("input[name=contact_email]", "");
    await submit();
    await page.getByTestId("form-errors").waitFor();
    await page.fill("input[name=contact_email]", "ops@e2e-courier.example");
    await page.fill("input[name=contact_phone]", "+234 800 000 0000");
    await page.fill("input[name=contact_address]", "1 Marina, Lagos");
    // One company name everywhere: the header follows the save at once, and every page after.
    await page.fill("input[name=company_name]", "Lagoon Express");
    await submit();
    await success();
    expect((await settings()).contact_phone).toBe("+234 800 000 0000");
    expect(await page.getByTestId("company-name").innerText()).toBe("Lagoon Express");

    await page.goto(url("/control/settings/mail"));
    await page.locator("select[name=mail_template]").waitFor();
    expect(await optionValues("select[name=mail_template]")).toEqual(["plain", "html1", "html2", "html3", "html4"]);
    await page.selectOption("select[name=mail_driver]", "smtp");
    await page.selectOption("select[name=mail_template]", "html2");
    // The test peer speaks plain SMTP: the owner allows it, warned that the password then travels in clear.
    expect(await page.getByTestId("smtp-plain-warning").count()).toBe(0);
    await page.check("input[name=smtp_allow_plain]");
    expect(await page.getByTestId("smtp-plain-warning").textContent()).toContain("travel in clear");
    await submit();
    await success();
    await page.reload();
    await page.locator("input[name=smtp_allow_plain]").waitFor();
    expect(await page.isChecked("input[name=smtp_allow_plain]")).toBe(true);

    await page.goto(url("/control/settings/html"));
    await page.locator("input[name=meta_description]").waitFor();
    await page.fill("input[name=meta_description]", "Parcels by air, sea and road from Lagos.");
    await page.fill("textarea[name=chat_code]", "<!-- chat widget -->");
    const reloaded = page.waitForEvent("load");
    await submit();
    await reloaded;
    await success();
    expect(await page.inputValue("input[name=meta_description]")).toBe("Parcels by air, sea and road from Lagos.");
  });

  it("links Dispatch's missing depot to Delivery day, where a click on the map places it; saved, it is there after a reload", async () => {
    await page.goto(url("/control/dispatch"));
    await page
      .getByTestId("no-depot")
      .getByRole("link", { name: /Delivery day/ })
      .click();
    await page.waitForURL(/\/control\/settings\/delivery-day$/);
    // Two forms on the screen: the delivery day's and the cash on delivery card's, each with its own button.
    const saveDay = page.getByRole("button", { name: "Save", exact: true });
    expect(await page.getByTestId("company-name").innerText()).toBe("Lagoon Express");
    await page.locator(".cp-depot-map.leaflet-container").waitFor();
    expect(await page.inputValue("input[name=depot_latitude]")).toBe("");
    // A click north-east of the world view's centre: a place with both coordinates, and the marker on it.
    await page.getByTestId("depot-map").click({ position: { x: 260, y: 120 } });
    await page.locator(".cp-depot-pin").waitFor();
    const lat = Number(await page.inputValue("input[name=depot_latitude]"));
    const lng = Number(await page.inputValue("input[name=depot_longitude]"));
    expect(Math.abs(lat)).toBeGreaterThan(0);
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    // A value out of range is refused naming the field as labelled, with its range and unit.
    await page.fill("input[name=courier_speed_kmh]", "500");
    await saveDay.click();
    expect(await page.getByTestId("form-errors").innerText()).toContain("Courier speed (km/h) must be a number from 1 to 200 km/h");
    expect(await page.getAttribute("input[name=courier_speed_kmh]", "aria-invalid")).toBe("true");
    await page.fill("input[name=courier_speed_kmh]", "30");
    await page.fill("input[name=delivery_window_minutes]", "45");
    await saveDay.click();
    await page.getByTestId("form-message").filter({ hasText: "Delivery day settings saved" }).waitFor();
    await page.reload();
    await page.locator("input[name=depot_latitude]").waitFor();
    expect([await page.inputValue("input[name=depot_latitude]"), await page.inputValue("input[name=depot_longitude]")]).toEqual([String(lat), String(lng)]);
    expect([await page.inputValue("input[name=courier_speed_kmh]"), await page.inputValue("input[name=delivery_window_minutes]")]).toEqual(["30", "45"]);
    await page.locator(".cp-depot-pin").waitFor();
    // Cash on delivery, typed in the site's currency: refusals name the field as labelled; saved as whole cents.
    const cod = page.locator("form", { has: page.getByRole("button", { name: "Save cash on delivery" }) });
    await cod.getByLabel("Most to collect on a parcel").fill("12,3456");
    await cod.getByLabel("Cash a courier may hold").fill("");
    await cod.getByRole("button", { name: "Save cash on delivery" }).click();
    const codErrors = await cod.getByTestId("form-errors").innerText();
    expect(codErrors).toContain("Most to collect on a parcel must be an amount in");
    expect(codErrors).toContain("Cash a courier may hold is required.");
    await cod.getByLabel("Most to collect on a parcel").fill("2000000");
    await cod.getByLabel("Cash a courier may hold").fill("1500.50");
    await cod.getByRole("button", { name: "Save cash on delivery" }).click();
    expect(await cod.getByTestId("form-errors").innerText()).toMatch(/Most to collect on a parcel must be from .*1 to .*1,000,000/);
    await cod.getByLabel("Most to collect on a parcel").fill("250");
    await cod.getByRole("button", { name: "Save cash on delivery" }).click();
    await page.getByTestId("form-message").filter({ hasText: "Cash on delivery settings saved" }).waitFor();
    const saved = ((await (await page.request.get(url("/api/settings"))).json()) as { data: { cod_max: number; courier_cash_limit: number; currency: string } })
      .data;
    expect([saved.cod_max, saved.courier_cash_limit]).toEqual([25_000, 150_050]);
    await page.reload();
    expect(await page.getByLabel("Most to collect on a parcel").inputValue()).toBe("250.00");
    // Dispatch has its depot now.
    await page.goto(url("/control/dispatch"));
    await page.locator(".dp-depot").waitFor();
    expect(await page.getByTestId("no-depot").count()).toBe(0);
  });

  it("sends an e-mail that the SMTP peer receives, and lists it in the outbox", async () => {
    await page.goto(url("/control/email/send.html"));
    await page.getByTestId("mail-driver").waitFor();
    expect(await page.getByTestId("mail-driver").textContent()).toBe("smtp");
    expect(await page.getByTestId("mail-template").textContent()).toBe("html2");
    expect(await page.getByTestId("mail-sender").textContent()).toBe("ops@e2e-courier.example");
    await page.getByRole("link", { name: "Change the mail settings" }).waitFor();
    expect(await page.getByLabel("Password (Your Email Password)", { exact: true }).getAttribute("name")).toBe("password");
    await page.fill("input[name=to]", "customer@e2e.example");
    await page.fill("input[name=subject]", "Your shipment E2E-PARCEL-1");
    await page.fill("textarea[name=body]", "Your parcel left London today.");
    await page.fill("input[name=password]", "mailbox-secret");
    await page.getByRole("button", { name: "Send" }).click();
    await success();
    const mail = await smtp.waitFor((m) => m.to.includes("customer@e2e.example"));
    expect(mail.user).toBe("ops@e2e-courier.example");
    expect(mail.pass).toBe("mailbox-secret");
    expect(mailText(mail.raw)).toContain("Your parcel left London today.");

    await page.getByRole("link", { name: "Outbox" }).click();
    await page.waitForURL(/\/control\/email\/outbox\.html$/);
    const row = page.getByTestId("outbox").locator("tr", { hasText: "Your shipment E2E-PARCEL-1" });
    await row.waitFor();
    expect(await row.textContent()).toContain("delivered");
    expect(await row.textContent()).toContain("customer@e2e.example");
  });

  it("creates a printable invoice", async () => {
    await page.goto(url("/control/invoice/create.html"));
    await page.fill("input[name=product]", "Air freight, 12.5 kg, London to Lagos");
    await page.fill("input[name=customer_name]", "Ada Obi");
    await page.fill("input[name=tracking_code]", CODE);
    await page.fill("input[name=amount]", "245.5");
    await submit();
    await page.waitForURL(/\/control\/invoice\/\d+$/);
    expect(await page.getByTestId("invoice-number").textContent()).toMatch(/^INV-\d+/);
    await visible("Air freight, 12.5 kg, London to Lagos");
    await visible("1 Marina, Lagos");
    await page.getByRole("button", { name: "Print" }).waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".cp-topbar").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
  });

  it("resets a forgotten password with the e-mailed token", async () => {
    await signOut();
    await page.goto(url("/control/password.html"));
    await page.fill("input[name=email]", ADMIN_EMAIL);
    await submit();
    await page.locator("input[name=password_token]").waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL));
    const token = /Your token: (\S+)/.exec(mailText(mail.raw))?.[1];
    expect(token).toBeTruthy();

    // The e-mailed link pre-fills step 2.
    await page.goto(url(`/control/password.html?email=${encodeURIComponent(ADMIN_EMAIL)}&token=${encodeURIComponent(token!)}`));
    expect(await page.inputValue("input[name=password_token]")).toBe(token);
    await page.fill("input[name=new_password]", RESET_PASSWORD);
    await page.fill("input[name=confirm_new_password]", RESET_PASSWORD);
    await submit();
    await page.waitForURL(/\/control\/signin\.html\?email=/);
    await success();
    await signIn(RESET_PASSWORD);
  });

  it("changes the password, signs out and is kept out of /control", async () => {
    // A second device signed in with the same account; changing the password ends its session.
    const phone = await browser.newContext({ viewport: PHONE });
    const p2 = await phone.newPage();
    await p2.goto(url(`/control/signin.html?email=${encodeURIComponent(ADMIN_EMAIL)}`));
    await p2.fill("input[name=password]", RESET_PASSWORD);
    await p2.locator("form button[type=submit]").click();
    await p2.waitForURL(/\/control\/index\.html$/);

    await page.goto(url("/control/account/index.html"));
    await page.getByRole("link", { name: "Change Password" }).click();
    await page.waitForURL(/\/control\/account\/password\.html$/);
    await page.fill("input[name=password]", RESET_PASSWORD);
    await page.fill("input[name=new_password]", FINAL_PASSWORD);
    await page.fill("input[name=confirm_new_password]", FINAL_PASSWORD);
    await page.getByRole("button", { name: "Update" }).click();
    await success();

    // The other device's next call answers UNAUTHENTICATED: it is signed out and sent to sign-in.
    await p2.getByRole("link", { name: /^PARCELS/ }).click();
    await p2.waitForURL(/\/control\/signin\.html$/);
    await expect.poll(async () => (await savedState(p2)).admin).toBe(false);
    await phone.close();

    await signOut();
    await expect.poll(async () => (await savedState(page)).admin).toBe(false);
    for (const p of ["/control/index.html", "/control/parcels/list.html", `/control/parcels/${CODE}`, "/control/settings"]) {
      await page.goto(url(p));
      await page.waitForURL(/\/control\/signin\.html$/);
    }
    await signIn(FINAL_PASSWORD);
    await signOut();
  });

  it("signs out a client whose saved admin flag outlived its session", async () => {
    const other = await browser.newContext({ viewport: PHONE });
    const p = await other.newPage();
    // The persisted flag says admin, the server has no session.
    await p.goto(url("/"));
    await p.evaluate(() => (globalThis as unknown as Win).localStorage.setItem("state", JSON.stringify({ theme: "DARK", admin: true })));
    await p.goto(url("/control/parcels/list.html"));
    await p.waitForURL(/\/control\/signin\.html$/);
    await expect.poll(async () => (await savedState(p)).admin).toBe(false);
    await other.close();
  });

  it("shows a visitor the parcel's history, image and three markers on /track.html", async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const v = await visitor.newPage();
    const visitorErrors = watchErrors(v);
    await v.goto(url(`/track.html?code=${CODE}`));
    await v.getByText("Picked up at the sender in London").first().waitFor();
    await v.getByText("Departed London Heathrow").first().waitFor();
    const img = v.locator('img[src*="/uploads/images/"]');
    await img.waitFor({ state: "attached" });
    // The map (and Leaflet) loads as it nears the viewport.
    await v.locator(".parcel-map").scrollIntoViewIfNeeded();
    for (const label of ["Destination", "Pickup Location", "Current Location"]) {
      await v.locator(".leaflet-marker-icon", { hasText: label }).waitFor({ state: "attached" });
    }
    expect(await v.locator(".leaflet-marker-icon").count()).toBe(3);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });

  it("had no uncaught errors in the admin's page", () => {
    expect(errors).toEqual([]);
  });
});
