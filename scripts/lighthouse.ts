// npm run lighthouse: Lighthouse (mobile profile) on Debian's Chromium against the real server with demo content.
// The map's tiles come from the project's local tile route, since this machine reaches no tile server.
//
// Every page runs LH_RUNS times (default 3; scores are noisy on a 2-core machine) and the table shows the median
// of each category. LH_PAGES=/,/pages/about-us limits the pages. For each page the script also prints the
// median metrics and the JavaScript the page loaded without interaction (the scripts of Lighthouse's load,
// which waits for the network to go quiet): its gzip size (the .gz copies of scripts/compress-dist.mjs) and the
// bytes actually transferred (brotli). The reports of the runs go to bench-results/lighthouse-<time>/ (with their
// traces when LH_TRACE=1).
// Each run uses a fresh Chromium and starts once the machine is quiet (see waitForQuiet).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { serveBuilt } from "./serve.js";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "dist", "client");
const port = Number(process.env.LH_PORT || 4790);
const runs = Math.max(1, Number(process.env.LH_RUNS || 3));
/**
 * LH_CPU_SLOWDOWN=N: Lighthouse's simulated phone N times slower than this host instead of 4 (its mobile default),
 * to compare runs on hosts of other speeds: N = 4 x (this run's benchmark index / the other host's), e.g. 8 on a
 * host of index 3 500 against issue 40's 1 718. The network stays Lighthouse's slow 4G.
 */
const slowdown = process.env.LH_CPU_SLOWDOWN
  ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: Number(process.env.LH_CPU_SLOWDOWN) } }
  : {};
// The production server as `npm start` runs it (npm run lighthouse builds it first), with shipped logging.
const { base, stop } = await serveBuilt("lh", port, { MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });

