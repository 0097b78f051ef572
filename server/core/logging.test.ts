import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { fastifyLogging, redactQuery, registerRequestLog } from "./logging.js";

/** Runs fn with some environment variables set (empty: unset), then puts them back. */
function withEnv<T>(vars: Record<string, string>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) process.env[k] = v;
  try {
    return fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/**
 * The slow-request threshold of these tests, and /slow takes a little longer (that sleep is what is tested). Well
 * above what a plain answer takes even on a loaded machine (2 cores, often loaded to 10+), so /ok is never slow.
 */
const SLOW_MS = 300;
/** A server with the site's logger options writing into an array, and routes answering 200, 404, 500 and slowly. */
async function serverWith(env: Record<string, string>) {
  const c = withEnv({ LOG_LEVEL: "info", LOG_REQUESTS: "", SLOW_REQUEST_MS: "", ...env }, loadConfig);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed log lines, whose fields the test checks
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const options = fastifyLogging(c);
  const app = Fastify({ ...options, logger: options.logger && { ...options.logger, stream } });
  registerRequestLog(app, c);
  app.get("/ok", async () => ({ ok: true }));
  app.get("/missing", async (_req, reply) => reply.code(404).send({ ok: false }));
  app.get("/invalid", async (_req, reply) => reply.code(422).send({ ok: false }));
  app.get("/broken", async () => {
    throw new Error("boom");
  });
  app.get("/slow", async () => {
    await new Promise((r) => setTimeout(r, SLOW_MS + 50));
    return { ok: true };
  });
  await app.ready();
  const hit = async (url: string) => (await app.inject({ url })).statusCode;
  return { c, lines, hit, close: () => app.close() };
}

describe("request log", () => {
  it("by default writes only failed and slow requests, one line each", async () => {
    const s = await serverWith({ SLOW_REQUEST_MS: String(SLOW_MS) });
    expect(s.c.logRequests).toBe("errors");
    for (const u of ["/ok", "/ok", "/missing", "/invalid?token=abc", "/broken", "/slow"]) await s.hit(u);
    const done = s.lines.filter((l) => l.res);
    // No line for the 200s nor for the 404 (an unknown tracking code is an ordinary answer).
    expect(done.map((l) => [l.req.url, l.res.statusCode, l.level, l.msg])).toEqual([
      ["/invalid?token=~", 422, 30, "request completed"],
      ["/broken", 500, 50, "request failed"],
      ["/slow", 200, 40, "slow request"],
    ]);
    expect(done.every((l) => typeof l.reqId === "string" && l.responseTime >= 0)).toBe(true);
    // The failure's error, with its stack, on the 5xx line; no other line for it.
    expect(done[1].err).toMatchObject({ message: "boom" });
    expect(done[1].err.stack).toContain("logging.test.ts");
    expect(s.lines.filter((l) => l.err)).toHaveLength(1);
    expect(JSON.stringify(s.lines)).not.toContain("abc");
    await s.close();
  });

  it("writes one line per request with LOG_REQUESTS=all and none with off; LOG_LEVEL=warn keeps 5xx and slow", async () => {
    const all = await serverWith({ LOG_REQUESTS: "all" });
    await all.hit("/ok");
    await all.hit("/missing");
    expect(all.lines.filter((l) => l.res).map((l) => l.res.statusCode)).toEqual([200, 404]);
    await all.close();
    const off = await serverWith({ LOG_REQUESTS: "off" });
    await off.hit("/missing");
    expect(off.lines.filter((l) => l.res)).toEqual([]);
    await off.close();
    const warn = await serverWith({ LOG_LEVEL: "warn", SLOW_REQUEST_MS: String(SLOW_MS) });
    for (const u of ["/ok", "/missing", "/broken", "/slow"]) await warn.hit(u);
    expect(warn.lines.filter((l) => l.res).map((l) => l.req.url)).toEqual(["/broken", "/slow"]);
    await warn.close();
  });

  it("refuses an unknown LOG_REQUESTS value and redacts every query value", () => {
    expect(() => withEnv({ LOG_REQUESTS: "some" }, loadConfig)).toThrow(/LOG_REQUESTS/);
    expect(redactQuery("/control/password.html?email=a%40b.c&token=xyz")).toBe("/control/password.html?email=~&token=~");
  });
});
