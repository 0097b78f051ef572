// API keys for third parties (issue 13): created by the owner and shown once,
// stored hashed, scoped, limited per key with headers on every keyed answer, counted per day,
// revoked at once; through both doors. The revocation across two processes: tests/system/api-keys-multiprocess.test.ts.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { code, fails, ok, signedIn } from "../fixtures/rest.js";

let t: TestApp;
let owner: Client;
let parcel: { id: number; tracking_code: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  parcel = ok(await owner.post("/api/parcels", { tracking_code: code("KEY"), recipient_name: "Ada Lovelace", destination: "London" }), 201);
});
afterAll(async () => t?.close());

const SCOPES = ["tracking:read", "parcels:read", "parcels:write", "history:write"] as const;
type Scope = (typeof SCOPES)[number];
let seq = 0;

async function newKey(scopes: string[], rate_limit?: number) {
  return ok(await owner.post("/api/api-keys", { name: `Partner ${++seq}`, scopes, ...(rate_limit ? { rate_limit } : {}) }), 201) as {
    id: number;
    key: string;
    prefix: string;
    scopes: string[];
    rate_limit: number;
    usage: { day: string; count: number }[];
    last_used_at: string | null;
    revoked_at: string | null;
  };
}

/** A third party: every request with `Authorization: Bearer <key>` and nothing else (no cookie). */
function withKey(key: string, extra: Record<string, string> = {}) {
  const c = new Client(t.url);
  const h = { authorization: `Bearer ${key}`, ...extra };
  return {
    get: (p: string, more: Record<string, string> = {}) => c.get(p, { ...h, ...more }),
    post: (p: string, b?: unknown, more: Record<string, string> = {}) => c.post(p, b, { ...h, ...more }),
    patch: (p: string, b?: unknown) => c.patch(p, b, h),
    delete: (p: string, b?: unknown) => c.delete(p, b, h),
    gql: async (query: string, variables?: Record<string, unknown>) => {
      const r = await c.post("/graphql", { query, variables }, h);
      return { ...r, data: r.json?.data, errors: r.json?.errors as { message: string; extensions: { code: string } }[] | undefined };
    },
  };
}
type Keyed = ReturnType<typeof withKey>;

const limitHeaders = (r: { headers: Headers }) => ({
  limit: r.headers.get("x-ratelimit-limit"),
  remaining: r.headers.get("x-ratelimit-remaining"),
  reset: r.headers.get("x-ratelimit-reset"),
});

