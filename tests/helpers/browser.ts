import { chromium, type Browser, type Page, type Request } from "playwright-core";

/** Debian's Chromium, headless, with the flags this machine needs (no background networking). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
