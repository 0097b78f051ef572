/**
 * The server's render of the public first screens (server/ssr.ts) in Debian's Chromium, against the real
 * server with the built client and demo content: the page's HTML already holds what the visitor sees
 * (plain fetch, and a browser without JavaScript), and the browser hydrates it in light and dark, English
 * and German, with no hydration error in the console and without asking the server again for what the
 * page holds (the start-up graph, the parcel); after hydration the screens ask the network as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, launchBrowser } from "../helpers/browser.js";

const CODE = "CR-2026-000001";
const PAGES = {
  home: { path: "/", en: "We deliver your cargo to every corner of the world", de: "Wir liefern Ihre Fracht in jeden Winkel der Welt" },
  track: { path: `/track.html?code=${CODE}`, en: "In transit", de: "Unterwegs" },
  about: { path: "/pages/about-us", en: "About Us", de: "About Us" },
} as const;

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // No render budget: these tests look at what a render holds, and on a busy host a slow first render could spend
  // the budget and send the next page for the client to render (the budget's tests: ssr-budget.test.ts).
  site = await startSite({ RATE_LIMIT_TRACKING: "1000", SSR_BUDGET_MS: "0" });
  // These tests look at the page before the app has taken it over: loads do not wait for it.
  browser = await launchBrowser({ waitForApp: false });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the page's HTML holds the first screen", () => {
  it("plain fetch: home hero, the parcel's code and status, the content page's title and text", async () => {
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toMatch(/<h1 class="hero-title">We deliver your cargo to every corner of the world<\/h1>/);
    const track = await (await fetch(`${site.url}${PAGES.track.path}`)).text();
    expect(track).toMatch(new RegExp(`id="parcel-code"[^>]*>${CODE}<`));
    expect(track).toContain('data-status="in_transit"');
    expect(track).toContain(">In transit<");
    const about = await (await fetch(`${site.url}/pages/about-us`)).text();
    expect(about).toContain("<h1>About Us</h1>");
    expect(about).toContain("SwiftRoute Courier started in 1985");
    // The screens' stylesheets are in <head>, so nothing paints unstyled.
    for (const html of [home, track, about]) {
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/);
      expect(html.slice(html.indexOf("</head>"))).not.toContain('rel="stylesheet"');
    }
    expect(track.slice(0, track.indexOf("</head>"))).toMatch(/rel="stylesheet" crossorigin href="\/assets\/pages-[^"]+\.css"/);
  });

  it("paints the first screen at once (no entrance fade), the banner asked for from <head>; a later page fades in", async () => {
    const home = await (await fetch(`${site.url}/`)).text();
    const head = home.slice(0, home.indexOf("</head>"));
    expect(head).toContain('<link rel="preload" as="image" href="/img/slide-world.svg" fetchpriority="high">');
    expect(home).toMatch(/<html lang="en" dir="ltr" data-rendered/);
    const ctx = await browser.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    try {
      await page.goto(`${site.url}/`);
      // Run in the page (this file is type-checked without the DOM's names).
      type InPage = { getComputedStyle(e: unknown): Record<string, string> };
      const style = (selector: string, prop: "opacity" | "animationName") =>
        page
          .locator(selector)
          .first()
          .evaluate((e, p) => (globalThis as unknown as InPage).getComputedStyle(e)[p], prop);
      const opacity = (selector: string) => style(selector, "opacity");
      // Right at load: fully opaque, no animation running on the content or the first slide's heading.
      expect(await opacity("main#main")).toBe("1");
      expect(await opacity(".hero-slide.active .hero-title")).toBe("1");
      expect(await page.locator("main#main").evaluate((e) => (e as unknown as { getAnimations(): unknown[] }).getAnimations().length)).toBe(0);
      // After the first page change the site fades pages in again: a change in the app, once it has taken
      // the page over (before that, the browser follows the link to the next rendered page).
      await hydrated(page);
      type Marked = { sameDocument?: boolean; document: { documentElement: { dataset: Record<string, string> } } };
      await page.evaluate(() => void ((globalThis as unknown as Marked).sameDocument = true));
      await page.locator('header.topbar a[href="/contact.html"]').first().click();
      await page.waitForURL(/contact\.html/);
      // The app's change of page (not the browser's load of the next rendered page, which would drop the mark):
      // its effect takes data-rendered off once the new page has rendered, in a transition (later on a slow host).
      await page.waitForFunction(() => !("rendered" in (globalThis as unknown as Marked).document.documentElement.dataset), undefined, { timeout: 10_000 });
      expect(await page.evaluate(() => (globalThis as unknown as Marked).sameDocument)).toBe(true);
      expect(await style("main#main", "animationName")).toBe("page-fade");
    } finally {
      await ctx.close();
    }
  });

  it("a browser without JavaScript shows the three screens", async () => {
    const ctx = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${site.url}/`);
    expect(await page.getByRole("heading", { level: 1, name: PAGES.home.en }).isVisible()).toBe(true);
    await page.goto(`${site.url}${PAGES.track.path}`);
    expect(await page.locator("#parcel-code").textContent()).toBe(CODE);
    expect(await page.locator('.result-head [data-status="in_transit"]').first().textContent()).toBe("In transit");
    await page.goto(`${site.url}/pages/about-us`);
    expect(await page.getByRole("heading", { level: 1, name: "About Us" }).isVisible()).toBe(true);
    await ctx.close();
  });
});

describe("hydration", () => {
  for (const theme of ["LIGHT", "DARK"] as const) {
    for (const lang of ["en", "de"] as const) {
      it(`${theme.toLowerCase()} theme, ${lang}: no console error, no second request, the saved theme from the first paint`, async () => {
        const ctx = await browser.newContext({ viewport: theme === "DARK" ? PHONE : DESKTOP });
        await ctx.addCookies([{ name: "lang", value: lang, url: site.url }]);
        await ctx.addInitScript(`localStorage.setItem("state", JSON.stringify({ theme: "${theme}" }))`);
        for (const [name, p] of Object.entries(PAGES)) {
          const page = await ctx.newPage();
          const problems: string[] = [];
          const asked: string[] = [];
          page.on("console", (m) => {
            if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
          });
          page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
          page.on("request", (r) => {
            const u = new URL(r.url());
            if (u.pathname === "/graphql" || u.pathname.startsWith("/api/")) asked.push(`${u.pathname}${u.search}`);
          });
          // The theme as the first paint has it: set by index.html's inline script, before any module runs.
          await page.route("**/assets/*.js", (r) => r.abort());
          await page.goto(`${site.url}${p.path}`);
          expect(await page.evaluate("document.documentElement.dataset.theme")).toBe(theme === "DARK" ? "dark" : "light");
          await page.unroute("**/assets/*.js");
          problems.length = 0; // the scripts refused above
          asked.length = 0;
          await page.goto(`${site.url}${p.path}`, { waitUntil: "networkidle" });
          await hydrated(page);
          expect(await page.getByText(p[lang]).first().isVisible(), `${name}: ${p[lang]}`).toBe(true);
          expect(await page.evaluate("document.documentElement.lang")).toBe(lang);
          expect(problems, `${name}: console`).toEqual([]);
          expect(asked, `${name}: requests for what the page holds`).toEqual([]);
          // Hydrated: the menu opens, and its theme button shows the saved theme.
          await page.locator(".topbar button[aria-haspopup]").first().click();
          expect(await page.locator(".theme-toggle").first().getAttribute("aria-pressed")).toBe(theme === "DARK" ? "true" : "false");
          await page.close();
        }
        await ctx.close();
      });
    }
  }

  it("a wrong code's error hydrates without a second look-up; a new search then asks the server", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const problems: string[] = [];
    const asked: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/graphql") asked.push(r.url());
    });
    await page.goto(`${site.url}/track.html?code=NO-SUCH-CODE`, { waitUntil: "networkidle" });
    await hydrated(page);
    expect(await page.locator(".track-error").isVisible()).toBe(true);
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
    await page.locator("#track-code").fill(CODE);
    await page.locator("#track-code").press("Enter");
    await page.locator("#parcel-code").waitFor();
    expect(asked.length).toBeGreaterThan(0);
    await page.close();
  });

  /**
   * Each rendered page in English and in German, on a phone in UTC with the `lang` cookie, `initScript` run before
   * the page's scripts: `check` gets it once it is hydrated.
   */
  async function eachRenderedPage(
    initScript: string,
    check: (page: Page, lang: "en" | "de", name: string, p: (typeof PAGES)[keyof typeof PAGES]) => Promise<void>,
  ): Promise<void> {
    for (const lang of ["en", "de"] as const) {
      // The browser speaks the page's language (a German visitor's browser is German): a browser whose clock is not
      // the language's (en-US's 12 h on a German page) rightly builds one formatter after hydration, for its own clock
      // (client/modules/parcel/format.ts clockOf).
      const ctx = await browser.newContext({ viewport: PHONE, timezoneId: "UTC", locale: lang === "de" ? "de-DE" : "en-US" });
      await ctx.addCookies([{ name: "lang", value: lang, url: site.url }]);
      await ctx.addInitScript(initScript);
      for (const [name, p] of Object.entries(PAGES)) {
        const page = await ctx.newPage();
        await page.goto(`${site.url}${p.path}`, { waitUntil: "networkidle" });
        await hydrated(page);
        await check(page, lang, name, p);
        await page.close();
      }
      await ctx.close();
    }
  }

  it("a page the server rendered is hydrated in the language it was rendered in, without reading document.cookie", async () => {
    // document.cookie asks the browser's network process synchronously: 10-55 ms of a phone's main thread while loading.
    const COUNT_COOKIE_READS = `(() => {
      window.__cookieReads = 0;
      const d = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
      Object.defineProperty(Document.prototype, "cookie", { configurable: true, get() { window.__cookieReads++; return d.get.call(this); }, set(v) { d.set.call(this, v); } });
    })()`;
    await eachRenderedPage(COUNT_COOKIE_READS, async (page, lang, name, p) => {
      await page.getByText(p[lang]).first().waitFor();
      expect(await page.evaluate("document.documentElement.lang"), `${lang} ${name}`).toMatch(new RegExp(`^${lang}`));
      expect(await page.evaluate("window.__cookieReads"), `${lang} ${name}: cookie reads while loading`).toBe(0);
    });
  });

  // Counts every use of Intl's formatters (and the toLocale... methods built on them) from before the page's scripts.
  const COUNT_INTL = `(() => {
    window.__intl = [];
    const count = (name, target) => new Proxy(target, {
      construct(t, a, n) { window.__intl.push(name); return Reflect.construct(t, a, n); },
      apply(t, self, a) { window.__intl.push(name); return Reflect.apply(t, self, a); },
    });
    for (const name of ["DateTimeFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "ListFormat", "DisplayNames", "Collator"])
      Intl[name] = count(name, Intl[name]);
    for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) Date.prototype[name] = count("Date." + name, Date.prototype[name]);
    Number.prototype.toLocaleString = count("Number.toLocaleString", Number.prototype.toLocaleString);
  })()`;

  it("the page's dates, numbers and plurals come with it: hydration builds no Intl formatter; another time zone's visitor then sees local times", async () => {
    const serverHtml = await (await fetch(`${site.url}${PAGES.track.path}`)).text();
    const updatedUtc = /<time datetime="[^"]+"><strong><bdi>([^<]+)<\/bdi>/i.exec(serverHtml)?.[1];
    expect(updatedUtc, "the last update's moment in the server's HTML").toBeTruthy();
    await eachRenderedPage(COUNT_INTL, async (page, lang, name) => {
      expect(await page.evaluate("window.__intl"), `${lang} ${name}: Intl used while loading`).toEqual([]);
    });
    // In Tokyo (UTC+9, no summer time) the moments are shown in the visitor's own time once the page is hydrated.
    const ctx = await browser.newContext({ viewport: PHONE, timezoneId: "Asia/Tokyo" });
    await ctx.addInitScript(COUNT_INTL);
    const page = await ctx.newPage();
    await page.goto(`${site.url}${PAGES.track.path}`, { waitUntil: "networkidle" });
    await hydrated(page);
    const shown = page.locator(".result-updated time bdi");
    await expect.poll(() => shown.textContent()).not.toBe(updatedUtc);
    const when = await page.locator(".result-updated time").getAttribute("datetime");
    const tokyo = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" }).format(new Date(when!));
    // Node's ICU and Chromium's may space a time differently (U+202F before AM/PM): compared without spaces.
    const bare = (s: string | null) => (s ?? "").replace(/\s/g, "");
    expect(bare(await shown.textContent())).toBe(bare(tokyo));
    expect(await page.evaluate("window.__intl")).toContain("DateTimeFormat");
    await ctx.close();
  });
});

