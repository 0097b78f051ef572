// Where a public page's main thread goes while it loads (issue 40): Debian's Chromium through playwright-core, a
// Chromium performance trace (CDP Tracing) and V8's sampling profiler (CDP Profiler) of each load, with the CPU as
// it is and slowed 4x (Emulation.setCPUThrottlingRate, as Lighthouse's phone), against the production server
// (`dist/`, built first) with demo content. For each page and rate it prints the tasks over 50 ms (start, length)
// and what they were made of: script by file (compile, evaluation, calls), style recalculation, layout, HTML
// parsing, garbage collection; then the functions that took most of the long tasks' time (self time, by the
// profiler's samples), and the page's totals (all tasks, and time to hydration: `<html data-ready>`).
//
// npx tsx scripts/trace-main-thread.ts [runs=3]; TRACE_PAGES=/,/track.html?code=CR-2026-000001 and TRACE_RATES=1,4
// choose; TRACE_PORT (default 4793) is the server's port; TRACE_DIR=<dir> keeps each run's trace (JSON) there.
import fs from "node:fs";
import path from "node:path";
import type { CDPSession } from "playwright-core";
import { launchBrowser } from "../tests/helpers/browser.js";
import { serveBuilt } from "./serve.js";

const runs = Math.max(1, Number(process.argv[2] ?? 3));
const pages = (process.env.TRACE_PAGES ?? "/track.html?code=CR-2026-000001,/,/pages/about-us").split(",").filter(Boolean);
const rates = (process.env.TRACE_RATES ?? "1,4").split(",").map(Number);
const port = Number(process.env.TRACE_PORT || 4793);
const keep = process.env.TRACE_DIR;

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};
type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** A host reference: a fixed loop in Node, so runs on a loaded machine can be told apart. */
function hostReference(): number {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 2e7; i++) x = (x * 31 + i) | 0;
  if (x === 42) console.log("");
  return performance.now() - t;
}

const short = (url: string) => (url ? url.replace(/^https?:\/\/[^/]+\//, "").replace(/\?.*/, "") || "(page)" : "");

/** What a piece of a task is: script of a file, style, layout, parsing, GC... */
function kind(e: TraceEvent, url: string): string | null {
  switch (e.name) {
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style recalculation";
    case "Layout":
      return "layout";
    case "ParseHTML":
      return "HTML parsing";
    case "ParseAuthorStyleSheet":
      return "CSS parsing";
    case "Paint":
    case "PrePaint":
    case "Layerize":
    case "UpdateLayer":
    case "CompositeLayers":
      return "paint";
    case "MinorGC":
    case "MajorGC":
    case "V8.GCScavenger":
    case "V8.GCFinalizeMC":
    case "V8.GC_MC_BACKGROUND_EVACUATE_COPY":
    case "BlinkGC.AtomicPhase":
      return "GC";
    case "v8.compile":
    case "v8.compileModule":
    case "V8.CompileCode":
    case "v8.parseOnBackground":
      return `compile ${url || "?"}`;
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "FunctionCall":
    case "TimerFire":
    case "FireAnimationFrame":
    case "EventDispatch":
    case "RunMicrotasks":
    case "v8.run":
    case "V8.Execute":
      return `script ${url || "?"}`;
    default:
      return null;
  }
}

interface Task {
  start: number;
  /** Wall time. */
  dur: number;
  /** The thread's CPU time (the trace's `tdur`): on a loaded host a task's wall time is mostly waiting for a core. */
  cpu: number;
  parts: Map<string, number>;
}

/** The renderer main thread's tasks and each one's self time by kind. */
function tasksOf(events: TraceEvent[]): { tasks: Task[]; origin: number } {
  const main = events.find(
    (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((n) => n.pid === e.pid && n.name === "EvaluateScript"),
  );
  if (!main) throw new Error("no renderer main thread in the trace");
  const navStart = events.find((e) => e.pid === main.pid && (e.name === "navigationStart" || e.name === "markAsMainFrame"))?.ts;
  const on = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tops = on.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const tasks: Task[] = [];
  let lastEnd = -1;
  for (const t of tops) {
    if (t.ts < lastEnd) continue; // nested
    lastEnd = t.ts + t.dur!;
    tasks.push({ start: t.ts, dur: t.dur!, cpu: t.tdur ?? t.dur!, parts: new Map() });
  }
  // Self time of each event, given to its kind (inherited from the nearest ancestor with one, URL from the nearest with one).
  let ti = 0;
  type Frame = { end: number; kind: string | null; url: string; childTime: number; e: TraceEvent };
  const stack: Frame[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const f = stack.pop()!;
      const self = (f.e.tdur ?? f.e.dur!) - f.childTime;
      const task = tasks.find((t) => f.e.ts >= t.start && f.e.ts < t.start + t.dur);
      if (task && f.e.name !== "RunTask" && f.e.name !== "ThreadControllerImpl::RunTask") {
        const k = f.kind ?? `other ${f.e.name}`;
        task.parts.set(k, (task.parts.get(k) ?? 0) + self);
      } else if (task) task.parts.set("(task)", (task.parts.get("(task)") ?? 0) + self);
      if (stack.length) stack[stack.length - 1].childTime += f.e.tdur ?? f.e.dur!;
    }
  };
  for (const e of on) {
    close(e.ts);
    while (ti < tasks.length && tasks[ti].start + tasks[ti].dur <= e.ts) ti++;
    const parent = stack[stack.length - 1];
    const data = e.args?.data ?? {};
    const ownUrl = String(data.url ?? data.fileName ?? (data.stackTrace as { url?: string }[] | undefined)?.[0]?.url ?? "");
    const url = short(ownUrl) || parent?.url || "";
    const k = kind(e, url);
    stack.push({
      end: e.ts + e.dur!,
      kind: k ? (k.startsWith("script") || k.startsWith("compile") ? k.replace(/ .*/, ` ${url || "?"}`) : k) : (parent?.kind ?? null),
      url,
      childTime: 0,
      e,
    });
  }
  close(Infinity);
  return { tasks, origin: navStart ?? tasks[0]?.start ?? 0 };
}

/** Self time by function (name file:line) inside the given windows, from the profiler's samples. */
function functionsIn(profile: Profile, windows: { start: number; end: number }[]): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    if (!windows.some((w) => t >= w.start && t < w.end)) continue;
    const f = byId.get(profile.samples[i])!.callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const key = `${f.functionName || "(anonymous)"} ${short(f.url)}:${f.lineNumber + 1}`;
    out.set(key, (out.get(key) ?? 0) + next);
  }
  return out;
}

