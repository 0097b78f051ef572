// The admin's lists and history writes at scale (issue 23), against a real server process.
//   tsx scripts/bench-lists.ts fill URL N       a database of N varied parcels (names, places, ages, statuses; 10 entries each)
//   tsx scripts/bench-lists.ts lists URL        each list query 10 times (after one warm-up): median and all times, ms
//   tsx scripts/bench-lists.ts writes URL [S]   POST /api/activities, 8 connections on one parcel, S seconds (10): req/s, p50, p99
//   BENCH_WRITE=scans: POST /api/scans instead (one code a request, status in_transit, a place)
//   BENCH_PROFILE=DIR: the server writes a V8 CPU profile there (node --cpu-prof)
// URL: file:/path/to.db or postgresql://...?schema=NAME. The server runs from the sources (tsx) with
// the shipped defaults; an API key with parcels:read and history:write is put in the database for it.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate, pgTarget } from "../server/db/migrate.js";
import { proposeCode } from "../server/modules/parcel/tracking-code.js";

const root = path.resolve(import.meta.dirname, "..");
const [cmd, url, arg] = process.argv.slice(2);
const PORT = Number(process.env.BENCH_PORT || 4555);
const KEY = "ck_bench_lists_key_0123456789abcdefghijklmnopqrstuv";

const FIRST = [
  "Anna",
  "Ben",
  "Chloe",
  "David",
  "Emma",
  "Farid",
  "Grace",
  "Hugo",
  "Ines",
  "Jonas",
  "Kofi",
  "Lena",
  "Mateo",
  "Nora",
  "Omar",
  "Paula",
  "Quentin",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wim",
  "Xenia",
  "Yusuf",
  "Zoe",
  "Akira",
  "Bruno",
  "Carmen",
  "Dmitri",
];
const LAST = [
  "Smith",
  "Okafor",
  "Müller",
  "Garcia",
  "Nguyen",
  "Kowalski",
  "Rossi",
  "Dubois",
  "Jansen",
  "Haddad",
  "Silva",
  "Ivanova",
  "Tanaka",
  "Novak",
  "Andersen",
  "Costa",
  "Fischer",
  "Moreau",
  "Lindqvist",
  "Papadopoulos",
  "Mensah",
  "Oliveira",
  "Horvat",
  "Kaya",
  "Schmidt",
  "Brennan",
  "Virtanen",
  "Popescu",
  "Dlamini",
  "Fernandes",
  "Weber",
  "Nakamura",
  "Petrov",
  "Laurent",
  "Bakker",
  "Romano",
  "Eriksen",
  "Szabo",
  "Mwangi",
  "Adeyemi",
];
const PLACES = [
  "Rotterdam, NL",
  "Hamburg, DE",
  "Lyon, FR",
  "Milan, IT",
  "Porto, PT",
  "Gdansk, PL",
  "Vienna, AT",
  "Zurich, CH",
  "Oslo, NO",
  "Dublin, IE",
  "Seville, ES",
  "Antwerp, BE",
  "Prague, CZ",
  "Lagos, NG",
  "Nairobi, KE",
  "Accra, GH",
  "Osaka, JP",
  "Busan, KR",
  "Hanoi, VN",
  "Lima, PE",
  "Quito, EC",
  "Montreal, CA",
  "Denver, US",
  "Perth, AU",
  "Auckland, NZ",
  "Tunis, TN",
  "Izmir, TR",
  "Tbilisi, GE",
  "Riga, LV",
  "Tallinn, EE",
];
const STREETS = ["Main Street", "Harbour Road", "Station Square", "Market Lane", "Park Avenue", "Mill Road", "Bridge Street", "Church Walk"];
const DAY = 24 * 3600_000;

