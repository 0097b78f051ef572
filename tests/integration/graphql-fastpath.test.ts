import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../../server/core/config.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";

// Valid JSON queries skip Apollo's pipeline (server/graphql/fastpath.ts). A second app on the same
// database sends everything through Apollo (GRAPHQL_FAST_PATH=false); both must answer alike.
let t: TestApp;
let apollo: FastifyInstance;
let apolloUrl: string;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
  ok(await admin.post("/api/parcels", { tracking_code: "FP-1", recipient_name: "Fast Path", destination: "Bergen", status: "In transit" }), 201);
  process.env.GRAPHQL_FAST_PATH = "false";
  setConfig(loadConfig());
  const { buildApp } = await import("../../server/app.js");
  apollo = await buildApp();
  await apollo.listen({ port: 0, host: "127.0.0.1" });
  const address = apollo.server.address();
  apolloUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  delete process.env.GRAPHQL_FAST_PATH;
  await apollo?.close();
  await t?.close();
});

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const VOLATILE = new Set(["date", "x-request-id", "connection", "keep-alive", "set-cookie"]);

async function answer(base: string, body: unknown, headers: Record<string, string>) {
  const r = await fetch(`${base}/graphql`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  const kept = [...r.headers].filter(([k]) => !VOLATILE.has(k)).sort(([a], [b]) => a.localeCompare(b));
  return { status: r.status, headers: kept, body: await r.text() };
}

async function same(body: unknown, headers: Record<string, string> = {}) {
  const h = { "content-type": "application/json", ...headers };
  const fast = await answer(t.url, body, h);
  const slow = await answer(apolloUrl, body, h);
  expect(fast).toEqual(slow);
  return fast;
}

const TRACK = `query($c: String!) { parcel(trackingCode: $c) { tracking_code recipient_name status show_map history { title created_at_time } } }`;

describe("the GraphQL fast path answers as Apollo does", () => {
  it("for found and unknown codes, with variables, operation names and Accept headers", async () => {
    const found = await same({ query: TRACK, variables: { c: "FP-1" } });
    expect(JSON.parse(found.body).data.parcel.tracking_code).toBe("FP-1");
    expect(found.body.endsWith("\n")).toBe(true);
    const unknown = await same({ query: TRACK, variables: { c: "FP-NONE" } });
    expect(JSON.parse(unknown.body).errors[0].extensions.code).toBe("NOT_FOUND");
    await same({ query: `query A { graph { admin } } query B { pages { total } }`, operationName: "B" });
    for (const accept of ["*/*", "application/json", "application/graphql-response+json,application/json;q=0.9"]) {
      await same({ query: TRACK, variables: { c: "FP-1" } }, { accept });
    }
    await same({ query: `{ graph { admin settings { contact_email } reviews { id } } }` });
    await same({ query: `{ __typename __schema { queryType { name } types { name kind fields { name type { name ofType { name } } } } } }` });
  });

  it("for text and numbers that JSON writes in special ways", async () => {
    const text = `Zoë "Q" \\ back\nslash \t tab \u2028 sep 😀 <b>&amp;</b> \u0007`;
    const p = ok(
      await admin.post("/api/parcels", {
        tracking_code: "FP-2",
        recipient_name: text,
        destination: text,
        status: "",
        weight: 0.1 + 0.2,
        declared_value: 1e21,
        show_map: "yes",
        map_current_latitude: -0,
        map_current_longitude: 179.999999,
        map_zoom: 1,
      }),
      201,
    );
    ok(await admin.post("/api/activities", { parcel_id: p.id, title: text, description: "é".repeat(300) }), 201);
    const r = await same({
      query: TRACK.replace("status", "status destination weight declared_value map_current_latitude map_current_longitude map_zoom"),
      variables: { c: "FP-2" },
    });
    expect(JSON.parse(r.body).data.parcel.recipient_name).toBe(text);
  });

  it("for partial results, fragments, directives, aliases and argument rules", async () => {
    await same({ query: `{ graph { admin } parcel(trackingCode: "FP-NONE") { tracking_code } }` });
    await same({
      query: `{ track(codes: ["FP-1", "FP-NONE", "bad code!"]) { tracking_code error parcel { tracking_code structured_data history { created_at } } } }`,
    });
    await same({
      query: `query($c: String!, $more: Boolean!) { p: parcel(trackingCode: $c) { ...F status @include(if: $more) destination @skip(if: $more) __typename } } fragment F on PublicParcel { tracking_code created_at updated_at weight }`,
      variables: { c: "FP-1", more: true },
    });
    await same({ query: `{ pages(per_page: 1000) { total } }` });
    await same({ query: `{ page(slug: "no-such-page") { title } }` });
    await same({ query: `{ parcel(trackingCode: "FP-1", verify: "00000") { tracking_code details_protected } }` });
  });

  it("for errors Apollo reports itself: bad documents, variables, operations and bodies", async () => {
    await same({ query: `{ parcel(trackingCode: 5) { tracking_code } }` });
    await same({ query: `{ nope }` });
    await same({ query: `{ parcel(` });
    await same({ query: TRACK });
    await same({ query: TRACK, variables: { c: 5 } });
    await same({ query: TRACK, variables: "{}" });
    await same({ query: `query A { graph { admin } } query B { pages { total } }` });
    await same({ query: `query A { graph { admin } }`, operationName: "Missing" });
    await same({ query: TRACK, variables: { c: "FP-1" }, extensions: { persistedQuery: { version: 1, sha256Hash: "x" } } });
    await same([{ query: TRACK, variables: { c: "FP-1" } }]);
    await same("{ not json");
    await same({ query: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: graph { admin }`).join(" ")} }` });
  });

  it("for admin-only fields asked without a session, and for mutations (always Apollo)", async () => {
    await same({ query: `{ parcels { total } }` });
    await same({ query: `{ me { email } }` });
    await same({ query: `mutation { signOut }` });
  });

  it("for automatic persisted queries: unknown hash, registration, hash alone, wrong hash; and by GET", async () => {
    const q = TRACK.replace("status", "status created_at updated_at last_event_at");
    const ext = { persistedQuery: { version: 1, sha256Hash: sha256(q) } };
    const miss = await same({ variables: { c: "FP-1" }, extensions: ext });
    expect(JSON.parse(miss.body).errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const registered = await same({ query: q, variables: { c: "FP-1" }, extensions: ext });
    expect(JSON.parse(registered.body).data.parcel.tracking_code).toBe("FP-1");
    expect((await same({ variables: { c: "FP-1" }, extensions: ext })).body).toBe(registered.body);
    await same({ query: q, variables: { c: "FP-1" }, extensions: { persistedQuery: { version: 1, sha256Hash: sha256("other") } } });
    await same({ query: q, variables: { c: "FP-1" }, extensions: { persistedQuery: { version: 2, sha256Hash: sha256(q) } } });
    // By GET: the same body (the fast path adds an ETag, Apollo says no-store).
    const url = (base: string) => `${base}/graphql?${new URLSearchParams({ variables: JSON.stringify({ c: "FP-1" }), extensions: JSON.stringify(ext) })}`;
    const headers = { "content-type": "application/json" };
    const [fast, slow] = await Promise.all([fetch(url(t.url), { headers }), fetch(url(apolloUrl), { headers })]);
    expect([fast.status, fast.headers.get("content-type")]).toEqual([slow.status, slow.headers.get("content-type")]);
    expect(await fast.text()).toBe(await slow.text());
  });
});
