/**
 * Messages to recipients in the browser (issue 37, contract section 13): the owner turns SMS on in Settings, orders
 * the channels with the keyboard and buttons, saves and reloads, and sends a test message (SMS_PROVIDER=log: it is
 * kept and shown in Messages); a status change makes a message the Messages list shows with its provider history;
 * on the tracking page, while the privacy tier is locked, neither the chooser nor the cash on delivery shows, and
 * once unlocked the recipient sees the amount due and chooses WhatsApp and SMS in German, which the staff API then
 * has. In German no English word of these screens shows; in Arabic they are right to left and fit 390 px.
 * axe finds nothing on any of them. With E2E_SHOTS=<dir> the screens are saved at 390 px and desktop, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, overflow, screenshot, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import { axeViolations } from "../helpers/axe.js";
import type { Client } from "../helpers/http.js";
import { ok } from "../fixtures/rest.js";

const SHOTS = process.env.E2E_SHOTS;
const POSTCODE = "1011 AB";
let site: Site;
let browser: Browser;
let owner: Client;
/** The site's currency (settings), the one of every amount. */
let currency = "EUR";
const errors: string[] = [];
const url = (p: string) => site.url + p;

async function page(opts: { desktop?: boolean; dark?: boolean; lang?: string; staff?: boolean } = {}): Promise<Page> {
  const ctx = await openContext(browser, site.url, { ...opts, who: opts.staff === false ? undefined : owner });
  const p = await ctx.newPage();
  p.setDefaultTimeout(20_000);
  errors.push(...watchErrors(p));
  return p;
}
async function noAxe(p: Page, where: string) {
  expect(await axeViolations(p), where).toEqual([]);
}
async function parcel(code: string, extra: Record<string, unknown> = {}) {
  return ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: "Jana Novak",
      destination: "Keizersgracht 1, Amsterdam",
      recipient_phone_number: "+31612345678",
      ...extra,
    }),
    201,
  ) as { id: number };
}
/** The messages of a parcel as the staff API lists them, once `done` holds for them (the worker sends within seconds). */
async function messagesOf(code: string, done: (m: { status: string }[]) => boolean) {
  const end = Date.now() + 20_000;
  for (;;) {
    const list = ok(await owner.get(`/api/messages?tracking_code=${code}`)).data as { id: number; status: string; channel: string; to: string }[];
    if (done(list) || Date.now() > end) return list;
    await new Promise((r) => setTimeout(r, 300));
  }
}
/** An amount in the site's currency as the language writes it (Intl, as the page formats it). */
const money = (lng: string, n: number) => new Intl.NumberFormat(lng, { style: "currency", currency }).format(n);
/** A parcel as the staff API lists it (GET /api/parcels?search=: every field, the recipient's choice too). */
async function staffParcel(code: string) {
  const list = ok(await owner.get(`/api/parcels?search=${code}`)).data as { tracking_code: string }[];
  return list.find((p) => p.tracking_code === code);
}
const setLanguage = async (language: string) => ok(await owner.patch("/api/admins/auth/update/profile", { language }));

beforeAll(async () => {
  site = await startSite({ SMS_PROVIDER: "log", RATE_LIMIT_VERIFY: "1000", RATE_LIMIT_VERIFY_PARCEL: "1000", MESSAGE_POLL_MS: "500" });
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
  currency = ok(await owner.get("/api/settings")).currency as string;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  expect(errors).toEqual([]);
});

