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
/**
 * TRACE_PROFILE=0: without V8's sampling profiler. The profiler makes each compile dearer (it logs every code
 * object), so its attribution overstates compilation: the totals to compare builds come from runs without it.
 */
const sampling = process.env.TRACE_PROFILE !== "0";

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

/** The page's renderer main thread. */
function mainThread(events: TraceEvent[]): TraceEvent {
  const main = events.find(
    (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((n) => n.pid === e.pid && n.name === "EvaluateScript"),
  );
  if (!main) throw new Error("no renderer main thread in the trace");
  return main;
}

/**
 * The renderer main thread's tasks from the page's navigation to `until` µs after it (what comes later is the
 * script's own: the profile's and the trace's collection), and each one's self time by kind.
 */
function tasksOf(events: TraceEvent[], until = Infinity): { tasks: Task[]; origin: number } {
  const main = mainThread(events);
  // The page's own navigation (the renderer first starts about:blank's).
  const navStart = events.find((e) => e.pid === main.pid && e.name === "navigationStart" && /^http/.test(String(e.args?.data?.documentLoaderURL ?? "")))?.ts;
  const on = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tops = on.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const tasks: Task[] = [];
  let lastEnd = -1;
  for (const t of tops) {
    if (t.ts < lastEnd) continue; // nested
    if (navStart !== undefined && (t.ts < navStart || t.ts > navStart + until)) continue;
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

/** V8's compilation on the main thread: lazy compiles of functions at their first call, modules, scripts, eval. */
const COMPILE = new Set([
  "V8.CompileCode",
  "V8.ParseFunction",
  "V8.CompileIgnition",
  "V8.CompileIgnitionFinalization",
  "V8.PreParse",
  "V8.ParseProgram",
  "V8.CompileScript",
  "V8.Compile",
  "V8.CompileEval",
  "V8.CompileStreamedModule",
  "V8.OffThreadFinalization.Publish",
  "V8.StreamingFinalization.CheckCache",
  "V8.StreamingFinalization.AddToCache",
  "V8.StreamingFinalization.Release",
  "V8.CollectSourcePositions",
  "V8.FinalizeBaselineConcurrentCompilation",
  "V8.FinalizeMaglevConcurrentCompilation",
  "V8.MaglevConcurrentFinalize",
  "FlushInstructionCache",
  "v8.compile",
  "v8.compileModule",
  "v8.produceCache",
  "v8.produceModuleCache",
]);

/**
 * The tasks' CPU time by source, from the profiler's samples: each sample goes to the innermost trace event around
 * it (style, layout, paint, GC, compilation...) and to the script of the sample's top JavaScript frame, so a lazy
 * compile is charged to the file whose function was compiled or called (the trace's compile events carry no URL),
 * and a module's evaluation to its chunk (v8.evaluateModule carries none either). Scripts without a URL are the
 * browser's own functions called from the page (appendChild...: charged to the page's calling file) or the
 * measuring tool's (Playwright's injected scripts, none since the script waits through the console). Each task's
 * samples are scaled to its CPU time. `after` is the page's first contentful paint: what Lighthouse's blocking time counts.
 */
function bySource(events: TraceEvent[], profile: Profile, tasks: Task[], after: number): { all: Map<string, number>; afterFcp: Map<string, number> } {
  const main = mainThread(events);
  const on = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (Profile["nodes"][0] & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
  /** The sample's nearest frame with a URL (a browser function called from the page counts as its caller's). */
  const fileOf = (id: number): string => {
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!.callFrame;
      if (f.url) return short(f.url);
      if (f.functionName === "(root)") break;
    }
    return "";
  };
  const perTask = new Map<Task, Map<string, number>>();
  const stack: TraceEvent[] = [];
  let ei = 0;
  let ti = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const w = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    while (ei < on.length && on[ei].ts <= t) {
      const e = on[ei++];
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur! <= e.ts) stack.pop();
      stack.push(e);
    }
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur! <= t) stack.pop();
    while (ti < tasks.length && tasks[ti].start + tasks[ti].dur <= t) ti++;
    const task = tasks[ti];
    if (!task || task.start > t) continue;
    const node = byId.get(profile.samples[i])!;
    const fn = node.callFrame.functionName;
    const file = fileOf(node.id);
    const inner = [...stack].reverse();
    const named = inner.find((e) => COMPILE.has(e.name) || (kind(e, "") && !/^(script|compile) /.test(kind(e, "")!)));
    let k: string;
    if (fn === "(garbage collector)") k = "GC";
    else if (named && COMPILE.has(named.name))
      k = `compile ${file || short(String(named.args?.data?.url ?? "")) || "(no script: the measuring tool's or the browser's)"}`;
    else if (named) k = kind(named, "")!;
    else if (file) k = `script ${file}`;
    else if (fn && !fn.startsWith("(")) k = `script (no URL: ${fn})`;
    else k = `other (${inner[0]?.name ?? "?"})`;
    const m = perTask.get(task) ?? new Map<string, number>();
    perTask.set(task, m);
    m.set(k, (m.get(k) ?? 0) + w);
  }
  const all = new Map<string, number>();
  const afterFcp = new Map<string, number>();
  for (const [task, m] of perTask) {
    const sampled = [...m.values()].reduce((a, b) => a + b, 0);
    if (!(sampled > 0)) continue;
    for (const [k, v] of m) {
      const cpu = (v / sampled) * task.cpu;
      all.set(k, (all.get(k) ?? 0) + cpu);
      if (task.start >= after) afterFcp.set(k, (afterFcp.get(k) ?? 0) + cpu);
    }
  }
  // Tasks without a sample (the profiler's interval is longer than they are): task overhead.
  for (const task of tasks.filter((x) => !perTask.has(x))) {
    all.set("other (short tasks)", (all.get("other (short tasks)") ?? 0) + task.cpu);
    if (task.start >= after) afterFcp.set("other (short tasks)", (afterFcp.get("other (short tasks)") ?? 0) + task.cpu);
  }
  return { all, afterFcp };
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
      const srcSum = new Map<string, number>();
      const srcAfter = new Map<string, number>();
      let lost = 0;
      const allKinds = new Map<string, number>();
      for (let run = 0; run < runs; run++) {
        const browser = await launchBrowser({ waitForApp: false });
        try {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
          // The time <html data-ready> is set (the app has hydrated the page and taken its input over).
          // Told through the console, as the budget test does: waiting for it through Playwright (waitForSelector,
          // evaluate) would compile and run Playwright's injected scripts on the page's main thread, 40-100 ms of
          // CPU a load at 4x that the earlier figures counted as the page's ("compile ?").
          await context.addInitScript(
            "new MutationObserver((r, o) => { if (document.documentElement?.hasAttribute('data-ready')) { o.disconnect(); console.debug('trace: ready ' + performance.now()); } }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] })",
          );
          const p = await context.newPage();
          let ready = NaN;
          const readySeen = new Promise<void>((resolve) =>
            p.on("console", (m) => {
              const r = /^trace: ready (.*)/.exec(m.text());
              if (r) {
                ready = Number(r[1]);
                resolve();
              }
            }),
          );
          const cdp: CDPSession = await context.newCDPSession(p);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate });
          if (sampling) {
            await cdp.send("Profiler.enable");
            await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
          }
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
          if (sampling) await cdp.send("Profiler.start");
          await p.goto(base + page, { waitUntil: "load" });
          await Promise.race([readySeen, new Promise((_, reject) => setTimeout(() => reject(new Error("no data-ready within 60 s")), 60_000))]);
          await new Promise((r) => setTimeout(r, 1500 * rate));
          const profile: Profile = sampling
            ? ((await cdp.send("Profiler.stop")) as { profile: Profile }).profile
            : { nodes: [], startTime: 0, samples: [], timeDeltas: [] };
          await cdp.send("Tracing.end");
          await done;
          if (keep) {
            fs.mkdirSync(keep, { recursive: true });
            fs.writeFileSync(path.join(keep, `${page.replace(/\W+/g, "_")}-x${rate}-${run}.json`), JSON.stringify({ traceEvents: events, profile }));
          }
          // The load: to 1.5 s (throttled) after data-ready; what follows is the profile's and the trace's collection.
          if (!events.some((e) => e.name === "EvaluateScript")) {
            // Seen on a loaded host: a trace without the page's renderer events. The load is measured again.
            console.log(`${page} x${rate} run ${run + 1}: the trace came without the page's renderer; measured again`);
            if (++lost > 3) throw new Error("three traces without the page's renderer");
            run--;
            continue;
          }
          const { tasks, origin } = tasksOf(events, (ready + 1000 * rate) * 1000);
          const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.ts >= origin)?.ts ?? origin;
          const sources = sampling ? bySource(events, profile, tasks, fcp) : { all: new Map<string, number>(), afterFcp: new Map<string, number>() };
          for (const t of tasks) for (const [k, v] of t.parts) allKinds.set(k, (allKinds.get(k) ?? 0) + v / runs);
          for (const [k, v] of sources.all) srcSum.set(k, (srcSum.get(k) ?? 0) + v / runs);
          for (const [k, v] of sources.afterFcp) srcAfter.set(k, (srcAfter.get(k) ?? 0) + v / runs);
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
      console.log(`   all tasks, by kind (CPU, mean ms a run): ${top(allKinds, 14)}`);
      const sum = (m: Map<string, number>) => ms([...m.values()].reduce((a, b) => a + b, 0));
      console.log(`   all tasks by source (CPU, mean ms a run; total ${sum(srcSum)}, after the first contentful paint ${sum(srcAfter)}):`);
      for (const [k, v] of [...srcSum].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 2000))
        console.log(`     ${ms(v).padStart(7)} ${ms(srcAfter.get(k) ?? 0).padStart(7)}  ${k}`);
    }
} finally {
  stop();
}
console.log(`host reference at the end: ${hostReference().toFixed(0)} ms`);
