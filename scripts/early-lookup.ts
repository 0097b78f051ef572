// The tracking page's time to show a parcel when the client renders the page alone (SSR=false, as for a visitor
// with a session or past the render budget): Debian's Chromium through playwright-core, the CPU slowed 4x
// (Emulation.setCPUThrottlingRate), a fresh browser per run, the production server (`dist/`, built first) with
// demo content. It measures whatever `dist/` holds: build once as usual and once with EARLY_REQUESTS=off
// (vite.config.ts) to compare the early look-up with Apollo's persisted-query link alone
// (docs/adr/0005-early-requests.md).
//
// npx tsx scripts/early-lookup.ts [runs=5] [network=none|4g] [render=client|server]: "4g" adds Lighthouse's mobile
// network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up); "server" leaves SSR on (the default visitor's path:
// the parcel is in the page's HTML, so its first contentful paint is the time to the status; each run says whether
// the page came rendered, which a render past SSR_BUDGET_MS does not). Every run also prints when the app had taken
// the page over (`<html data-ready>`) and a host reference taken in the page afterwards, still at 4x: the wall time
// of the main-thread budget test's fixed loop (least of five; about 50 ms on a quiet host of this kind). A first run
// teaches the server the document's hash and is not counted; the median of the rest is printed, with the least and
// the most. EL_PORT (default 4792) is the server's port.
import fs from "node:fs";
import path from "node:path";
import { launchBrowser } from "../tests/helpers/browser.js";
import { serveBuilt } from "./serve.js";

const runs = Math.max(1, Number(process.argv[2] ?? 5));
const net = process.argv[3] ?? "none";
if (net !== "none" && net !== "4g") throw new Error(`network: "none" or "4g", not "${net}"`);
const render = process.argv[4] ?? "client";
if (render !== "client" && render !== "server") throw new Error(`render: "client" or "server", not "${render}"`);
const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "dist", "client");
const entry = /src="\/(assets\/index-[\w-]+\.js)"/.exec(fs.readFileSync(path.join(clientDir, "index.html"), "utf8"))?.[1];
// The early look-up's module is in the entry unless the build had EARLY_REQUESTS=off.
const label = entry && fs.readFileSync(path.join(clientDir, entry), "utf8").includes("PERSISTED_QUERY_NOT_FOUND") ? "early look-up" : "EARLY_REQUESTS=off";
const port = Number(process.env.EL_PORT || 4792);

/** What the in-page functions use of the browser (this project's Node tsconfig has no DOM types). */
type InPage = {
  __shown?: number;
  __ready?: number;
  document: object & { querySelector(s: string): object | null; documentElement: { hasAttribute(a: string): boolean } };
  MutationObserver: new (cb: (records: unknown, o: { disconnect(): void }) => void) => { observe(n: object, o: object): void };
};
const env = { MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png", ...(render === "client" ? { SSR: "false" } : {}) };
const { base, stop } = await serveBuilt("el", port, env, true);
try {
  const url = `${base}/track.html?code=CR-2026-000001`;
  const times: { shown: number; fcp: number; ready: number; ref: number; lookUpStart: number; appStart: number; requests: string }[] = [];
  for (let run = 0; run <= runs; run++) {
    // A fresh browser a run, Debian's Chromium with the tests' flags; the page is looked at before the app takes it over.
    const browser = await launchBrowser({ waitForApp: false });
    try {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      if (net === "4g")
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
      const graphql: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/graphql")) graphql.push(`${r.method()} ${r.url().includes("sha256Hash") ? "hash" : "doc"}`);
      });
      // The moment the parcel's details are in the page (recorded in the page: no polling delay).
      await page.addInitScript(() => {
        const w = globalThis as unknown as InPage;
        new w.MutationObserver((_, o) => {
          if (w.document.querySelector("article.track-result #parcel-code")) {
            w.__shown = performance.now();
            o.disconnect();
          }
        }).observe(w.document, { childList: true, subtree: true });
        new w.MutationObserver((_, o) => {
          if (w.document.documentElement.hasAttribute("data-ready")) {
            w.__ready = performance.now();
            o.disconnect();
          }
        }).observe(w.document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
      });
      const response = await page.goto(url, { waitUntil: "commit" });
      const rendered = (await response?.text())?.includes('id="parcel-code"') ?? false;
      await page.waitForSelector("article.track-result #parcel-code", { timeout: 60_000 });
      await page.waitForSelector("html[data-ready]", { timeout: 60_000 });
      const t = await page.evaluate(() => {
        const w = globalThis as unknown as InPage;
        const res = performance.getEntriesByType("resource") as unknown as { name: string; startTime: number; responseEnd: number }[];
        const look = res.find((r) => r.name.includes("/graphql") && r.name.includes("TrackParcel")) ?? res.find((r) => r.name.includes("/graphql"));
        const app = res.find((r) => /\/assets\/start-/.test(r.name));
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        return { shown: w.__shown ?? NaN, fcp, ready: w.__ready ?? NaN, lookUpStart: look?.startTime ?? NaN, appStart: app?.responseEnd ?? NaN };
      });
      // The host reference: tests/e2e/main-thread-budget.test.ts's loop, its wall time in the throttled page.
      const loop = `(() => { const t0 = performance.now(); let x = 0; for (let i = 0; i < 2500000; i++) x = (x * 31 + i) | 0; return x === 0.5 ? 0 : performance.now() - t0; })()`;
      let ref = Infinity;
      for (let i = 0; i < 5; i++) ref = Math.min(ref, (await page.evaluate(loop)) as number);
      const entry = { ...t, ref, requests: graphql.join(", ") || "none" };
      if (run > 0 && (render === "client" || rendered)) times.push(entry); // run 0: warm-up (the server learns the document's hash)
      console.log(
        `${label} ${render} ${run === 0 ? "warm-up" : `run ${run}`}${render === "server" && !rendered ? " (NOT rendered: not counted)" : ""}: details shown ${Math.round(t.shown)} ms, FCP ${Math.round(t.fcp)} ms, data-ready ${Math.round(t.ready)} ms, look-up sent ${Math.round(t.lookUpStart)} ms, app chunk loaded ${Math.round(t.appStart)} ms, reference ${Math.round(ref)} ms; graphql: ${entry.requests}`,
      );
    } finally {
      await browser.close();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  type Figure = "shown" | "fcp" | "ready" | "ref";
  const figure = (name: string, key: Figure) => {
    const xs = times.map((t) => t[key]);
    return `${name} ${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))}: ${xs.map(Math.round).join(", ")})`;
  };
  const figures = [figure("details shown", "shown"), figure("FCP", "fcp"), figure("data-ready", "ready"), figure("reference", "ref")];
  console.log(
    `${label} render=${render} net=${net} median of ${times.length}: ${figures.join("; ")}, look-up sent ${Math.round(median(times.map((t) => t.lookUpStart)))} ms`,
  );
} finally {
  stop();
}
