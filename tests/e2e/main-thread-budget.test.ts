/**
 * The main thread's work while a public first screen loads (issue 40): a phone four times slower than this machine
 * must not be blocked by any one task of its start. Measured so that a loaded host does not fail it: in Debian's
 * Chromium, from a Chromium performance trace, as each task's CPU time on the page's main thread (the trace's thread
 * duration `tdur`, not its wall time: on a host at load 20 a task's wall time was up to twenty times its CPU time),
 * against a host reference taken in the same page right after: the CPU time of a fixed JavaScript loop (the least of
 * five runs). The loop is about 12.5 ms of CPU on this machine's kind, that is 50 ms on Lighthouse's 4x
 * slower phone: a task that takes more CPU than the loop is a long task on that phone.
 *
 * For each page (home, the tracking page with a parcel, a content page), the median of three loads, each in a fresh
 * context (so a fresh renderer, as a visitor's first visit), from navigation until two seconds after the app has
 * taken the page over (`<html data-ready>`): no task over two references (100 ms on the phone), at most
 * LONG_TASKS over one, and the whole load's main-thread CPU within TOTAL_REFS references. Figures of the runs are
 * printed (docs/frontend.md, "Main thread").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, CDPSession } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, PHONE } from "../helpers/browser.js";

/** Tasks a load may have that take more CPU than the reference (a long task on the phone). */
const LONG_TASKS = 4;
/** The load's main-thread CPU, in references. */
const TOTAL_REFS = 30;
/** Iterations of the reference loop: 11.8-13 ms of CPU in Chromium on this machine kind (measured at load 20-25). */
const LOOP = 2_500_000;
const RUNS = 3;

const PAGES = { home: "/", track: "/track.html?code=CR-2026-000001", content: "/pages/about-us" } as const;

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: Record<string, unknown> };

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ SSR_BUDGET_MS: "0" });
  browser = await launchBrowser({ waitForApp: false });
  // One load of each page first: the server keeps the rendered pages and learns the persisted queries, as it has
  // for a visitor who comes after others; the loads measured are each a fresh browser context.
  const warm = await browser.newPage();
  for (const path of Object.values(PAGES)) await warm.goto(site.url + path, { waitUntil: "load" });
  await warm.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Load {
  /** CPU ms of each top-level task of the page's main thread, in order. */
  tasks: number[];
  /** CPU ms of the reference loop (least of five). */
  ref: number;
  errors: string[];
}

/** One load of `path` in a fresh context, traced; the reference loop runs in the page afterwards. */
async function load(path: string): Promise<Load> {
  const ctx = await browser.newContext({ viewport: PHONE, locale: "en-GB", timezoneId: "UTC" });
  try {
    // The app's data-ready, told through the console: waiting for it through Playwright would run its own
    // scripts in the page, and they would be tasks of the page's main thread.
    await ctx.addInitScript(
      "new MutationObserver((r, o) => { if (document.documentElement?.hasAttribute('data-ready')) { o.disconnect(); console.debug('main-thread-budget: ready'); } }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] })",
    );
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const ready = new Promise<void>((resolve) =>
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
        if (m.text() === "main-thread-budget: ready") resolve();
      }),
    );
    const cdp: CDPSession = await ctx.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", {
      transferMode: "ReportEvents",
      traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink.user_timing"] },
    });
    await page.goto(site.url + path, { waitUntil: "load" });
    await ready;
    // What runs after hydration: the staged parts, the visitor's own times, idle loads (the menu's chunk).
    await page.waitForTimeout(2000);
    const loopSource = `(() => { performance.mark("ref"); let x = 0; for (let i = 0; i < ${LOOP}; i++) x = (x * 31 + i) | 0; return x; })()`;
    for (let i = 0; i < 5; i++) await page.evaluate(loopSource);
    await cdp.send("Tracing.end");
    await complete;

    // The page's renderer: the process that parsed this page's HTML; its main thread. On a loaded machine the parse's
    // event sometimes comes without its URL (2 of 3 tries once in CI): then the thread that ran the reference's marks,
    // which is the same main thread.
    const parse =
      events.find((e) => e.name === "ParseHTML" && String((e.args?.beginData as { url?: string })?.url ?? "").startsWith(site.url)) ??
      events.find((e) => e.name === "ref");
    expect(parse, "the page's main thread is in the trace (its HTML parsing or the reference's marks)").toBeDefined();
    const main = events.filter((e) => e.pid === parse!.pid && e.tid === parse!.tid && e.ph === "X" && e.dur !== undefined);
    const tops: TraceEvent[] = [];
    let end = -1;
    for (const e of main.filter((t) => t.name === "RunTask" || t.name === "ThreadControllerImpl::RunTask").sort((a, b) => a.ts - b.ts)) {
      if (e.ts < end) continue; // nested
      end = e.ts + e.dur!;
      tops.push(e);
    }
    // The reference runs: the tasks that hold the loop's performance marks.
    const marks = events.filter((e) => e.pid === parse!.pid && e.name === "ref").map((e) => e.ts);
    const refTasks = tops.filter((t) => marks.some((m) => m >= t.ts && m <= t.ts + t.dur!));
    expect(refTasks.length, "the five reference runs are in the trace").toBe(5);
    const firstRef = Math.min(...refTasks.map((t) => t.ts));
    const cpu = (t: TraceEvent) => (t.tdur ?? t.dur!) / 1000;
    return { tasks: tops.filter((t) => t.ts < firstRef).map(cpu), ref: Math.min(...refTasks.map(cpu)), errors };
  } finally {
    await ctx.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe("the main thread while a public first screen loads", () => {
  for (const [name, path] of Object.entries(PAGES)) {
    it(`${name} (${path}): no task over twice the host reference, at most ${LONG_TASKS} over it, the whole load within ${TOTAL_REFS} references`, async () => {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await load(path));
      const rows = loads.map((l) => {
        const units = l.tasks.map((t) => t / l.ref);
        return {
          ref: l.ref,
          over2: units.filter((u) => u > 2).length,
          over1: units.filter((u) => u > 1).length,
          total: units.reduce((a, b) => a + b, 0),
          longest: Math.max(...l.tasks),
        };
      });
      console.log(
        `${name}: ` +
          rows
            .map(
              (r) =>
                `ref ${r.ref.toFixed(1)} ms CPU, longest task ${r.longest.toFixed(1)} ms, over 1 ref ${r.over1}, over 2 ${r.over2}, total ${r.total.toFixed(1)} refs`,
            )
            .join("; "),
      );
      for (const l of loads) expect(l.errors, "no page error, and the app loaded").toEqual([]);
      expect(median(rows.map((r) => r.over2)), "tasks over 100 ms on the phone (median of the loads)").toBe(0);
      expect(median(rows.map((r) => r.over1)), "long tasks on the phone (median of the loads)").toBeLessThanOrEqual(LONG_TASKS);
      expect(median(rows.map((r) => r.total)), "the load's main-thread CPU, in references (median)").toBeLessThanOrEqual(TOTAL_REFS);
    }, 240_000);
  }
});
