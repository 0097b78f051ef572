import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frontAnswered } from "../../server/front.js";
import { serializerState } from "../../server/core/lazy-serializers.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { send, type Answer } from "../helpers/raw.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { waitFor } from "../helpers/wait.js";

// The front answers (server/front.ts): public reads whose answer is made already, sent before Fastify.
// They must answer exactly what Fastify answers, count against the same limits, and leave everything
// that may see more, or that they cannot decide at once, to Fastify. Behind a trusted proxy, so each
// test is its own client (X-Forwarded-For) with its own limit window. Own file: the limits are read once a process.
let t: TestApp;
let admin: Client;
let parcelId: number;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true", RATE_LIMIT_TRACKING: "4" });
  admin = await signedIn(t);
  parcelId = ok(await admin.post("/api/parcels", { tracking_code: "FR-1", recipient_name: "Front Test", destination: "Oslo", status: "In transit" }), 201).id;
  ok(await admin.post("/api/activities", { parcel_id: parcelId, title: "Picked up", description: "At the depot" }), 201);
  ok(
    await admin.post("/api/parcels", {
      tracking_code: "FR-P",
      recipient_name: "Private Person",
      destination: "Turku",
      recipient_postcode: "20100",
      protect_details: true,
    }),
    201,
  );
});
afterAll(async () => t?.close());

let clients = 0;
/** A new client address (the proxy's entry of X-Forwarded-For). */
const newClient = () => `198.51.100.${++clients}`;
const get = (path: string, client: string, headers: Record<string, string> = {}) =>
  send(t.url, "GET", path, { headers: { "x-forwarded-for": client, ...headers } });

/** Header lines without the two that differ per answer (Date, X-Request-Id). */
const lines = (a: Answer) => {
  const out: string[] = [];
  for (let i = 0; i < a.rawHeaders.length; i += 2) {
    const name = a.rawHeaders[i].toLowerCase();
    if (name !== "date" && name !== "x-request-id") out.push(`${name}: ${a.rawHeaders[i + 1]}`);
  }
  return out;
};

/** The answer and whether the front sent it. */
async function viaFront(request: () => Promise<Answer>): Promise<[Answer, boolean]> {
  const before = frontAnswered();
  const a = await request();
  return [a, frontAnswered() > before];
}

describe("start-up", () => {
  it("compiles every response serializer soon after it, and none fails", async () => {
    await waitFor(() => serializerState().pending === 0, { what: "the serializers' compilation" });
    expect(serializerState()).toEqual({ pending: 0, failed: 0 });
  });
});

