// npm run bench: the speed targets of the tracking look-ups (docs/performance.md), measured with wrk.
//   Fixed rate ("targets"): with the shipped defaults, a steady 2 000 requests per second of the REST look-up and
//   of the GraphQL look-up of every field, and 1 000 per second of the server-rendered tracking page; each
//   passes with a p99 of at most 25 ms, an achieved rate within 5% of the target, and no failed answer.
//   Maximum throughput ("max"): the REST and the GraphQL look-up as fast as the server answers, shipped defaults
//   against the same server with every fast path off; the defaults pass at 20 times or more.
// Settings (environment):
//   BENCH_DBS=sqlite,postgresql  BENCH_SCALES=1000 (parcels, 10 history entries each; one database per scale)
//   BENCH_SECTIONS=targets,max,business,live (business: on the defaults' server, a shipper's quote at a steady 500
//   per second, pass at p99 <= 20 ms, and 50 bookings one after another each with its label, pass at p99 <= 300 ms;
//   scripts/bench-business.ts. live: scripts/bench-live.ts once, on its own SQLite server: a position post's round
//   trip, pass at p99 <= 5 ms, and 1 000 live views each updated after a post, pass at p99 <= 1 s. Add heavy: at the largest scale, the look-up's latency from another client while
//   an export of every parcel, an import of 10 000 rows (then again with one column changed), four batches of
//   200 labels at once and a scan of 500 codes run, each in turn; then the admin's list searches and history
//   entries 8 at a time)
//   Add reports: the data is a dated year instead (bench-fill.ts datedPlan: parcels created over 365 days, picked up,
//   failed and delivered entries, bookings, couriers' runs), and at every scale the owner's dashboard is timed with a
//   look-up every 20 ms from another client: a 31-day summary (pass under 500 ms), a year's daily report (under 1 s),
//   no look-up over 100 ms (scripts/bench-reports.ts); first it waits for the server's daily roll-ups (built in the
//   background on its first start over the filled database); REPORTS_SOURCE=raw times the raw reads instead
//   BENCH_DURATION=10 (s per fixed-rate measurement)  BENCH_MAX_DURATION=5 (s per maximum-throughput one)
//   BENCH_WARMUP=2 (s per kind of request before measuring, on codes outside the sample, then a second at a time until
//   the server answers no faster than the second before: the server's code is warm, while the first look-up of each
//   sampled code is still measured)
//   BENCH_ROUNDS=1 (each measurement that many times; every round is a row)
//   BENCH_TARGETS=REST,GraphQL,page (only targets whose name contains one of these)
//   BENCH_VARIANTS="Apollo only:GRAPHQL_FAST_PATH=false;Prisma reads:DIRECT_READS=false" (more servers on the same
//   database, each measured like the defaults: how a part's removal or its library alternative does, in the same run;
//   NODE_FLAGS=... gives node's own options to a variant's server, e.g. "one GC thread:NODE_FLAGS=--v8-pool-size=0")
//   BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/test (each scale in a schema of its own, dropped at the end)
//   Add cod: the dated year with cash on delivery due on every fifth parcel (200 000 at 1 000 000), collected at its
//   delivery (a quarter by card), the couriers' cash counted in daily, the shippers paid out monthly, every ledger entry
//   (scripts/bench-cod.ts, written straight like the parcels); then as the owner the balances and a month's ledger
//   (first page, page 50, one courier's), 7 calls each (BENCH_COD_CALLS), pass when every call is under 200 ms
//   Add messages: after the other sections, a server of its own on the same database with SMS_PROVIDER=twilio at a
//   local peer answering each send after 2 s; 1 000 status changes in a minute (a history entry with its status every 60 ms) and then 30 s of
//   the queue draining (BENCH_MESSAGES_DRAIN), while two clients look parcels up every 20 ms: pass when the look-ups'
//   p99 is under 50 ms in both spells (scripts/bench-messages.ts); the host control is measured just before it
//   BENCH_PROFILE=DIR (the servers write V8 CPU profiles there: node --cpu-prof)
//   BENCH_KEEP=1 (keep the servers' logs and the filled databases: the SQLite files and the PostgreSQL schemas, listed
//   in <dir>/filled.json; the run prints <dir>)  BENCH_FILLED=<dir> (measure again on the databases a BENCH_KEEP run
//   left in <dir>: a scale and database found there is not filled again, so a 1 000 000 fill (25+ minutes) is made
//   once and measured later on a quiet host; the databases keep what earlier runs wrote (bookings of business, the
//   messages section's scans), and are kept again; a scale not found there is filled and added)
// The server runs as `npm start` runs it (node dist/server/main.js, built if stale), pinned to core 0 with its
// log in a file; wrk (Debian's, installed when missing) pinned to core 1, one thread, with scripts/bench-rate.lua
// (how the rate is held: its header). The run starts and ends with the host's speed (hostReference) and latency
// floor (hostControl). Results print as tables and go to bench-results/bench-<time>.json.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { benchCode as code, fill } from "./bench-fill.js";
import { apiKey, download, importCsv, ownerCookie, percentile, postImport, probeDuring, type Probed } from "./bench-heavy.js";
import { setUpShipping, quoteBodies, timeBookings, type BookingTimes } from "./bench-business.js";
import { reportsSection, waitForRollups, type ReportRow } from "./bench-reports.js";
import { codSection, COD_MS, type CodRow } from "./bench-cod.js";
import { CHANGES, givePhones, LOOKUP_P99_MS, messagesSection, smsEnv, twilioPeer, type MessagesRow } from "./bench-messages.js";
import { ensureDebianPackages } from "./debian-packages.mjs";

