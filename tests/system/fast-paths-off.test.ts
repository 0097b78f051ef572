// Every fast path can be turned off (ARCHITECTURE.md): a second process on the same PostgreSQL database runs
// with the view cache, the direct reads, the front answers, the GraphQL fast path and its kept answers (and the server-side render) all off, and must answer
// every public look-up with the same bytes as the process with the shipped defaults, before and after a write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { signedInAdmin } from "../helpers/admin.js";
import type { Client } from "../helpers/http.js";

const db = freshDatabase("postgresql");
let fast: Site;
let plain: Site;
let owner: Client;
beforeAll(async () => {
  // One public address for both, so links inside the answers (JSON-LD) are the same.
  fast = await startSite({ PUBLIC_URL: "http://courier.test" }, db);
  plain = await startSite(
    {
      PUBLIC_URL: "http://courier.test",
      PARCEL_CACHE_SIZE: "0",
      DIRECT_READS: "false",
      GRAPHQL_FAST_PATH: "false",
      SSR: "false",
    },
    db,
  );
  owner = await signedInAdmin(fast.url);
}, 120_000);
afterAll(async () => {
  await fast?.stop();
  await plain?.stop();
  await dropDatabase(db.url, db.dir);
});

const FULL = `query($c: String!) { parcel(trackingCode: $c) { id tracking_code recipient_name destination status created_at updated_at last_event_at
  history { id title description created_at created_at_month created_at_day created_at_time status_code } details_protected delivery_attempts structured_data } }`;
const MANY = `query($codes: [String!]!) { track(codes: $codes) { tracking_code error parcel { tracking_code status } } }`;

async function answers(base: string) {
  const gql = async (query: string, variables: Record<string, unknown>) =>
    (await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) })).text();
  const rest = async (path: string) => {
    const r = await fetch(`${base}${path}`);
    // Every header but the two that differ per answer.
    const headers = [...r.headers].filter(([name]) => name !== "date" && name !== "x-request-id").map(([name, value]) => `${name}: ${value}`);
    return `${r.status} ${headers.join("\n")}\n${await r.text()}`;
  };
  // Twice each: the second time a cache (if any) answers.
  const out: string[] = [];
  for (let i = 0; i < 2; i++) {
    out.push(
      await rest("/api/parcels/CR-2026-000001"),
      await rest("/api/parcels/CR-NOPE-1"),
      await rest("/api/graph"),
      await gql(FULL, { c: "CR-2026-000001" }),
      await gql(FULL, { c: "CR-NOPE-1" }),
      await gql(MANY, { codes: ["CR-2026-000001", "CR-2026-000002", "CR-NOPE-1"] }),
    );
  }
  return out;
}

describe("with every fast path off", () => {
  it("answers exactly as with the shipped defaults, before and after a write", async () => {
    const before = await answers(fast.url);
    expect(before[0]).toMatch(/^200 /);
    expect(await answers(plain.url)).toEqual(before);

    const { id } = (await owner.get("/api/parcels/CR-2026-000001")).json.data;
    expect((await owner.patch("/api/parcels", { id, status: "Held at customs for inspection" })).status).toBe(200);
    const after = await answers(fast.url);
    expect(after[3]).toContain("Held at customs for inspection");
    expect(await answers(plain.url)).toEqual(after);
  });

  it("serves the pages the client renders (SSR=false), where the defaults render them on the server", async () => {
    const page = async (base: string) => (await fetch(`${base}/track.html?code=CR-2026-000001`)).text();
    const rendered = await page(fast.url);
    expect(rendered).toMatch(/id="parcel-code"[^>]*>CR-2026-000001</);
    const shell = await page(plain.url);
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain("ssr-state");
    expect(shell).toContain('<link rel="preload" href="/api/graph"');
  });

  it("lists, searches and exports the staff's parcels alike (the list's SQL through Prisma with DIRECT_READS=false)", async () => {
    const staff = await signedInAdmin(plain.url);
    const lists = async (c: Client) => {
      const out: unknown[] = [];
      for (const q of [
        "search=cr-2026",
        "search=CR-2026-00000&per_page=2&page=2",
        "search=jane",
        "stale_days=1",
        "stale_days=1&search=cr",
        "to_reschedule=true",
      ]) {
        const r = await c.get(`/api/parcels?${q}`);
        expect(r.status, q).toBe(200);
        out.push(r.json.data);
      }
      const csv = await c.get("/api/parcels/export.csv?search=cr-2026");
      expect(csv.status).toBe(200);
      out.push(csv.text);
      return out;
    };
    const shipped = await lists(owner);
    expect((shipped[0] as { total: number }).total).toBeGreaterThan(1);
    expect(await lists(staff)).toEqual(shipped);
  });
});