describe("front answers", () => {
  it("are what Fastify answers, header for header, for the look-up, its 304 and the start-up graph", async () => {
    for (const path of ["/api/parcels/FR-1", "/api/graph"]) {
      const client = newClient();
      // A client's first look-up opens its limit window: Fastify answers it.
      const [plain, first] = await viaFront(() => get(path, client));
      const [fast, second] = await viaFront(() => get(path, client));
      expect([first, second], path).toEqual([false, true]);
      expect(fast.status).toBe(200);
      expect(fast.text).toBe(plain.text);
      expect(lines(fast)).toEqual(lines(plain));
      expect(fast.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.headers["x-request-id"]).not.toBe(plain.headers["x-request-id"]);

      const etag = plain.headers.etag!;
      const notModified = await get(path, client, { "if-none-match": `"other", W/${etag}` });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe("");
      expect(lines(notModified)).toEqual(lines(plain).filter((l) => !/^content-(type|length):/.test(l)));
    }
    // Fastify's own 304, for comparison: a client whose first request is conditional.
    const client = newClient();
    const plain304 = await get("/api/parcels/FR-1", client, { "if-none-match": "*" });
    const [fast304, front] = await viaFront(() => get("/api/parcels/FR-1", client, { "if-none-match": "*" }));
    expect(front).toBe(true);
    expect([plain304.status, fast304.status]).toEqual([304, 304]);
    expect(lines(fast304)).toEqual(lines(plain304));
  });

  it("count against the client's limit: the look-up past it is 429, whatever the client writes into X-Forwarded-For", async () => {
    const client = newClient();
    const statuses = [];
    let fronted = 0;
    for (let i = 0; i < 6; i++) {
      const [a, front] = await viaFront(() => get("/api/parcels/FR-1", `10.0.0.${i}, ${client}`));
      statuses.push(a.status);
      if (front) fronted++;
      if (a.status === 429) expect(Number(a.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(fronted).toBe(3);
    // Another client is not affected.
    expect((await get("/api/parcels/FR-1", newClient())).status).toBe(200);
  });

  it("leave to Fastify a session, a key, a second factor, a query, a body, HEAD and encoded paths", async () => {
    const client = newClient();
    const plain = await get("/api/parcels/FR-1", client);
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const cases: [string, (client: string) => Promise<Answer>, (a: Answer) => void][] = [
      [
        "a session",
        (client) => get("/api/parcels/FR-1", client, { cookie }),
        (a) => {
          expect(a.status).toBe(200);
          expect(a.headers["cache-control"]).toBe("private, no-store");
          expect(a.headers.etag).toBeUndefined();
        },
      ],
      ["an API key that is not one", (client) => get("/api/parcels/FR-1", client, { authorization: "Bearer ck_nothing" }), (a) => expect(a.status).toBe(401)],
      [
        "any Authorization",
        (client) => get("/api/parcels/FR-1", client, { authorization: "Basic eDp5" }),
        (a) => expect(a.headers["cache-control"]).toBe("private, no-store"),
      ],
      [
        "a second factor",
        (client) => get("/api/parcels/FR-P?verify=20100", client),
        (a) => {
          expect(a.json.data.recipient_name).toBe("Private Person");
          expect(a.headers["cache-control"]).toBe("private, no-store");
        },
      ],
      ["a query", (client) => get("/api/parcels/FR-1?x=1", client), (a) => expect(a.json.data.tracking_code).toBe("FR-1")],
      [
        "a body",
        (client) =>
          send(t.url, "GET", "/api/parcels/FR-1", {
            headers: { "x-forwarded-for": client, "content-type": "application/json", "content-length": "2" },
            body: "{}",
          }),
        (a) => expect(a.status).toBe(200),
      ],
      [
        "HEAD",
        (client) => send(t.url, "HEAD", "/api/parcels/FR-1", { headers: { "x-forwarded-for": client } }),
        (a) => {
          expect(a.status).toBe(200);
          expect(a.text).toBe("");
        },
      ],
      ["an encoded path", (client) => get("/api/parcels/FR%2D1", client), (a) => expect(a.text).toBe(plain.text)],
      ["a trailing slash", (client) => get("/api/parcels/FR-1/", client), (a) => expect(a.status).toBe(404)],
      ["an unknown code", (client) => get("/api/parcels/FR-404", client), (a) => expect(a.status).toBe(404)],
    ];
    for (const [what, request, check] of cases) {
      // Each from a client with an open window and hits to spare: only the request's shape keeps it from the front.
      const other = newClient();
      await get("/api/graph", other);
      await get("/api/parcels/FR-1", other);
      const [a, front] = await viaFront(() => request(other)).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
      expect(front, what).toBe(false);
      check(a);
    }
    // The protected parcel without a factor: the anonymous view, from the front once cached.
    await get("/api/parcels/FR-P", client);
    const [masked, front] = await viaFront(() => get("/api/parcels/FR-P", client));
    expect(front).toBe(true);
    expect(masked.json.data.details_protected).toBe(true);
    expect(masked.text).not.toContain("Private Person");
    expect(masked.text).not.toContain("20100");
  });

  it("never send a view older than the last write", async () => {
    const client = newClient();
    await get("/api/parcels/FR-1", client);
    const [before, front] = await viaFront(() => get("/api/parcels/FR-1", client));
    expect(front).toBe(true);
    ok(await admin.patch("/api/parcels", { id: parcelId, status: "Held at customs for inspection" }));
    const after = await get("/api/parcels/FR-1", client);
    expect(after.json.data.status).toBe("Held at customs for inspection");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A 304 for the old tag is not given either.
    expect((await get("/api/parcels/FR-1", client, { "if-none-match": before.headers.etag! })).status).toBe(200);
  });

  it("keep a proxy's request id and the https of a trusted proxy, as Fastify does", async () => {
    const client = newClient();
    await get("/api/graph", client);
    const [given, front] = await viaFront(() => get("/api/graph", client, { "x-request-id": "lb-42.a_b" }));
    expect(front).toBe(true);
    expect(given.headers["x-request-id"]).toBe("lb-42.a_b");
    const forged = await get("/api/graph", client, { "x-request-id": "<script>" });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const plainHttps = await get("/api/parcels/FR-1", newClient(), { "x-forwarded-proto": "https" });
    expect(plainHttps.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const [https, viaTheFront] = await viaFront(() => get("/api/graph", client, { "x-forwarded-proto": "http, https" }));
    expect(viaTheFront).toBe(true);
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect((await get("/api/graph", client)).headers["strict-transport-security"]).toBeUndefined();
  });
});

const TRACK = `query Track($trackingCode: String!, $verify: String) { parcel(trackingCode: $trackingCode, verify: $verify) {
  tracking_code status recipient_name created_at history { title created_at } } }`;
const HASH = crypto.createHash("sha256").update(TRACK).digest("hex");
const post = (client: string, body: unknown, headers: Record<string, string> = {}) => {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  // With its length, as browsers and fetch send it (not chunked).
  const length = String(Buffer.byteLength(text));
  return send(t.url, "POST", "/graphql", {
    headers: { "x-forwarded-for": client, "content-type": "application/json", "content-length": length, ...headers },
    body: text,
  });
};
const apqPath = (variables: Record<string, unknown>) =>
  `/graphql?${new URLSearchParams({ variables: JSON.stringify(variables), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: HASH } }) })}`;

/** Raw bytes on one connection, the whole reply read until the server has answered `answers` times. */
function rawExchange(parts: string[], answers: number, gapMs = 30): Promise<string> {
  const u = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname, async () => {
      for (const p of parts) {
        socket.write(p);
        // The gap is what is tested: each piece arrives on its own, as a slow client sends it.
        await new Promise((r) => setTimeout(r, gapMs));
      }
    });
    let got = "";
    socket.on("data", (d) => {
      got += d.toString();
      if ((got.match(/HTTP\/1\.1 /g) ?? []).length >= answers && /\}\n$/.test(got)) {
        socket.end();
        resolve(got);
      }
    });
    socket.on("error", reject);
  });
}

