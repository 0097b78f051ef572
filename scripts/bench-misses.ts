// The CPU a tracking look-up's cache miss costs, in process (no HTTP, no load generator): 500 distinct codes
// read one after another, then 500 at once (a burst, read in batches). PostgreSQL by default
// (BENCH_PG_URL's database, a schema of its own, dropped at the end); SQLITE=1 for a SQLite file.
//   NODE_ENV=production npx tsx scripts/bench-misses.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fill, benchCode } from "./bench-fill.js";
import { openDb, closeDb } from "../server/db/index.js";
import { cachedPublicView } from "../server/modules/parcel/view-cache.js";

const schema = `bench_misses_${process.pid}`;
const pg = process.env.BENCH_PG_URL || "postgresql://postgres@127.0.0.1:5432/test";
const file = path.join(os.tmpdir(), `bench-misses-${process.pid}.db`);
const url = process.env.SQLITE ? `file:${file}` : `${pg}?schema=${schema}`;
await fill(url, 3000);
process.env.DATABASE_URL = url;
await openDb(url);
for (let i = 2000; i < 2200; i++) await cachedPublicView(benchCode(i)); // the code warm, on other codes
for (const together of [false, true]) {
  const from = together ? 1000 : 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  if (together) await Promise.all(Array.from({ length: 500 }, (_, i) => cachedPublicView(benchCode(from + i))));
  else for (let i = from; i < from + 500; i++) await cachedPublicView(benchCode(i));
  const c = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  console.log(
    `${together ? "500 at once" : "one at a time"}: ${((c.user + c.system) / 500).toFixed(0)} us CPU a miss (user ${(c.user / 500).toFixed(0)}, system ${(c.system / 500).toFixed(0)}), ${ms.toFixed(0)} ms in all`,
  );
}
await closeDb();
if (process.env.SQLITE) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
else {
  const { default: pgDriver } = await import("pg");
  const c = new pgDriver.Client({ connectionString: pg });
  await c.connect();
  await c.query(`DROP SCHEMA "${schema}" CASCADE`);
  await c.end();
}
process.exit(0);