const DBS = (process.env.BENCH_DBS || "sqlite,postgresql").split(",");
const SCALES = (process.env.BENCH_SCALES || "1000").split(",").map(Number);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const MAX_DURATION = Number(process.env.BENCH_MAX_DURATION || 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ONLY = (process.env.BENCH_TARGETS || "").split(",").filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : "";
const SECTIONS = (process.env.BENCH_SECTIONS || "targets,max,business,live").split(",");
/** A directory a BENCH_KEEP run left: its databases are measured again instead of filled (filled.json lists them). */
const FILLED = process.env.BENCH_FILLED ? path.resolve(process.env.BENCH_FILLED) : "";
const KEEP = !!process.env.BENCH_KEEP || !!FILLED;
/** What a kept directory holds: each database and scale's URL and what its fill wrote. */
interface FilledList {
  fills: Record<string, { url: string; parcels: number; dated: boolean; cod: boolean; filled_at: string; seconds: number }>;
}
const HEAVY_TOKEN = "bench-heavy-setup-token-0123456789";
const PG = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/test";
const SAMPLE = 500;
/** The targets (docs/performance.md): p99 at most this at the fixed rates. */
const P99_LIMIT_MS = 25;
/** An achieved rate further than this from the target fails the measurement (the server fell behind). */
const RATE_TOLERANCE = 0.05;
/** The shipped defaults' maximum throughput against every fast path off. */
const MIN_SPEED_UP = 20;
/** Issue 25: a quote's p99 at 500 per second; a booking with its label. Issue 26: a position post; every live view updated. */
const QUOTE_RATE = 500;
const QUOTE_P99_MS = 20;
const BOOKING_P99_MS = 300;
const POSITION_P99_MS = 5;
const LIVE_P99_MS = 1000;
/** Every fast path off (the switches ARCHITECTURE.md lists; tests/system/fast-paths-off.test.ts). */
const EVERY_FAST_PATH_OFF: Record<string, string> = {
  PARCEL_CACHE_SIZE: "0",
  DIRECT_READS: "false",
  GRAPHQL_FAST_PATH: "false",
  SSR_PAGES_KEPT: "0",
};
const VARIANTS: [string, Record<string, string>][] = (process.env.BENCH_VARIANTS || "")
  .split(";")
  .filter((v) => v.includes(":"))
  .map((v) => {
    const [label, settings] = [v.slice(0, v.indexOf(":")).trim(), v.slice(v.indexOf(":") + 1)];
    return [label, Object.fromEntries(settings.split(",").map((kv) => [kv.slice(0, kv.indexOf("=")).trim(), kv.slice(kv.indexOf("=") + 1).trim()]))];
  });
const cores = os.cpus().length;
/** `program` with `args` pinned to `core` by taskset (when there are cores to choose from): the command to run. */
function pinned(core: number, program: string, args: string[]): [string, string[]] {
  return cores > 1 && fs.existsSync("/usr/bin/taskset") ? ["taskset", ["-c", String(core % cores), program, ...args]] : [program, args];
}
const root = path.resolve(import.meta.dirname, "..");

/** Every server started, stopped when the bench ends however it ends (an interrupt included). */
const started: ChildProcess[] = [];
process.on("exit", () => {
  for (const p of started) if (p.exitCode === null) p.kill();
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => process.exit(1));

/**
 * The first port from `from` on that nothing listens on: a server left by another program must not answer in
 * place of the one being started (its start-up check would pass and its figures be someone else's).
 */
async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/** The server as `npm start` runs it (node dist/server/main.js, shipped defaults) plus `env`, pinned to core 0. */
function startServer(url: string, port: number, dir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const prof = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : [];
  // NODE_FLAGS (variants only): options for node itself, on its command line (V8's are refused in NODE_OPTIONS).
  const { NODE_FLAGS: nodeFlags = "", ...settings } = env;
  const [cmd, args] = pinned(0, process.execPath, [...prof, ...nodeFlags.split(" ").filter(Boolean), "dist/server/main.js"]);
  // Its log goes to a file, as to a log collector: the shipped default writes failed (4xx/5xx) and slow requests.
  const log = fs.openSync(path.join(dir, `server-${port}.log`), "a");
  const base: NodeJS.ProcessEnv = { ...process.env };
  // The shipped defaults: none of the server's own settings from the caller's environment.
  for (const k of Object.keys(base)) if (/^(LOG_|SLOW_|PUBLIC_CACHE|GRAPHQL_|PARCEL_|DIRECT_|SSR|RATE_LIMIT|REDIS_)/.test(k)) delete base[k];
  const proc = spawn(cmd, args, {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      SEED_DEMO: "true",
      // One client (the load generator) sends every request: the tracking limit (per client) is raised,
      // and still counts each request.
      RATE_LIMIT_TRACKING: "1000000000",
      RATE_LIMIT_QUOTE: "1000000000",
      ADMIN_SETUP_TOKEN: HEAVY_TOKEN,
      ...settings,
    },
    stdio: ["ignore", log, log],
  });
  started.push(proc);
  return waitUp(`http://127.0.0.1:${port}/api/graph`, proc);
}

async function waitUp(url: string, proc: ChildProcess): Promise<ChildProcess> {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the server for ${url} exited (${proc.exitCode}); see its log`);
    try {
      if ((await fetch(url)).ok) return proc;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

/** Busy and total CPU time of the machine so far, in clock ticks (all cores). */
function machineTicks() {
  const v = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { busy: v[0] + v[1] + v[2] + v[5] + v[6] + v[7], total: v.reduce((a, b) => a + b, 0) };
}
/** CPU time of this process and its finished children (wrk), in clock ticks. */
function ownTicks(): number {
  const f = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}
/** CPU time (user + system) of a process so far, in microseconds. */
function cpuMicros(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1e6) / 100;
}

/** Requests for wrk: [method, path, JSON body?]. */
type Req = [string, string, string?];
interface Measured {
  target_rps?: number;
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** Answers without the page's rendered content (the render budget sent the client's shell). */
  unrendered: number;
  cpu_us_per_request: number;
  /** Share of a core the server used. */
  server_cores: number;
  /** Share of a core that other processes (neither the server nor wrk) used meanwhile: the machine's noise. */
  others_cores: number;
}

/**
 * Pages are asked for as a browser asks (compressed: brotli); wrk cannot read a compressed body, so a rendered
 * page is told from the client's shell by its length: at least 1.4 times the shell's (the shell of the same
 * template compresses to some 2 KB, a rendered tracking page to some 4 KB).
 */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";
interface PageCheck {
  minBytes: number;
}
async function pageCheck(base: string): Promise<PageCheck> {
  const shell = await new Promise<number>((resolve, reject) => {
    http
      .get(`${base}/resolution.html`, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } }, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => (n += c.length));
        res.on("end", () => resolve(n));
      })
      .on("error", reject);
  });
  return { minBytes: Math.ceil(shell * 1.4) };
}

/**
 * Each page until it comes back rendered, two at a time, as a browser asks for it: a page the render budget
 * sent as the shell goes to the back of the queue and is asked for again a tenth of a second later (at most
 * two minutes in all).
 */
async function warmPages(base: string, reqs: Req[]): Promise<void> {
  const queue = [...reqs];
  const end = Date.now() + 120_000;
  const worker = async () => {
    for (let r = queue.shift(); r && Date.now() < end; r = queue.shift()) {
      const res = await fetchOnOpenSocket(`${base}${r[1]}`, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
      if (!(await res.text()).includes(RENDERED_MARK)) {
        queue.push(r);
        await new Promise((w) => setTimeout(w, 100));
      }
    }
  };
  await Promise.all([worker(), worker()]);
}
/**
 * fetch, asked once more when the connection it took was closed by the server. The bench's event loop stands still
 * while wrk runs (execFileSync): a kept connection the server closed meanwhile (idle past its keep-alive time) is
 * found closed only when fetch sends on it ("other side closed", seen once on 2026-11-28).
 */
async function fetchOnOpenSocket(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    const code = ((e as Error).cause as { code?: string } | undefined)?.code;
    if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") throw e;
    return fetch(url, init);
  }
}
/** What a rendered page holds and the client's shell does not (its root is empty). */
const RENDERED_MARK = '<div class="site">';

/** Requests as fast as the server answers, BENCH_WARMUP seconds, then a second at a time until a second is no faster than the one before (at most 30 s). */
function warmCode(s: { base: string; server: ChildProcess }, reqs: Req[], page?: PageCheck | false): void {
  let last = wrk(s.base, reqs, s.server, 0, WARMUP, page || undefined).rps;
  for (let t = 0; t < 30; t++) {
    const now = wrk(s.base, reqs, s.server, 0, 1, page || undefined).rps;
    if (now <= last * 1.05) return;
    last = now;
  }
}

/** One wrk run against `base`: at `rate` requests per second (0: as fast as possible) for `seconds`. */
function wrk(base: string, reqs: Req[], servedBy: ChildProcess, rate: number, seconds: number, page?: PageCheck): Measured {
  const file = path.join(os.tmpdir(), `courier-bench-requests-${process.pid}.txt`);
  fs.writeFileSync(file, reqs.map((r) => r.filter((x) => x !== undefined).join("\t")).join("\n") + "\n");
  // Enough connections that one is free for every slot of the schedule while answers take up to 100 ms.
  const connections = rate > 0 ? Math.max(32, Math.ceil(rate / 10)) : 32;
  const [cmd, args] = pinned(1, "wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "5s", "-s", path.join(root, "scripts/bench-rate.lua"), base]);
  const cpu0 = cpuMicros(servedBy.pid!);
  const [m0, own0] = [machineTicks(), ownTicks()];
  const out = execFileSync(cmd, args, {
    encoding: "utf8",
    env: {
      ...process.env,
      BENCH_REQUESTS: file,
      BENCH_RATE: String(rate),
      BENCH_ACCEPT_ENCODING: page ? BROWSER_ACCEPT_ENCODING : "",
      BENCH_MIN_BYTES: page ? String(page.minBytes) : "",
    },
  });
  const [m1, own1] = [machineTicks(), ownTicks()];
  const cpu = cpuMicros(servedBy.pid!) - cpu0;
  fs.rmSync(file, { force: true });
  const line = out.split("\n").find((l) => l.startsWith("BENCH_JSON "));
  if (!line) throw new Error(`wrk gave no result:\n${out}`);
  const r = JSON.parse(line.slice(11)) as Record<string, number>;
  const secs = r.duration_us / 1e6;
  const others = (m1.busy - m0.busy - (own1 - own0) - cpu / 1e4) / ((m1.total - m0.total) / cores);
  const ms = (us: number) => Math.round(us / 10) / 100;
  return {
    ...(rate > 0 ? { target_rps: rate } : {}),
    rps: Math.round(r.requests / secs),
    requests: r.requests,
    p50: ms(r.p50_us),
    p99: ms(r.p99_us),
    max: ms(r.max_us),
    failed: r.status_errors + r.socket_errors,
    unrendered: r.unmarked,
    cpu_us_per_request: r.requests ? Math.round(cpu / r.requests) : 0,
    server_cores: Math.round((cpu / 1e6 / secs) * 100) / 100,
    others_cores: Math.max(0, Math.round(others * 100) / 100),
  };
}

async function fullFieldQuery(base: string): Promise<string> {
  const q = `{ __schema { types { name kind fields { name args { type { kind } } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`;
  const r = (await (
    await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: q }) })
  ).json()) as {
    data: { __schema: { types: { name: string; kind: string; fields: { name: string; args: { type: { kind: string } }[]; type: TypeRef }[] | null }[] } };
  };
  type TypeRef = { kind: string; name: string | null; ofType?: TypeRef | null };
  const types = new Map(r.data.__schema.types.map((t) => [t.name, t]));
  const named = (t: TypeRef): string => t.name ?? named(t.ofType!);
  const select = (typeName: string, depth: number): string => {
    const fields = types.get(typeName)!.fields ?? [];
    const parts: string[] = [];
    for (const f of fields) {
      if (f.args.some((a) => a.type.kind === "NON_NULL")) continue;
      const inner = types.get(named(f.type))!;
      if (inner.kind === "OBJECT") {
        if (depth < 3) parts.push(`${f.name} { ${select(inner.name, depth + 1)} }`);
      } else parts.push(f.name);
    }
    return parts.join(" ");
  };
  return `query Full($c: String!) { parcel(trackingCode: $c) { ${select("PublicParcel", 1)} } }`;
}

interface HeavyRow {
  parcels: number;
  work: string;
  seconds: number;
  lookups: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  note: string;
}

/**
 * The heavy section: each piece of work in turn on the site's database (export of every parcel, an import
 * of 10 000 new rows, the same rows again with one column changed, four 200-label batches at once by four
 * API keys, one scan of 500 codes), while another client (127.0.0.21) looks a cached parcel up every 20 ms.
 */
async function heavySection(s: Site): Promise<HeavyRow[]> {
  const cookie = await ownerCookie(s.base, HEAVY_TOKEN);
  const asOwner = { cookie };
  const out: HeavyRow[] = [];
  const row = (work: string, p: Probed<unknown>, note: string) => {
    const r = (v: number) => Math.round(v * 10) / 10;
    out.push({
      parcels: s.n,
      work,
      seconds: r(p.seconds),
      lookups: p.lookups.length,
      p50: r(percentile(p.lookups, 50)),
      p99: r(percentile(p.lookups, 99)),
      max: r(Math.max(0, ...p.lookups)),
      failed: p.failed,
      note,
    });
  };
  const watched = s.sample[0];
  const exp = await probeDuring(s.base, watched, () => download(`${s.base}/api/parcels/export.csv`, asOwner));
  row(
    "export.csv of every parcel",
    exp,
    `status ${exp.result.status}, ${Math.round(exp.result.bytes / 1e6)} MB, first byte after ${Math.round(exp.result.firstByteMs)} ms`,
  );
  const codes = Array.from({ length: 10_000 }, (_, i) => `HV-${String(i).padStart(6, "0")}-${s.n}`);
  for (const [work, note] of [
    ["import of 10 000 new rows", "first"],
    ["import again, one column changed", "second"],
  ] as const) {
    const imp = await probeDuring(s.base, watched, () => postImport(s.base, asOwner, importCsv(codes, note)));
    const d = imp.result.json?.data;
    row(work, imp, `status ${imp.result.status}, created ${d?.created}, updated ${d?.updated}, failed ${d?.failed}`);
  }
  const keys = await Promise.all([1, 2, 3, 4].map((k) => apiKey(s.base, cookie, `bench labels ${k}`, ["parcels:read"])));
  const labelCodes = (k: number) => Array.from({ length: 200 }, (_, i) => code((k * 200 + i) % s.n)).join(",");
  const labels = await probeDuring(s.base, watched, () =>
    Promise.all(keys.map((key, k) => download(`${s.base}/api/labels.pdf?codes=${labelCodes(k)}`, { authorization: `Bearer ${key}` }))),
  );
  row(
    "4 x 200 labels at once",
    labels,
    `status ${labels.result.map((r) => r.status).join("/")}, ${Math.round(labels.result.reduce((a, r) => a + r.bytes, 0) / 1e6)} MB`,
  );
  const scanCodes = Array.from({ length: 500 }, (_, i) => code((1000 + i) % s.n));
  const scans = await probeDuring(s.base, watched, async () => {
    const r = await fetch(`${s.base}/api/scans`, {
      method: "POST",
      headers: { ...asOwner, "content-type": "application/json" },
      body: JSON.stringify({ codes: scanCodes, status_code: "in_transit", place: "Bench hub" }),
    });
    return { status: r.status, json: (await r.json()) as { data?: { error: unknown }[] } };
  });
  row("scan of 500 codes", scans, `status ${scans.result.status}, ${scans.result.json.data?.filter((o) => !o.error).length ?? 0} entries`);

  // The staff's lists: each search 10 times one after another after one warm-up (median and p99 of
  // those in the note), while the other client looks its parcel up (the row's columns, as above). The
  // data varies as a courier's (scripts/bench-fill.ts): a surname is one parcel in 50, a city one in 50;
  // the last two rows are the widest searches a member can type: 2 characters (no trigram: every row
  // read) and a name part that every 20th parcel has, counted to the last.
  const r1 = (v: number) => Math.round(v * 10) / 10;
  for (const [work, q] of [
    ["list ?search= a whole code", `search=${code(Math.floor(s.n / 2))}`],
    ["list ?search= 6 characters of a code", `search=${code(Math.floor(s.n / 3)).slice(5, 11)}`],
    ["list ?search= a surname", "search=Okafor"],
    ["list ?search= a full name", `search=${encodeURIComponent("Grace Okafor")}`],
    ["list ?search= a city", "search=Tbilisi"],
    ["list ?stale_days=3", "stale_days=3"],
    ["list ?search= 2 characters (every row read)", "search=zz"],
    ["list ?search= a first name (1 parcel in 20)", "search=Grace"],
  ] as const) {
    const ms: number[] = [];
    let status = 0;
    let total = 0;
    const probed = await probeDuring(s.base, watched, async () => {
      for (let i = 0; i < 11; i++) {
        const t = performance.now();
        const res = await fetch(`${s.base}/api/parcels?${q}`, { headers: asOwner });
        const body = (await res.json()) as { data?: { total?: number } };
        status = res.status;
        total = body.data?.total ?? 0;
        if (i) ms.push(performance.now() - t);
      }
    });
    row(
      work,
      probed,
      `status ${status}, ${total} matches; the list: median ${r1(percentile(ms, 50))} ms, p99 ${r1(percentile(ms, 99))} ms (10 one after another)`,
    );
  }

  // History entries, 8 at a time on one parcel for 10 s (the load generator's own process).
  const parcel = (await (await fetch(`${s.base}/api/parcels?search=${code(7)}`, { headers: asOwner })).json()) as { data: { data: { id: number }[] } };
  const bodies = Array.from({ length: 50 }, (_, i) =>
    JSON.stringify({ parcel_id: parcel.data.data[0].id, title: `Scanned at hub ${i}`, description: "Sorted and loaded." }),
  );
  const spec = path.join(os.tmpdir(), `bench-writes-${process.pid}.json`);
  fs.writeFileSync(
    spec,
    JSON.stringify({
      url: s.base,
      method: "POST",
      path: "/api/activities",
      bodies,
      headers: { ...asOwner, "content-type": "application/json" },
      connections: 8,
      duration: 10,
    }),
  );
  const w = JSON.parse(execFileSync(process.execPath, [path.join(root, "scripts/bench-load.mjs"), spec], { encoding: "utf8" }));
  out.push({
    parcels: s.n,
    work: "history entries, 8 at a time, 10 s",
    seconds: 10,
    lookups: 0,
    p50: w.p50,
    p99: w.p99,
    max: 0,
    failed: w.non2xx + w.errors,
    note: `${Math.round(w.rps)} entries/s (the p50 and p99 are the writes'), ${w.total} written`,
  });
  return out;
}

interface BusinessRow {
  db: string;
  parcels: number;
  quote: Measured & { pass: boolean };
  bookings: BookingTimes & { pass: boolean };
}
interface LiveResult {
  views: number;
  open: number;
  posts: number;
  post_p50: number;
  post_p99: number;
  views_p50: number;
  views_p99: number;
  views_max: number;
  pass: boolean;
}

interface Site {
  /** "shipped defaults", "every fast path off" or a BENCH_VARIANTS label. */
  label: string;
  n: number;
  server: ChildProcess;
  base: string;
  sample: string[];
  dir: string;
  page: PageCheck;
}
interface TargetRow extends Measured {
  db: string;
  parcels: number;
  server: string;
  target: string;
  round: number;
  pass: boolean;
}
interface MaxRow extends Measured {
  db: string;
  parcels: number;
  server: string;
  target: string;
  round: number;
}

/** The fixed-rate targets: name, requests per second, requests for a site, text a good answer holds. */
const TARGETS: { name: string; rate: number; reqs: (s: Site, codes: string[], full: string) => Req[]; page?: true }[] = [
  { name: "REST look-up", rate: 2000, reqs: (_s, codes) => codes.map((c) => ["GET", `/api/parcels/${c}`]) },
  {
    name: "GraphQL look-up, every field",
    rate: 2000,
    reqs: (_s, codes, full) => codes.map((c) => ["POST", "/graphql", JSON.stringify({ query: full, variables: { c } })]),
  },
  {
    name: "rendered tracking page",
    rate: 1000,
    reqs: (_s, codes) => codes.map((c) => ["GET", `/track.html?code=${c}`]),
    // Asked for as a browser does; a rendered page is told from the shell by its length (pageCheck).
    page: true,
  },
];
const wanted = (name: string) => !ONLY.length || ONLY.some((t) => name.toLowerCase().includes(t.toLowerCase()));

/**
 * The host's speed, so runs on different days compare: milliseconds of one fixed piece of JavaScript (a view-sized
 * object to JSON and back, 20 000 times) on the server's core, best of three. These machines are shared: the same
 * code's CPU a request has moved by 2.5 times between days, with this figure.
 */
function hostReference(): number {
  const code = `const v={h:Array.from({length:10},(_,i)=>({id:i,title:"Out for delivery "+i,description:"x".repeat(80),created_at:new Date(1e12+i).toISOString()}))};for(let i=0;i<40;i++)v["f"+i]="value "+i;let best=1e9;for(let r=0;r<3;r++){const t=performance.now();let n=0;for(let i=0;i<20000;i++)n+=JSON.parse(JSON.stringify(v)).h.length;best=Math.min(best,performance.now()-t)}console.log(best.toFixed(0))`;
  return Number(execFileSync(...pinned(0, process.execPath, ["-e", code]), { encoding: "utf8" }).trim());
}

/**
 * The host's latency floor: a plain node:http server pinned like ours (core 0), answering every request with the
 * 5.1 KB of JSON (the GraphQL look-up of every field answers 5.4 KB), at the look-ups' rate for one measurement's time. What
 * it cannot hold, no server on this host can: a run whose control misses the p99 target measured the host.
 */
async function hostControl(port: number): Promise<Measured> {
  const code = `const b=Buffer.from(JSON.stringify({data:{parcel:{history:Array.from({length:10},(_,i)=>({id:i,title:"Out for delivery "+i,description:"x".repeat(300)})),note:"y".repeat(1500)}}}));require("node:http").createServer((q,r)=>{q.resume();q.on("end",()=>{r.writeHead(200,{"content-type":"application/json","content-length":b.length});r.end(b)})}).listen(${port},"127.0.0.1")`;
  const proc = spawn(...pinned(0, process.execPath, ["-e", code]), { stdio: "ignore" });
  started.push(proc);
  try {
    await waitUp(`http://127.0.0.1:${port}/`, proc);
    return wrk(`http://127.0.0.1:${port}`, [["GET", "/"]], proc, 2000, DURATION);
  } finally {
    const exited = new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve(null) : proc.once("exit", resolve)));
    proc.kill();
    await exited;
  }
}

async function main() {
  ensureDebianPackages("bench", [["wrk", "/usr/bin/wrk"]]);
  // The server as `npm start` runs it: the build (client, server render, server bundle), made again when stale.
  execFileSync(process.execPath, [path.join(root, "scripts/build-if-stale.mjs")], { stdio: "inherit" });
  const targets: TargetRow[] = [];
  const maxima: MaxRow[] = [];
  const heavy: (HeavyRow & { db: string })[] = [];
  const business: BusinessRow[] = [];
  const reports: (ReportRow & { db: string; parcels: number })[] = [];
  let live: LiveResult | null = null;
  const tmp = FILLED || fs.mkdtempSync(path.join(os.tmpdir(), "courier-bench-"));
  const listFile = path.join(tmp, "filled.json");
  if (FILLED && !fs.existsSync(listFile)) throw new Error(`BENCH_FILLED=${FILLED}: no filled.json there (a run with BENCH_KEEP=1 writes it)`);
  const filled: FilledList = fs.existsSync(listFile) ? (JSON.parse(fs.readFileSync(listFile, "utf8")) as FilledList) : { fills: {} };
  const codRows: (CodRow & { db: string; parcels: number })[] = [];
  const messageRows: (MessagesRow & { db: string; parcels: number; host_control_p99: number })[] = [];
  const startedAt = new Date();
  const load0 = os.loadavg();
  const reference0 = hostReference();
  console.log(`host reference: ${reference0} ms (a fixed piece of JavaScript on the server's core; lower is faster)`);
  let port = 4700;
  const control0 = await hostControl((port = await freePort(port + 1)));
  console.log(`host control: a plain node:http server at 2000/s, p99 ${control0.p99} ms, max ${control0.max} ms (the host's latency floor)`);
  let fullQuery = "";
  for (const dbKind of DBS) {
    const schemas: string[] = [];
    for (const n of SCALES) {
      const dir = path.join(tmp, `${dbKind}-${n}`);
      fs.mkdirSync(dir, { recursive: true });
      const wantCod = SECTIONS.includes("cod");
      const wantDated = SECTIONS.includes("reports") || wantCod;
      const kept = filled.fills[`${dbKind}-${n}`];
      let url: string;
      if (kept) {
        url = kept.url;
        if ((wantDated && !kept.dated) || (wantCod && !kept.cod))
          throw new Error(
            `BENCH_FILLED: ${dbKind} at ${n} was filled without ${wantCod && !kept.cod ? "cod" : "the dated year"}; fill again with these sections`,
          );
        console.log(`\n== ${dbKind}, ${n} parcels: the database filled ${kept.filled_at} (${kept.seconds} s), kept in ${tmp}`);
      } else {
        const schema = `bench_${n}_${process.pid}`;
        if (!KEEP) schemas.push(schema);
        url = dbKind === "sqlite" ? `file:${path.join(dir, "bench.db")}` : `${PG}?schema=${schema}`;
        console.log(`\n== ${dbKind}, ${n} parcels: filling ...`);
        const seconds = Math.round((await fill(url, n, 10, { dated: wantDated, cod: wantCod })) * 10) / 10;
        console.log(`   filled in ${seconds} s`);
        if (KEEP) {
          filled.fills[`${dbKind}-${n}`] = { url, parcels: n, dated: wantDated, cod: wantCod, filled_at: new Date().toISOString(), seconds };
          fs.writeFileSync(listFile, JSON.stringify(filled, null, 2));
        }
      }
      // 500 distinct codes drawn at random (fewer at a smaller scale): each measurement starts with their
      // first look-ups (cache misses); the warm-up uses other codes.
      const picked = new Set<number>();
      while (picked.size < Math.min(SAMPLE, n)) picked.add(Math.floor(Math.random() * n));
      const sample = [...picked].map(code);
      const servers: [string, Record<string, string>][] = [["shipped defaults", {}], ...VARIANTS];
      if (SECTIONS.includes("max")) servers.push(["every fast path off", EVERY_FAST_PATH_OFF]);
      const sites: Site[] = [];
      for (const [label, env] of servers) {
        if (!SECTIONS.includes("targets") && !SECTIONS.includes("max") && sites.length) break;
        const server = await startServer(url, (port = await freePort(port + 1)), dir, env);
        const base = `http://127.0.0.1:${port}`;
        sites.push({ label, n, server, base, sample, dir, page: await pageCheck(base) });
      }
      fullQuery ||= await fullFieldQuery(sites[0].base);
      const warmCodes: string[] = [];
      for (let i = 0; warmCodes.length < Math.min(2000, n - sample.length) && i < 10 * n; i++) {
        const c = code(Math.floor(Math.random() * n));
        if (!picked.has(Number(c.slice(3)))) warmCodes.push(c);
      }
      // Before each measurement: the look-ups as fast as the server answers, on other codes than the sample
      // (the server's code is warm; the sample's first look-ups are measured); each page of the sample asked for
      // once, two at a time, as a browser asks (rendered once each and kept: the steady state of pages looked at
      // again and again; drawn at random, a quarter to a third of the pages were never asked for before the
      // measurement, whose first seconds then rendered them in a burst).
      // The code is warm when a second of requests as fast as the server answers is no faster than the one before:
      // a server just started answers its first thousands of requests several times slower (V8 compiles its code
      // as it runs), and on a slow day 2 s of warm-up held only 1 200 look-ups, so the first measurement measured
      // the compiler (p99 1.7 s, then 5 ms on the same server).
      const warm = async (s: Site, t: (typeof TARGETS)[number]) => {
        if (WARMUP <= 0) return;
        if (t.page) await warmPages(s.base, t.reqs(s, s.sample, fullQuery));
        // Pages: each sample page is kept by now, so more requests for them warm the code and change no cache.
        const reqs = t.page ? t.reqs(s, s.sample, fullQuery) : warmCodes.length ? t.reqs(s, warmCodes, fullQuery) : null;
        if (reqs) warmCode(s, reqs, t.page && s.page);
      };
      if (SECTIONS.includes("targets")) {
        console.log(`\n== ${dbKind}, ${n} parcels: fixed rates, ${DURATION} s each`);
        for (const t of TARGETS) {
          if (!wanted(t.name)) continue;
          for (let round = 1; round <= ROUNDS; round++) {
            for (const s of sites.filter((x) => x.label !== "every fast path off")) {
              await warm(s, t);
              const r = wrk(s.base, t.reqs(s, s.sample, fullQuery), s.server, t.rate, DURATION, t.page && s.page);
              const pass = r.p99 <= P99_LIMIT_MS && Math.abs(r.rps - t.rate) <= t.rate * RATE_TOLERANCE && r.failed === 0 && r.unrendered === 0;
              const row: TargetRow = { db: dbKind, parcels: n, server: s.label, target: t.name, round, pass, ...r };
              targets.push(row);
              console.log(
                `   ${`${t.name} at ${t.rate}/s, ${s.label}`.padEnd(60)} achieved ${row.rps}/s  p50 ${row.p50} ms  p99 ${row.p99} ms  max ${row.max} ms  failed ${row.failed}${t.page ? `  unrendered ${row.unrendered}` : ""}  cpu ${row.cpu_us_per_request} us/req  others ${row.others_cores} core  ${pass ? "PASS" : "FAIL"}`,
              );
            }
          }
        }
      }
      if (SECTIONS.includes("business")) {
        console.log(`\n== ${dbKind}, ${n} parcels: a shipper's quote at ${QUOTE_RATE}/s and bookings with their labels (shipped defaults)`);
        const s = sites[0];
        const { key } = await setUpShipping(s.base, await ownerCookie(s.base, HEAVY_TOKEN), path.join(s.dir, "outbox"));
        const quotes: Req[] = quoteBodies().map((b) => ["POST", "/api/quotes", b]);
        if (WARMUP > 0) warmCode(s, quotes);
        const q = wrk(s.base, quotes, s.server, QUOTE_RATE, DURATION);
        const qPass = q.p99 <= QUOTE_P99_MS && Math.abs(q.rps - QUOTE_RATE) <= QUOTE_RATE * RATE_TOLERANCE && q.failed === 0;
        const b = await timeBookings(s.base, key);
        const row: BusinessRow = { db: dbKind, parcels: n, quote: { ...q, pass: qPass }, bookings: { ...b, pass: b.with_label_p99 <= BOOKING_P99_MS } };
        business.push(row);
        console.log(
          `   quote at ${QUOTE_RATE}/s: achieved ${q.rps}/s  p50 ${q.p50} ms  p99 ${q.p99} ms  failed ${q.failed}  cpu ${q.cpu_us_per_request} us/req  ${qPass ? "PASS" : "FAIL"}`,
        );
        console.log(
          `   ${b.bookings} bookings: p50 ${b.booking_p50} ms  p99 ${b.booking_p99} ms; with the label: p50 ${b.with_label_p50} ms  p99 ${b.with_label_p99} ms  ${row.bookings.pass ? "PASS" : "FAIL"} (the server's first, loading the PDF stack: ${b.first_with_label} ms)`,
        );
      }
      if (SECTIONS.includes("max")) {
        console.log(`\n== ${dbKind}, ${n} parcels: maximum throughput, ${MAX_DURATION} s each`);
        for (const t of TARGETS.slice(0, 2)) {
          if (!wanted(t.name)) continue;
          for (let round = 1; round <= ROUNDS; round++) {
            for (const s of sites) {
              if (!SECTIONS.includes("targets") || s.label === "every fast path off") await warm(s, t);
              const row: MaxRow = {
                db: dbKind,
                parcels: n,
                server: s.label,
                target: t.name,
                round,
                ...wrk(s.base, t.reqs(s, s.sample, fullQuery), s.server, 0, MAX_DURATION),
              };
              maxima.push(row);
              console.log(
                `   ${`${t.name}, ${s.label}`.padEnd(60)} ${row.rps} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  max ${row.max} ms  failed ${row.failed}  cpu ${row.cpu_us_per_request} us/req  server ${row.server_cores} core  others ${row.others_cores} core`,
              );
            }
          }
        }
      }
      if (SECTIONS.includes("reports")) {
        console.log(`\n== ${dbKind}, ${n} parcels: the owner's dashboard, a look-up every 20 ms from another client`);
        const s = sites[0];
        const waited = await waitForRollups(url);
        console.log(
          waited === null ? "   REPORTS_SOURCE=raw: every figure from the raw data" : `   roll-ups built and recounted ${waited} s after the server was up`,
        );
        for (const r of await reportsSection(s.base, await ownerCookie(s.base, HEAVY_TOKEN), s.sample[0])) {
          reports.push({ db: dbKind, parcels: n, ...r });
          console.log(
            `   ${r.report.padEnd(34)} first ${r.first_ms} ms  p50 ${r.p50_ms} ms  max ${r.max_ms} ms (limit ${r.limit_ms})  look-ups ${r.lookups} p99 ${r.lookup_p99} ms max ${r.lookup_max} ms  failed ${r.failed}  ${r.pass ? "PASS" : "FAIL"}`,
          );
        }
      }
      if (SECTIONS.includes("cod")) {
        console.log(
          `\n== ${dbKind}, ${n} parcels: cash on delivery as the owner, a look-up every 20 ms from another client (host reference ${hostReference()} ms)`,
        );
        const s = sites[0];
        // The report roll-ups are built in the background on a new database's first start: waited for, not measured.
        await waitForRollups(url);
        for (const r of await codSection(s.base, await ownerCookie(s.base, HEAVY_TOKEN), s.sample[0])) {
          codRows.push({ db: dbKind, parcels: n, ...r });
          console.log(
            `   ${r.call.padEnd(34)} first ${r.first_ms} ms  p50 ${r.p50_ms} ms  max ${r.max_ms} ms (limit ${r.limit_ms})  ${r.rows} rows  look-ups ${r.lookups} p99 ${r.lookup_p99} ms max ${r.lookup_max} ms  failed ${r.failed}  ${r.pass ? "PASS" : "FAIL"}`,
          );
        }
      }
      if (SECTIONS.includes("heavy") && n === SCALES[SCALES.length - 1]) {
        console.log(`\n== ${dbKind}: heavy work at ${n} parcels, a look-up every 20 ms from another client`);
        for (const h of await heavySection(sites[0])) {
          heavy.push({ db: dbKind, ...h });
          console.log(
            `   ${h.work.padEnd(44)} ${String(h.seconds).padStart(7)} s  look-ups ${h.lookups}  p50 ${h.p50} ms  p99 ${h.p99} ms  max ${h.max} ms  failed ${h.failed}  ${h.note}`,
          );
        }
      }
      for (const s of sites) {
        s.server.kill("SIGTERM");
        await new Promise((r) => s.server.once("exit", r));
      }
      if (SECTIONS.includes("messages")) messageRows.push(...(await messagesRun(dbKind, n, url, dir, (port = await freePort(port + 1)))));
      if (KEEP) console.log(`   the servers' logs and databases are kept in ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    }
    if (dbKind === "postgresql") for (const schema of schemas) execFileSync("psql", [PG, "-q", "-c", `DROP SCHEMA IF EXISTS "${schema}" CASCADE`]);
  }
  if (SECTIONS.includes("live")) {
    console.log(`\n== the delivery day: position posts and 1 000 live views (scripts/bench-live.ts, SQLite)`);
    const out = execFileSync(process.execPath, [path.join(root, "node_modules/.bin/tsx"), path.join(root, "scripts/bench-live.ts")], { encoding: "utf8" });
    const line = out.split("\n").find((l) => l.startsWith("BENCH_JSON "));
    if (!line) throw new Error(`bench-live gave no result:\n${out}`);
    const r = JSON.parse(line.slice(11)) as Omit<LiveResult, "pass">;
    live = { ...r, pass: r.post_p99 <= POSITION_P99_MS && r.views_p99 <= LIVE_P99_MS && r.open === r.views };
    console.log(
      `   ${r.open} of ${r.views} views open; position post p50 ${r.post_p50} ms p99 ${r.post_p99} ms; every view updated p50 ${r.views_p50} ms p99 ${r.views_p99} ms  ${live.pass ? "PASS" : "FAIL"}`,
    );
  }
  const load1 = os.loadavg();
  const reference1 = hostReference();
  const control1 = await hostControl(await freePort(port + 1));
  const outDir = path.join(root, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `bench-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const speedUps = speedUpRows(maxima);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        machine: {
          cpus: cores,
          node: process.version,
          load_average_before: load0,
          load_average_after: load1,
          host_reference_ms: [reference0, reference1],
          host_control: [control0, control1],
        },
        started: startedAt.toISOString(),
        duration: DURATION,
        max_duration: MAX_DURATION,
        full_field_query: fullQuery,
        targets,
        maxima,
        speed_ups: speedUps,
        business,
        reports,
        cod: codRows,
        messages: messageRows,
        live,
        heavy,
      },
      null,
      2,
    ),
  );
  const fmt = (v: number) => v.toLocaleString("en").replace(/,/g, " ");
  if (targets.length) {
    console.log(
      `\nFixed rates (pass: p99 <= ${P99_LIMIT_MS} ms, achieved rate within ${RATE_TOLERANCE * 100}% of the target, no failed answer)\n\n| db | parcels | server | target | rate /s | achieved /s | p50 ms | p99 ms | max ms | failed | CPU µs/req | others' cores | result |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|`,
    );
    for (const r of targets)
      console.log(
        `| ${r.db} | ${fmt(r.parcels)} | ${r.server} | ${r.target}${ROUNDS > 1 ? ` (round ${r.round})` : ""} | ${fmt(r.target_rps!)} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.failed + r.unrendered} | ${r.cpu_us_per_request} | ${r.others_cores} | ${r.pass ? "pass" : "**fail**"} |`,
      );
  }
  if (maxima.length) {
    console.log(
      `\nMaximum throughput (32 connections; the defaults pass at ${MIN_SPEED_UP}x every fast path off or more)\n\n| db | parcels | server | target | req/s | p50 ms | p99 ms | CPU µs/req | server's core | others' cores | x every fast path off |\n|---|---|---|---|---|---|---|---|---|---|---|`,
    );
    for (const r of maxima) {
      const x = speedUps.find((u) => u.db === r.db && u.parcels === r.parcels && u.target === r.target && u.server === r.server && u.round === r.round);
      console.log(
        `| ${r.db} | ${fmt(r.parcels)} | ${r.server} | ${r.target}${ROUNDS > 1 ? ` (round ${r.round})` : ""} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.cpu_us_per_request} | ${r.server_cores} | ${r.others_cores} | ${x ? `${x.speed_up}x${r.server === "shipped defaults" ? (x.speed_up >= MIN_SPEED_UP ? " pass" : " **fail**") : ""}` : ""} |`,
      );
    }
  }
  if (business.length) {
    console.log(
      `\nShippers (pass: a quote's p99 <= ${QUOTE_P99_MS} ms at ${QUOTE_RATE}/s; a booking with its label p99 <= ${BOOKING_P99_MS} ms, one after another)\n\n| db | parcels | quote achieved /s | quote p50 ms | quote p99 ms | failed | quote | booking p50 ms | booking p99 ms | with label p50 ms | with label p99 ms | booking |\n|---|---|---|---|---|---|---|---|---|---|---|---|`,
    );
    for (const r of business)
      console.log(
        `| ${r.db} | ${fmt(r.parcels)} | ${fmt(r.quote.rps)} | ${r.quote.p50} | ${r.quote.p99} | ${r.quote.failed} | ${r.quote.pass ? "pass" : "**fail**"} | ${r.bookings.booking_p50} | ${r.bookings.booking_p99} | ${r.bookings.with_label_p50} | ${r.bookings.with_label_p99} | ${r.bookings.pass ? "pass" : "**fail**"} |`,
      );
  }
  if (reports.length) {
    console.log(
      `\nThe owner's dashboard (pass: under the limit every call, no look-up over 100 ms meanwhile, none failed)\n\n| db | parcels | report | calls | first ms | p50 ms | max ms | limit ms | look-ups | look-up p99 ms | look-up max ms | result |\n|---|---|---|---|---|---|---|---|---|---|---|---|`,
    );
    for (const r of reports)
      console.log(
        `| ${r.db} | ${fmt(r.parcels)} | ${r.report} | ${r.calls} | ${r.first_ms} | ${r.p50_ms} | ${r.max_ms} | ${r.limit_ms} | ${r.lookups} | ${r.lookup_p99} | ${r.lookup_max} | ${r.pass ? "pass" : "**fail**"} |`,
      );
  }
  if (codRows.length) {
    console.log(
      `\nCash on delivery as the owner (pass: every call under ${COD_MS} ms)\n\n| db | parcels | call | calls | first ms | p50 ms | max ms | rows | look-ups | look-up p99 ms | look-up max ms | result |\n|---|---|---|---|---|---|---|---|---|---|---|---|`,
    );
    for (const r of codRows)
      console.log(
        `| ${r.db} | ${fmt(r.parcels)} | ${r.call} | ${r.calls} | ${r.first_ms} | ${r.p50_ms} | ${r.max_ms} | ${r.rows} | ${r.lookups} | ${r.lookup_p99} | ${r.lookup_max} | ${r.pass ? "pass" : "**fail**"} |`,
      );
  }
  if (messageRows.length) {
    console.log(
      `\nMessages' heavy work (pass: look-ups' p99 under ${LOOKUP_P99_MS} ms, none failed)\n\n| db | parcels | spell | seconds | changes | change p50 / p99 ms | look-ups | look-up p50 / p99 / max ms | server's core | messages | host control p99 ms | result |\n|---|---|---|---|---|---|---|---|---|---|---|---|`,
    );
    for (const r of messageRows)
      console.log(
        `| ${r.db} | ${fmt(r.parcels)} | ${r.spell} | ${r.seconds} | ${r.changes} | ${r.change_p50} / ${r.change_p99} | ${r.lookups} | ${r.lookup_p50} / ${r.lookup_p99} / ${r.lookup_max} | ${r.server_cores} | ${Object.entries(
          r.messages,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")} | ${r.host_control_p99} | ${r.pass ? "pass" : "**fail**"} |`,
      );
  }
  if (live) {
    console.log(
      `\nThe delivery day (pass: a position post p99 <= ${POSITION_P99_MS} ms; every one of ${live.views} live views updated p99 <= ${LIVE_P99_MS} ms)\n\n| views open | posts | post p50 ms | post p99 ms | all views updated p50 ms | p99 ms | max ms | result |\n|---|---|---|---|---|---|---|---|\n| ${live.open} of ${live.views} | ${live.posts} | ${live.post_p50} | ${live.post_p99} | ${live.views_p50} | ${live.views_p99} | ${live.views_max} | ${live.pass ? "pass" : "**fail**"} |`,
    );
  }
  if (heavy.length) {
    console.log(`\n| db | parcels | heavy work | seconds | look-ups | p50 ms | p99 ms | max ms | failed | note |\n|---|---|---|---|---|---|---|---|---|---|`);
    for (const h of heavy)
      console.log(`| ${h.db} | ${h.parcels} | ${h.work} | ${h.seconds} | ${h.lookups} | ${h.p50} | ${h.p99} | ${h.max} | ${h.failed} | ${h.note} |`);
  }
  console.log(`\nhost reference before ${reference0} ms, after ${reference1} ms (lower is faster)`);
  console.log(
    `host control (a plain node:http server on the server's core, 2 000/s, ${DURATION} s): p99 ${control0.p99} ms (max ${control0.max}) before, ${control1.p99} ms (max ${control1.max}) after`,
  );
  console.log(`load average before ${load0.map((v) => v.toFixed(2)).join(" ")}, after ${load1.map((v) => v.toFixed(2)).join(" ")}`);
  console.log(`full-field query (from introspection): ${fullQuery}`);
  console.log(`written to ${path.relative(root, file)}`);
  if (KEEP) console.log(`the filled databases are kept: measure them again with BENCH_FILLED=${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}

/**
 * The messages section on the scale's database: the host control first, then 1 000 parcels (a stretch of their own,
 * drawn at random, so a kept database measured again changes others) given phone numbers, the Twilio-like peer on the
 * load generator's core, a server of its own with SMS through it, and the two spells (bench-messages.ts).
 */
async function messagesRun(dbKind: string, n: number, url: string, dir: string, port: number) {
  const control = await hostControl(await freePort(port + 50));
  console.log(
    `\n== ${dbKind}, ${n} parcels: ${CHANGES} status changes in a minute with SMS through a peer answering in 2 s (host control p99 ${control.p99} ms, max ${control.max} ms)`,
  );
  const count = Math.min(CHANGES, n - 1);
  const from = 1 + Math.floor(Math.random() * Math.max(1, n - count - 1));
  await givePhones(url, from, count);
  const peerPort = await freePort(port + 1);
  const peer = twilioPeer(peerPort, undefined, (program, args) => pinned(1, program, args));
  started.push(peer);
  const server = await startServer(url, (port = await freePort(peerPort + 1)), dir, smsEnv(peerPort));
  try {
    // The report roll-ups of a database this server is the first to open are built in the background: not during the spells.
    await waitForRollups(url);
    const base = `http://127.0.0.1:${port}`;
    const rows = await messagesSection(base, await ownerCookie(base, HEAVY_TOKEN), from, code(0), () => cpuMicros(server.pid!));
    for (const r of rows)
      console.log(
        `   ${r.spell.padEnd(40)} ${r.seconds} s  changes ${r.changes} p50 ${r.change_p50} ms p99 ${r.change_p99} ms failed ${r.failed_changes}  look-ups ${r.lookups} p50 ${r.lookup_p50} ms p99 ${r.lookup_p99} ms max ${r.lookup_max} ms failed ${r.failed_lookups}  server ${r.server_cores} core  messages ${JSON.stringify(r.messages)}  ${r.pass ? "PASS" : "FAIL"}`,
      );
    return rows.map((r) => ({ db: dbKind, parcels: n, host_control_p99: control.p99, ...r }));
  } finally {
    for (const p of [server, peer]) {
      const exited = new Promise((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve(null) : p.once("exit", resolve)));
      p.kill("SIGTERM");
      await exited;
    }
  }
}

/** Each server's maximum throughput as a multiple of every fast path off's, measured in the same round. */
function speedUpRows(maxima: MaxRow[]) {
  const out: { db: string; parcels: number; target: string; server: string; round: number; speed_up: number }[] = [];
  for (const r of maxima) {
    const off = maxima.find(
      (o) => o.db === r.db && o.parcels === r.parcels && o.target === r.target && o.round === r.round && o.server === "every fast path off",
    );
    if (!off || off === r || !off.rps) continue;
    out.push({ db: r.db, parcels: r.parcels, target: r.target, server: r.server, round: r.round, speed_up: Math.round((r.rps / off.rps) * 10) / 10 });
  }
  return out;
}

await main().catch((e) => {
  console.error(e);
  process.exit(1);
});