describe("front answers of GraphQL look-ups (kept answers)", () => {
  it("are Fastify's answer, header for header, by POST, by GET with a persisted query, and its 304", async () => {
    const client = newClient();
    const body = { query: TRACK, variables: { trackingCode: "FR-1" } };
    const [plain, first] = await viaFront(() => post(client, body));
    const [fast, second] = await viaFront(() => post(client, body));
    expect([first, second]).toEqual([false, true]);
    expect(fast.json.data.parcel.tracking_code).toBe("FR-1");
    expect(fast.text).toBe(plain.text);
    expect(lines(fast)).toEqual(lines(plain));
    expect(fast.headers["cache-control"]).toBe("no-store");

    // The persisted query: registered once by POST, then by hash in a GET (Apollo's CSRF rule: a JSON content type).
    const other = newClient();
    expect((await post(other, { ...body, extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } })).json.data.parcel.tracking_code).toBe("FR-1");
    const headers = { "x-forwarded-for": other, "content-type": "application/json" };
    const plainGet = await send(t.url, "GET", apqPath({ trackingCode: "FR-1", verify: null }), { headers });
    const [fastGet, fronted] = await viaFront(() => send(t.url, "GET", apqPath({ trackingCode: "FR-1", verify: null }), { headers }));
    expect(fronted).toBe(true);
    expect(fastGet.text).toBe(plainGet.text);
    expect(lines(fastGet)).toEqual(lines(plainGet));
    expect(fastGet.headers.etag).toMatch(/^"/);
    const [notModified, again] = await viaFront(() =>
      send(t.url, "GET", apqPath({ trackingCode: "FR-1", verify: null }), { headers: { ...headers, "if-none-match": fastGet.headers.etag! } }),
    );
    expect(again).toBe(true);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
  });

  it("answer the start-up graph of an anonymous visitor", async () => {
    const client = newClient();
    const body = { query: "{ graph { admin settings { contact_email } pages { slug } } }" };
    const plain = await post(client, body);
    const [fast, front] = await viaFront(() => post(client, body));
    expect(front).toBe(true);
    expect(fast.text).toBe(plain.text);
    expect(fast.json.data.graph.admin).toBe(false);
    // A signed-in member gets their own graph from Fastify.
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const [mine, fronted] = await viaFront(() => post(client, body, { cookie }));
    expect(fronted).toBe(false);
    expect(mine.json.data.graph.admin).toBe(true);
  });

  it("count against the same limit as REST look-ups", async () => {
    const client = newClient();
    const body = { query: TRACK, variables: { trackingCode: "FR-1" } };
    const results: string[] = [];
    for (let i = 0; i < 3; i++) results.push((await post(client, body)).json.data?.parcel?.tracking_code ?? "refused");
    results.push(String((await get("/api/parcels/FR-1", client)).status));
    const past = await post(client, body);
    results.push(past.json.errors?.[0]?.extensions?.code ?? "answered");
    expect(results).toEqual(["FR-1", "FR-1", "FR-1", "200", "TOO_MANY_REQUESTS"]);
    expect(Number(past.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("leave to Fastify a second factor, a session, a mutation, an unknown hash, a body Fastify refuses and a GET that fails the CSRF rule", async () => {
    const body = { query: TRACK, variables: { trackingCode: "FR-P" } };
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const cases: [string, (client: string) => Promise<Answer>, (a: Answer) => void][] = [
      [
        "a second factor",
        (c) => post(c, { query: TRACK, variables: { trackingCode: "FR-P", verify: "20100" } }),
        (a) => {
          expect(a.json.data.parcel.recipient_name).toBe("Private Person");
          expect(a.headers["cache-control"]).toBe("no-store");
        },
      ],
      ["a session", (c) => post(c, body, { cookie }), (a) => expect(a.json.data.parcel.tracking_code).toBe("FR-P")],
      [
        "a mutation",
        (c) => post(c, { query: `mutation { unsubscribe(input: { token: "x" }) { tracking_code } }` }),
        (a) => expect(a.json.errors).toBeDefined(),
      ],
      [
        "an unknown hash",
        (c) =>
          send(
            t.url,
            "GET",
            `/graphql?${new URLSearchParams({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } }) })}`,
            { headers: { "x-forwarded-for": c, "content-type": "application/json" } },
          ),
        (a) => expect(a.json.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND"),
      ],
      [
        "__proto__ in the body",
        (c) => post(c, `{"query":${JSON.stringify(TRACK)},"variables":{"trackingCode":"FR-P"},"__proto__":{"x":1}}`),
        (a) => expect(a.status).toBe(400),
      ],
      ["a body that is not JSON", (c) => post(c, `{"query":`), (a) => expect(a.status).toBe(400)],
      [
        "a GET without a preflight header",
        (c) => send(t.url, "GET", apqPath({ trackingCode: "FR-P" }), { headers: { "x-forwarded-for": c } }),
        (a) => expect(a.status).toBe(400),
      ],
      [
        "a GET with a body type a form can send",
        (c) => send(t.url, "GET", apqPath({ trackingCode: "FR-P" }), { headers: { "x-forwarded-for": c, "content-type": "text/plain" } }),
        (a) => expect(a.status).toBe(400),
      ],
      [
        "another Accept",
        (c) => post(c, body, { accept: "application/graphql-response+json" }),
        (a) => expect(a.headers["content-type"]).toBe("application/graphql-response+json; charset=utf-8"),
      ],
    ];
    for (const [what, request, check] of cases) {
      // A client with an open window, the answer kept and the persisted query known: only the request's shape keeps it from the front.
      const other = newClient();
      await post(other, body);
      await post(other, { ...body, extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } });
      const [a, front] = await viaFront(() => request(other)).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
      expect(front, what).toBe(false);
      check(a);
    }
  });

  it("read a body that comes in pieces, and hand on one they cannot answer with every byte, on a kept-alive connection", async () => {
    const client = newClient();
    const known = JSON.stringify({ query: TRACK, variables: { trackingCode: "FR-1" } });
    await post(client, known);
    const fresh = JSON.stringify({ query: `${TRACK} `, variables: { trackingCode: "FR-1" } });
    const head = (b: string) =>
      `POST /graphql HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${client}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(b)}\r\n\r\n`;
    const before = frontAnswered();
    // The known look-up in three pieces, then a new document (Fastify's) and the known one again, pipelined.
    const reply = await rawExchange([head(known) + known.slice(0, 40), known.slice(40, 90), known.slice(90) + head(fresh) + fresh + head(known) + known], 3);
    const answers = reply.split(/HTTP\/1\.1 /).slice(1);
    expect(answers.map((a) => a.slice(0, 3))).toEqual(["200", "200", "200"]);
    for (const a of answers) expect(a).toContain('"tracking_code":"FR-1"');
    expect(frontAnswered() - before).toBe(2);
  });

  it("never send a kept answer older than the last write", async () => {
    const client = newClient();
    const body = { query: TRACK, variables: { trackingCode: "FR-1" } };
    await post(client, body);
    const [, front] = await viaFront(() => post(client, body));
    expect(front).toBe(true);
    ok(await admin.patch("/api/parcels", { id: parcelId, status: "Out for delivery today" }));
    expect((await post(client, body)).json.data.parcel.status).toBe("Out for delivery today");
  });
});
