/**
 * Browser journeys through the public site (issue 4), at desktop and phone width, against the
 * real server with the built client and demo content: home page with every section and
 * marketing figure, language and theme, a content page, tracking with history and three map
 * markers, the upper-cased error for an unknown code, the 404 screen, the contact form whose
 * message reaches a real SMTP peer, and no uncaught page error anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { DESKTOP, PHONE, launchBrowser, networkQuiet, watchErrors } from "../helpers/browser.js";
import { mailText, startSmtp } from "../helpers/smtp.js";

const CODE = "CR-2026-000001";
const LANGS = ["ar", "es", "de", "en", "el", "fa", "fi", "fr", "hu", "id", "in", "it", "ja", "nl", "pt", "pl", "ru", "ro", "se", "tr", "th", "vn"];

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", RATE_LIMIT_CONTACT: "100", RATE_LIMIT_TRACKING: "1000" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

/** Values read inside the page (the test tsconfig has no DOM lib, so expressions are strings). */
const evalIn = <T>(page: Page, expr: string) => page.evaluate(expr) as Promise<T>;

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`public site at ${label} width`, () => {
    let ctx: BrowserContext;
    let page: Page;
    let errors: string[];
    const requests: string[] = [];
    const url = (p: string) => `${site.url}${p}`;
    const visible = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: "visible" });
    const noSideScroll = async () => {
      const [sw, cw] = await Promise.all([
        evalIn<number>(page, "document.documentElement.scrollWidth"),
        evalIn<number>(page, "document.documentElement.clientWidth"),
      ]);
      expect(sw, `horizontal scroll on ${page.url()}`).toBeLessThanOrEqual(cw);
    };
    const openMenu = async () => {
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.locator("dialog.side-menu[open]").waitFor({ state: "visible" });
    };

    beforeAll(async () => {
      ctx = await browser.newContext({ viewport });
      page = await ctx.newPage();
      errors = watchErrors(page);
      page.on("request", (r) => requests.push(r.url()));
    });
    afterAll(async () => {
      expect(errors, "uncaught page errors").toEqual([]);
      await ctx?.close();
    });

    it("shows the home page with all its sections and figures", async () => {
      await page.goto(url("/"));
      await page.getByRole("heading", { level: 1, name: /every corner of the world/ }).waitFor();
      // Three hero slides: world wide delivery with Track Parcel, 24/7 delivery, sea surf.
      const slides = page.locator(".hero-slide");
      expect(await slides.count()).toBe(3);
      // The hidden slides get their content a frame after the visible one (useStaged).
      await page.locator(".hero-slide.hero-sea .hero-eyebrow").waitFor({ state: "attached" });
      expect(await page.locator(".hero-eyebrow").allTextContents()).toEqual(["World Wide Delivery", "24/7 Delivery", "Sea Surf"]);
      expect(await page.locator(".hero-slide.active a", { hasText: "Track Parcel" }).getAttribute("href")).toBe("/track.html");
      expect(await evalIn<number>(page, "document.querySelector('.hero').getBoundingClientRect().height")).toBeGreaterThanOrEqual(570);
      // Keyboard and buttons move the carousel; the pause button stops it.
      await page.getByRole("button", { name: "Next slide" }).click();
      expect(await page.locator(".hero-slide.active .hero-eyebrow").textContent()).toBe("24/7 Delivery");
      await page.getByRole("button", { name: "Pause slideshow" }).click();
      await page.getByRole("button", { name: "Play slideshow" }).waitFor();
      // Sections in order (those below the hero, and the footer, join a frame or two after the first paint).
      await page.locator('.home > [data-section="faq"]').waitFor();
      await page.locator("footer.site-footer").waitFor();
      const order = await evalIn<string[]>(page, "[...document.querySelectorAll('.home > [data-section]')].map(s => s.dataset.section)");
      expect(order).toEqual(["hero", "services", "qualities", "service-slider", "about", "experience", "testimonials", "portfolio", "faq"]);
      expect(await page.locator(".service-card").count()).toBe(3);
      const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      expect(text).toContain("since 1985");
      expect(text).toContain("200,000 containers");
      for (const figure of ["95%", "85%", "90%"]) expect(text).toContain(figure);
      expect(text).toContain("Warehousing");
      expect(text).toContain("Ocean Freight");
      expect(text).toContain("Air Freight");
      // Testimonials from the demo reviews: five stars, photo from /uploads/images/.
      const reviews = page.locator(".review");
      expect(await reviews.count()).toBeGreaterThan(0);
      expect(await reviews.first().locator(".stars svg").count()).toBe(5);
      expect(await reviews.first().locator("figcaption img").getAttribute("src")).toMatch(/^\/uploads\/images\//);
      expect(await page.locator(".project").count()).toBeGreaterThan(2);
      expect(await page.locator(".faq-item").count()).toBeGreaterThan(2);
      // Footer: copyright line and the contact e-mail (set in the demo settings).
      expect(text).toMatch(/© 2022 .+All rights reserved\./);
      expect(await page.locator("footer .footer-email").textContent()).toContain("@");
      // The top bar is transparent at the top and solid once scrolled.
      expect(await page.locator(".topbar").getAttribute("class")).not.toContain("solid");
      await page.mouse.wheel(0, 800);
      await page.locator(".topbar.solid").waitFor();
      await noSideScroll();
      // Leaflet is not loaded on a page without a map.
      expect(requests.some((r) => /leaflet/i.test(r))).toBe(false);
    });

    it("switches the theme and keeps it after a reload", async () => {
      await page.goto(url("/"));
      // The app sets the theme once it has started (under load, after the page's load event).
      await page.locator("html[data-theme]").waitFor({ state: "attached" });
      expect(await evalIn<string>(page, "document.documentElement.dataset.theme")).toBe("light");
      const lightBg = await evalIn<string>(page, "getComputedStyle(document.body).backgroundColor");
      await openMenu();
      await page.getByRole("button", { name: /theme/ }).click();
      expect(await evalIn<string>(page, "document.documentElement.dataset.theme")).toBe("dark");
      await expect.poll(() => evalIn<string>(page, "getComputedStyle(document.body).backgroundColor")).not.toBe(lightBg);
      await expect.poll(async () => JSON.parse((await evalIn<string>(page, "localStorage.getItem('state')")) ?? "{}").theme).toBe("DARK");
      await page.reload();
      await page.locator(".hero").waitFor();
      expect(await evalIn<string>(page, "document.documentElement.dataset.theme")).toBe("dark");
      await openMenu();
      await page.getByRole("button", { name: /theme/ }).click();
      expect(await evalIn<string>(page, "document.documentElement.dataset.theme")).toBe("light");
      await page.keyboard.press("Escape");
    });

    it("changes the language through the chooser, with a cookie and a reload", async () => {
      await page.goto(url("/"));
      await openMenu();
      const select = page.getByLabel("Language");
      expect(await select.locator("option").evaluateAll((o) => o.map((x) => (x as unknown as { value: string }).value))).toEqual(LANGS);
      const choice = label === "desktop" ? { code: "ar", tag: "ar", dir: "rtl" } : { code: "vn", tag: "vi", dir: "ltr" };
      await Promise.all([page.waitForEvent("load", { timeout: 10_000 }), select.selectOption(choice.code)]);
      await page.locator(".hero").waitFor();
      expect(await evalIn<string>(page, "document.documentElement.lang")).toBe(choice.tag);
      expect(await evalIn<string>(page, "document.documentElement.dir")).toBe(choice.dir);
      expect((await ctx.cookies()).find((c) => c.name === "lang")?.value).toBe(choice.code);
      await noSideScroll();
      // The whole interface is in the new language now, the menu button's name too.
      expect(await page.locator(".hero h1").first().textContent()).not.toMatch(/every corner of the world/);
      expect(await page.locator('header button[aria-haspopup="dialog"]').getAttribute("aria-label")).not.toBe("Menu");
      // Back to English for the rest of the journey.
      await ctx.addCookies([{ name: "lang", value: "en", url: site.url }]);
      await Promise.all([page.waitForEvent("load", { timeout: 10_000 }), page.reload()]);
      await page.locator(".hero").waitFor();
      expect(await evalIn<string>(page, "document.documentElement.lang")).toBe("en");
      expect(await evalIn<string>(page, "document.documentElement.dir")).toBe("ltr");
    });

    it("reads a content page from the side menu", async () => {
      await page.goto(url("/"));
      await openMenu();
      await page.locator("dialog.side-menu").getByRole("link", { name: "About Us" }).click();
      await page.waitForURL(/\/pages\/about-us$/);
      await page.getByRole("heading", { level: 1, name: "About Us" }).waitFor();
      const card = page.locator(".content-card .markup");
      await card.waitFor();
      expect(await card.locator("strong").count()).toBeGreaterThan(0);
      expect(await card.locator("script, iframe").count()).toBe(0);
      expect(await evalIn<number>(page, "window.scrollY")).toBe(0);
      await noSideScroll();
      // A slug the server does not know is the 404 screen.
      await page.goto(url("/pages/no-such-page"));
      await visible("Resource Not Found");
    });

    it("tracks a demo parcel: details, history and three labelled markers", async () => {
      await page.goto(url(`/track.html?code=${CODE}`));
      expect(await page.locator("input[name=code]").getAttribute("placeholder")).toBe("Enter Your Tracking Code");
      await page.locator("#parcel-code", { hasText: CODE }).waitFor();
      expect(await page.inputValue("input[name=code]")).toBe(CODE);
      for (const heading of ["Shipping information", "Destination", "Sent from", "Shipment history"]) {
        await page.getByRole("heading", { name: heading, exact: true }).first().waitFor();
      }
      const history = page.locator(".history-item");
      expect(await history.count()).toBeGreaterThan(2);
      const first = history.first();
      expect(await first.locator(".history-month").textContent()).toMatch(/\w+/);
      expect(await first.locator(".history-day").textContent()).toMatch(/^\d{2}$/);
      expect(await first.locator(".history-time").textContent()).toMatch(/^\d{2}:\d{2}$/);
      expect(await first.locator("h4").textContent()).not.toBe("");
      // Leaflet map, 60vh, with the three markers labelled in text (no tiles on this machine). The map's chunk
      // and Leaflet load only when the map comes near the viewport: on a phone it is far below the fold, so
      // not before scrolling; its placeholder holds its place meanwhile.
      const section = page.locator('section[aria-labelledby="map-title"]');
      await section.waitFor({ state: "attached" });
      if (label === "phone") {
        // Whatever the page asks for by itself has been asked for.
        await networkQuiet(page);
        expect(
          requests.some((r) => /leaflet/i.test(r)),
          "Leaflet loaded before the map neared the viewport",
        ).toBe(false);
        expect(
          requests.some((r) => /ParcelMap/.test(r)),
          "the map's chunk loaded before the map neared the viewport",
        ).toBe(false);
        expect(await section.locator(".parcel-map-loading").count()).toBe(1);
        expect(await page.locator(".map-pin").count()).toBe(0);
      }
      await section.scrollIntoViewIfNeeded();
      const map = page.locator(".parcel-map");
      await map.waitFor({ state: "attached" });
      await page.locator(".map-pin").nth(2).waitFor({ state: "attached" });
      expect(await page.locator(".map-pin").count()).toBe(3);
      expect((await page.locator(".map-pin-label").allTextContents()).sort()).toEqual(["Current Location", "Destination", "Pickup Location"]);
      const [mapH, vh] = [await map.evaluate((e) => (e as unknown as { clientHeight: number }).clientHeight), viewport.height];
      expect(Math.abs(mapH - vh * 0.6)).toBeLessThan(4);
      expect(requests.some((r) => /leaflet/i.test(r))).toBe(true);
      await noSideScroll();
    });

    it("shows TRACKING... and then the upper-cased first error for an unknown code", async () => {
      await page.goto(url("/track.html"));
      // The look-up is a GET with a persisted-query hash (/graphql?extensions=...), or a POST.
      const graphql = /\/graphql(\?|$)/;
      // The answer is held until the test has seen the page waiting for it.
      let answer!: () => void;
      const seen = new Promise<void>((r) => (answer = r));
      await page.route(graphql, async (route) => {
        await seen;
        await route.continue();
      });
      await page.fill("input[name=code]", "NO-SUCH-CODE-42");
      await page.locator("form[role=search] button[type=submit]").click();
      await visible("TRACKING...");
      answer();
      const card = page.locator(".track-error");
      await card.waitFor();
      const message = (await card.innerText()).trim();
      expect(message.length).toBeGreaterThan(3);
      expect(message).toBe(message.toUpperCase());
      expect(message).toMatch(/NOT FOUND/);
      await page.unroute(graphql);
      expect(new URL(page.url()).searchParams.get("code")).toBe("NO-SUCH-CODE-42");
      // The back arrow leads home.
      await page.getByRole("link", { name: "Back to home page" }).click();
      await page.waitForURL(url("/"));
    });

    it("meets the 404 screen and goes back", async () => {
      await page.goto(url("/contact.html"));
      await page.getByRole("heading", { level: 1, name: "Contact Us" }).waitFor();
      // Followed from the contact screen, as a visitor's broken link would be.
      await page.evaluate("location.href = '/no/such/place?x=1'");
      await visible("404 Error");
      await visible("Resource Not Found");
      expect(await page.locator(".not-found-address").textContent()).toContain("/no/such/place?x=1");
      await page.getByRole("link", { name: "Go Back" }).click();
      await page.waitForURL(url("/contact.html"));
      // With nothing to go back to, Go Back falls back to the home page.
      const fresh = await ctx.newPage();
      const freshErrors = watchErrors(fresh);
      await fresh.goto(url("/still/missing"));
      await fresh.getByText("Resource Not Found").waitFor();
      await fresh.getByRole("link", { name: "Go Back" }).click();
      await fresh.waitForURL(url("/"));
      expect(freshErrors).toEqual([]);
      await fresh.close();
    });

    it("sends the contact form to the company and lists errors", async () => {
      await page.goto(url("/contact.html"));
      await page.getByRole("heading", { level: 1, name: "Contact Us" }).waitFor();
      const settings = ((await (await fetch(url("/api/settings"))).json()) as { data: Record<string, string> }).data;
      expect(await page.locator(".contact-email").textContent()).toBe(settings.contact_email);
      if (settings.contact_phone_alt) expect(await page.locator(".contact-phone").textContent()).toBe(settings.contact_phone_alt);
      // Empty form: a red panel listing each message.
      await page.locator("form.contact-form button[type=submit]").click();
      const error = page.locator(".alert-error");
      await error.waitFor();
      expect(await error.locator("li").count()).toBeGreaterThanOrEqual(4);
      // A real message reaches the SMTP peer.
      const subject = `Quote request ${label} ${Date.now()}`;
      await page.fill("input[name=name]", "Ada Visitor");
      await page.fill("input[name=email]", "ada.visitor@example.org");
      await page.fill("input[name=subject]", subject);
      await page.fill("textarea[name=body]", "Please quote 3 pallets from Rotterdam to Lagos.");
      await page.locator("form.contact-form button[type=submit]").click();
      await page.locator(".alert-success").waitFor();
      expect(await page.locator(".alert-error").count()).toBe(0);
      const mail = await smtp.waitFor((m) => mailText(m.raw).includes(subject));
      expect(mail.to).toContain(settings.contact_email);
      expect(mailText(mail.raw)).toContain("ada.visitor@example.org");
      expect(await page.inputValue("input[name=subject]")).toBe("");
      await noSideScroll();
    });

    it("shows the debug screen", async () => {
      await page.goto(url("/debug"));
      await page.locator("[data-debug=width] dd", { hasText: `${viewport.width}px` }).waitFor();
      expect(await page.locator("[data-debug=height] dd").textContent()).toBe(`${viewport.height}px`);
      expect(await page.locator("[data-debug=device] dd").textContent()).toMatch(/Mozilla/);
    });
  });
}

