import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../../server/core/config.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";

// HTTP caching of public reads (server/core/http-cache.ts) and automatic persisted queries
// (server/graphql/persisted.ts) through both doors.
let t: TestApp;
let admin: Client;
let parcelId: number;
let slug: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
  parcelId = ok(await admin.post("/api/parcels", { tracking_code: "HC-1", recipient_name: "Cache Test", destination: "Oslo", status: "In transit" }), 201).id;
  ok(await admin.post("/api/activities", { parcel_id: parcelId, title: "Picked up", description: "At the depot" }), 201);
  ok(
    await admin.post("/api/parcels", {
      tracking_code: "HC-P",
      recipient_name: "Private Person",
      destination: "Turku",
      recipient_postcode: "20100",
      protect_details: true,
    }),
    201,
  );
  slug = ok(await admin.post("/api/pages", { title: "Cache Page", content: "Hello" }), 201).slug;
});
afterAll(async () => {
  delete process.env.PUBLIC_CACHE_SECONDS;
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });
const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** A public read: ETag and no-cache; the same ETag back is a 304 without a body. */
async function revalidates(path: string, headers: Record<string, string> = {}) {
  const first = await get(path, headers);
  expect(first.status, path).toBe(200);
  const etag = first.headers.get("etag")!;
  expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  expect(first.headers.get("cache-control"), path).toBe("no-cache");
  expect(first.headers.get("vary"), path).toContain("Cookie");
  const body = await first.text();
  const again = await get(path, { ...headers, "if-none-match": etag });
  expect(again.status, path).toBe(304);
  expect(await again.text(), path).toBe("");
  expect(again.headers.get("etag")).toBe(etag);
  // A list of tags, weak ones too, as browsers and proxies send them.
  expect((await get(path, { ...headers, "if-none-match": `"other", W/${etag}` })).status).toBe(304);
  expect((await get(path, { ...headers, "if-none-match": `"other"` })).status).toBe(200);
  return { etag, body };
}

/** A read that may show more than the public view: never stored, no ETag, never a 304. */
async function neverStored(path: string, headers: Record<string, string>, etag?: string) {
  const r = await get(path, { ...headers, ...(etag ? { "if-none-match": etag } : {}) });
  expect(r.status, path).toBe(200);
  expect(r.headers.get("cache-control"), path).toBe("private, no-store");
  expect(r.headers.get("etag"), path).toBeNull();
  return r;
}

