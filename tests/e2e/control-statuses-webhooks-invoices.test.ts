/**
 * Browser journey through the issue 8 admin screens: a status set by a history entry (icon and
 * colour follow), a back-dated entry and the stale list, the parcel's notification and privacy
 * switches, webhooks with a signed test event to a receiver in this test, and an invoice with
 * its tracking QR code and PDF.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { SETUP_TOKEN } from "../helpers/app.js";
import { DESKTOP, PHONE, launchBrowser, watchErrors } from "../helpers/browser.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { STATUS_CODES } from "../../shared/modules/parcel/status.codes.js";

const ADMIN = { email: "owner@plus-courier.example", password: "plus-pass-1234" };
const CODE = "E2E-PLUS-1";
const COMPANY = "Harbour Line Couriers";
const CONFIRM = "are you sure you want to delete";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site: Site;
let browser: Browser;
let page: Page;
let errors: string[];
let receiver: http.Server;
let hookUrl: string;
const received: Received[] = [];
let secret = "";
let unsubscribeUrl = "";

const url = (p: string) => `${site.url}${p}`;
const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: "visible" });
const submit = () => page.locator("form button[type=submit]").click();
const optionValues = (select: string) => page.locator(`${select} option`).evaluateAll((o) => o.map((x) => (x as unknown as { value: string }).value));
/** A fact of the parcel's page, by the wire field it shows. */
const fact = (name: string) => page.locator(`dd[data-field="${name}"]`);

/** A GraphQL call with the admin's session, from inside the page. */
const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
  page.evaluate(
    async ([q, v]) => {
      const r = await fetch("/graphql", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await r.json()) as { data: unknown; errors?: unknown[] };
    },
    [query, variables] as const,
  ) as Promise<{ data: T; errors?: unknown[] }>;

/** The parcel was registered long ago (as the integration tests do): creation counts as news too. */
function ageParcel(code: string, days: number) {
  if (!site.databaseUrl.startsWith("file:")) throw new Error("the e2e site runs on SQLite");
  const db = new Database(site.databaseUrl.slice("file:".length));
  db.pragma("busy_timeout = 5000");
  const when = new Date(Date.now() - days * 86_400_000).toISOString().replace("Z", "+00:00");
  db.prepare(`UPDATE "Parcel" SET created_at = ? WHERE tracking_code = ?`).run(when, code);
  db.close();
}

/** A local date and time `days` ago at 09:30 in the browser's zone, and the instant it names. */
const localDaysAgo = (days: number) =>
  page.evaluate((n) => {
    const d = new Date(Date.now() - n * 86_400_000);
    d.setHours(9, 30, 0, 0);
    const pad = (x: number) => String(x).padStart(2, "0");
    return { local: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T09:30`, iso: d.toISOString() };
  }, days);

const acceptConfirm = () =>
  page.once("dialog", async (d) => {
    expect(d.message()).toBe(CONFIRM);
    await d.accept();
  });

async function addActivity(
  title: string,
  status: string,
  expectIcon: string,
  expectColor: string,
  opts: { when?: string; color?: string; reason?: string } = {},
) {
  await page.goto(url(`/control/parcels/${CODE}/activities/create`));
  await page.locator("input[name=title]").waitFor();
  await page.fill("input[name=title]", title);
  await page.fill("textarea[name=description]", `${title}.`);
  await page.selectOption("select[name=status_code]", status);
  // The status picks its icon and colour; the admin may still change them.
  expect(await page.inputValue("select[name=icon]")).toBe(expectIcon);
  expect(await page.inputValue("select[name=color]")).toBe(expectColor);
  if (opts.color) await page.selectOption("select[name=color]", opts.color);
  if (opts.reason) await page.fill("input[name=status_reason]", opts.reason);
  if (opts.when) await page.fill("input[name=created_at]", opts.when);
  await submit();
  await page.waitForURL(/\/activities$/);
  await page.getByTestId("activity-row").filter({ hasText: title }).waitFor();
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks/courier`;

  smtp = await startSmtp();
  site = await startSite({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", COMPANY_NAME: COMPANY, WEBHOOK_ALLOW_PRIVATE: "true" });
  browser = await launchBrowser();
  // A zone away from UTC, so the back-dated entry's offset is really converted.
  const ctx = await browser.newContext({ viewport: DESKTOP, timezoneId: "Europe/Berlin", acceptDownloads: true });
  page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);

  const r = await fetch(url("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }", variables: { i: { ...ADMIN, token: SETUP_TOKEN } } }),
  });
  expect(r.status).toBe(200);
});