const code =
  (
    (await (
      await fetch(`${base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: '{ parcel(trackingCode: "CR-2026-000001") { tracking_code } }' }),
      })
    ).json()) as { data?: { parcel?: { tracking_code?: string } } }
  ).data?.parcel?.tracking_code ?? "CR-2026-000001";

const allPages = ["/", `/track.html?code=${code}`, "/pages/about-us"];
const only = process.env.LH_PAGES?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const pages = only?.length ? allPages.filter((p) => only.some((o) => (o === "/" ? p === "/" : p.startsWith(o)))) : allPages;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

type Run = {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  benchmarkIndex: number;
  jsGzip: number;
  jsTransfer: number;
  scripts: string[];
  failed: string[];
};
const results = new Map<string, Run[]>();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const reportDir = path.join(root, "bench-results", `lighthouse-${stamp}`);
fs.mkdirSync(reportDir, { recursive: true });

/** The gzip size of a built script: its .gz copy, or the file gzipped here. */
function gzipSize(url: string): number {
  const file = path.join(clientDir, decodeURIComponent(new URL(url).pathname));
  if (!file.startsWith(clientDir) || !fs.existsSync(file)) return 0;
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The share of the machine's CPU time other processes used over `ms` (from /proc/stat; 0 where it cannot be read). */
async function cpuBusy(ms: number): Promise<number> {
  const read = () => {
    try {
      const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3] + (f[4] || 0), total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  if (!a || !b || b.total === a.total) return 0;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}

/**
 * Lighthouse scales the main-thread time it observes by 4 (mobile CPU), so a run on a machine busy with
 * something else (tests, a benchmark) scores low. Before each run this waits, up to LH_QUIET_WAIT seconds
 * (default 300), for two quiet seconds: other processes using at most LH_MAX_BUSY (default 0.2) of the CPU.
 */
async function waitForQuiet(): Promise<number> {
  const maxBusy = Number(process.env.LH_MAX_BUSY || 0.2);
  const deadline = Date.now() + Number(process.env.LH_QUIET_WAIT ?? 300) * 1000;
  let busy = await cpuBusy(1000);
  let quiet = 0;
  while (Date.now() < deadline) {
    quiet = busy <= maxBusy ? quiet + 1 : 0;
    if (quiet >= 2) break;
    busy = await cpuBusy(1000);
  }
  return busy;
}

/** One Lighthouse run in a fresh Chromium (no cache or state from other runs); a run whose trace failed is repeated. */
async function audit(url: string) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], ...slowdown });
      if (!result) throw new Error("Lighthouse returned nothing");
      if (!result.lhr.runtimeError || attempt >= 3) return result;
      console.log(`  ${result.lhr.runtimeError.code}: running ${url} again`);
    } finally {
      await chrome.kill();
    }
  }
}

try {
  for (let run = 0; run < runs; run++) {
    for (const p of pages) {
      const busy = await waitForQuiet();
      const result = await audit(`${base}${p}`);
      const lhr = result.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
      const metrics = Object.fromEntries(METRICS.map((k) => [k, lhr.audits[k]?.numericValue ?? NaN]));
      const requests = (
        (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] })?.items ?? []
      ).filter((r) => r.resourceType === "Script" && r.url.startsWith(base));
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      const entry: Run = {
        scores,
        metrics,
        // Lighthouse's own measure of the host's CPU (higher is faster): the same page scores lower on a slower or busier host.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
        jsGzip: requests.reduce((s, r) => s + gzipSize(r.url), 0),
        jsTransfer: requests.reduce((s, r) => s + (r.transferSize ?? 0), 0),
        scripts: requests.map((r) => new URL(r.url).pathname),
        failed,
      };
      results.set(p, [...(results.get(p) ?? []), entry]);
      const name = p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
      fs.writeFileSync(path.join(reportDir, `${name}-${run + 1}.json`), result.report as string);
      // LH_TRACE=1 keeps the run's trace too (open it in Chromium's performance panel), to see what the main thread did.
      if (process.env.LH_TRACE) fs.writeFileSync(path.join(reportDir, `${name}-${run + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
      console.log(
        `run ${run + 1} ${p} (CPU busy before: ${Math.round(busy * 100)}%): ${CATEGORIES.map((k) => scores[k]).join("/")}  FCP ${Math.round(metrics["first-contentful-paint"])} ms, LCP ${Math.round(metrics["largest-contentful-paint"])} ms, TBT ${Math.round(metrics["total-blocking-time"])} ms, CLS ${metrics["cumulative-layout-shift"].toFixed(3)}, SI ${Math.round(metrics["speed-index"])} ms, benchmark index ${Math.round(entry.benchmarkIndex)}`,
      );
      if (failed.length) console.log(`  below 0.9: ${failed.join(", ")}`);
    }
  }
} finally {
  stop();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\nMedian of ${runs} run(s) per page (individual runs in brackets):\n`);
console.log("| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|");
const summary = [];
for (const p of pages) {
  const rs = results.get(p) ?? [];
  const cell = (k: string) => `${median(rs.map((r) => r.scores[k]))}${rs.length > 1 ? ` (${rs.map((r) => r.scores[k]).join(", ")})` : ""}`;
  console.log(`| ${p} | ${CATEGORIES.map(cell).join(" | ")} |`);
  summary.push({
    page: p,
    runs: rs,
    median: {
      ...Object.fromEntries(CATEGORIES.map((k) => [k, median(rs.map((r) => r.scores[k]))])),
      ...Object.fromEntries(METRICS.map((k) => [k, median(rs.map((r) => r.metrics[k]))])),
      benchmarkIndex: median(rs.map((r) => r.benchmarkIndex)),
      jsGzip: median(rs.map((r) => r.jsGzip)),
      jsTransfer: median(rs.map((r) => r.jsTransfer)),
    },
  });
}
console.log("\n| page | FCP | LCP | TBT | CLS | JS loaded (gzip / transferred) | benchmark index (runs) |\n|---|---|---|---|---|---|---|");
for (const s of summary) {
  const m = s.median as Record<string, number>;
  console.log(
    `| ${s.page} | ${Math.round(m["first-contentful-paint"])} ms | ${Math.round(m["largest-contentful-paint"])} ms | ${Math.round(m["total-blocking-time"])} ms | ${m["cumulative-layout-shift"].toFixed(3)} | ${kb(m.jsGzip)} / ${kb(m.jsTransfer)} | ${Math.round(m.benchmarkIndex)} (${s.runs.map((r) => Math.round(r.benchmarkIndex)).join(", ")}) |`,
  );
}
for (const s of summary) console.log(`\n${s.page} scripts: ${s.runs[0]?.scripts.join(" ")}`);
fs.writeFileSync(path.join(reportDir, "summary.json"), JSON.stringify(summary, null, 2));
console.log(`\nReports: ${path.relative(root, reportDir)}/`);