describe("before the app has taken the page over", () => {
  /** A page whose app chunk is held back until `release()`: what the visitor does meanwhile is on the bare HTML. */
  async function withAppHeld(path: string) {
    const page = await browser.newPage({ viewport: PHONE });
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let asked = 0;
    await page.route("**/assets/start-*.js", async (r) => {
      asked++;
      await gate;
      await r.continue();
    });
    await page.goto(`${site.url}${path}`);
    // The entry asks for the app once the page has painted; it is held here, so nothing is hydrated yet.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    await expect.poll(() => asked).toBe(1);
    expect(await page.evaluate("Object.keys(document.getElementById('root')).some((k) => k.startsWith('__reactContainer'))")).toBe(false);
    await page.evaluate("window.__samePage = true");
    return { page, problems, release };
  }

  it("a click on a button is held and done once the page is hydrated (the menu opens once)", async () => {
    const { page, problems, release } = await withAppHeld("/pages/about-us");
    const menuButton = page.locator(".topbar button[aria-haspopup]").first();
    await menuButton.click();
    await menuButton.click(); // a second click while held is the same click, not a toggle back
    expect(await page.locator(".side-menu-panel").count()).toBe(0);
    release();
    await hydrated(page);
    await page.locator(".side-menu-panel").waitFor();
    expect(await page.locator("dialog.side-menu").evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    expect(await page.evaluate("window.__samePage")).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a form sent is held and sent through the app with what was typed: no page load, no fields in a plain GET", async () => {
    const { page, problems, release } = await withAppHeld(`/track.html?code=NO-SUCH-CODE`);
    await page.locator("#track-code").fill(CODE);
    // Enter sends the form by its submit button's click (or as a submit without one): each such event, once
    // dispatched, is noted with whether it was held (its default, the page load, prevented).
    type Sent = { type: string; defaultPrevented: boolean };
    type InPage = { addEventListener(type: string, f: (e: Sent) => void, capture: boolean): void; __sent?: string[] };
    await page.evaluate(() => {
      const w = globalThis as unknown as InPage;
      w.__sent = [];
      const note = (e: Sent) => setTimeout(() => w.__sent!.push(`${e.type}: ${e.defaultPrevented ? "held" : "let through"}`), 0);
      w.addEventListener("click", note, true);
      w.addEventListener("submit", note, true);
    });
    await page.locator("#track-code").press("Enter");
    // Held: the page has not gone anywhere.
    await page.waitForFunction(() => ((globalThis as unknown as InPage).__sent ?? []).length > 0);
    const sent = await page.evaluate(() => (globalThis as unknown as InPage).__sent!);
    expect(
      sent.filter((s) => !s.endsWith(": held")),
      sent.join(", "),
    ).toEqual([]);
    expect(new URL(page.url()).search).toBe("?code=NO-SUCH-CODE");
    release();
    await page.locator("#parcel-code").waitFor();
    expect(new URL(page.url()).search).toBe(`?code=${CODE}`);
    expect(await page.evaluate("window.__samePage")).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a form typed and sent before the app is sent with what was typed (the contact form)", async () => {
    const { page, problems, release } = await withAppHeld("/contact.html");
    await page.fill("input[name=name]", "Early Visitor");
    await page.fill("input[name=email]", "early.visitor@example.org");
    await page.fill("input[name=subject]", "Before the script");
    await page.fill("textarea[name=body]", "Typed while the page had no app yet.");
    await page.locator("form.contact-form button[type=submit]").click();
    release();
    await page.locator(".alert-success").waitFor();
    expect(await page.locator(".alert-error").count()).toBe(0);
    expect(await page.evaluate("window.__samePage")).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a link works without the app: the browser follows it to the next rendered page", async () => {
    const { page, release } = await withAppHeld("/pages/about-us");
    await page.locator('header.topbar a[href="/contact.html"]').first().click();
    await page.waitForURL(/contact\.html/);
    expect(await page.locator("form.contact-form").count()).toBe(1);
    release();
    await page.close();
  });
});

/** Hydrated: React has attached its handlers to the root (the theme button then works as a button). */
async function hydrated(page: Page): Promise<void> {
  // A function, not a string: the page's CSP allows no eval, and a string is evaluated again on each poll.
  type InPage = { document: { getElementById(id: string): object } };
  await page.waitForFunction(() =>
    Object.keys((globalThis as unknown as InPage).document.getElementById("root")).some((k) => k.startsWith("__reactContainer")),
  );
  // Hydration runs in a transition, in slices: done for the page's links once each carries React's props.
  type Links = { document: { querySelectorAll(s: string): ArrayLike<object> } };
  await page.waitForFunction(() =>
    Array.from((globalThis as unknown as Links).document.querySelectorAll("#root a[href]")).every((a) =>
      Object.keys(a).some((k) => k.startsWith("__reactProps")),
    ),
  );
  // The app marks the page once it has taken it over and done what it held (client/earlyInput.ts appReady): a click
  // before that may still be the browser's own (a full load of the next page).
  type Root = { document: { documentElement: { hasAttribute(name: string): boolean } } };
  await page.waitForFunction(() => (globalThis as unknown as Root).document.documentElement.hasAttribute("data-ready"));
  // The render after hydration (useHydrated) and the screens' effects: done when the page first has nothing left to do.
  type Idle = { requestIdleCallback(f: () => void, o: { timeout: number }): void; requestAnimationFrame(f: () => void): void };
  await page.evaluate(() => {
    const w = globalThis as unknown as Idle;
    return new Promise<void>((resolve) => w.requestAnimationFrame(() => w.requestIdleCallback(() => resolve(), { timeout: 10_000 })));
  });
}