/** Deterministic pseudo-random numbers, so two fills of the same size hold the same parcels. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

interface Gen {
  code: string;
  name: string;
  dest: string;
  status: string | null;
  created: number;
  events: number[];
}
function parcelAt(r: () => number, now: number): Gen {
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const created = now - Math.floor(r() * 180 * DAY);
  const ageDays = (now - created) / DAY;
  const span = Math.min(now - created, (2 + r() * 8) * DAY);
  const events = Array.from({ length: 10 }, (_, k) => created + Math.floor((span * (k + r() * 0.5)) / 10.5));
  // Old parcels are mostly finished; a few stay on the way (the stale list's rows); young ones move.
  const x = r();
  const status =
    ageDays > 12
      ? x < 0.93
        ? "delivered"
        : x < 0.95
          ? "returned_to_sender"
          : x < 0.97
            ? "on_hold"
            : "in_transit"
      : x < 0.1
        ? null
        : x < 0.6
          ? "in_transit"
          : x < 0.8
            ? "out_for_delivery"
            : x < 0.9
              ? "delivery_failed"
              : "delivered";
  return {
    code: proposeCode("CR"),
    name: `${pick(FIRST)} ${pick(LAST)}`,
    dest: `${1 + Math.floor(r() * 200)} ${pick(STREETS)}, ${pick(PLACES)}`,
    status,
    created,
    events,
  };
}

async function fill(target: string, n: number) {
  await migrate(target);
  const t0 = Date.now();
  const r = rng(23);
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString().replace("Z", "+00:00");
  if (target.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(target.slice(5));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = OFF");
    const p =
      db.prepare(`INSERT INTO Parcel (id, tracking_code, recipient_name, recipient_email, destination, current_location, status, status_code, weight, shipped_via, show_map, map_zoom, version, created_at, updated_at)
      VALUES (?, ?, ?, 'r@example.com', ?, 'Hamburg, DE', ?, ?, 2.5, 'Road', 'no', 10, 0, ?, ?)`);
    const a = db.prepare(
      `INSERT INTO Activity (parcel_id, title, description, icon, color, created_at, updated_at) VALUES (?, ?, 'Handled at the facility and scanned; next stop on schedule.', 'local_shipping', 'green', ?, ?)`,
    );
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const g = parcelAt(r, now);
        p.run(i + 1, g.code, g.name, g.dest, g.status ?? "In transit", g.status, iso(g.created), iso(g.events[9]));
        g.events.forEach((t, k) => a.run(i + 1, `Checkpoint ${k + 1}`, iso(t), iso(t)));
      }
    });
    for (let i = 0; i < n; i += 10_000) batch(i, Math.min(n, i + 10_000));
    db.exec("ANALYZE");
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
  } else {
    const { default: pg } = await import("pg");
    const { connectionString, schema } = pgTarget(target);
    const c = new pg.Client({ connectionString });
    await c.connect();
    await c.query(`SET search_path TO "${schema}"`);
    for (let i = 0; i < n; i += 20_000) {
      const to = Math.min(n, i + 20_000);
      const gs = Array.from({ length: to - i }, () => parcelAt(r, now));
      await c.query(
        `INSERT INTO "Parcel" (id, tracking_code, recipient_name, recipient_email, destination, current_location, status, status_code, weight, shipped_via, show_map, map_zoom, version, created_at, updated_at)
         SELECT i, code, name, 'r@example.com', dest, 'Hamburg, DE', coalesce(st, 'In transit'), st, 2.5, 'Road', 'no', 10, 0, to_timestamp(cr / 1000.0), to_timestamp(cr / 1000.0)
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[]) AS t(i, code, name, dest, st, cr)`,
        [gs.map((_, k) => i + k + 1), gs.map((g) => g.code), gs.map((g) => g.name), gs.map((g) => g.dest), gs.map((g) => g.status), gs.map((g) => g.created)],
      );
      await c.query(
        `INSERT INTO "Activity" (parcel_id, title, description, icon, color, created_at, updated_at)
         SELECT i, 'Checkpoint ' || k, 'Handled at the facility and scanned; next stop on schedule.', 'local_shipping', 'green', to_timestamp(t / 1000.0), to_timestamp(t / 1000.0)
         FROM unnest($1::int[], $2::int[], $3::float8[]) AS e(i, k, t)`,
        [gs.flatMap((_, k) => Array(10).fill(i + k + 1)), gs.flatMap(() => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), gs.flatMap((g) => g.events)],
      );
    }
    await c.query(`SELECT setval(pg_get_serial_sequence('"Parcel"', 'id'), $1)`, [n]);
    await c.query("ANALYZE");
    await c.end();
  }
  console.log(`filled ${n} parcels in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** The bench key, put straight into the database (scopes for the list and history writes, a high rate). */
async function ensureKey(target: string) {
  const hash = crypto.createHash("sha256").update(KEY).digest("hex");
  if (target.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(target.slice(5));
    db.prepare(
      `INSERT OR IGNORE INTO ApiKey (name, prefix, key_hash, scopes, rate_limit, created_at) VALUES ('bench', 'ck_benc', ?, 'parcels:read,history:write', 100000, ?)`,
    ).run(hash, new Date().toISOString().replace("Z", "+00:00"));
    db.close();
  } else {
    const { default: pg } = await import("pg");
    const { connectionString, schema } = pgTarget(target);
    const c = new pg.Client({ connectionString });
    await c.connect();
    await c.query(
      `INSERT INTO "${schema}"."ApiKey" (name, prefix, key_hash, scopes, rate_limit) VALUES ('bench', 'ck_benc', $1, 'parcels:read,history:write', 100000) ON CONFLICT DO NOTHING`,
      [hash],
    );
    await c.end();
  }
}

