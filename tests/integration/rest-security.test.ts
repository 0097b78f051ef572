import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { file, png } from "../fixtures/images.js";
import { code, fails, form, ok, signedIn } from "../fixtures/rest.js";

const BODY_LIMIT = 50_000;
let t: TestApp;
let admin: Client;
let anon: Client;
let evil: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT), UPLOAD_MAX_BYTES: "20000" });
  admin = await signedIn(t);
  anon = new Client(t.url);
  evil = { origin: "https://evil.example" };
});
afterAll(async () => t?.close());

const newParcel = () => ({ tracking_code: code(), recipient_name: "Ann", destination: "Oslo" });
const imagesDir = () => path.join(t.dir, "uploads", "images");
const countImages = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()).length : 0);

/** A raw request with exactly these headers and body (no helper adds a Content-Type). */
async function raw(method: string, p: string, body: RequestInit["body"], headers: Record<string, string> = {}, who = admin) {
  const cookie = [...who.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(t.url + p, { method, body, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json };
}

describe("CSRF: cross-site writes are 403 and change nothing", () => {
  it("POST with a foreign Origin: 403, the parcel is not created", async () => {
    const p = newParcel();
    expect(fails(await admin.post("/api/parcels", p, evil), 403)).toEqual(["Cross-site requests may not change anything"]);
    fails(await anon.get(`/api/parcels/${p.tracking_code}`), 404);
  });

  it("PATCH and DELETE with a foreign Origin: 403, the parcel is unchanged and still there", async () => {
    const p = ok(await admin.post("/api/parcels", { ...newParcel(), status: "Booked" }), 201);
    fails(await admin.patch("/api/parcels", { id: p.id, status: "Stolen" }, evil), 403);
    fails(await admin.delete("/api/parcels", { id: p.id }, evil), 403);
    expect(ok(await anon.get(`/api/parcels/${p.tracking_code}`)).status).toBe("Booked");
  });

  it('a foreign Referer counts when there is no Origin; Origin "null" and another port are other sites', async () => {
    const p = ok(await admin.post("/api/parcels", newParcel()), 201);
    fails(await admin.delete("/api/parcels", { id: p.id }, { referer: "https://evil.example/page" }), 403);
    fails(await admin.delete("/api/parcels", { id: p.id }, { origin: "null" }), 403);
    fails(await admin.delete("/api/parcels", { id: p.id }, { origin: "http://127.0.0.1:1" }), 403);
    fails(await admin.delete("/api/parcels", { id: p.id }, { origin: "not a url" }), 403);
    ok(await anon.get(`/api/parcels/${p.tracking_code}`));
  });

  it("public writes too: sign-in, contact and the first-admin link refuse foreign origins", async () => {
    fails(await anon.post("/api/admins/auth/signin", { email: "boss@example.com", password: "correct horse" }, evil), 403);
    expect(anon.cookies.size).toBe(0);
    fails(await anon.post("/api/contact", { email: "v@example.com", subject: "s", body: "b" }, evil), 403);
    fails(await anon.post("/api/admins", {}, evil), 403);
  });

  it("a cross-site multipart upload is refused before the file is read", async () => {
    const p = ok(await admin.post("/api/parcels", newParcel()), 201);
    const before = countImages();
    fails(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(png()), "a.png"] }), evil), 403);
    expect(countImages()).toBe(before);
  });

  it("this site's Origin or Referer, or neither header, is allowed; cross-site reads are allowed", async () => {
    ok(await admin.post("/api/parcels", newParcel(), { origin: t.url }), 201);
    ok(await admin.post("/api/parcels", newParcel(), { referer: `${t.url}/control/parcels` }), 201);
    ok(await admin.post("/api/parcels", newParcel()), 201);
    ok(await admin.get("/api/parcels", evil));
    ok(await admin.get("/api/admins/auth/signout", { origin: t.url }));
    admin = await signedIn(t);
  });
});