describe("public reads carry an ETag and answer 304", () => {
  it("the REST look-up, until the parcel changes", async () => {
    const { etag, body } = await revalidates("/api/parcels/HC-1");
    expect(JSON.parse(body).data.tracking_code).toBe("HC-1");
    ok(await admin.patch("/api/parcels", { id: parcelId, status: "Delivered" }));
    const changed = await get("/api/parcels/HC-1", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(((await changed.json()) as any).data.status).toBe("Delivered");
    // Errors are never cached.
    const missing = await get("/api/parcels/HC-NONE");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(missing.headers.get("etag")).toBeNull();
  });

  it("the multi-code look-up, the start-up graph, a content page (API and HTML)", async () => {
    await revalidates("/api/track?codes=HC-1,HC-NONE");
    await revalidates("/api/graph");
    await revalidates(`/api/pages/${slug}`);
    const page = await revalidates(`/pages/${slug}`);
    expect(page.body).toContain("<html");
    await revalidates("/");
    // An unknown page is a 404 page, revalidated every time and without an ETag.
    const none = await get("/pages/no-such-page");
    expect(none.status).toBe(404);
    expect(none.headers.get("etag")).toBeNull();
  });

  it("never for an admin, a token or an unlocked view", async () => {
    const { etag } = await revalidates("/api/graph");
    const asAdmin = await neverStored("/api/graph", { cookie: cookieOf(admin) }, etag);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(((await asAdmin.json()) as any).data.admin).toBe(true);
    await neverStored("/api/parcels/HC-1", { cookie: cookieOf(admin) });
    // A third party's key (a real one: an unknown key is 401).
    const key = (await admin.post("/api/api-keys", { name: "cache test", scopes: ["tracking:read"] })).json.data.key as string;
    await neverStored("/api/parcels/HC-1", { authorization: `Bearer ${key}` });
    await neverStored("/", { cookie: cookieOf(admin) });
    // The protected parcel: masked publicly (cacheable), unlocked with verify (never stored).
    const masked = await revalidates("/api/parcels/HC-P");
    expect(JSON.parse(masked.body).data.recipient_name).not.toBe("Private Person");
    const unlocked = await neverStored("/api/parcels/HC-P?verify=20100", {}, masked.etag);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(((await unlocked.json()) as any).data.recipient_name).toBe("Private Person");
    await neverStored("/api/track?codes=HC-P&verify=20100", {});
  });

  it("lets a CDN keep public reads for PUBLIC_CACHE_SECONDS", async () => {
    process.env.PUBLIC_CACHE_SECONDS = "30";
    setConfig(loadConfig());
    try {
      expect((await get("/api/parcels/HC-1")).headers.get("cache-control")).toBe("public, max-age=30");
      expect((await get("/api/graph")).headers.get("cache-control")).toBe("public, max-age=30");
      expect((await get("/api/graph", { cookie: cookieOf(admin) })).headers.get("cache-control")).toBe("private, no-store");
    } finally {
      delete process.env.PUBLIC_CACHE_SECONDS;
      setConfig(loadConfig());
    }
  });
});

const TRACK = `query($c: String!) { parcel(trackingCode: $c) { tracking_code status created_at history { title created_at } } }`;
const hash = (q: string) => crypto.createHash("sha256").update(q).digest("hex");
const pq = (q: string) => ({ persistedQuery: { version: 1, sha256Hash: hash(q) } });
const post = async (body: unknown, headers: Record<string, string> = {}) => {
  const r = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
  return { status: r.status, headers: r.headers, json: (await r.json()) as any };
};
const getQuery = (params: Record<string, unknown>, headers: Record<string, string> = { "content-type": "application/json" }) => {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
  return fetch(`${t.url}/graphql?${qs}`, { headers });
};

describe("automatic persisted queries", () => {
  it("a hash alone is unknown until the document is sent with it once, then works by POST and GET", async () => {
    const query = TRACK.replace("status", "status destination");
    const unknown = await post({ variables: { c: "HC-1" }, extensions: pq(query) });
    expect(unknown.json.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const registered = await post({ query, variables: { c: "HC-1" }, extensions: pq(query) });
    expect(registered.json.data.parcel.destination).toBe("Oslo");
    expect(registered.headers.get("cache-control")).toBe("no-store");
    const byHash = await post({ variables: { c: "HC-1" }, extensions: pq(query) });
    expect(byHash.json).toEqual(registered.json);

    const r = await getQuery({ variables: { c: "HC-1" }, extensions: pq(query) });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual(registered.json);
    const etag = r.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(r.headers.get("cache-control")).toBe("no-cache");
    const again = await getQuery({ variables: { c: "HC-1" }, extensions: pq(query) }, { "content-type": "application/json", "if-none-match": etag });
    expect(again.status).toBe(304);
    // A protected parcel unlocked through a GraphQL argument (here a variable not named verify) is never stored.
    const unlock = `query($c: String!, $v: String) { parcel(trackingCode: $c, verify: $v) { recipient_name details_protected } }`;
    const masked = await getQuery({ query: unlock, variables: { c: "HC-P" } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(((await masked.json()) as any).data.parcel.details_protected).toBe(true);
    expect(masked.headers.get("etag")).toBeTruthy();
    const open = await getQuery({ query: unlock, variables: { c: "HC-P", v: "20100" } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(((await open.json()) as any).data.parcel.recipient_name).toBe("Private Person");
    expect(open.headers.get("cache-control")).toBe("private, no-store");
    expect(open.headers.get("etag")).toBeNull();
    const many = await getQuery({ query: `query($v: String) { track(codes: ["HC-P"], verify: $v) { parcel { recipient_name } } }`, variables: { v: "20100" } });
    expect(many.headers.get("cache-control")).toBe("private, no-store");
    // An admin's GET is never stored.
    const mine = await getQuery({ variables: { c: "HC-1" }, extensions: pq(query) }, { "content-type": "application/json", cookie: cookieOf(admin) });
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("etag")).toBeNull();
  });

  it("a document registered through Apollo's own path (GET) is known to the fast path, and the other way round", async () => {
    const query = TRACK.replace("status", "status current_location");
    // A GET carrying the document and its hash registers it (answered by the fast path).
    const first = await getQuery({ query, variables: { c: "HC-1" }, extensions: pq(query) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(((await first.json()) as any).data.parcel.tracking_code).toBe("HC-1");
    // An extension the fast path leaves to Apollo: Apollo finds the document by hash in the same store.
    const viaApollo = await post({ variables: { c: "HC-1" }, extensions: { ...pq(query), other: true } });
    expect(viaApollo.json.data.parcel.tracking_code).toBe("HC-1");
    const second = TRACK.replace("status", "status pickup_location");
    const reg = await post({ query: second, variables: { c: "HC-1" }, extensions: { ...pq(second), other: true } });
    expect(reg.json.data.parcel.tracking_code).toBe("HC-1");
    expect((await post({ variables: { c: "HC-1" }, extensions: pq(second) })).json.data.parcel.tracking_code).toBe("HC-1");
  });

  it("refuses a hash that is not the document's, a GET without a CSRF-safe header, and a mutation by GET", async () => {
    const wrong = await post({ query: TRACK, variables: { c: "HC-1" }, extensions: { persistedQuery: { version: 1, sha256Hash: hash("something else") } } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0].message).toMatch(/sha/i);
    const plain = await getQuery({ query: TRACK, variables: { c: "HC-1" } }, {});
    expect(plain.status).toBe(400);
    expect(await plain.text()).toMatch(/CSRF/);
    const preflighted = await getQuery({ query: TRACK, variables: { c: "HC-1" } }, { "apollo-require-preflight": "true" });
    expect(preflighted.status).toBe(200);
    const mutation = await getQuery({ query: `mutation { signOut }` });
    expect(mutation.status).toBe(405);
  });
});