describe("creating, listing and revoking keys (owner)", () => {
  it("shows the key once, never lists it, stores only its SHA-256 and a prefix", async () => {
    const created = await newKey(["tracking:read", "parcels:read", "tracking:read"]);
    expect(created.key).toMatch(/^ck_[A-Za-z0-9_-]{40}$/);
    expect(created).toMatchObject({
      prefix: created.key.slice(0, 7),
      scopes: ["tracking:read", "parcels:read"],
      rate_limit: 600,
      last_used_at: null,
      revoked_at: null,
    });
    expect(created.usage).toHaveLength(14);
    expect(created.usage.every((d) => d.count === 0)).toBe(true);
    expect(created.usage[13].day).toBe(new Date().toISOString().slice(0, 10));

    const list = await owner.get("/api/api-keys");
    const listed = ok(list).find((k: { id: number }) => k.id === created.id);
    expect(listed).toMatchObject({ name: expect.stringMatching(/^Partner/), prefix: created.prefix, scopes: created.scopes });
    expect(listed).not.toHaveProperty("key");
    expect(list.text).not.toContain(created.key);

    const { db } = await import("../../server/db/index.js");
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.key_hash).toBe(crypto.createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(7));
    // The audit trail records the creation, the hash only as hidden (entries are written in batches: flush first).
    await (await import("../../server/db/audit.js")).flushAudit();
    const audit = await db().auditEntry.findFirstOrThrow({ where: { object_type: "api_key", object_id: String(created.id) } });
    expect(audit).toMatchObject({ operation: "apiKeys.create", actor_kind: "member" });
    expect(JSON.parse(audit.changes).key_hash).toEqual([null, "(hidden)"]);
    expect(audit.changes).not.toContain(created.key.slice(7));
  });

  it("refuses bad input with 422 naming the field", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: "", scopes: ["tracking:read"] }, /^name/],
      [{ name: "x".repeat(101), scopes: ["tracking:read"] }, /^name must be at most 100/],
      [{ name: "A", scopes: ["admin"] }, /^scopes must be among tracking:read, parcels:read, parcels:write, history:write/],
      [{ name: "A", scopes: [] }, /^scopes must name at least one/],
      [{ name: "A", scopes: "tracking:read" }, /^scopes/],
      [{ name: "A" }, /^scopes is required/],
      [{ name: "A", scopes: ["tracking:read"], rate_limit: 0 }, /^rate_limit must be at least 1/],
      [{ name: "A", scopes: ["tracking:read"], rate_limit: 100_001 }, /^rate_limit must be at most 100000/],
      [{ name: "A", scopes: ["tracking:read"], rate_limit: 1.5 }, /^rate_limit must be a whole number/],
    ];
    for (const [body, message] of cases) {
      const errors = fails(await owner.post("/api/api-keys", body), 422);
      expect(
        errors.some((e) => message.test(e)),
        `${JSON.stringify(body)}: ${errors}`,
      ).toBe(true);
    }
    const g = await owner.gql(`mutation { createApiKey(input: { name: "A", scopes: ["everything"] }) { key } }`);
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].message).toMatch(/^scopes must be among/);
    // A rate limit of the bounds is taken.
    expect((await newKey(["tracking:read"], 100_000)).rate_limit).toBe(100_000);
  });

  it("works through GraphQL: apiKeys, createApiKey (the key once), revokeApiKey", async () => {
    const made = await owner.gql(
      `mutation { createApiKey(input: { name: "Shop", scopes: ["parcels:read"], rate_limit: 50 }) { id key prefix scopes rate_limit } }`,
    );
    expect(made.errors).toBeUndefined();
    const k = made.data.createApiKey;
    expect(k).toMatchObject({ prefix: k.key.slice(0, 7), scopes: ["parcels:read"], rate_limit: 50 });
    const list = await owner.gql(`{ apiKeys { id name prefix revoked_at usage { day count } } }`);
    expect(list.data.apiKeys.find((x: { id: number }) => x.id === k.id)).toMatchObject({ name: "Shop", revoked_at: null });
    const schemaHasNoKey = await owner.gql(`{ apiKeys { key } }`);
    expect(schemaHasNoKey.errors?.[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const revoked = await owner.gql(`mutation($id: Int!) { revokeApiKey(id: $id) { id revoked_at } }`, { id: k.id });
    expect(revoked.data.revokeApiKey.revoked_at).toEqual(expect.any(String));
    const refused = await withKey(k.key).gql(`{ parcels { total } }`);
    expect(refused.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("revokes at once; revoking again keeps the first time; an unknown id is 404", async () => {
    const k = await newKey(["parcels:read"]);
    const partner = withKey(k.key);
    ok(await partner.get("/api/parcels"));
    const revoked = ok(await owner.delete("/api/api-keys", { id: k.id }));
    expect(revoked).toMatchObject({ id: k.id, revoked_at: expect.any(String) });
    expect(revoked).not.toHaveProperty("key");
    const r = await partner.get("/api/parcels");
    expect(fails(r, 401)[0]).toBe("The API key is unknown or revoked");
    expect(r.json).not.toHaveProperty("admin");
    const again = ok(await owner.delete("/api/api-keys", { id: k.id }));
    expect(again.revoked_at).toBe(revoked.revoked_at);
    const listed = ok(await owner.get("/api/api-keys")).find((x: { id: number }) => x.id === k.id);
    expect(listed.revoked_at).toBe(revoked.revoked_at);
    fails(await owner.delete("/api/api-keys", { id: 999_999 }), 404);
    fails(await owner.delete("/api/api-keys", {}), 422);
  });

  it("is the owner's: a dispatcher gets 403 naming the permission, a visitor 401", async () => {
    const { db } = await import("../../server/db/index.js");
    const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
    const creds = { email: "dispatch@example.com", password: "dispatcher-pass-2026" };
    await db().admin.create({ data: { email: creds.email, password_hash: await hashPassword(creds.password), role: "dispatcher" } });
    const d = new Client(t.url);
    ok(await d.post("/api/admins/auth/signin", creds));
    for (const r of [
      await d.get("/api/api-keys"),
      await d.post("/api/api-keys", { name: "x", scopes: ["tracking:read"] }),
      await d.delete("/api/api-keys", { id: 1 }),
    ]) {
      expect(fails(r, 403)[0]).toBe("Your role (dispatcher) lacks the permission api-keys");
    }
    const g = await d.gql(`{ apiKeys { id } }`);
    expect(g.errors?.[0]).toMatchObject({ message: "Your role (dispatcher) lacks the permission api-keys", extensions: { code: "FORBIDDEN" } });
    const anon = new Client(t.url);
    const r = await anon.get("/api/api-keys");
    fails(r, 401);
    expect(r.json.admin).toBe("false");
  });

  it("is in the OpenAPI document, for sessions only", async () => {
    const doc = (await owner.get("/api/openapi.json")).json;
    for (const m of ["get", "post", "delete"]) {
      expect(doc.paths["/api/api-keys"][m]).toMatchObject({ "x-access": "members whose role has api-keys", security: [{ session: [] }] });
    }
    expect(doc.components.schemas.NewApiKey.required).toContain("key");
    expect(doc.components.schemas.ApiKey.properties).not.toHaveProperty("key");
  });
});

describe("scopes", () => {
  const keys = {} as Record<Scope, Keyed>;
  beforeAll(async () => {
    for (const s of SCOPES) keys[s] = withKey((await newKey([s])).key);
  });

  // What each scope opens, through each door: [scope, call, success status or check].
  const code = () => parcel.tracking_code;
  const rest: [Scope, string, (k: Keyed) => ReturnType<Keyed["get"]>, number][] = [
    ["tracking:read", "GET /api/parcels/{code}", (k) => k.get(`/api/parcels/${code()}`), 200],
    ["tracking:read", "GET /api/track", (k) => k.get(`/api/track?codes=${code()}`), 200],
    ["parcels:read", "GET /api/parcels", (k) => k.get("/api/parcels"), 200],
    [
      "parcels:write",
      "POST /api/parcels",
      (k) => k.post("/api/parcels", { tracking_code: `K-${crypto.randomUUID().slice(0, 8)}`, recipient_name: "R", destination: "D" }),
      201,
    ],
    ["history:write", "POST /api/scans", (k) => k.post("/api/scans", { codes: [code()], status_code: "in_transit" }), 200],
    ["history:write", "POST /api/activities", (k) => k.post("/api/activities", { parcel_id: parcel.id, title: "At the hub", description: "Sorted" }), 201],
  ];
  const gql: [Scope, string, string][] = [
    ["tracking:read", "parcel", `query($c: String!) { parcel(trackingCode: $c) { tracking_code } }`],
    ["tracking:read", "track", `query($c: String!) { track(codes: [$c]) { tracking_code } }`],
    ["parcels:read", "parcels", `{ parcels { total } }`],
    [
      "parcels:write",
      "createParcel",
      `mutation { createParcel(input: { tracking_code: "G-${Date.now().toString(36)}", recipient_name: "R", destination: "D" }) { id } }`,
    ],
    ["history:write", "scanParcels", `mutation($c: String!) { scanParcels(input: { codes: [$c], status_code: "in_transit" }) { code } }`],
  ];

  it("REST: each scope allows its operations and refuses the others with 403 naming the scope", async () => {
    for (const [scope, name, call, status] of rest) {
      for (const s of SCOPES) {
        const r = await call(keys[s]);
        if (s === scope) ok(r, status);
        else expect(fails(r, 403), `${s} on ${name}`).toEqual([`This API key lacks the scope ${scope}`]);
        expect(limitHeaders(r).limit, `${s} on ${name}`).toBe("600");
      }
    }
  });

  it("GraphQL: the same, FORBIDDEN naming the scope", async () => {
    for (const [scope, field, query] of gql) {
      for (const s of SCOPES) {
        // A fresh code per created parcel: the mutation with a fixed code may run once only.
        const q = query.replace(/"G-[a-z0-9]+"/, `"G-${crypto.randomUUID().slice(0, 8)}"`);
        const r = await keys[s].gql(q, q.includes("$c") ? { c: code() } : undefined);
        if (s === scope) {
          expect(r.errors, `${s} on ${field}`).toBeUndefined();
          expect(r.data[field]).toBeTruthy();
        } else {
          expect(r.errors?.[0], `${s} on ${field}`).toMatchObject({ message: `This API key lacks the scope ${scope}`, extensions: { code: "FORBIDDEN" } });
        }
        expect(limitHeaders(r).limit).toBe("600");
      }
    }
  });

  it("no scope reaches settings, staff, webhooks or API keys", async () => {
    const calls = (k: Keyed) => [
      k.patch("/api/settings", { meta_description: "x" }),
      k.get("/api/webhooks"),
      k.post("/api/webhooks", { url: "https://example.com/hook", events: ["parcel.created"] }),
      k.get("/api/api-keys"),
      k.post("/api/api-keys", { name: "more", scopes: ["parcels:write"] }),
      k.delete("/api/api-keys", { id: 1 }),
      k.get("/api/outbox"),
    ];
    for (const s of SCOPES) {
      for (const r of await Promise.all(calls(keys[s]))) {
        if (r.status === 404) continue; // a path this build does not have (staff, outbox) answers 404 to anyone
        expect(fails(r, 403)[0], `${s}: ${r.text}`).toBe("API keys may not do this; it needs a member of the staff");
      }
      for (const q of [`{ apiKeys { id } }`, `{ webhooks { id } }`, `mutation { createApiKey(input: { name: "x", scopes: ["parcels:read"] }) { key } }`]) {
        const r = await keys[s].gql(q);
        expect(r.errors?.[0].extensions.code, `${s}: ${q}`).toMatch(/FORBIDDEN/);
      }
    }
    // The staff routes, where this build has them.
    const staff = await keys["parcels:write"].get("/api/staff");
    if (staff.status !== 404) fails(staff, 403);
  });

  it("public reads without a scope stay open to a key (the start-up graph, pages)", async () => {
    ok(await keys["history:write"].get("/api/graph"));
    ok(await keys["history:write"].get("/api/pages"));
  });
});

describe('refused keys: 401 without "admin"', () => {
  it("unknown, malformed and revoked keys, on REST (also on public paths) and GraphQL", async () => {
    const revoked = await newKey(["tracking:read"]);
    ok(await owner.delete("/api/api-keys", { id: revoked.id }));
    const bad = [`ck_${crypto.randomBytes(30).toString("base64url")}`, "nope", "ck_short", `ck_${"a".repeat(40)}!`, revoked.key];
    for (const key of bad) {
      for (const path of ["/api/parcels", `/api/parcels/${parcel.tracking_code}`, "/api/graph"]) {
        const r = await withKey(key).get(path);
        expect(fails(r, 401), `${key} ${path}`).toEqual(["The API key is unknown or revoked"]);
        expect(r.json).not.toHaveProperty("admin");
        expect(r.headers.get("x-ratelimit-limit")).toBeNull();
      }
      const g = await withKey(key).gql(`{ parcels { total } }`);
      expect(g.errors?.[0].extensions.code, key).toBe("UNAUTHENTICATED");
      expect(g.status).toBe(401);
    }
  });

  it("reads a key only from the Authorization header: never a cookie or the query string", async () => {
    const k = await newKey(["parcels:read"]);
    const anon = new Client(t.url);
    for (const r of [
      await anon.get(`/api/parcels?api_key=${k.key}`),
      await anon.get(`/api/parcels?access_token=${k.key}`),
      await anon.get("/api/parcels", { cookie: `courier_sid=${k.key}` }),
      await anon.get("/api/parcels", { cookie: `authorization=Bearer ${k.key}` }),
    ]) {
      fails(r, 401);
      expect(r.json.admin).toBe("false"); // simply no session
    }
  });
});

describe("the key's own rate limit", () => {
  it("answers X-RateLimit-Limit, -Remaining and -Reset on every keyed answer: success, 403, 404, 415, 422, GraphQL", async () => {
    const k = await newKey(["tracking:read"], 1000);
    const p = withKey(k.key);
    const answers = [
      [await p.get(`/api/parcels/${parcel.tracking_code}`), 200],
      [await p.get("/api/parcels"), 403],
      [await p.get("/api/parcels/NO-SUCH-CODE-1"), 404],
      [await p.get("/api/no/such/path"), 404],
      [await p.post("/api/scans", "codes=A", { "content-type": "text/plain" }), 415],
      [await p.post("/api/api-keys", { name: "" }), 403],
      [await p.get(`/api/track?codes=${"x".repeat(200)}`), 200],
      [await p.gql(`query($c: String!) { parcel(trackingCode: $c) { tracking_code } }`, { c: parcel.tracking_code }), 200],
      [await p.gql(`{ parcels { total } }`), 200],
      [await p.gql(`{ __typename }`), 200],
      [await p.gql(`{ parcel(`), 400],
    ] as const;
    let last = 1000;
    for (const [r, status] of answers) {
      expect(r.status, r.text).toBe(status);
      const h = limitHeaders(r);
      expect(h.limit).toBe("1000");
      const remaining = Number(h.remaining);
      expect(remaining).toBeLessThan(last); // each answer counted once
      last = remaining;
      expect(Number(h.reset)).toBeGreaterThanOrEqual(1);
      expect(Number(h.reset)).toBeLessThanOrEqual(60);
    }
    expect(last).toBe(1000 - answers.length);
  });

  it("answers 429 with Retry-After past the limit, on both doors", async () => {
    const k = await newKey(["parcels:read"], 3);
    const p = withKey(k.key);
    for (const left of [2, 1, 0]) {
      const r = await p.get("/api/parcels");
      ok(r);
      expect(limitHeaders(r)).toMatchObject({ limit: "3", remaining: String(left) });
    }
    const r = await p.get("/api/parcels");
    fails(r, 429);
    expect(limitHeaders(r)).toMatchObject({ limit: "3", remaining: "0" });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const g = await p.gql(`{ parcels { total } }`);
    expect(g.errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    expect(g.headers.get("retry-after")).toBeTruthy();
    expect(limitHeaders(g).remaining).toBe("0");
    // Another key is not affected.
    const other = withKey((await newKey(["parcels:read"], 3)).key);
    ok(await other.get("/api/parcels"));
  });

  it("counts calls per day and the last use for the keys screen", async () => {
    const k = await newKey(["tracking:read", "parcels:read"]);
    const p = withKey(k.key);
    for (let i = 0; i < 5; i++) await p.get("/api/parcels");
    await p.gql(`{ parcels { total } }`);
    await p.get("/api/api-keys"); // refused, still a call
    const listed = ok(await owner.get("/api/api-keys")).find((x: { id: number }) => x.id === k.id);
    expect(listed.usage.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 7 });
    expect(listed.usage.slice(0, 13).every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(Date.now() - Date.parse(listed.last_used_at)).toBeLessThan(60_000);
    // Old days drop out of the 14-day window; yesterday's counts show.
    const { db } = await import("../../server/db/index.js");
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await db().apiKeyUsage.createMany({
      data: [
        { key_id: k.id, day: day(1), count: 42 },
        { key_id: k.id, day: day(14), count: 99 },
      ],
    });
    const again = ok(await owner.get("/api/api-keys")).find((x: { id: number }) => x.id === k.id);
    expect(again.usage[12]).toEqual({ day: day(1), count: 42 });
    expect(again.usage[0].day).toBe(day(13));
    expect(again.usage.map((d: { count: number }) => d.count).reduce((a: number, b: number) => a + b)).toBe(49);
  });
});

describe("CSRF: a key is no ambient credential", () => {
  it("a cross-site Origin with only a Bearer key may write; with a session cookie it is refused", async () => {
    const k = await newKey(["parcels:write"]);
    const cross = { origin: "https://partner.example" };
    const body = () => ({ tracking_code: `X-${crypto.randomUUID().slice(0, 8)}`, recipient_name: "R", destination: "D" });
    // Nothing a browser adds by itself: allowed (a page of another site could not send this header without a CORS preflight).
    const r = await withKey(k.key).post("/api/parcels", body(), cross);
    ok(r, 201);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    // The same with the owner's session cookie beside it: the contract's cross-site rule applies.
    const both = await owner.post("/api/parcels", body(), { ...cross, authorization: `Bearer ${k.key}` });
    expect(fails(both, 403)[0]).toBe("Cross-site requests may not change anything");
    fails(await owner.post("/api/parcels", body(), cross), 403);
    // A preflight is never approved for another origin.
    const pre = await fetch(`${t.url}/api/parcels`, {
      method: "OPTIONS",
      headers: { ...cross, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("GraphQL takes a keyed JSON POST without Apollo's preflight header, and a keyed GET with it", async () => {
    const k = await newKey(["tracking:read", "parcels:write"]);
    const post = await withKey(k.key).gql(
      `mutation { createParcel(input: { tracking_code: "GQ-${Date.now().toString(36)}", recipient_name: "R", destination: "D" }) { id } }`,
    );
    expect(post.errors).toBeUndefined();
    expect(post.data.createParcel.id).toEqual(expect.any(Number));
    const q = encodeURIComponent(`{ parcel(trackingCode: "${parcel.tracking_code}") { tracking_code } }`);
    const get = await fetch(`${t.url}/graphql?query=${q}`, { headers: { authorization: `Bearer ${k.key}`, "apollo-require-preflight": "true" } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as { data: { parcel: { tracking_code: string } } }).data.parcel.tracking_code).toBe(parcel.tracking_code);
    expect(get.headers.get("x-ratelimit-limit")).toBe("600");
    // Without the header a GET is refused by Apollo's CSRF prevention, key or not.
    const bare = await fetch(`${t.url}/graphql?query=${q}`, { headers: { authorization: `Bearer ${k.key}` } });
    expect(bare.status).toBe(400);
  });
});