afterEach(async ({ task }) => {
  const dir = process.env.E2E_SHOTS;
  if (dir && task.result?.state === "fail")
    await page
      .screenshot({ path: `${dir}/control-statuses-webhooks-invoices-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true })
      .catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
  await new Promise((r) => receiver?.close(r));
});

describe("control panel: statuses, stale parcels, switches, webhooks, invoice documents", () => {
  it("signs in; home keeps the six tiles and adds WEBHOOKS, settings link to it", async () => {
    await page.goto(url(`/control/signin.html?email=${encodeURIComponent(ADMIN.email)}`));
    await page.fill("input[name=password]", ADMIN.password);
    await submit();
    await page.waitForURL(/\/control\/index\.html$/);
    for (const tile of ["PARCELS", "REVIEWS", "PAGES", "SEND EMAIL", "SETTINGS", "PASSWORD", "WEBHOOKS"]) {
      await page.getByRole("link", { name: new RegExp(`^${tile}`) }).waitFor();
    }
    await page.goto(url("/control/settings"));
    expect(await page.getByRole("link", { name: /Webhooks/ }).getAttribute("href")).toBe("/control/webhooks/list.html");
  });

  it("creates a parcel and sets its status through a back-dated history entry", async () => {
    await page.goto(url("/control/parcels/create.html"));
    // As an admin replaces the proposed code once it is there: a fill that starts before it arrives can end
    // with the proposal and the typed code run together (the fill selects, the proposal lands, the text goes in).
    await expect.poll(() => page.inputValue("input[name=tracking_code]")).toMatch(/^CR-/);
    await page.fill("input[name=tracking_code]", CODE);
    await page.fill("input[name=recipient_name]", "Ada Obi");
    await page.fill("input[name=destination]", "Lagos, Nigeria");
    await submit();
    await page.waitForURL(/\/control\/parcels\/list\.html$/);
    // The code typed, not the proposed one (a CI run's first try found no parcel under CODE here).
    expect(await page.getByTestId("form-message").textContent()).toBe(`Parcel ${CODE} created`);
    const made = await gql<{ adminParcel: { id: number } }>(`query { adminParcel(trackingCode: "${CODE}") { id } }`);
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined();
    await gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { id } }`, {
      i: { id: made.data.adminParcel.id, recipient_email: "ada@plus.example" },
    });

    await page.goto(url(`/control/parcels/${CODE}/activities/create`));
    await page.locator("select[name=status_code]").waitFor();
    expect(await optionValues("select[name=status_code]")).toEqual(["", ...STATUS_CODES]);
    expect(await page.locator("select[name=status_code] option").first().textContent()).toBe("(none)");
    expect(await page.locator("select[name=status_code] option[value=in_transit]").textContent()).toBe("In transit");
    expect(await page.getAttribute("input[name=created_at]", "type")).toBe("datetime-local");
    await visible("When it happened (Optional)");
    await visible("Status reason (Optional)");

    const tenDays = await localDaysAgo(10);
    await addActivity("Arrived at the Lagos hub", "in_transit", "local_shipping", "green", { when: tenDays.local });
    const row = page.getByTestId("activity-row").filter({ hasText: "Arrived at the Lagos hub" });
    expect(await row.getByTestId("activity-status").textContent()).toBe("In transit");

    // Stored at the instant the admin meant, in the admin's zone.
    const p = await gql<{ adminParcel: { status_code: string; last_event_at: string; history: { created_at: string; icon: string; color: string }[] } }>(
      `query { adminParcel(trackingCode: "${CODE}") { status_code last_event_at history { created_at icon color } } }`,
    );
    expect(p.data.adminParcel.history[0]).toEqual({ created_at: tenDays.iso, icon: "local_shipping", color: "green" });
    expect(p.data.adminParcel.status_code).toBe("in_transit");

    await page.goto(url(`/control/parcels/${CODE}`));
    expect(await page.getByTestId("parcel-status-label").textContent()).toBe("In transit");
  });

  it("lists the quiet parcel on the stale list, and not once there is news", async () => {
    ageParcel(CODE, 12);
    await page.goto(url("/control/parcels/list.html"));
    await page.getByRole("link", { name: "Stale parcels" }).click();
    await page.waitForURL(/\/control\/parcels\/stale\.html$/);
    expect(await page.inputValue("input[name=stale_days]")).toBe("5");
    expect(await page.getAttribute("input[name=stale_days]", "type")).toBe("number");
    const row = page.getByTestId("stale-row").filter({ hasText: CODE });
    await row.waitFor();
    // Ten days ago at 09:30 in Berlin: 9 or 10 whole days, by the time of day now.
    expect(await row.textContent()).toMatch(/^(9|10)\s*days/);
    expect(await row.textContent()).toContain("In transit");

    await page.fill("input[name=stale_days]", "11");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/stale_days=11$/);
    await page.getByTestId("empty-state").getByText("No stale parcels").waitFor();

    await page.fill("input[name=stale_days]", "0");
    await page.getByRole("button", { name: "Show" }).click();
    expect(await page.getByTestId("form-errors").textContent()).toContain("Days without news must be a whole number");

    // News today: the recipient is told (notify_recipient is on by default) and the parcel leaves the list.
    await addActivity("Out for delivery", "out_for_delivery", "departure_board", "green", { color: "gold" });
    const mail = await smtp.waitFor((m) => m.to.includes("ada@plus.example"));
    expect(mailText(mail.raw)).toContain(`Parcel ${CODE}: Out for delivery`);
    const color = await gql<{ adminParcel: { history: { color: string; status_code: string }[] } }>(
      `query { adminParcel(trackingCode: "${CODE}") { history { color status_code } } }`,
    );
    expect(color.data.adminParcel.history.at(-1)).toEqual({ color: "gold", status_code: "out_for_delivery" });
    await page.goto(url("/control/parcels/stale.html"));
    await page.getByTestId("empty-state").getByText("No stale parcels").waitFor();
    // From the List-Unsubscribe header (headers are not quoted-printable).
    unsubscribeUrl = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ""))?.[1] ?? "";
    expect(unsubscribeUrl).toContain(`code=${CODE}`);
  });

  it("edits the parcel's notification and privacy switches and sees them saved", async () => {
    await page.goto(url(`/control/parcels/${CODE}/update`));
    await page.locator("select[name=notify_recipient]").waitFor();
    expect(await optionValues("select[name=notify_recipient]")).toEqual(["true", "false"]);
    expect(await page.inputValue("select[name=notify_recipient]")).toBe("true");
    expect(await page.inputValue("select[name=protect_details]")).toBe("false");
    expect(await page.inputValue("select[name=status_code]")).toBe("out_for_delivery");
    expect(await page.getByTestId("unsubscribed-note").count()).toBe(0);
    // The recipient's language: English until chosen, any of the site's 22 languages.
    expect(await page.inputValue("select[name=recipient_language]")).toBe("");
    expect(await optionValues("select[name=recipient_language]")).toHaveLength(23);
    await page.selectOption("select[name=recipient_language]", "tr");
    await page.selectOption("select[name=notify_recipient]", "false");
    await page.selectOption("select[name=protect_details]", "true");
    await page.fill("input[name=recipient_postcode]", "100001");
    await page.fill("input[name=status_reason]", "With the driver since 08:00");
    await submit();
    await page.waitForURL(new RegExp(`/control/parcels/${CODE}$`));
    await page.getByTestId("form-message").waitFor();
    expect(await fact("notify_recipient").textContent()).toBe("Off");
    expect(await fact("protect_details").textContent()).toBe("Yes");
    expect(await fact("recipient_postcode").textContent()).toBe("100001");
    expect(await fact("status_reason").textContent()).toBe("With the driver since 08:00");
    expect(await fact("recipient_language").textContent()).toBe("Türkçe (tr)");

    // The recipient used the unsubscribe link from the e-mail: the form says so, read-only.
    const link = new URL(unsubscribeUrl);
    const u = await gql<{ unsubscribe: { unsubscribed: boolean } }>(`mutation($i: UnsubscribeInput!) { unsubscribe(input: $i) { unsubscribed } }`, {
      i: { code: link.searchParams.get("code"), token: link.searchParams.get("token") },
    });
    expect(u.errors, `${unsubscribeUrl} ${JSON.stringify(u.errors)}`).toBeUndefined();
    expect(u.data.unsubscribe.unsubscribed).toBe(true);
    await page.goto(url(`/control/parcels/${CODE}/update`));
    await page.getByTestId("unsubscribed-note").waitFor();
    expect(await page.inputValue("select[name=notify_recipient]")).toBe("false");
    expect(await page.inputValue("select[name=protect_details]")).toBe("true");
  });

  it("groups the parcel's page as the tracking page does, the status by its label, in lists too", async () => {
    await page.goto(url(`/control/parcels/${CODE}`));
    expect(await page.getByTestId("parcel-status-label").textContent()).toBe("Out for delivery");
    expect(await page.getByTestId("latest-entry").textContent()).toContain("Out for delivery");
    const headings = await page.locator(".cp-container h2").allTextContents();
    for (const h of ["Status", "Proof of delivery", "Sender and recipient", "Contents and value", "Map", "Notifications and privacy"])
      expect(headings).toContain(h);
    expect(headings.some((h) => /^History \(2\)$/.test(h))).toBe(true);
    // No wire codes on the page a person reads: labels, and dates as the locale writes them.
    const text = await page.locator(".cp-container").innerText();
    expect(text).not.toMatch(/out_for_delivery|in_transit|T\d\d:\d\d/);
    // At 390 px the sections stack, the status first, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    const tops = await Promise.all(["parcel-status", "parcel-proof", "parcel-addresses"].map(async (id) => (await page.getByTestId(id).boundingBox())!.y));
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    await page.goto(url("/control/parcels/list.html"));
    const row = page.getByRole("list", { name: "Parcels" }).locator("li", { hasText: CODE });
    expect(await row.innerText()).toContain("Out for delivery");
    expect(await row.innerText()).not.toContain("out_for_delivery");
  });

  it("confirms a save in view and announced, wherever the form was scrolled, beside its button at 390 px", async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url("/control/rates/cards"));
    await page.fill("input[name=id]", "e2e-toast");
    await page.fill("input[name=name]", "Toast check");
    await page.getByRole("form", { name: "Create a rate card" }).locator("button[type=submit]").click();
    await page.waitForURL(/\/control\/rates\/cards\/e2e-toast$/);
    // The flash of the screen before is a toast too; closed by its button.
    const created = page.getByRole("status").getByTestId("form-message").filter({ hasText: "Rate card created" });
    await created.waitFor();
    await created.getByRole("button", { name: "Close message" }).click();
    await created.waitFor({ state: "detached" });

    const save = page.getByRole("button", { name: "Save rate card" });
    // As a person reaches it: the button at the foot of the screen.
    await save.evaluate((b) => (b as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: "end" }));
    // The form's head (where the message used to appear) is out of view above.
    expect((await page.getByRole("heading", { name: "Grid" }).boundingBox())!.y).toBeLessThan(0);
    await save.click();
    const saved = page.getByRole("status").getByTestId("form-message").filter({ hasText: "Rate card saved" });
    await saved.waitFor();
    const box = (await saved.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const button = (await save.boundingBox())!;
    expect(box.y + box.height <= button.y || button.y + button.height <= box.y).toBe(true);
    await page.setViewportSize(DESKTOP);
  });

  it("registers a webhook, sends a signed test event and sees it in the deliveries log", async () => {
    await page.goto(url("/control/index.html"));
    await page.getByRole("link", { name: /^WEBHOOKS/ }).click();
    await page.waitForURL(/\/control\/webhooks\/list\.html$/);
    await page.getByTestId("empty-state").getByText("No webhooks yet").waitFor();
    await page.getByRole("link", { name: "Add Webhook" }).click();
    await page.waitForURL(/\/control\/webhooks\/create\.html$/);
    expect(await page.getAttribute("input[name=url]", "type")).toBe("url");
    expect(await page.locator("input[type=checkbox][name=events]").evaluateAll((o) => o.map((x) => (x as unknown as { value: string }).value))).toEqual([
      "parcel.created",
      "history.added",
      "status.changed",
      "parcel.delivered",
    ]);
    await page.fill("input[name=url]", "not a url");
    await submit();
    expect(await page.getByTestId("form-errors").textContent()).toContain("URL must be an http or https URL");
    await page.fill("input[name=url]", hookUrl);
    await page.locator("input[name=events][value='parcel.created']").uncheck();
    await submit();
    await page.waitForURL(/\/control\/webhooks\/list\.html$/);
    await page.getByTestId("form-message").waitFor();

    const row = page.getByTestId("webhook-row").filter({ hasText: hookUrl });
    await row.waitFor();
    expect(await row.textContent()).toContain("active");
    expect(await row.textContent()).toContain("status.changed");
    expect(await row.textContent()).not.toContain("parcel.created");
    // The secret is masked until revealed.
    expect(await row.getByTestId("webhook-secret").textContent()).toContain("•");
    await row.getByRole("button", { name: `Show the secret of ${hookUrl}` }).click();
    secret = (await row.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    await row.getByRole("button", { name: "Send test" }).click();
    const result = row.getByTestId("ping-result");
    await result.waitFor();
    expect(await result.textContent()).toContain("HTTP 200");
    expect(await result.textContent()).toContain('{"ok":true}');

    // The receiver checks the signature over the raw body with the hook's secret.
    expect(received).toHaveLength(1);
    const ping = received[0];
    expect(ping.headers["x-courier-event"]).toBe("ping");
    const expected = `sha256=${crypto.createHmac("sha256", secret).update(ping.body).digest("hex")}`;
    expect(ping.headers["x-courier-signature"]).toBe(expected);
    expect(JSON.parse(ping.body)).toMatchObject({ event: "ping" });

    await row.getByRole("link", { name: "Deliveries", exact: true }).click();
    await page.waitForURL(/\/control\/webhooks\/\d+\/deliveries\.html$/);
    const delivery = page.getByTestId("delivery-row").first();
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain("ping");
    expect(await delivery.textContent()).toContain("Delivered");
    expect(await delivery.getByTestId("delivery-response").textContent()).toBe("200");

    // Change the hook's events later from its edit screen.
    await page.goto(url("/control/webhooks/list.html"));
    await page.getByTestId("webhook-row").getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(/\/control\/webhooks\/\d+\/edit\.html$/);
    expect(await page.inputValue("input[name=url]")).toBe(hookUrl);
    expect(await page.locator("input[name=events][value='parcel.created']").isChecked()).toBe(false);
    await page.locator("input[name=events][value='parcel.created']").check();
    await submit();
    await page.waitForURL(/\/control\/webhooks\/list\.html$/);
    const hooks = (await gql<{ webhooks: { events: string[] }[] }>("query { webhooks { events } }")).data.webhooks;
    expect(hooks[0].events).toEqual(["parcel.created", "history.added", "status.changed", "parcel.delivered"]);
  });

  it("delivers the parcel's events to the hook, sends no e-mail with notifications off, then deletes the hook", async () => {
    const mailsBefore = smtp.messages.length;
    await addActivity("Delivered to Ada", "delivered", "check_circle", "green");
    await expect
      .poll(() => received.map((r) => r.headers["x-courier-event"]).sort(), { timeout: 10_000 })
      .toEqual(["history.added", "parcel.delivered", "ping", "status.changed"]);
    for (const r of received) expect(r.headers["x-courier-signature"]).toBe(`sha256=${crypto.createHmac("sha256", secret).update(r.body).digest("hex")}`);

    await page.goto(url("/control/webhooks/list.html"));
    await page.getByTestId("webhook-row").getByRole("link", { name: "Deliveries", exact: true }).click();
    await page.waitForURL(/deliveries\.html$/);
    await expect.poll(() => page.getByTestId("delivery-row").count()).toBe(4);
    expect(smtp.messages.length).toBe(mailsBefore);

    await page.goto(url("/control/webhooks/list.html"));
    acceptConfirm();
    await page.getByRole("button", { name: `Delete webhook ${hookUrl}` }).click();
    await page.getByTestId("webhook-row").waitFor({ state: "detached" });
    await page.getByTestId("empty-state").getByText("No webhooks yet").waitFor();
    expect((await gql<{ webhooks: unknown[] }>("query { webhooks { id } }")).data.webhooks).toEqual([]);
  });

  it("creates an invoice linked to the parcel: contact details, QR code of the tracking link, PDF download, clean print", async () => {
    await page.goto(url("/control/invoice/create.html"));
    await page.fill("input[name=product]", "Air freight, 12.5 kg, London to Lagos");
    await page.fill("input[name=customer_name]", "Ada Obi");
    await page.fill("input[name=tracking_code]", CODE);
    await page.fill("input[name=amount]", "245.5");
    await submit();
    await page.waitForURL(/\/control\/invoice\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const number = await page.getByTestId("invoice-number").textContent();
    expect(number).toMatch(/^INV-\d{6}$/);
    await visible(COMPANY);
    const settings = ((await (await fetch(url("/api/settings"))).json()) as { data: Record<string, string> }).data;
    for (const s of [settings.contact_email, settings.contact_phone, settings.contact_address].filter(Boolean)) await visible(s);

    const qr = page.getByTestId("invoice-qr");
    const img = qr.locator("img");
    await img.waitFor();
    expect(await img.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(await img.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await qr.getByRole("link").getAttribute("href")).toBe(`${site.url}/track.html?code=${CODE}`);

    const link = page.getByRole("link", { name: "Download PDF" });
    expect(await link.getAttribute("href")).toBe(`/api/invoices/${id}/pdf`);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(2000);

    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".cp-topbar").isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Download PDF" }).isVisible()).toBe(false);
    expect(await img.isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });
  });

  it("exports the parcel list as a CSV file that a spreadsheet reads", async () => {
    await page.goto(url("/control/parcels/list.html"));
    const link = page.getByRole("link", { name: "Export CSV" });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^parcels-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0].startsWith("tracking_code,recipient_name,")).toBe(true);
    expect(lines.some((l) => l.startsWith(`${CODE},`))).toBe(true);
  });

  it("had no uncaught errors in the admin's page", () => {
    expect(errors).toEqual([]);
  });
});
