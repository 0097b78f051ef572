import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../helpers/site.js";
import { startSmtp, mailText } from "../helpers/smtp.js";
import { Client } from "../helpers/http.js";
import { SETUP_TOKEN } from "../helpers/app.js";

// Structured logs: one JSON line per event with a request id, and no secret in any of them.
let site: Site;
let shipped: Site;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  // Every request logged (LOG_REQUESTS=all), and the shipped defaults (no LOG_LEVEL, no LOG_REQUESTS).
  site = await startSite({ LOG_LEVEL: "info", LOG_REQUESTS: "all", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", SEED_DEMO: "false" });
  // (startSite sets LOG_LEVEL=warn; empty is unset.)
  const env = { SEED_DEMO: "true", LOG_LEVEL: "", LOG_REQUESTS: "" };
  shipped = await startSite(env);
  shipped.logs.length = 0;
});
afterAll(async () => {
  await site?.close();
  await shipped?.close();
  await smtp?.close();
});

const jsonLines = (s: Site) =>
  s.logs
    .join("")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed log lines, whose fields the test checks
    .map((l) => JSON.parse(l) as Record<string, any>);

describe("logs", () => {
  it("are JSON with request ids and never hold passwords, tokens or session cookies", async () => {
    const password = "Very-Secret-Pass-42";
    const c = new Client(site.url);
    await c.post("/api/admins", { email: "log@example.com", password, token: SETUP_TOKEN });
    await c.post("/api/admins/auth/signin", { email: "log@example.com", password });
    const session = [...c.cookies.values()][0];
    await c.get("/api/parcels?per_page=5");
    await new Client(site.url).post("/api/admins/auth/send-pin", { email: "log@example.com" });
    const mail = await smtp.waitFor((m) => m.to.includes("log@example.com"));
    const token = /token: (\S+)/i.exec(mailText(mail.raw))![1];
    await fetch(`${site.url}/control/password.html?email=log%40example.com&token=${token}`);
    await new Client(site.url).gql(`mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }`, {
      i: { email: "log@example.com", new_password: "Another-Secret-99", confirm_new_password: "Another-Secret-99", password_token: token },
    });
    // The last request's line is written once it completes: then every line before it is in too.
    await expect.poll(() => jsonLines(site).some((l) => l.msg === "request completed" && l.req?.url === "/graphql"), { timeout: 30_000 }).toBe(true);
    const lines = site.logs
      .join("")
      .split("\n")
      .filter((l) => l.startsWith("{"));
    expect(lines.length).toBeGreaterThan(5);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.filter((l) => l.reqId).length).toBeGreaterThan(5);
    // One compact line per request, when it completes.
    const completed = parsed.filter((l) => l.msg === "request completed");
    expect(completed.some((l) => l.req.url === "/api/parcels?per_page=~" && l.res.statusCode === 200)).toBe(true);
    expect(parsed.some((l) => l.msg === "incoming request")).toBe(false);
    const reqIds = completed.map((l) => l.reqId);
    expect(new Set(reqIds).size).toBe(reqIds.length);
    const all = lines.join("\n");
    for (const secret of [password, "Another-Secret-99", token, session]) expect(all).not.toContain(secret);
  });

  it("by default write nothing for a request that went well or an unknown code, and one line with its id for a failed one", async () => {
    const ok = await fetch(`${shipped.url}/api/parcels/CR-2026-000001`);
    expect(ok.status).toBe(200);
    expect(
      (
        await fetch(`${shipped.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: `{ parcel(trackingCode: "CR-2026-000001") { tracking_code } }` }),
        })
      ).status,
    ).toBe(200);
    expect((await fetch(`${shipped.url}/api/graph`)).status).toBe(200);
    // An unknown code (404) is an ordinary answer: no line either.
    const unknown = await fetch(`${shipped.url}/api/parcels/NO-SUCH-CODE`, { headers: { "x-request-id": "trace-41" } });
    expect(unknown.status).toBe(404);
    // A 422 with the caller's request id (kept when it is well-formed) and a secret in the query string.
    const missing = await fetch(`${shipped.url}/api/track?codes=&verify=secret-postcode-77`, { headers: { "x-request-id": "trace-42.a" } });
    expect(missing.status).toBe(422);
    expect(missing.headers.get("x-request-id")).toBe("trace-42.a");
    // An id of its own for a request without one, or with one that is not well-formed.
    const bad = await fetch(`${shipped.url}/api/parcels`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "no spaces allowed" },
      body: "{",
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const badId = bad.headers.get("x-request-id")!;
    expect(badId).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => jsonLines(shipped).filter((l) => l.reqId === badId).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const lines = jsonLines(shipped).filter((l) => l.reqId);
    // Nothing for the 200s; one line each for the failures, with status, time and the redacted URL.
    expect(lines.filter((l) => l.res?.statusCode === 200)).toEqual([]);
    const notFound = lines.filter((l) => l.reqId === "trace-42.a");
    expect(notFound).toHaveLength(1);
    expect(notFound[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      res: { statusCode: 422 },
      req: { method: "GET", url: "/api/track?codes=~&verify=~" },
    });
    expect(lines.filter((l) => l.reqId === "trace-41")).toEqual([]);
    expect(typeof notFound[0].responseTime).toBe("number");
    expect(lines.find((l) => l.reqId === badId && l.res)?.res.statusCode).toBe(bad.status);
    expect(shipped.logs.join("")).not.toContain("secret-postcode-77");
  });
});
