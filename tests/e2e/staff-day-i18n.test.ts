/**
 * Issue 37's "Done when": a day's work through the screens in German and in Arabic, and no English word of the
 * interface shows. For each language the owner adds a parcel (Add Parcel) and sees it in the parcels list and on its
 * page, records a hub scan on the scan screen at 390 px; a dispatcher makes a run on the dispatch board; the courier,
 * on a 390 px phone, starts it, delivers one stop with the proof form and records a failed attempt at the other.
 * Members' languages: set through the API (the owner and the dispatcher, and the German courier), chosen on the
 * profile screen (the Arabic courier).
 *
 * The check is built from the texts themselves (`interfaceEnglish`): every English value of the control panel's
 * namespaces, flattened, split at its interpolations, keeping parts of 2+ words or one word of 4+ letters, whose
 * language's own value for the same key differs, must not appear in the page's visible text (body's innerText, the
 * aria-label, title and placeholder of visible elements, and the document's title). A part the language's own texts
 * use too (German "Name", "Status", "Start") cannot tell English from the language and is left out. The test's data
 * (names, addresses, codes, the members' e-mails, the company's name) holds no English interface word; the site has no
 * demo content.
 * Arabic is right to left; axe at zero on every screen. With E2E_SHOTS=<dir> the screens are saved (390 px and
 * desktop, light and dark).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, loaded, openContext, PHONE, screenshot, transitionsDone, watchErrors } from "../helpers/browser.js";
import { axeViolations } from "../helpers/axe.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";
import { member } from "../helpers/deliveryDay.js";
import { ok } from "../fixtures/rest.js";
import { FAILURE_REASONS, STATUS_CODES } from "../../shared/modules/parcel/status.codes.js";
import { SCAN_EVENTS } from "../../shared/modules/scan/scan.events.js";

const SHOTS = process.env.E2E_SHOTS;
const TODAY = new Date().toISOString().slice(0, 10);
const DEPOT = { latitude: 52.37, longitude: 4.89 };
const LOCALES = "client/i18n/locales/control";

type Lang = "de" | "ar";
type Texts = Map<string, string>;

function flatten(o: unknown, prefix = "", out: Texts = new Map()): Texts {
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else if (v && typeof v === "object") flatten(v, key, out);
  }
  return out;
}
const cache = new Map<string, Texts>();
function texts(ns: string, lang: string): Texts {
  const file = path.join(LOCALES, ns, `${lang}.json`);
  if (!cache.has(file)) cache.set(file, flatten(JSON.parse(fs.readFileSync(file, "utf8"))));
  return cache.get(file)!;
}
/** A text of a namespace in a language, its placeholders filled (`count` picks the language's plural form). */
function T(lang: string, ns: string, key: string, vars: Record<string, string | number> = {}): string {
  const all = texts(ns, lang);
  const plural = vars.count === undefined ? undefined : `${key}_${new Intl.PluralRules(lang).select(Number(vars.count))}`;
  const text = (plural && all.get(plural)) ?? all.get(key);
  if (text === undefined) throw new Error(`no text ${ns}:${key} in ${lang}`);
  return text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const phrase = (p: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(p).replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}])`, "iu");

/**
 * The English words of the interface that must not show in `lang`: every English value of every control-panel
 * namespace, split at its interpolations and markup, parts of 2+ words or one word of 4+ letters, where the language's
 * value for the same key (any of its plural forms) differs; less the parts the language's own texts use as well.
 */
function interfaceEnglish(lang: Lang): { text: string; re: RegExp }[] {
  const parts = new Set<string>();
  const own: string[] = [];
  for (const ns of fs.readdirSync(LOCALES)) {
    const en = texts(ns, "en");
    const mine = texts(ns, lang);
    own.push(...mine.values());
    for (const [key, value] of en) {
      const base = key.replace(PLURAL, "");
      const theirs = [...mine].filter(([k]) => k === key || k.replace(PLURAL, "") === base).map(([, v]) => v);
      if (theirs.includes(value)) continue;
      for (const part of value.split(/\{\{[^}]*\}\}|<[^>]*>|\n/)) {
        const p = part.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
        const words = p.split(/\s+/).filter((w) => /\p{L}/u.test(w));
        if (words.length >= 2 || (words.length === 1 && (words[0]!.match(/\p{L}/gu) ?? []).length >= 4)) parts.add(p);
      }
    }
  }
  // Used by the language itself as a word of its own (not a wire name inside a code such as `parcel.delivered` or
  // `delivery_failed`, nor part of an e-mail address or a path).
  // The wire names a text quotes ("e.g. in_transit or delivered") are code, not the language's words.
  const wire = new RegExp(`(?<![\\p{L}_])(${[...STATUS_CODES, ...FAILURE_REASONS, ...SCAN_EVENTS.map((e) => e.id)].join("|")})(?![\\p{L}_])`, "gu");
  const ownText = own.join("\n").replace(wire, " ");
  const ownUse = (p: string) => new RegExp(`(?<![\\p{L}\\p{N}_.@/-])${escape(p).replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}_@/-])`, "iu");
  return [...parts].filter((p) => !(ownText.toLowerCase().includes(p.toLowerCase()) && ownUse(p).test(ownText))).map((text) => ({ text, re: phrase(text) }));
}
const ENGLISH: Record<Lang, { text: string; re: RegExp }[]> = { de: interfaceEnglish("de"), ar: interfaceEnglish("ar") };

/** What the page shows: the body's text, the aria-label, title and placeholder of visible elements, the title. */
const SHOWN = `(() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (typeof el.checkVisibility === "function" && !el.checkVisibility()) continue;
    for (const a of ["aria-label", "title", "placeholder"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out.join("\\n");
})()`;

let site: Site;
let browser: Browser;
let owner: Client;
const errors: string[] = [];
const open: BrowserContext[] = [];
let current: Page | undefined;
const url = (p: string) => site.url + p;

async function context(opts: { desktop?: boolean; dark?: boolean; who?: Client; phone?: boolean } = {}) {
  const ctx = opts.phone
    ? await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        timezoneId: "UTC",
        locale: "en-GB",
        geolocation: { latitude: DEPOT.latitude, longitude: 4.892 },
        permissions: ["geolocation"],
      })
    : await openContext(browser, site.url, { desktop: opts.desktop, dark: opts.dark, who: opts.who });
  if (opts.phone && opts.who) await ctx.addCookies([...opts.who.cookies].map(([name, value]) => ({ name, value, url: site.url })));
  open.push(ctx);
  const p = await ctx.newPage();
  p.setDefaultTimeout(30_000);
  errors.push(...watchErrors(p));
  p.on("dialog", (d) => void d.accept());
  current = p;
  return p;
}

/**
 * The screen as it stays (no spinner, no fade), then: the document's language and direction, no English word of the
 * interface, axe at zero; with E2E_SHOTS the screen is saved as `<lang>-<name>`. The delivered parcel's page shows the
 * history the server wrote (the hub scan's, the run start's and the proof's entries): in the recipient's language.
 */
async function check(p: Page, lang: Lang, screen: string, opts: { axe?: boolean; shot?: string } = {}) {
  await loaded(p, 30_000);
  await transitionsDone(p);
  expect(await p.evaluate<string[]>("[document.documentElement.lang, document.documentElement.dir]"), screen).toEqual([lang, lang === "ar" ? "rtl" : "ltr"]);
  const shown = await p.evaluate<string>(SHOWN);
  const found = ENGLISH[lang].filter((e) => e.re.test(shown)).map((e) => e.text);
  expect.soft(found, `${lang} ${screen} shows English: ${found.join(" | ")}`).toEqual([]);
  if (opts.axe !== false) expect.soft(await axeViolations(p), `${lang} ${screen}: axe`).toEqual([]);
  await screenshot(p, SHOTS, `staff-day-${lang}-${opts.shot ?? screen}`);
}

async function parcelState(code: string) {
  const r = await owner.gql(`query($c: String!) { adminParcel(trackingCode: $c) { id status_code status_reason delivery_proof { receiver_name } } }`, {
    c: code,
  });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.adminParcel as { id: number; status_code: string; status_reason: string | null; delivery_proof: { receiver_name: string } | null };
}
const setLanguage = async (c: Client, language: string | null) => ok(await c.patch("/api/admins/auth/update/profile", { language }));

beforeAll(async () => {
  // The company's name shows in every screen's header: a name with no English word (the default is "Courier").
  site = await startSite({ SEED_DEMO: "false", TIME_ZONE: "UTC", COMPANY_NAME: "Tageswerk Logistik" });
  browser = await launchBrowser();
  owner = await signedInAdmin(site.url);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
}, 180_000);

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    console.log(site.logs.slice(-30).join(""));
    if (SHOTS && current)
      await current.screenshot({ path: `${SHOTS}/staff-day-fail-${task.name.replace(/\W+/g, "-")}.png`, fullPage: true }).catch(() => undefined);
  }
  for (const ctx of open.splice(0)) await ctx.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the check", () => {
  it("finds the interface's English words on an English screen (the check is not empty)", async () => {
    await setLanguage(owner, null);
    const p = await context({ desktop: true, who: owner });
    await p.goto(url("/control/parcels/create.html"));
    await p.locator("input[name=tracking_code]").waitFor();
    await loaded(p, 30_000);
    const shown = await p.evaluate<string>(SHOWN);
    for (const lang of ["de", "ar"] as const) {
      const found = ENGLISH[lang].filter((e) => e.re.test(shown)).map((e) => e.text);
      expect(found, lang).toEqual(expect.arrayContaining(["Add Parcel", "Tracking code", "Save"]));
    }
  }, 120_000);
});

/** Each round's people and data: nothing English in them (names, streets and codes of the place). */
const ROUND = {
  de: {
    dispatcher: "disposition@tageswerk.example",
    courier: "fahrerin@tageswerk.example",
    added: { code: "TW-DE-0001", name: "Lena Vogel", destination: "Keizersgracht 12, Amsterdam", longitude: 4.9 },
    other: { code: "TW-DE-0002", name: "Jonas Keller", destination: "Prinsengracht 40, Amsterdam", longitude: 4.91 },
    place: "Amsterdam Noord",
    receiver: "Lena Vogel",
  },
  ar: {
    dispatcher: "mowazzi@yawm.example",
    courier: "saiq@yawm.example",
    added: { code: "YM-AR-0001", name: "ليلى حداد", destination: "Herengracht 7, Amsterdam", longitude: 4.92 },
    other: { code: "YM-AR-0002", name: "كريم منصور", destination: "Singel 90, Amsterdam", longitude: 4.93 },
    place: "مستودع الشمال",
    receiver: "ليلى حداد",
  },
} as const;

describe.each(["de", "ar"] as const)("a day's work in %s, no English word of the interface", (lang) => {
  const day = ROUND[lang];
  let dispatcher: Client;
  let courier: Client;
  let courierId = 0;
  let runId = 0;

  it("the owner adds a parcel and sees it in the list and on its page", async () => {
    await setLanguage(owner, lang);
    const p = await context({ desktop: true, who: owner });
    await p.goto(url("/control/parcels/create.html"));
    await p.getByRole("heading", { level: 1, name: T(lang, "control-parcels", "create.title"), exact: true }).waitFor();
    await check(p, lang, "parcel-create", { shot: "parcel-create-desktop-light" });
    await p.locator("input[name=tracking_code]").fill(day.added.code);
    await p.locator("input[name=recipient_name]").fill(day.added.name);
    await p.locator("input[name=destination]").fill(day.added.destination);
    await p.locator("form button[type=submit]").click();
    await p.waitForURL(/\/control\/parcels\/list\.html$/);
    await p.locator(".cp-list li", { hasText: day.added.code }).first().waitFor();
    await check(p, lang, "parcels-list", { shot: "parcels-list-desktop-light" });
    await p.locator(".cp-list li", { hasText: day.added.code }).first().getByRole("link").first().click();
    await p.waitForURL(new RegExp(`/control/parcels/${day.added.code}$`));
    await p.getByText(day.added.destination).first().waitFor();
    await check(p, lang, "parcel-page", { shot: "parcel-page-desktop-light" });
    // The list at 390 px, dark.
    const phone = await context({ dark: true, who: owner });
    await phone.goto(url("/control/parcels/list.html"));
    await phone.locator(".cp-list li", { hasText: day.added.code }).first().waitFor();
    await check(phone, lang, "parcels-list", { shot: "parcels-list-390-dark" });

    // Its point on the map (the form has none) and its recipient's language (the history the server writes for the
    // recipient is in it: data, in the round's language), and a second parcel for the run, through the API.
    const { id } = await parcelState(day.added.code);
    ok(
      await owner.patch("/api/parcels", {
        id,
        recipient_language: lang,
        map_destination_latitude: DEPOT.latitude,
        map_destination_longitude: day.added.longitude,
      }),
    );
    ok(
      await owner.post("/api/parcels", {
        tracking_code: day.other.code,
        recipient_name: day.other.name,
        destination: day.other.destination,
        recipient_language: lang,
        map_destination_latitude: DEPOT.latitude,
        map_destination_longitude: day.other.longitude,
      }),
      201,
    );
  }, 240_000);

  it("the owner records the hub scan of both parcels on the scan screen at 390 px", async () => {
    const p = await context({ who: owner });
    await p.goto(url("/control/scan"));
    await p.getByText(T(lang, "control-scan", "setup.what")).waitFor();
    await p.locator("label", { has: p.locator("input[name=event][value=arrived_hub]") }).click();
    await p.locator("input[name=place]").fill(day.place);
    await check(p, lang, "scan-setup", { shot: "scan-setup-390-light" });
    await p.getByRole("button", { name: T(lang, "control-scan", "setup.start"), exact: true }).click();
    await p.locator("#scan-code").waitFor();
    for (const code of [day.added.code, day.other.code]) {
      await p.locator("#scan-code").focus();
      await p.keyboard.type(code, { delay: 5 });
      await p.keyboard.press("Enter");
      await p.locator(".cp-scan-line.is-ok", { hasText: code }).first().waitFor();
    }
    expect((await parcelState(day.added.code)).status_code).toBe("in_transit");
    expect((await parcelState(day.other.code)).status_code).toBe("in_transit");
    await check(p, lang, "scan-run", { shot: "scan-run-390-light" });
  }, 240_000);

  it("the dispatcher makes a run of the two parcels on the dispatch board", async () => {
    [dispatcher] = await member(site, day.dispatcher, "dispatcher");
    [courier, courierId] = await member(site, day.courier, "courier");
    await setLanguage(dispatcher, lang);
    // The German courier's language through the API; the Arabic courier chooses it on the profile screen.
    if (lang === "de") await setLanguage(courier, lang);
    const p = await context({ desktop: true, who: dispatcher });
    await p.goto(url(`/control/dispatch?date=${TODAY}`));
    const free = (code: string) => p.locator(`[data-testid=unassigned-stop][data-code="${code}"]`);
    for (const code of [day.added.code, day.other.code]) await free(code).waitFor();
    await p.locator(".dp-depot").waitFor();
    await check(p, lang, "dispatch", { shot: "dispatch-desktop-light" });
    for (const code of [day.added.code, day.other.code]) await free(code).locator("input[type=checkbox]").check();
    await p
      .getByLabel(T(lang, "control-dispatch", "courier"), { exact: true })
      .first()
      .selectOption(String(courierId));
    await p.getByRole("button", { name: T(lang, "control-dispatch", "makeRunWith", { count: 2 }), exact: true }).click();
    // This round's run (the board lists the other round's too: same date).
    const ours = (q: Page) => q.getByTestId("run-card").filter({ has: q.locator(`[data-testid=run-stop][data-code="${day.added.code}"]`) });
    const card = ours(p);
    await card.getByTestId("run-stop").nth(1).waitFor();
    await expect.poll(() => card.getAttribute("aria-busy"), { timeout: 30_000 }).toBeNull();
    const runs = (await dispatcher.gql(`query($d: String!) { runs(date: $d) { id courier_id } }`, { d: TODAY })).data.runs as {
      id: number;
      courier_id: number;
    }[];
    runId = runs.find((r) => r.courier_id === courierId)!.id;
    expect(runId).toBeGreaterThan(0);
    await check(p, lang, "dispatch", { shot: "dispatch-run-desktop-light" });
    // The board at 390 px, dark.
    const phone = await context({ dark: true, who: dispatcher });
    await phone.goto(url(`/control/dispatch?date=${TODAY}`));
    await ours(phone).getByTestId("run-stop").nth(1).waitFor();
    await check(phone, lang, "dispatch", { shot: "dispatch-run-390-dark" });
  }, 240_000);

  it("the courier at 390 px starts the run, delivers one stop with the proof form and fails the other", async () => {
    const p = await context({ phone: true, who: courier });
    if (lang === "ar") {
      // No language chosen yet: the browser's (English). The courier picks Arabic on the profile screen.
      await p.goto(url("/control/account/index.html"));
      await p.locator("select[name=language]").selectOption("ar");
      await p.locator("form button[type=submit]").first().click();
      await p.getByRole("heading", { level: 1, name: T("ar", "control-account", "title"), exact: true }).waitFor();
      await check(p, lang, "account", { shot: "account-390-light" });
      expect((await courier.gql(`{ me { language } }`)).data.me.language).toBe("ar");
    }
    await p.goto(url("/control/run"));
    const stop = (code: string) => p.locator(`.cp-run-stop[data-code="${code}"]`);
    await stop(day.other.code).waitFor();
    const start = p.getByRole("button", { name: T(lang, "control-run", "start.label"), exact: true });
    await start.waitFor();
    await check(p, lang, "run-planned", { shot: "run-planned-390-light" });
    await start.click();
    await p.getByText(T(lang, "control-run", "sharing.on"), { exact: true }).waitFor();
    const deliver = p.getByRole("button", { name: T(lang, "control-run", "deliver.label"), exact: true });
    await deliver.waitFor();
    await check(p, lang, "run-started", { shot: "run-started-390-light" });

    const order = (await p.locator(".cp-run-stop").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))) as string[];
    expect([...order].sort()).toEqual([day.added.code, day.other.code].sort());
    const [first, second] = order as [string, string];
    await deliver.click();
    const sheet = p.getByRole("dialog", { name: T(lang, "control-proof", "sheet.title") });
    await sheet.locator("input[name=receiver_name]").waitFor();
    await sheet.locator("input[name=receiver_name]").fill(day.receiver);
    await check(p, lang, "proof", { shot: "proof-390-light" });
    await sheet.getByRole("button", { name: T(lang, "control-proof", "proof.submit"), exact: true }).click();
    await stop(first).and(p.locator(".is-done")).waitFor();
    await p.getByText(T(lang, "control-run", "notice.deliveredProof", { n: 1 })).waitFor();
    expect(await parcelState(first)).toMatchObject({ status_code: "delivered", delivery_proof: { receiver_name: day.receiver } });

    await p.getByRole("button", { name: T(lang, "control-run", "failed.button"), exact: true }).click();
    await p.locator("input[name=status_reason][value=nobody_home]").waitFor();
    await check(p, lang, "failed-attempt", { shot: "failed-attempt-390-light" });
    await p.locator("label", { has: p.locator("input[name=status_reason][value=nobody_home]") }).click();
    await p.getByRole("button", { name: T(lang, "control-run", "failed.submit"), exact: true }).click();
    await stop(second).and(p.locator(".is-failed")).waitFor();
    await p
      .getByText(T(lang, "control-run", "finished"))
      .first()
      .waitFor();
    expect(await parcelState(second)).toMatchObject({ status_code: "delivery_failed", status_reason: "nobody_home" });
    const run = (await dispatcher.gql(`query($id: Int!) { run(id: $id) { status stops { status } } }`, { id: runId })).data.run;
    expect(run).toEqual({ status: "finished", stops: [{ status: "done" }, { status: "failed" }] });
    await check(p, lang, "run-finished", { shot: "run-finished-390-light" });

    // The run in dark at the desktop, and the delivered parcel's page (its history and proof) as the owner sees it.
    const desk = await context({ desktop: true, dark: true, who: courier });
    await desk.goto(url("/control/run"));
    await desk.locator(`.cp-run-stop[data-code="${second}"].is-failed`).waitFor();
    await check(desk, lang, "run-finished", { shot: "run-finished-desktop-dark" });
    const page = await context({ dark: true, who: owner });
    await page.goto(url(`/control/parcels/${first}`));
    await page.getByText(day.receiver).first().waitFor();
    await check(page, lang, "parcel-page-delivered", { shot: "parcel-delivered-390-dark" });
    expect(errors).toEqual([]);
  }, 300_000);
});