async function startServer(target: string): Promise<ChildProcess> {
  await ensureKey(target);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lists-"));
  const log = fs.openSync(path.join(dir, "server.log"), "w");
  const prof = process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.BENCH_PROFILE)] : [];
  const proc = spawn(process.execPath, [...prof, "--import", "tsx", "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: target,
      SEED_DEMO: "false",
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      NODE_ENV: "production",
    },
  });
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(path.join(dir, "server.log"), "utf8").slice(-2000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/graph`)).ok) return proc;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

/** The process's CPU time (user + system), in microseconds. */
function cpuMicros(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1e6) / 100;
}

const auth = { authorization: `Bearer ${KEY}` };
async function get(p: string) {
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${p}`, { headers: auth });
  const body = (await res.json()) as { data?: { total?: number } };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - t, total: body.data?.total };
}

async function lists(target: string) {
  const proc = await startServer(target);
  try {
    const first = (await (await fetch(`http://127.0.0.1:${PORT}/api/parcels?per_page=1&page=1000`, { headers: auth })).json()) as {
      data: { data: { tracking_code: string }[] };
    };
    const code = first.data.data[0].tracking_code;
    const queries: [string, string][] = [
      ["no search (newest 20)", "/api/parcels"],
      ["code, whole", `/api/parcels?search=${code}`],
      ["code, part (6)", `/api/parcels?search=${code.slice(4, 10)}`],
      ["recipient, surname", "/api/parcels?search=Okafor"],
      ["recipient, full name", `/api/parcels?search=${encodeURIComponent("Grace Okafor")}`],
      ["destination, city", "/api/parcels?search=Tbilisi"],
      ["search, 2 characters", "/api/parcels?search=zz"],
      ["stale_days=3", "/api/parcels?stale_days=3"],
      ["stale_days=3, page 50", "/api/parcels?stale_days=3&page=50"],
    ];
    for (const [name, p] of queries) {
      const { total } = await get(p);
      const ms: number[] = [];
      for (let i = 0; i < 10; i++) ms.push((await get(p)).ms);
      const sorted = [...ms].sort((x, y) => x - y);
      console.log(
        `${name.padEnd(26)} total ${String(total).padStart(7)}  median ${((sorted[4] + sorted[5]) / 2).toFixed(1).padStart(7)} ms  [${ms.map((m) => m.toFixed(0)).join(" ")}]`,
      );
    }
  } finally {
    proc.kill("SIGTERM");
  }
}

async function writes(target: string, seconds: number) {
  const proc = await startServer(target);
  try {
    const parcel = (await (await fetch(`http://127.0.0.1:${PORT}/api/parcels?per_page=1&page=100`, { headers: auth })).json()) as {
      data: { data: { id: number; tracking_code: string }[] };
    };
    const { id, tracking_code } = parcel.data.data[0];
    const scans = process.env.BENCH_WRITE === "scans";
    const bodies = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify(
        scans
          ? { codes: [tracking_code], status_code: "in_transit", place: `Hub ${i}` }
          : {
              parcel_id: id,
              title: `Scanned at hub ${i}`,
              description: "Sorted and loaded.",
              ...(i % 10 === 0 ? { status_code: i % 20 ? "in_transit" : "out_for_delivery" } : {}),
            },
      ),
    );
    const spec = path.join(os.tmpdir(), `bench-lists-writes-${process.pid}.json`);
    fs.writeFileSync(
      spec,
      JSON.stringify({
        url: `http://127.0.0.1:${PORT}`,
        method: "POST",
        path: scans ? "/api/scans" : "/api/activities",
        bodies,
        headers: { ...auth, "content-type": "application/json" },
        connections: 8,
        duration: seconds,
      }),
    );
    const cpu0 = cpuMicros(proc.pid!);
    const out = JSON.parse(execFileSync(process.execPath, [path.join(root, "scripts/bench-load.mjs"), spec], { encoding: "utf8" }));
    const perReq = (cpuMicros(proc.pid!) - cpu0) / out.total;
    console.log(
      `writes: ${out.rps.toFixed(0)} req/s, p50 ${out.p50} ms, p99 ${out.p99} ms, server CPU ${perReq.toFixed(0)} us/req, ${out.total} requests, non-2xx ${out.non2xx}, errors ${out.errors}; load average ${os.loadavg()[0].toFixed(1)}`,
    );
  } finally {
    proc.kill("SIGTERM");
  }
}

if (cmd === "fill") await fill(url, Number(arg));
else if (cmd === "lists") await lists(url);
else if (cmd === "writes") await writes(url, Number(arg || 10));
else {
  console.error("usage: bench-lists.ts fill|lists|writes URL [N|seconds]");
  process.exit(2);
}