describe("Messages settings", () => {
  it("turns SMS on, orders the channels by keyboard and buttons, refuses a bad limit, saves, and keeps it after a reload", async () => {
    const p = await page({ desktop: true });
    await p.goto(url("/control/settings"));
    await p.locator("a[href='/control/settings/messages']").click();
    await p.waitForURL(/\/control\/settings\/messages$/);
    // The providers as the server has them: SMS_PROVIDER=log is ready, WhatsApp has none.
    await expect.poll(() => p.getByTestId("provider-sms").innerText()).toMatch(/Ready.*Log only/s);
    expect(await p.getByTestId("provider-whatsapp").innerText()).toMatch(/Not ready.*None/s);
    const order = () => p.locator("[data-testid=channel-order] [data-channel]").evaluateAll((els) => els.map((e) => e.getAttribute("data-channel")));
    expect(await order()).toEqual(["whatsapp", "sms", "email"]);

    await p.locator("input[name=sms_enabled]").check();
    await p.getByRole("button", { name: "Move SMS up" }).click();
    expect(await order()).toEqual(["sms", "whatsapp", "email"]);
    // The keyboard: Alt+ArrowUp on E-mail's button moves it, and the focus stays with E-mail.
    await p.getByRole("button", { name: "Move E-mail up" }).focus();
    await p.keyboard.press("Alt+ArrowUp");
    expect(await order()).toEqual(["sms", "email", "whatsapp"]);
    expect(await p.evaluate("document.activeElement?.closest('[data-channel]')?.getAttribute('data-channel')")).toBe("email");
    expect(await p.locator("[aria-live=polite]").filter({ hasText: "E-mail is now number 2 of 3" }).count()).toBe(1);

    // A limit the server refuses is told with the field's label, and nothing is saved.
    await p.getByLabel("Daily SMS limit").fill("-4");
    await p.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => p.getByTestId("form-errors").innerText()).toContain("Daily SMS limit must be a whole number from 0 to 1,000,000");
    expect(ok(await owner.get("/api/settings")).sms_enabled).toBe(false);

    await p.getByLabel("Daily SMS limit").fill("250");
    await p.getByLabel("Status template").fill("parcel_status_v2");
    await p.getByLabel("Webhook verify token").fill("my-verify-token");
    await p.getByRole("button", { name: "Save" }).click();
    await p.getByText("Message settings saved").waitFor();
    const saved = ok(await owner.get("/api/settings"));
    expect(saved).toMatchObject({
      sms_enabled: true,
      whatsapp_enabled: false,
      channel_order: ["sms", "email", "whatsapp"],
      sms_daily_limit: 250,
      whatsapp_template_status: "parcel_status_v2",
      whatsapp_verify_token: "my-verify-token",
      message_providers: { sms: "log", sms_ready: true, whatsapp: "none", whatsapp_ready: false },
    });

    await p.reload();
    await p.getByLabel("Daily SMS limit").waitFor();
    expect(await p.locator("input[name=sms_enabled]").isChecked()).toBe(true);
    expect(await p.locator("input[name=whatsapp_enabled]").isChecked()).toBe(false);
    expect(await order()).toEqual(["sms", "email", "whatsapp"]);
    expect(await p.getByLabel("Daily SMS limit").inputValue()).toBe("250");
    expect(await p.getByLabel("Status template").inputValue()).toBe("parcel_status_v2");
    await noAxe(p, "messages settings");
    await screenshot(p, SHOTS, "messages-settings-desktop-light");
    await p.context().close();
  });

  it("sends a test message to a typed number and shows its fate, then the message in Messages", async () => {
    const p = await page({ desktop: true });
    await p.goto(url("/control/settings/messages"));
    await p.getByLabel("Send to").fill("not a number");
    await p.getByRole("button", { name: "Send test message" }).click();
    await expect
      .poll(() => p.locator("form[aria-label='Send a test message'] [data-testid=form-errors]").innerText())
      .toMatch(/Send to must be a phone number/);
    await p.getByLabel("Send to").fill("+31 6 1234 5670");
    await p.getByRole("button", { name: "Send test message" }).click();
    const result = p.getByTestId("test-result");
    await expect.poll(() => result.innerText(), { timeout: 20_000 }).toMatch(/Test message \d+ \(SMS to \+31612345670\): sent\./);
    const id = Number(/Test message (\d+)/.exec(await result.innerText())![1]);
    await noAxe(p, "test message result");
    await result.getByRole("link", { name: "See it in Messages" }).click();
    await p.waitForURL(new RegExp(`/control/messages\\?open=${id}$`));
    const detail = p.getByTestId("message-detail");
    await expect.poll(() => detail.innerText()).toContain(`Message ${id}`);
    expect(await detail.innerText()).toMatch(/Sent to\s+\+31612345670/);
    expect(await detail.getByTestId("message-history").innerText()).toMatch(/SMS\s*Sent\s*log-/);
    await p.context().close();
  });
});