describe("415: a write's body must be JSON or multipart", () => {
  it("text/plain and form-urlencoded bodies are refused, and nothing is created", async () => {
    const p = newParcel();
    expect(fails(await admin.post("/api/parcels", JSON.stringify(p), { "content-type": "text/plain" }), 415)).toEqual([
      "Send the body as application/json or multipart/form-data",
    ]);
    fails(await admin.post("/api/parcels", new URLSearchParams(p).toString(), { "content-type": "application/x-www-form-urlencoded" }), 415);
    fails(await admin.post("/api/parcels", JSON.stringify(p), { "content-type": "application/merge-patch+json" }), 415);
    fails(await anon.get(`/api/parcels/${p.tracking_code}`), 404);
  });

  it("a body with no Content-Type is 415; a write with no body at all is read as no fields (422)", async () => {
    fails(await raw("POST", "/api/parcels", new Uint8Array(Buffer.from(JSON.stringify(newParcel())))), 415);
    expect(fails(await raw("POST", "/api/admins/auth/send-pin", undefined), 422)).toEqual(["email is required"]);
    expect(fails(await raw("DELETE", "/api/parcels", undefined), 422)).toEqual(["id is required"]);
  });

  it("JSON with a charset parameter is fine", async () => {
    ok(await raw("POST", "/api/parcels", JSON.stringify(newParcel()), { "content-type": "application/json; charset=utf-8" }), 201);
  });
});

describe("bodies that cannot be parsed, are too large or have the wrong types", () => {
  it("400 for broken JSON, an empty JSON body and multipart without a boundary", async () => {
    expect(fails(await admin.post("/api/parcels", '{"tracking_code": "A",', { "content-type": "application/json" }), 400)).toEqual([
      "The request body could not be parsed (broken JSON or multipart)",
    ]);
    fails(await raw("POST", "/api/parcels", "", { "content-type": "application/json" }), 400);
    fails(await raw("POST", "/api/reviews", "garbage", { "content-type": "multipart/form-data" }), 400);
    // A multipart body cut short keeps only its complete parts (@fastify/multipart ends quietly there).
    const cut = `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--x\r\nContent-Disposition: form-data; name="review"\r\n\r\nGo`;
    expect(fails(await raw("POST", "/api/reviews", cut, { "content-type": "multipart/form-data; boundary=x" }), 422)).toEqual(["review is required"]);
    // Where no file is taken, a multipart body is not read at all.
    fails(await raw("POST", "/api/parcels", "garbage", { "content-type": "multipart/form-data" }), 415);
  });

  it("413 for a JSON body over the limit and a multipart field over it", async () => {
    expect(fails(await admin.post("/api/pages", { title: "Big", content: "x".repeat(BODY_LIMIT + 10) }), 413)[0]).toMatch(/too large/);
    // A form's text fields are small (64 KB) even where files are taken.
    fails(await admin.post("/api/reviews", form({ name: "Big", review: "x".repeat(64 * 1024 + 10) })), 413);
  });

  it("422, never 500, for JSON of the wrong shape on every write", async () => {
    const doc = (await anon.get("/api/openapi.json")).json;
    const writes: [string, string][] = [];
    for (const [p, ops] of Object.entries<Record<string, { requestBody?: unknown }>>(doc.paths)) {
      // Writes that take no body (sign-out, starting a two-step set-up) have no shape to get wrong.
      for (const m of Object.keys(ops)) if (m !== "get" && ops[m].requestBody) writes.push([m.toUpperCase(), p]);
    }
    expect(writes.length).toBeGreaterThan(15);
    const bodies = ["[]", "null", '"text"', "42", "true", '{"id":{"$gt":0},"title":["a"],"email":{"x":1},"tracking_code":7}'];
    for (const [method, p] of writes) {
      // Signing out takes no body (and would end this client's session).
      if (p.endsWith("/signout")) continue;
      for (const body of bodies) {
        const r = await admin.request(method, p, body, { "content-type": "application/json" });
        // A shipper's own calls (section 10) answer the staff 401 with "user": "false" before any body is read, and the
        // SMS/WhatsApp providers' callbacks (section 13) a 401 for a missing signature, whatever the body.
        const unsigned = /^\/api\/messages\/(twilio|whatsapp)$/.test(p);
        expect([400, 403, 404, 409, 422, ...(r.json?.user === "false" || unsigned ? [401] : [])], `${method} ${p} ${body}: ${r.text}`).toContain(r.status);
        expect(r.json.status).toBe(String(r.status));
        expect(r.json.data).toBeNull();
      }
    }
  });
});

