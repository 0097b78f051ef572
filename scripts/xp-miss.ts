// Misses' throughput on PostgreSQL: N distinct first look-ups with C at a time against the built server.
import { spawn } from "node:child_process";
import { fill, benchCode } from "./bench-fill.js";
const N = Number(process.env.N || 3000), C = Number(process.env.C || 64);
const schema = `xp_${process.pid}`;
const url = process.env.SQLITE ? `file:/tmp/xp/miss-${process.pid}.db` : `postgresql://postgres@127.0.0.1:5432/test?schema=${schema}`;
await fill(url, N + 100);
const variants = (process.env.VARIANTS || "2,8").split(",");
for (const round of [1, 2]) for (const v of variants) {
  const port = 4980 + Number(v);
  const env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: url, UPLOADS_DIR: `/tmp/xp/up`, OUTBOX_DIR: "/tmp/xp/out", RATE_LIMIT_TRACKING: "1000000000", XP_DIRECT_MAX: v, XP_BATCH: process.env.XP_BATCH ?? "" };
  const p = spawn("taskset", ["-c", "0", process.execPath, ...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/xp/prof"] : []), "dist/server/main.js"], { cwd: "/work/main", env, stdio: "ignore" });
  for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/graph`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 100)); }
  // warm the code paths on other codes (restarted server: all sampled codes are misses)
  for (let i = 0; i < 200; i++) await fetch(`http://127.0.0.1:${port}/api/parcels/${benchCode(N + (i % 100))}`).then(r => r.arrayBuffer());
  const lat: number[] = []; let next = 0; const t0 = performance.now();
  await Promise.all(Array.from({ length: C }, async () => { while (next < N) { const i = next++; const t = performance.now(); const r = await fetch(`http://127.0.0.1:${port}/api/parcels/${benchCode(i)}`); await r.arrayBuffer(); if (r.status !== 200) throw new Error(String(r.status)); lat.push(performance.now() - t); } }));
  const s = (performance.now() - t0) / 1000; lat.sort((a, b) => a - b);
  console.log(`round ${round} pool ${v}${process.env.XP_BATCH ? " batch" : ""}: ${Math.round(N / s)} misses/s, p50 ${lat[N >> 1].toFixed(1)} ms, p99 ${lat[Math.floor(N * 0.99)].toFixed(1)} ms`);
  p.kill(); await new Promise(r => p.once("exit", r));
}
if (!process.env.SQLITE) { const { default: pg } = await import("pg"); const c = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/test" }); await c.connect(); await c.query(`DROP SCHEMA "${schema}" CASCADE`); await c.end(); }
