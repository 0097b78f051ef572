// npm run bench: tracking look-ups measured honestly, as ratios to a raw Node baseline in the same run.
//   BENCH_DBS=sqlite,postgresql  BENCH_SCALES=1000,1000000  BENCH_DURATION=10 (s)  BENCH_CONNECTIONS=32
//   BENCH_TARGETS=REST,GraphQL (only targets whose name contains one of these; the baseline always runs)
//   BENCH_PROFILE=DIR (the server writes a V8 CPU profile there: node --cpu-prof)
//   BENCH_WARMUP=2 (s per kind of request before measuring, on codes outside the sample: the
//   server's code is warm, while the first look-up of each sampled code is still measured)
//   BENCH_ROUNDS=1 (measure each target that many times, baseline then every scale, back to back; each row is
//   the round whose ratio is the median, with every round's ratio in the JSON: on these noisy machines one
//   round's ratio moves by 0.1-0.3, and the median of three settles it only roughly)
//   BENCH_QUIET=1 (on a shared machine: before each target wait, up to 3 minutes, until other processes
//   use less than a quarter of a core, and measure a target again, up to 3 times in all, when they took
//   more than a third of a core meanwhile; BENCH_QUIET_WAIT=180 caps each wait, in seconds)
//   BENCH_SECTIONS=lookups,heavy (heavy: at the largest scale, the look-up's latency from another client while
//   an export of every parcel, an import of 10 000 rows (then again with one column changed), four batches of
//   200 labels at once and a scan of 500 codes run, each in turn; then the admin's list searches and history
//   entries 8 at a time; BENCH_SECTIONS=heavy skips the look-up targets)
// For each database: one fresh database per scale filled with demo-like parcels (10 history entries
// each), the real server for each (rate limits raised) pinned to core 0, the raw baseline pinned to core 0
// too (and the same raw server sending the site's REST headers, a row of its own: the floor for that
// answer), the load generator (autocannon, its own process) pinned to core 1. Each target is measured on the
// baseline and then on every scale, back to back. Results go to stdout and bench-results/bench-<time>.json:
// req/s, p50/p99 latency (ms, every response), the ratio to the baseline measured just before, p99 against
// the same target at the first scale, and the serving process's CPU time per request (a check that does
// not depend on the load generator).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchCode as code, fill } from "./bench-fill.js";
import { apiKey, download, importCsv, ownerCookie, percentile, postImport, probeDuring, type Probed } from "./bench-heavy.js";

const DBS = (process.env.BENCH_DBS || "sqlite,postgresql").split(",");
const SCALES = (process.env.BENCH_SCALES || "1000,1000000").split(",").map(Number);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const QUIET = process.env.BENCH_QUIET !== "0";
const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT || 180);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const ONLY = (process.env.BENCH_TARGETS || "").split(",").filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : "";
const SAMPLE = 500;
const SECTIONS = (process.env.BENCH_SECTIONS || "lookups,heavy").split(",");
const LOOKUPS = SECTIONS.includes("lookups");
const HEAVY_TOKEN = "bench-heavy-setup-token-0123456789";
const PG = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/test";
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 && fs.existsSync("/usr/bin/taskset") ? ["taskset", "-c", String(core % cores)] : []);
const root = path.resolve(import.meta.dirname, "..");

