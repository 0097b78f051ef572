import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from "playwright-core";

/**
 * Debian's Chromium, headless, with the flags this machine needs (no background networking).
 *
 * A page loaded with `goto` or `reload` is handed back once the app has taken it over (`waitForApp`): a
 * page the server rendered is on the screen before that, and a click or a checked radio in between races
 * React's hydration (client/earlyInput.ts holds what it can). The SSR tests, which look at that time on
 * purpose, turn it off.
 */
export async function launchBrowser({ waitForApp = true } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  if (waitForApp) await loadsWaitForApp(browser);
  return browser;
}

type Load = (this: Page, ...args: unknown[]) => Promise<Response | null>;
const PATCHED = Symbol("waits for the app");

/** `goto` and `reload` of every page of this test file wait for `<html data-ready>` (set by the app). */
async function loadsWaitForApp(browser: Browser): Promise<void> {
  const probe = await browser.newPage();
  const proto = Object.getPrototypeOf(probe) as Record<string | symbol, unknown>;
  await probe.close();
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  for (const name of ["goto", "reload"] as const) {
    const load = proto[name] as Load;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const response = await load.apply(this, args);
      const options = args.find((a) => typeof a === "object" && a !== null) as { waitUntil?: string } | undefined;
      if (options?.waitUntil !== "commit") await appTookOver(this);
      return response;
    } satisfies Load;
  }
}

/** The app has taken the page over (a page that is not the app's, a PDF or JSON, has no `#root`). */
export async function appTookOver(page: Page): Promise<void> {
  type InPage = { document: { getElementById(id: string): object | null; documentElement: { hasAttribute(n: string): boolean } } };
  // A function, not a string: the site's CSP allows no eval, and a string is evaluated again on each poll.
  await page.waitForFunction(
    () => {
      const d = (globalThis as unknown as InPage).document;
      return !d.getElementById("root") || d.documentElement.hasAttribute("data-ready");
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Waits until every image the selector matches has loaded (complete, with a width); none matching waits too. */
export async function imagesLoaded(page: Page, selector: string): Promise<void> {
  type Img = { complete: boolean; naturalWidth: number };
  type InPage = { document: { querySelectorAll(s: string): ArrayLike<Img> } };
  // A function, not a string: the site's CSP allows no eval, and a string is evaluated again on each poll.
  await page.waitForFunction((sel) => {
    const imgs = Array.from((globalThis as unknown as InPage).document.querySelectorAll(sel));
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  }, selector);
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Collects uncaught page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Waits until the page's CSS transitions and finite animations are over (a theme switch fades colours in):
 * a screenshot then shows the colours as they stay. Endless animations (a spinner) do not count.
 */
export async function transitionsDone(page: Page): Promise<void> {
  // A function, not a string: the site's CSP allows no eval, and a string is evaluated again on each poll.
  type Running = { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null };
  type InPage = { document: { getAnimations(): Running[] } };
  await page.waitForFunction(() =>
    (globalThis as unknown as InPage).document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until the screen shows no loading state (a lazy screen's fallback, a list still loading, a busy button),
 * so a screenshot or a layout check sees the screen and not its spinner (on a loaded machine a lazy chunk can take
 * seconds). Gives up quietly after `timeout` ms: the shot then shows what was there.
 */
export async function loaded(page: Page, timeout = 20_000): Promise<void> {
  type InPage = { document: { querySelector(s: string): unknown } };
  await page
    .waitForFunction(() => !(globalThis as unknown as InPage).document.querySelector(".cp-spinner, .page-loading, [aria-busy='true']"), undefined, { timeout })
    .catch(() => undefined);
}

/**
 * Waits until the page has no request in flight and has asked for nothing new for `quietMs`: what the page
 * asks for by itself (a lazy chunk, a queued write sent again) has then been asked for. For a check that
 * something was NOT asked for, instead of a fixed sleep. Fails after `timeout` ms (a blow-up only).
 */
export async function networkQuiet(page: Page, { quietMs = 500, timeout = 30_000 } = {}): Promise<void> {
  const inFlight = new Set<Request>();
  let last = Date.now();
  const started = (r: Request) => {
    inFlight.add(r);
    last = Date.now();
  };
  const ended = (r: Request) => {
    inFlight.delete(r);
    last = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const end = Date.now() + timeout;
    while (inFlight.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > end) throw new Error(`the page did not go quiet in ${timeout} ms (${inFlight.size} requests in flight)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * A browser context as a visitor of `base` has it: 390 px (or the desktop), English (or the `lang` cookie; the
 * browser's own language `locale`, which the control panel follows until the member chooses one),
 * light (or dark, as the theme switch keeps it), UTC, downloads on; with `who`, signed in with that client's
 * cookies (a staff or shipper session made through the API).
 */
export async function openContext(
  browser: Browser,
  base: string,
  opts: { desktop?: boolean; dark?: boolean; lang?: string; locale?: string; who?: { cookies: Map<string, string> } } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: opts.desktop ? DESKTOP : PHONE, locale: opts.locale ?? "en-GB", timezoneId: "UTC", acceptDownloads: true });
  if (opts.dark) await ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);
  if (opts.lang) await ctx.addCookies([{ name: "lang", value: opts.lang, url: base }]);
  if (opts.who) await ctx.addCookies([...opts.who.cookies].map(([name, value]) => ({ name, value, url: base })));
  return ctx;
}

/** A full-page screenshot `<dir>/<name>.png` once the transitions are over, when `dir` (E2E_SHOTS) is set. */
export async function screenshot(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // From the top: a sticky header scrolled with the page would be drawn over the middle of a full-page shot.
  await page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })");
  await loaded(page);
  await transitionsDone(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * How far the page sticks out sideways (0: nothing), with the outermost elements that stick out where
 * nothing scrolls them, to name them.
 */
export async function overflow(page: Page): Promise<{ px: number; culprits: string[] }> {
  const px = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  if (!px) return { px, culprits: [] };
  type El = { tagName: string; className: unknown; parentElement: El | null; getBoundingClientRect(): { left: number; right: number; width: number } };
  type Win = { document: { documentElement: { clientWidth: number } }; getComputedStyle(e: El): { overflowX: string } };
  const culprits = await page.$$eval("body *", (all) => {
    const w = globalThis as unknown as Win;
    const width = w.document.documentElement.clientWidth;
    const els = all as unknown as El[];
    const out = (e: El) => {
      const r = e.getBoundingClientRect();
      return r.right > width + 1 || r.left < -1;
    };
    const clipped = (e: El) => {
      // The body's overflow-x: hidden goes to the viewport, which still scrolls: only an element's own scroller counts.
      for (let a = e.parentElement; a && a.tagName !== "BODY"; a = a.parentElement) if (w.getComputedStyle(a).overflowX !== "visible") return true;
      return false;
    };
    return els
      .filter((e) => out(e) && !clipped(e) && !(e.parentElement && out(e.parentElement)))
      .slice(0, 5)
      .map(
        (e) => `${e.tagName.toLowerCase()}.${String(e.className)} in ${String(e.parentElement?.className)} ${Math.round(e.getBoundingClientRect().width)}px`,
      );
  });
  return { px, culprits };
}