describe("Messages list", () => {
  it("shows a status change's message with its provider history, filtered by code, channel and status in the address", async () => {
    const code = "MSG-UI-1";
    const { id } = await parcel(code);
    ok(await owner.post("/api/activities", { parcel_id: id, title: "On its way", description: "Left the depot.", status_code: "in_transit" }), 201);
    // Its creation's first status and the status change: each an event of its own, sent once on SMS (the order's first).
    const sent = await messagesOf(code, (l) => l.length > 0 && l.every((m) => m.status === "sent"));
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(m).toMatchObject({ channel: "sms", status: "sent", to: "+31612345678" });
    // GraphQL's trackingCode filters as REST's tracking_code does (the screen asks through GraphQL).
    const g = await owner.gql(`query($c: String) { messages(trackingCode: $c) { total data { tracking_code } } }`, { c: code.toLowerCase() });
    expect(g.data.messages.total).toBe(sent.length);
    expect(new Set(g.data.messages.data.map((m: { tracking_code: string }) => m.tracking_code))).toEqual(new Set([code]));
    expect((await owner.gql(`query { messages(trackingCode: "${"x".repeat(101)}") { total } }`)).errors?.[0]?.message).toMatch(/tracking_code/);

    for (const view of [
      { desktop: true, dark: false, name: "desktop-light" },
      { desktop: true, dark: true, name: "desktop-dark" },
      { desktop: false, dark: false, name: "390-light" },
      { desktop: false, dark: true, name: "390-dark" },
    ]) {
      const p = await page(view);
      await p.goto(url("/control/index.html"));
      if (!view.desktop) await p.getByRole("button", { name: "Open the sections menu" }).click();
      await p.getByRole("navigation", { name: "Control panel sections" }).getByRole("link", { name: "Messages" }).click();
      await p.waitForURL(/\/control\/messages$/);
      await p.getByLabel("Tracking code").fill(code.toLowerCase());
      await p.getByRole("button", { name: "Filter" }).click();
      await p.waitForURL(/tracking_code=msg-ui-1/);
      // As many rows as the staff API lists for the code (read again: the list is the server's, not this test's count).
      await expect.poll(async () => (await p.getByTestId("message-row").count()) === (await messagesOf(code, () => true)).length).toBe(true);
      const row = p.getByTestId("message-row").first();
      expect(await row.innerText()).toMatch(/MSG-UI-1[\s\S]*SMS[\s\S]*\+31612345678[\s\S]*Sent/);
      await row.getByRole("button", { name: "Details" }).click();
      await p.waitForURL(/open=\d+/);
      const detail = p.getByTestId("message-detail");
      expect(await detail.innerText()).toMatch(/SMS segments\s+1/);
      // The SMS text as sent: the company, the sentence with the code, the tracking link.
      expect(await detail.innerText()).toMatch(/MSG-UI-1[\s\S]*\/track\.html\?code=MSG-UI-1/);
      expect(await detail.getByTestId("message-history").innerText()).toMatch(/SMS\s*Sent\s*log-/);
      await noAxe(p, `messages ${view.name}`);
      expect((await overflow(p)).px, view.name).toBe(0);
      await screenshot(p, SHOTS, `messages-${view.name}`);
      if (view.name === "desktop-light") {
        // Another channel: nothing, and the address keeps both filters; the status filter too.
        await p.getByLabel("Channel").selectOption("whatsapp");
        await p.getByRole("button", { name: "Filter" }).click();
        await p.waitForURL(/channel=whatsapp/);
        expect(p.url()).toContain("tracking_code=msg-ui-1");
        await p.getByTestId("empty-state").waitFor();
        await p.getByLabel("Channel").selectOption("");
        await p.getByLabel("Status").selectOption("sent");
        await p.getByRole("button", { name: "Filter" }).click();
        await p.waitForURL(/status=sent/);
        const count = (await messagesOf(code, () => true)).length;
        await expect.poll(() => p.getByTestId("message-row").count()).toBe(count);
        await p.reload();
        await expect.poll(() => p.getByTestId("message-row").count()).toBe(count);
        expect(await p.getByLabel("Status").inputValue()).toBe("sent");
      }
      await p.context().close();
    }
  });
});