/** The server as `npm start` runs it (node dist/server/main.js, shipped defaults) plus `env`, pinned to core 0. */
function startServer(url: string, port: number, dir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const [cmd, ...pre] = pin(0);
  const prof = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : [];
  const args = [...pre, process.execPath, ...prof, "dist/server/main.js"];
  // Its log goes to a file, as to a log collector: the shipped default writes failed (4xx/5xx) and slow requests.
  const log = fs.openSync(path.join(dir, `server-${port}.log`), "a");
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ["LOG_LEVEL", "LOG_REQUESTS", "SLOW_REQUEST_MS", "PUBLIC_CACHE_SECONDS", "GRAPHQL_FAST_PATH", "PARCEL_CACHE_SIZE"]) delete base[k];
  const proc = spawn(cmd ?? process.execPath, cmd ? args : args.slice(1), {
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
      RATE_LIMIT_TRACKING: "1000000000",
      ADMIN_SETUP_TOKEN: HEAVY_TOKEN,
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  return waitUp(`http://127.0.0.1:${port}/api/graph`, proc);
}

async function waitUp(url: string, proc: ChildProcess): Promise<ChildProcess> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return proc;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

type Load = {
  url: string;
  method?: string;
  path?: string;
  paths?: string[];
  bodies?: string[];
  headers?: Record<string, string>;
  items?: { path: string; headers?: Record<string, string> }[];
};
interface Row {
  db: string;
  parcels: number;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** req/s of the raw baseline measured just before this target (same bytes, from memory). */
  baseline_rps?: number;
  baseline_disturbed?: boolean;
  /** The baseline's core shares (server / generator) in that measurement. */
  baseline_cores?: string;
  ratio?: number;
  p99_vs_first_scale?: number;
  cpu_us_per_request?: number;
  /** With BENCH_ROUNDS > 1: every round's ratio, in the order measured (the row is the median round's). */
  round_ratios?: number[];
  /** Share of a core other processes used during the measurement; "disturbed" when over a third. */
  others_cores?: number;
  disturbed?: boolean;
  /**
   * Share of a core the serving process and the load generator each used while measured: a server near 1 sets the
   * pace itself; a generator near 1 (and a server well under) means the generator did, so the req/s is its limit.
   */
  server_cores?: number;
  generator_cores?: number;
}

/** Busy and total CPU time of the machine so far, in clock ticks (all cores). */
function machineTicks() {
  const v = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { busy: v[0] + v[1] + v[2] + v[5] + v[6] + v[7], total: v.reduce((a, b) => a + b, 0) };
}
/** CPU time of this process and its finished children (the load generator), in clock ticks. */
function ownTicks(): number {
  const f = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}

/** Waits (at most BENCH_QUIET_WAIT seconds, default 180) until other processes have used less than a quarter of a core for two seconds in a row. */
async function waitQuiet(): Promise<void> {
  const until = Date.now() + QUIET_WAIT_S * 1000;
  for (let calm = 0; calm < 2 && Date.now() < until;) {
    const a = machineTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const b = machineTicks();
    calm = ((b.busy - a.busy) / (b.total - a.total)) * cores < 0.25 ? calm + 1 : 0;
  }
}

/** CPU time (user + system) of a process so far, in microseconds. */
function cpuMicros(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1e6) / 100;
}

function load(o: Load, servedBy: ChildProcess, duration = DURATION): Omit<Row, "db" | "parcels" | "target"> {
  const [cmd, ...pre] = pin(1);
  const spec = path.join(os.tmpdir(), `courier-bench-load-${process.pid}.json`);
  fs.writeFileSync(spec, JSON.stringify({ ...o, duration, connections: CONNECTIONS }));
  const args = [...pre, process.execPath, path.join(root, "scripts/bench-load.mjs"), spec];
  const cpu0 = cpuMicros(servedBy.pid!);
  const [m0, own0] = [machineTicks(), ownTicks()];
  const out = execFileSync(cmd ?? process.execPath, cmd ? args : args.slice(1), { encoding: "utf8", maxBuffer: 1 << 26 });
  const [m1, own1] = [machineTicks(), ownTicks()];
  const cpu = cpuMicros(servedBy.pid!) - cpu0;
  fs.rmSync(spec, { force: true });
  const r = JSON.parse(out);
  const others = (m1.busy - m0.busy - (own1 - own0) - cpu / 1e4) / ((m1.total - m0.total) / cores);
  return {
    rps: Math.round(r.rps),
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu_us_per_request: r.total ? Math.round(cpu / r.total) : undefined,
    others_cores: Math.max(0, Math.round(others * 100) / 100),
    disturbed: others > 1 / 3,
    server_cores: Math.round((cpu / 1e6 / r.seconds) * 100) / 100,
    generator_cores: Math.round(r.cores * 100) / 100,
  };
}

/** One measured target; on a shared machine after waiting for quiet, and again while disturbed. */
async function measure(o: Load, servedBy: ChildProcess): Promise<Omit<Row, "db" | "parcels" | "target">> {
  let r = load(o, servedBy);
  for (let attempt = 1; QUIET && r.disturbed && attempt < 3; attempt++) {
    await waitQuiet();
    r = load(o, servedBy);
  }
  return r;
}

/** The document the site's tracking page sends (client/modules/parcel/graphql/TrackParcel.graphql). */
const CLIENT_QUERY = fs.readFileSync(path.join(root, "client/modules/parcel/graphql/TrackParcel.graphql"), "utf8");

/** Every field of `parcel` (PublicParcel, its history, and so on), as a third party builds it from the schema by introspection. */
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

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

