// Heavy work on a real server process with 200 000 parcels on SQLite: while the owner exports every
// parcel and imports 10 000 rows, another client (another loopback address) keeps looking a parcel
// up, and every look-up is answered within a second (a coarse bound that catches a blocked event
// loop: before this work the export held look-ups for its whole 2 minutes here).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { SETUP_TOKEN } from "../helpers/app.js";
import { benchCode, fill } from "../../scripts/bench-fill.js";
import { download, importCsv, ownerCookie, percentile, postImport, probeDuring, type Probed } from "../../scripts/bench-heavy.js";

const PARCELS = 200_000;
const db = freshDatabase("sqlite");
let site: Site;
let cookie: string;

beforeAll(async () => {
  // Written straight with the driver, as the benchmark does (one history entry each, to fill faster).
  await fill(db.url, PARCELS, 1);
  site = await startSite({ SEED_DEMO: "false" }, db);
  cookie = await ownerCookie(site.url, SETUP_TOKEN);
}, 600_000);
afterAll(async () => {
  await site?.stop();
  await dropDatabase(db.url, db.dir);
});

const watched = benchCode(12_345);

function expectAnswered(p: Probed<unknown>, what: string) {
  console.info(
    `${what}: ${p.seconds.toFixed(1)} s, ${p.lookups.length} look-ups, p50 ${percentile(p.lookups, 50).toFixed(1)} ms, p99 ${percentile(p.lookups, 99).toFixed(1)} ms, max ${Math.max(...p.lookups).toFixed(1)} ms`,
  );
  expect(p.failed).toBe(0);
  expect(p.lookups.length).toBeGreaterThan(3);
  for (const ms of p.lookups) expect(ms, `a look-up took ${Math.round(ms)} ms during ${what}`).toBeLessThan(1000);
}

describe("heavy work beside tracking look-ups (SQLite, 200 000 parcels)", () => {
  it("an export of every parcel streams while look-ups from another client are answered", async () => {
    const p = await probeDuring(site.url, watched, () => download(`${site.url}/api/parcels/export.csv`, { cookie }));
    expect(p.result.status).toBe(200);
    // The first bytes come at once, the whole file (a header and a line per parcel) later.
    expect(p.result.firstByteMs).toBeLessThan(p.seconds * 1000);
    expect(p.result.bytes).toBeGreaterThan(PARCELS * 200);
    expectAnswered(p, "the export");
  }, 600_000);

  it("an import of 10 000 rows is answered in full while look-ups from another client are answered", async () => {
    const codes = Array.from({ length: 10_000 }, (_, i) => `HW-${String(i).padStart(6, "0")}`);
    const p = await probeDuring(site.url, watched, () => postImport(site.url, { cookie }, importCsv(codes)));
    expect(p.result.status).toBe(200);
    expect(p.result.json.data).toMatchObject({ created: 10_000, updated: 0, failed: 0 });
    expect(p.result.json.data.rows).toHaveLength(10_000);
    expectAnswered(p, "the import");
    const again = await probeDuring(site.url, watched, () => postImport(site.url, { cookie }, importCsv(codes, "changed")));
    expect(again.result.json.data).toMatchObject({ created: 0, updated: 10_000, failed: 0 });
    expectAnswered(again, "the import with one column changed");
  }, 600_000);
});