const ms = (us: number) => (us / 1000).toFixed(1);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .filter(([, v]) => v >= 1000)
    .map(([k, v]) => `${k} ${ms(v)}`)
    .join(", ");

console.log(
  `host reference (a fixed loop in Node): ${hostReference().toFixed(0)} ms; load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
);
const { base, stop } = await serveBuilt("trace", port, { MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" }, true);
try {
  // One load teaches the server the pages (kept renders) and the persisted queries, as a visitor after others finds them.
  {
    const browser = await launchBrowser({ waitForApp: false });
    const p = await browser.newPage();
    for (const page of pages) await p.goto(base + page, { waitUntil: "load" });
    await browser.close();
  }
  for (const page of pages)
    for (const rate of rates) {
      const all: {
        long: number;
        longCpu: number;
        over50: number;
        phoneLong: number;
        phoneBlocking: number;
        blocking: number;
        total: number;
        cpu: number;
        ready: number;
      }[] = [];
      const partsSum = new Map<string, number>();
      const fnSum = new Map<string, number>();
      for (let run = 0; run < runs; run++) {
        const browser = await launchBrowser({ waitForApp: false });
        try {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
          // The time <html data-ready> is set (the app has hydrated the page and taken its input over).
          await context.addInitScript(
            "new MutationObserver((r, o) => { if (document.documentElement?.hasAttribute('data-ready')) { globalThis.__ready = performance.now(); o.disconnect(); } }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] })",
          );
          const p = await context.newPage();
          const cdp: CDPSession = await context.newCDPSession(p);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate });
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
          const events: TraceEvent[] = [];
          cdp.on("Tracing.dataCollected", (d) => events.push(...(d.value as unknown as TraceEvent[])));
          const done = new Promise<void>((r) => cdp.once("Tracing.tracingComplete", () => r()));
          await cdp.send("Tracing.start", {
            transferMode: "ReportEvents",
            traceConfig: {
              includedCategories: [
                "devtools.timeline",
                "disabled-by-default-devtools.timeline",
                "toplevel",
                "v8.execute",
                "v8",
                "blink.user_timing",
                "loading",
                "disabled-by-default-v8.compile",
              ],
            },
          });
          await cdp.send("Profiler.start");
          await p.goto(base + page, { waitUntil: "load" });
          await p.waitForSelector("html[data-ready]", { timeout: 60_000 });
          await p.waitForTimeout(1500 * rate);
          const ready = await p.evaluate(() => (globalThis as unknown as { __ready?: number }).__ready ?? NaN);
          const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
          await cdp.send("Tracing.end");
          await done;
          if (keep) {
            fs.mkdirSync(keep, { recursive: true });
            fs.writeFileSync(path.join(keep, `${page.replace(/\W+/g, "_")}-x${rate}-${run}.json`), JSON.stringify({ traceEvents: events }));
          }
          const { tasks, origin } = tasksOf(events);
          // A task is long on the phone when its CPU time, slowed 4x as Lighthouse's phone, passes 50 ms (at rate 1);
          // under throttling the CPU time stays the host's, and the wall time is what the throttled page lived.
          const phone = (t: Task) => (rate === 1 ? 4 * t.cpu : t.dur);
          const long = tasks.filter((t) => phone(t) > 50_000);
          const wallLong = tasks.filter((t) => t.dur > 50_000);
          const line = long.map((t) => `${ms(t.start - origin)}: ${ms(t.cpu)} CPU / ${ms(t.dur)} wall`).join(", ");
          console.log(
            `${page} x${rate} run ${run + 1}: ${wallLong.length} tasks over 50 ms of wall time (longest ${ms(Math.max(0, ...tasks.map((t) => t.dur)))}), longest CPU ${ms(Math.max(0, ...tasks.map((t) => t.cpu)))} ms; long on a phone: [${line}]`,
          );
          for (const t of long) {
            console.log(`    ${ms(t.start - origin)} ms, ${ms(t.cpu)} ms CPU: ${top(t.parts, 8)}`);
            for (const [k, v] of t.parts) partsSum.set(k, (partsSum.get(k) ?? 0) + v / runs);
          }
          for (const [k, v] of functionsIn(
            profile,
            long.map((t) => ({ start: t.start, end: t.start + t.dur })),
          ))
            fnSum.set(k, (fnSum.get(k) ?? 0) + v / runs);
          all.push({
            long: Math.max(0, ...tasks.map((t) => t.dur)) / 1000,
            longCpu: Math.max(0, ...tasks.map((t) => t.cpu)) / 1000,
            over50: wallLong.length,
            phoneLong: long.length,
            phoneBlocking: long.reduce((n, t) => n + phone(t) - 50_000, 0) / 1000,
            blocking: wallLong.reduce((n, t) => n + t.dur - 50_000, 0) / 1000,
            total: tasks.reduce((n, t) => n + t.dur, 0) / 1000,
            cpu: tasks.reduce((n, t) => n + t.cpu, 0) / 1000,
            ready,
          });
        } finally {
          await browser.close();
        }
      }
      const med = (f: (r: (typeof all)[0]) => number) => {
        const v = all.map(f).sort((a, b) => a - b);
        return v[Math.floor(v.length / 2)].toFixed(0);
      };
      console.log(
        `== ${page} x${rate}, median of ${runs}: wall: longest task ${med((r) => r.long)} ms, tasks over 50 ms ${med((r) => r.over50)}, blocking ${med((r) => r.blocking)} ms, all tasks ${med((r) => r.total)} ms; CPU: longest task ${med((r) => r.longCpu)} ms, all tasks ${med((r) => r.cpu)} ms; on the phone (${rate === 1 ? "4x CPU time" : "throttled wall time"}): ${med((r) => r.phoneLong)} long tasks, blocking ${med((r) => r.phoneBlocking)} ms; data-ready at ${med((r) => r.ready)} ms`,
      );
      console.log(`   long tasks, by kind (CPU, mean ms a run): ${top(partsSum, 12)}`);
      console.log(`   long tasks, by function (self, mean ms a run): ${top(fnSum, 15)}`);
    }
} finally {
  stop();
}
console.log(`host reference at the end: ${hostReference().toFixed(0)} ms`);