interface Site {
  label: string;
  n: number;
  server: ChildProcess;
  base: string;
  sample: string[];
  unknown: string[];
  dir: string;
  etags?: { path: string; headers: Record<string, string> }[];
}
interface Memory {
  db: string;
  parcels: number;
  cached_views: number;
  cache_size: number;
  fill_s: number;
  before: { rss: number; anon: number; file: number };
  full: { rss: number; anon: number; file: number };
}

/**
 * Resident memory of a process, in MB: all of it (VmRSS), the process's own (RssAnon: heap, caches), and pages of
 * mapped files (RssFile: code, and on SQLite the database file the direct reads map; the kernel can drop them).
 */
function rssMb(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") };
}

/** fetch, once more when a kept-alive connection was closed under it (idle since the last load). */
async function fetchAgain(url: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url);
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** Looks up `codes` once each, 32 at a time, so their views sit in the server's cache. */
async function lookUpAll(base: string, codes: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < codes.length) {
        const r = await fetchAgain(`${base}/api/parcels/${codes[next++]}`);
        await r.arrayBuffer();
      }
    }),
  );
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

  // The admin's lists (median of 10 after one warm-up; every parcel here has the same recipient and
  // destination, so a search by name matches them all: the widest answer to count).
  const r1 = (v: number) => Math.round(v * 10) / 10;
  for (const [work, q] of [
    ["list ?search= a whole code", `search=${code(Math.floor(s.n / 2))}`],
    ["list ?search= a name (every parcel)", "search=Recipient"],
    ["list ?stale_days=3", "stale_days=3"],
  ] as const) {
    const ms: number[] = [];
    let status = 0;
    for (let i = 0; i < 11; i++) {
      const t = performance.now();
      const res = await fetch(`${s.base}/api/parcels?${q}`, { headers: asOwner });
      await res.arrayBuffer();
      status = res.status;
      if (i) ms.push(performance.now() - t);
    }
    out.push({
      parcels: s.n,
      work,
      seconds: r1(ms.reduce((a, b) => a + b, 0) / 1000),
      lookups: 0,
      p50: r1(percentile(ms, 50)),
      p99: r1(percentile(ms, 99)),
      max: r1(Math.max(...ms)),
      failed: 0,
      note: `status ${status}, 10 requests one after another (p50, p99, max are theirs)`,
    });
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

async function main() {
  // The server as shipped: built to dist/server (esbuild, a fraction of a second).
  execFileSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], { stdio: "inherit" });
  const rows: Row[] = [];
  const memory: Memory[] = [];
  const heavy: (HeavyRow & { db: string })[] = [];
  const baselines: (Omit<Row, "parcels" | "ratio"> & { before: string })[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "courier-bench-"));
  let port = 4700;
  let fullQuery = "";
  for (const dbKind of DBS) {
    // Every server runs at once, and each target is measured on the baseline and then on every
    // server it applies to, back to back: a slow moment of a shared machine then touches the numbers compared alike.
    const sites: Site[] = [];
    const variants: Site[] = [];
    const schemas: string[] = [];
    for (const n of SCALES) {
      const dir = path.join(tmp, `${dbKind}-${n}`);
      fs.mkdirSync(dir, { recursive: true });
      const schema = `bench_${n}_${process.pid}`;
      schemas.push(schema);
      const url = dbKind === "sqlite" ? `file:${path.join(dir, "bench.db")}` : `${PG}?schema=${schema}`;
      console.log(`\n== ${dbKind}, ${n} parcels: filling ...`);
      const secs = await fill(url, n);
      console.log(`   filled in ${secs.toFixed(1)} s`);
      const server = await startServer(url, ++port, dir);
      // The same number of distinct codes at every scale (500, drawn without replacement; at 1 000
      // parcels the other 500 warm the server up), so each scale has as many first look-ups (cache
      // misses) in its measurement and only the size differs.
      const picked = new Set<number>();
      while (picked.size < Math.min(SAMPLE, n)) picked.add(Math.floor(Math.random() * n));
      const sample = [...picked].map(code);
      const unknown = Array.from({ length: 2000 }, (_, i) => `NO-${i}-${Math.random().toString(36).slice(2, 8)}`);
      const site: Site = { label: String(n), n, server, base: `http://127.0.0.1:${port}`, sample, unknown, dir };
      sites.push(site);
      if (LOOKUPS && n === SCALES[0]) {
        // The same database at the first scale, served with logging off and with every request logged.
        for (const [label, env] of [
          ["logging off", { LOG_LEVEL: "silent" }],
          ["LOG_REQUESTS=all", { LOG_REQUESTS: "all" }],
        ] as const) {
          const other = await startServer(url, ++port, dir, env);
          variants.push({ ...site, label: `${n}, ${label}`, server: other, base: `http://127.0.0.1:${port}` });
        }
      }
    }
    fullQuery ||= await fullFieldQuery(sites[0].base);
    const rest = (s: Site, codes: string[]): Load => ({ url: s.base, paths: codes.map((c) => `/api/parcels/${c}`) });
    const gql = (s: Site, codes: string[], query: string, variable = "c"): Load => ({
      url: s.base,
      method: "POST",
      path: "/graphql",
      headers: { "content-type": "application/json" },
      bodies: codes.map((c) => JSON.stringify({ query, variables: { [variable]: c } })),
    });
    // Apollo Client's automatic persisted query: a GET with the hash (registered once before).
    const apq = (s: Site, codes: string[]): Load => ({
      url: s.base,
      headers: { "content-type": "application/json" },
      paths: codes.map(
        (c) =>
          `/graphql?${new URLSearchParams({ variables: JSON.stringify({ trackingCode: c }), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(CLIENT_QUERY) } }) })}`,
      ),
    });
    const conditional = (s: Site): Load => ({ url: s.base, items: s.etags! });
    // The baseline answers the same bytes as the REST look-up, from memory, in this same run.
    const sampleAnswer = await fetchAgain(`${sites[0].base}/api/parcels/${sites[0].sample[0]}`);
    const sampleBody = await sampleAnswer.text();
    const [pinCmd, ...pinArgs] = pin(0);
    const baselineArgs = [...pinArgs, process.execPath, path.join(root, "scripts/bench-baseline.mjs")];
    const rawServer = (env: Record<string, string>) =>
      spawn(pinCmd ?? process.execPath, pinCmd ? baselineArgs : baselineArgs.slice(1), {
        env: { ...process.env, PORT: String(++port), BASELINE_BODY: sampleBody, ...env },
        stdio: ["ignore", "inherit", "inherit"],
      });
    const baseline = rawServer({});
    const baselineLoad: Load = { url: `http://127.0.0.1:${port}`, path: "/" };
    await waitUp(`${baselineLoad.url}/`, baseline);
    // The same raw server sending the headers of the site's own REST answer (security and caching headers,
    // request id), pinned alike: how much of the REST look-up's gap to the baseline is Node sending those headers.
    const siteHeaders = [...sampleAnswer.headers].filter(([k]) => !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(k));
    const floorProc = rawServer({ BASELINE_HEADERS: JSON.stringify(siteHeaders) });
    const floor: Site = {
      label: "raw, the site's headers",
      n: SCALES[0],
      server: floorProc,
      base: `http://127.0.0.1:${port}`,
      sample: [],
      unknown: [],
      dir: tmp,
    };
    await waitUp(`${floor.base}/`, floorProc);
    for (const s of [...sites, ...variants]) {
      const r = await fetch(`${s.base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          query: CLIENT_QUERY,
          variables: { trackingCode: s.sample[0] },
          extensions: { persistedQuery: { version: 1, sha256Hash: sha256(CLIENT_QUERY) } },
        }),
      });
      if (!(await r.text()).includes('"parcel"')) throw new Error("persisted query not registered");
    }
    if (LOOKUPS && WARMUP > 0) {
      for (const s of [...sites, ...variants]) {
        const sampled = new Set(s.sample);
        const warm: string[] = [];
        for (let i = 0; warm.length < 2000 && i < 10 * s.n; i++) {
          const c = code(Math.floor(Math.random() * s.n));
          if (!sampled.has(c)) warm.push(c);
        }
        const other = s.unknown.map((c) => `${c}-W`);
        for (const o of [
          rest(s, warm),
          gql(s, warm, CLIENT_QUERY, "trackingCode"),
          gql(s, warm, fullQuery),
          apq(s, warm),
          rest(s, other),
          gql(s, other, CLIENT_QUERY, "trackingCode"),
          { url: s.base, path: "/api/graph" },
        ]) {
          if (o.paths?.length !== 0 && o.bodies?.length !== 0) load(o, s.server, WARMUP);
        }
      }
      load(baselineLoad, baseline, WARMUP);
      load({ url: floor.base, path: "/" }, floorProc, WARMUP);
    }
    const targets: [string, (s: Site) => Load, Site[]][] = [
      ["raw server, the site's REST headers", (s) => ({ url: s.base, path: "/" }), [floor]],
      ["REST look-up, shipped defaults", (s) => rest(s, s.sample), sites],
      ["REST look-up, logging off", (s) => rest(s, s.sample), variants.filter((v) => v.label.includes("off"))],
      ["REST look-up, LOG_REQUESTS=all", (s) => rest(s, s.sample), variants.filter((v) => v.label.includes("all"))],
      ["REST unknown code", (s) => rest(s, s.unknown), sites],
      ["GraphQL client query", (s) => gql(s, s.sample, CLIENT_QUERY, "trackingCode"), sites],
      ["GraphQL full-field look-up", (s) => gql(s, s.sample, fullQuery), sites],
      ["GraphQL APQ look-up (GET)", (s) => apq(s, s.sample), sites],
      ["GraphQL unknown code", (s) => gql(s, s.unknown, CLIENT_QUERY, "trackingCode"), sites],
      ["REST conditional, 304", conditional, sites],
      ["start-up graph", (s) => ({ url: s.base, path: "/api/graph" }), sites],
    ];
    const show = (label: string, r: Omit<Row, "db" | "parcels" | "target">, ratio?: number) =>
      console.log(
        `   ${label.padEnd(44)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${ratio === undefined ? "" : `  ratio ${ratio}`}  cpu ${r.cpu_us_per_request} us/req  cores ${r.server_cores}/${r.generator_cores}  non-2xx ${r.non2xx}${r.disturbed ? `  (disturbed: others used ${r.others_cores} core)` : ""}`,
      );
    console.log(`\n== ${dbKind}: measuring ${DURATION} s per target`);
    for (const [target, make, on] of LOOKUPS ? targets : []) {
      if (ONLY.length && !ONLY.some((t) => target.includes(t))) continue;
      if (target.includes("304")) {
        // The client's copies: each sampled code's current ETag, sent back as If-None-Match.
        for (const s of on) {
          s.etags = [];
          for (const c of s.sample) {
            const r = await fetchAgain(`${s.base}/api/parcels/${c}`);
            await r.arrayBuffer();
            s.etags.push({ path: `/api/parcels/${c}`, headers: { "if-none-match": r.headers.get("etag")! } });
          }
        }
      }
      const rounds = new Map<Site, Row[]>(on.map((s) => [s, []]));
      for (let round = 1; round <= ROUNDS; round++) {
        if (QUIET) await waitQuiet();
        const b = await measure(baselineLoad, baseline);
        baselines.push({ db: dbKind, target: "raw baseline", before: target, ...b });
        show(`raw baseline${ROUNDS > 1 ? ` (round ${round})` : ""}`, b);
        for (const s of on) {
          const r = await measure(make(s), s.server);
          const row: Row = {
            db: dbKind,
            parcels: s.n,
            target,
            ...r,
            baseline_rps: b.rps,
            baseline_disturbed: b.disturbed,
            baseline_cores: `${b.server_cores} / ${b.generator_cores}`,
            ratio: Math.round((r.rps / b.rps) * 100) / 100,
          };
          rounds.get(s)!.push(row);
          show(`${target} (${s.n})`, r, row.ratio);
        }
      }
      for (const s of on) {
        const measured = rounds.get(s)!;
        const median = [...measured].sort((x, y) => x.ratio! - y.ratio!)[Math.floor((measured.length - 1) / 2)];
        rows.push(ROUNDS > 1 ? { ...median, round_ratios: measured.map((r) => r.ratio!) } : median);
        if (ROUNDS > 1) console.log(`   ${target} (${s.n}): ratios ${measured.map((r) => r.ratio).join(", ")}, median ${median.ratio}`);
      }
    }
    // Resident memory with a full cache of public views: every parcel at the small scale, PARCEL_CACHE_SIZE
    // (default 50 000) distinct parcels at the large one; the cache bounds it, whatever the database holds.
    const cacheSize = Number(process.env.PARCEL_CACHE_SIZE || 50_000);
    for (const s of LOOKUPS ? sites : []) {
      const idle = rssMb(s.server.pid!);
      const t0 = Date.now();
      const count = Math.min(s.n, cacheSize);
      const step = s.n / count;
      await lookUpAll(
        s.base,
        Array.from({ length: count }, (_, i) => code(Math.floor(i * step))),
      );
      const m: Memory = {
        db: dbKind,
        parcels: s.n,
        cached_views: count,
        cache_size: cacheSize,
        before: idle,
        full: rssMb(s.server.pid!),
        fill_s: Math.round((Date.now() - t0) / 100) / 10,
      };
      memory.push(m);
      console.log(
        `   memory (${s.n}): RSS ${m.before.rss} MB before (own ${m.before.anon}, mapped files ${m.before.file}), ${m.full.rss} MB (own ${m.full.anon}, mapped files ${m.full.file}) with ${count} views cached (filled in ${m.fill_s} s)`,
      );
    }
    if (SECTIONS.includes("heavy")) {
      const largest = sites[sites.length - 1];
      console.log(`\n== ${dbKind}: heavy work at ${largest.n} parcels, a look-up every 20 ms from another client`);
      for (const h of await heavySection(largest)) {
        heavy.push({ db: dbKind, ...h });
        console.log(
          `   ${h.work.padEnd(44)} ${String(h.seconds).padStart(7)} s  look-ups ${h.lookups}  p50 ${h.p50} ms  p99 ${h.p99} ms  max ${h.max} ms  failed ${h.failed}  ${h.note}`,
        );
      }
    }
    for (const raw of [baseline, floorProc]) {
      raw.kill();
      await new Promise((r) => raw.once("exit", r));
    }
    for (const s of [...sites, ...variants]) {
      s.server.kill("SIGTERM");
      await new Promise((r) => s.server.once("exit", r));
    }
    for (const s of sites) fs.rmSync(s.dir, { recursive: true, force: true });
    if (dbKind === "postgresql") for (const schema of schemas) execFileSync("psql", [PG, "-q", "-c", `DROP SCHEMA IF EXISTS "${schema}" CASCADE`]);
  }
  // p99 against the same database and target at the first (smallest) scale, measured just before.
  for (const r of rows) {
    const first = rows.find((f) => f.db === r.db && f.target === r.target);
    if (first && first !== r && first.p99 > 0) r.p99_vs_first_scale = Math.round((r.p99 / first.p99) * 100) / 100;
  }
  const outDir = path.join(root, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        machine: { cpus: cores, node: process.version },
        duration: DURATION,
        connections: CONNECTIONS,
        full_field_query: fullQuery,
        rows,
        memory,
        heavy,
        baselines,
      },
      null,
      2,
    ),
  );
  console.log(
    `\n| db | parcels | target | req/s | p50 ms | p99 ms | baseline req/s | ratio | p99 vs first scale | CPU µs/req | core used: server / generator (baseline) |\n|---|---|---|---|---|---|---|---|---|---|---|`,
  );
  for (const r of rows) {
    const note = r.disturbed ? " (disturbed)" : r.baseline_disturbed ? " (baseline disturbed)" : "";
    console.log(
      `| ${r.db} | ${r.parcels} | ${r.target}${note} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.baseline_rps} | ${r.ratio} | ${r.p99_vs_first_scale ?? ""} | ${r.cpu_us_per_request ?? ""} | ${r.server_cores} / ${r.generator_cores} (${r.baseline_cores ?? ""}) |`,
    );
  }
  console.log(
    `\n| db | parcels | views cached (PARCEL_CACHE_SIZE) | RSS before (own + mapped files) | RSS with the cache full (own + mapped files) |\n|---|---|---|---|---|`,
  );
  for (const m of memory) {
    console.log(
      `| ${m.db} | ${m.parcels} | ${m.cached_views} (${m.cache_size}) | ${m.before.rss} MB (${m.before.anon} + ${m.before.file}) | ${m.full.rss} MB (${m.full.anon} + ${m.full.file}) |`,
    );
  }
  if (heavy.length) {
    console.log(`\n| db | parcels | heavy work | seconds | look-ups | p50 ms | p99 ms | max ms | failed | note |\n|---|---|---|---|---|---|---|---|---|---|`);
    for (const h of heavy)
      console.log(`| ${h.db} | ${h.parcels} | ${h.work} | ${h.seconds} | ${h.lookups} | ${h.p50} | ${h.p99} | ${h.max} | ${h.failed} | ${h.note} |`);
  }
  for (const db of DBS) {
    const on = rows.find((r) => r.db === db && r.target === "REST look-up, shipped defaults");
    const off = rows.find((r) => r.db === db && r.target === "REST look-up, logging off");
    if (on && off)
      console.log(
        `\n${db}: REST look-up with the shipped logging at ${Math.round((on.rps / off.rps) * 100)}% of logging off (cost ${Math.round((1 - on.rps / off.rps) * 100)}%)`,
      );
  }
  console.log(`\nfull-field query (from introspection): ${fullQuery}`);
  console.log(`\nwritten to ${path.relative(root, file)}`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

await main();