describe("prototype keys never reach anything", () => {
  it("JSON __proto__ / constructor.prototype are dropped like unknown fields", async () => {
    const body = `{"title":"Proto ${Date.now()}","content":"c","__proto__":{"polluted":"yes","icon":"star"},"constructor":{"prototype":{"polluted2":"yes"}}}`;
    const p = ok(await admin.post("/api/pages", body, { "content-type": "application/json" }), 201);
    expect(p.icon).toBe("people");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted2).toBeUndefined();
  });

  it("multipart fields named after Object.prototype properties are refused with 400", async () => {
    const f = form({ name: "T", review: "c", image: [file(png()), "a.png"] });
    f.set("__proto__", "x");
    fails(await admin.post("/api/reviews", f), 400);
    fails(await admin.post("/api/reviews", form({ name: "T", review: "c", image: [file(png()), "a.png"], constructor: "x" })), 400);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("unknown /api paths and methods", () => {
  it("404 in the envelope, not the client's HTML", async () => {
    for (const [method, p] of [
      ["GET", "/api/nope"],
      ["GET", "/api"],
      ["POST", "/api/nope"],
      ["PUT", "/api/parcels"],
      ["GET", "/api/parcels/a/b"],
    ]) {
      const r = await admin.request(method, p, method === "GET" ? undefined : {});
      expect(fails(r, 404)[0]).toMatch(/^No such API path/);
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it("every /api answer is JSON and not cacheable, except public reads (revalidated every time: tests/integration/http-cache.test.ts)", async () => {
    for (const p of ["/api/nope", "/api/parcels"]) {
      const r = await anon.get(p);
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    }
    const graph = await anon.get("/api/graph");
    expect(graph.headers.get("cache-control")).toBe("no-cache");
    expect(graph.headers.get("etag")).toBeTruthy();
    expect(graph.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("frameworkErrors: URLs the router rejects before any /api scope", () => {
  let mini: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    const { frameworkErrors, registerRest, siteErrorHandler } = await import("../../server/rest/index.js");
    mini = Fastify({ frameworkErrors, routerOptions: { maxParamLength: 200 } });
    mini.setErrorHandler(siteErrorHandler);
    await mini.register(fastifyCookie);
    await mini.register(
      async (api) => {
        await registerRest(api);
        api.get("/boom", async () => {
          throw new Error("secret internals at /srv/app/server/x.ts:12");
        });
      },
      { prefix: "/api" },
    );
    base = await mini.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => mini?.close());

  it("broken %-encoding is a 400 envelope; an over-long code a 404 envelope", async () => {
    const c = new Client(base);
    expect(fails(await c.get("/api/parcels/%E0%A4%A"), 400)).toEqual(["The URL could not be decoded"]);
    fails(await c.get(`/api/parcels/${"A".repeat(300)}`), 404);
    expect((await c.get("/elsewhere/%E0%A4%A")).status).toBe(400);
  });

  it("an unexpected failure is a 500 envelope with a generic message and no detail", async () => {
    const r = await new Client(base).get("/api/boom");
    expect(fails(r, 500)).toEqual(["Something went wrong on our side; please try again"]);
    expect(r.text).not.toContain("secret");
  });
});
