// CPU per cache miss of a tracking look-up, in process (no HTTP): 500 distinct codes at once, as a burst.
import { fill, benchCode } from "./bench-fill.js";
import { openDb, closeDb } from "../server/db/index.js";
import { cachedPublicView } from "../server/modules/parcel/view-cache.js";
const pgUrl = `postgresql://postgres@127.0.0.1:5432/test?schema=xpcpu_${process.pid}`;
const url = process.env.SQLITE ? `file:/tmp/xp/cpu-${process.pid}.db` : pgUrl;
await fill(url, 3000);
process.env.DATABASE_URL = url;
await openDb(url);
for (let i = 2000; i < 2200; i++) await cachedPublicView(benchCode(i)); // warm
for (const conc of [1, 500]) {
  const from = conc === 1 ? 0 : 1000;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  if (conc === 1) for (let i = from; i < from + 500; i++) await cachedPublicView(benchCode(i));
  else await Promise.all(Array.from({ length: 500 }, (_, i) => cachedPublicView(benchCode(from + i))));
  const c = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  console.log(
    `${conc === 1 ? "one at a time" : "500 at once"}: ${((c.user + c.system) / 500).toFixed(0)} us CPU a miss (user ${(c.user / 500).toFixed(0)}, system ${(c.system / 500).toFixed(0)}), ${ms.toFixed(0)} ms in all`,
  );
}
await closeDb();
if (!process.env.SQLITE) {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/test" });
  await c.connect();
  await c.query(`DROP SCHEMA "xpcpu_${process.pid}" CASCADE`);
  await c.end();
}
process.exit(0);
