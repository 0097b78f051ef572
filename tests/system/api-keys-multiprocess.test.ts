// API keys across two server processes on one PostgreSQL database: a key made on A works on B,
// its limit is one budget for both, its revocation on A is seen by B at the very next request, and
// the calls a process counted reach the database when it shuts down.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { Client } from "../helpers/http.js";
import { signedInAdmin } from "../helpers/admin.js";

const db = freshDatabase("postgresql");
let a: Site;
let b: Site;
let owner: Client;
beforeAll(async () => {
  [a, b] = await Promise.all([startSite({ UPLOADS_DIR: path.join(db.dir, "uploads-a") }, db), startSite({ UPLOADS_DIR: path.join(db.dir, "uploads-b") }, db)]);
  owner = await signedInAdmin(a.url);
}, 120_000);
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await dropDatabase(db.url, db.dir);
});

async function createKey(scopes: string[], rate_limit?: number): Promise<{ id: number; key: string }> {
  const r = await owner.post("/api/api-keys", { name: `Partner ${scopes.join(" ")}`, scopes, rate_limit });
  expect(r.status, r.text).toBe(201);
  return r.json.data;
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const gql = (base: string, key: string, query: string) =>
  fetch(`${base}/graphql`, { method: "POST", headers: { ...bearer(key), "content-type": "application/json" }, body: JSON.stringify({ query }) }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as { data?: Record<string, unknown>; errors?: { extensions: { code: string } }[] } }),
  );

describe("API keys on two processes", () => {
  it("a key created on A works on B; revoked on A, B refuses it at once (REST and GraphQL)", async () => {
    const { id, key } = await createKey(["parcels:read"]);
    const onB = new Client(b.url);
    const before = await onB.get("/api/parcels", bearer(key));
    expect(before.status, before.text).toBe(200);
    expect((await gql(b.url, key, "{ parcels { total } }")).body.errors).toBeUndefined();

    const revoked = await owner.delete("/api/api-keys", { id });
    expect(revoked.status, revoked.text).toBe(200);
    // No wait: the very next request on B.
    const after = await onB.get("/api/parcels", bearer(key));
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ status: "401", errors: ["The API key is unknown or revoked"], message: "", data: null });
    const g = await gql(b.url, key, "{ parcels { total } }");
    expect(g.body.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await new Client(a.url).get("/api/parcels", bearer(key))).status).toBe(401);
  });

  it("one limit for the key whichever process answers", async () => {
    const { key } = await createKey(["parcels:read"], 4);
    const answers = [];
    for (const base of [a.url, b.url, a.url, b.url, a.url, b.url]) answers.push(await new Client(base).get("/api/parcels", bearer(key)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(answers.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["3", "2", "1", "0", "0", "0"]);
    expect(Number(answers[5].headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("counts calls per day on every process, and a process that stops writes what it counted", async () => {
    const { id, key } = await createKey(["parcels:read"]);
    for (let i = 0; i < 3; i++) expect((await new Client(a.url).get("/api/parcels", bearer(key))).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await new Client(b.url).get("/api/parcels", bearer(key))).status).toBe(200);
    // B's counts are written every 5 s; it stops before that, and writes them on the way out.
    await b.stop("SIGTERM");
    expect(b.proc.exitCode).toBe(0);
    const listed = (await owner.get("/api/api-keys")).json.data.find((k: { id: number }) => k.id === id);
    expect(listed.usage.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 7 });
    expect(listed.last_used_at).toEqual(expect.any(String));
  });
});