describe("the recipient's choice on the tracking page", () => {
  const code = "MSG-UI-2";
  beforeAll(async () => {
    await parcel(code, { protect_details: true, recipient_postcode: POSTCODE, cod_amount: 1250 });
  });

  it("shows neither the chooser nor the cash due while locked; once unlocked, the amount and the chooser, whose choice the server keeps", async () => {
    // What the public view must not show: the API leaves cod_due out under the privacy tier.
    const locked = await owner.gql(`query($c: String!) { parcel(trackingCode: $c) { details_protected cod_due { amount } } }`, { c: code });
    expect(locked.data.parcel).toEqual({ details_protected: true, cod_due: null });

    const p = await page({ staff: false });
    const scripts: string[] = [];
    p.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await p.goto(url(`/track.html?code=${code}`));
    await p.locator("#parcel-code").waitFor();
    await p.getByLabel("Recipient's postcode or e-mail").waitFor();
    expect(await p.getByTestId("cod-due").count()).toBe(0);
    expect(await p.getByTestId("message-chooser").count()).toBe(0);
    expect(await p.getByTestId("messages-open").count()).toBe(0);
    expect(await p.locator("body").innerText()).not.toMatch(/Cash on delivery|12\.50/);
    // The chooser's chunk is not part of the page until it is unlocked.
    expect(scripts.filter((s) => /MessageChooser/.test(s))).toEqual([]);

    await p.getByLabel("Recipient's postcode or e-mail").fill(POSTCODE);
    await p.getByRole("button", { name: "Show details" }).click();
    const due = p.getByTestId("cod-due");
    await expect.poll(() => due.innerText()).toBe(`Cash on delivery: ${money("en", 12.5)} — please have it ready`);
    const chooser = p.getByTestId("message-chooser");
    await chooser.getByLabel("E-mail", { exact: true }).waitFor();
    expect(scripts.some((s) => /MessageChooser/.test(s))).toBe(true);
    // Nothing chosen yet: every channel ticked, the page's language.
    for (const c of ["WhatsApp", "SMS", "E-mail"]) expect(await chooser.getByLabel(c, { exact: true }).isChecked()).toBe(true);
    expect(await chooser.getByLabel("Language of the messages").inputValue()).toBe("en");
    await noAxe(p, "tracking page, unlocked, chooser");
    await screenshot(p, SHOTS, "tracking-chooser-390-light");

    await chooser.getByLabel("E-mail", { exact: true }).uncheck();
    await chooser.getByLabel("Language of the messages").selectOption("de");
    await chooser.getByRole("button", { name: "Save my choice" }).click();
    await expect.poll(() => chooser.getByTestId("chooser-saved").innerText()).toBe("Saved: WhatsApp, SMS, in Deutsch.");
    const staff = await staffParcel(code);
    expect(staff).toMatchObject({ recipient_channels: ["whatsapp", "sms"], recipient_language: "de", cod_amount: 1250 });
    await noAxe(p, "tracking page, choice saved");
    await p.context().close();
  });

  it("asks for the postcode first on a parcel without the privacy tier, and refuses a wrong one", async () => {
    const open = "MSG-UI-3";
    await parcel(open, { recipient_postcode: POSTCODE, cod_amount: 990 });
    const p = await page({ staff: false, dark: true });
    await p.goto(url(`/track.html?code=${open}`));
    await expect.poll(() => p.getByTestId("cod-due").innerText()).toContain(money("en", 9.9));
    await p.getByTestId("messages-open").click();
    const chooser = p.getByTestId("message-chooser");
    await chooser.getByLabel("Recipient's postcode or e-mail").fill("9999 ZZ");
    await chooser.getByRole("button", { name: "Continue" }).click();
    await chooser.getByRole("alert").waitFor();
    expect(await chooser.getByLabel("E-mail", { exact: true }).count()).toBe(0);
    await chooser.getByLabel("Recipient's postcode or e-mail").fill(POSTCODE);
    await chooser.getByRole("button", { name: "Continue" }).click();
    await chooser.getByLabel("SMS", { exact: true }).uncheck();
    await chooser.getByRole("button", { name: "Save my choice" }).click();
    await expect.poll(() => chooser.getByTestId("chooser-saved").innerText()).toBe("Saved: WhatsApp, E-mail, in English.");
    expect(await staffParcel(open)).toMatchObject({ recipient_channels: ["whatsapp", "email"] });
    await noAxe(p, "tracking page, open parcel, dark");
    await screenshot(p, SHOTS, "tracking-chooser-390-dark");
    await p.context().close();
  });
});