describe("the browser's dark preference (prefers-color-scheme)", () => {
  const theme = (page: Page) => evalIn<string>(page, "document.documentElement.dataset.theme");
  it("is the first paint's theme, before any script of the app runs, on the public site and the control panel", async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, colorScheme: "dark" });
    // No module of the app loads: what shows is what the page's own inline script painted.
    await ctx.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await ctx.newPage();
    for (const path of ["/", "/control/signin.html"]) {
      await page.goto(`${site.url}${path}`, { waitUntil: "commit" });
      await page.waitForLoadState("domcontentloaded");
      expect(await theme(page), path).toBe("dark");
      expect(await evalIn<string>(page, "getComputedStyle(document.body).backgroundColor"), path).toBe("rgb(10, 16, 32)");
    }
    await ctx.close();
  });

  it("is followed until the toggle is used; the toggle's choice then wins and is remembered", async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, colorScheme: "dark" });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/control/signin.html`);
    expect(await theme(page)).toBe("dark");
    // Nothing is saved while the preference rules: a later light preference is followed.
    expect(JSON.parse((await evalIn<string | null>(page, "localStorage.getItem('state')")) ?? "{}").theme).toBeUndefined();
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => theme(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => theme(page)).toBe("dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await theme(page)).toBe("light");
    await expect.poll(async () => JSON.parse((await evalIn<string>(page, "localStorage.getItem('state')")) ?? "{}").theme).toBe("LIGHT");
    await page.reload();
    expect(await theme(page)).toBe("light");
    await page.goto(`${site.url}/`);
    expect(await theme(page)).toBe("light");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