/** The interface's English words that must not show in German (the data, such as a tracking code or a number, may be anything). */
const ENGLISH = [
  "Messages",
  "Message settings",
  "Channel",
  "Queued",
  "Sent",
  "Segments",
  "Newer",
  "Older",
  "Provider",
  "Daily SMS limit",
  "Channel order",
  "Send test message",
  "Ready",
  "Save",
  "How should we tell you",
  "Tell me by",
  "Language of the messages",
  "Cash on delivery",
  "please have it ready",
  "Continue",
  "Settings",
];
function noEnglish(text: string, where: string) {
  // A file's path (docs/messages.md) is a name, not a word of the interface.
  const shown = text.replace(/docs\/\S+/g, "");
  const found = ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(shown));
  expect(found, `${where} shows English: ${found.join(", ")}`).toEqual([]);
}

describe("in German and Arabic", () => {
  afterAll(() => setLanguage("en"));

  it("German: the Messages screens and the tracking page's chooser show no English word", async () => {
    await setLanguage("de");
    const p = await page({ desktop: true });
    await p.goto(url("/control/messages?tracking_code=MSG-UI-1"));
    await p.getByTestId("message-row").first().waitFor();
    await p.getByTestId("message-row").first().getByRole("button").click();
    await p.getByTestId("message-detail").waitFor();
    noEnglish(await p.locator("main").innerText(), "Messages (de)");
    await noAxe(p, "Messages (de)");
    await p.goto(url("/control/settings/messages"));
    await p.getByTestId("provider-sms").waitFor();
    noEnglish(await p.locator("main").innerText(), "Messages settings (de)");
    await screenshot(p, SHOTS, "messages-settings-de-desktop");
    await p.context().close();

    const t = await page({ staff: false, lang: "de" });
    await t.goto(url(`/track.html?code=MSG-UI-2`));
    await t.locator("input[name=verify]").fill(POSTCODE);
    await t.locator("form.verify-form button[type=submit]").click();
    await t.getByTestId("cod-due").waitFor();
    const chooser = t.getByTestId("message-chooser");
    await chooser.locator("select[name=language]").waitFor();
    // The recipient's earlier choice comes back.
    expect(await chooser.locator("select[name=language]").inputValue()).toBe("de");
    expect(await chooser.locator("input[value=email]").isChecked()).toBe(false);
    noEnglish(await t.locator("main").innerText(), "tracking page (de)");
    expect(await t.getByTestId("cod-due").innerText()).toBe(`Nachnahme: ${money("de", 12.5)} – bitte halten Sie den Betrag bereit`);
    await t.context().close();
  });

  it("Arabic: right to left, nothing sticks out at 390 px", async () => {
    await setLanguage("ar");
    for (const desktop of [false, true]) {
      const p = await page({ desktop, dark: desktop });
      await p.goto(url("/control/messages?tracking_code=MSG-UI-1"));
      await p.getByTestId("message-row").first().waitFor();
      await p.getByTestId("message-row").first().getByRole("button").click();
      await p.getByTestId("message-detail").waitFor();
      expect(await p.evaluate("document.documentElement.dir")).toBe("rtl");
      expect((await overflow(p)).px).toBe(0);
      await noAxe(p, `Messages (ar) ${desktop ? "desktop" : "390"}`);
      await screenshot(p, SHOTS, `messages-ar-${desktop ? "desktop-dark" : "390-light"}`);
      await p.goto(url("/control/settings/messages"));
      await p.getByTestId("provider-sms").waitFor();
      expect((await overflow(p)).px).toBe(0);
      await noAxe(p, `Messages settings (ar) ${desktop ? "desktop" : "390"}`);
      await screenshot(p, SHOTS, `messages-settings-ar-${desktop ? "desktop-dark" : "390-light"}`);
      await p.context().close();
    }
    const t = await page({ staff: false, lang: "ar" });
    await t.goto(url(`/track.html?code=MSG-UI-3`));
    await t.getByTestId("messages-open").click();
    await t.getByTestId("message-chooser").locator("input[name=verify]").waitFor();
    expect(await t.evaluate("document.documentElement.dir")).toBe("rtl");
    expect((await overflow(t)).px).toBe(0);
    await noAxe(t, "tracking chooser (ar)");
    await screenshot(t, SHOTS, "tracking-chooser-ar-390");
    await t.context().close();
  });
});
