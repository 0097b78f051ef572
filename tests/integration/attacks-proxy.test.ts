import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { send } from "../helpers/raw.js";

// Issue 12, item 6 (own file: the limiter's settings are read once a process).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true", RATE_LIMIT_SIGNIN: "3", RATE_LIMIT_SIGNIN_ACCOUNT: "1000", RATE_LIMIT_TRACKING: "3" });
});
afterAll(async () => t?.close());

const signin = (xff: string) =>
  send(t.url, "POST", "/api/admins/auth/signin", {
    body: JSON.stringify({ email: "x@example.com", password: "wrong-password" }),
    headers: { "content-type": "application/json", "x-forwarded-for": xff },
  });

describe("behind a trusted proxy (TRUST_PROXY=true)", () => {
  it("believes only the entry the proxy wrote, not the left-most ones the client wrote", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signin(`10.9.9.${i}, 203.0.113.${i}, 198.51.100.7`)).status);
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    // The GraphQL door counts the same client.
    const gql = await send(t.url, "POST", "/graphql", {
      body: JSON.stringify({ query: `mutation { signIn(input: { email: "x@example.com", password: "wrong-password" }) { email } }` }),
      headers: { "content-type": "application/json", "x-forwarded-for": "1.2.3.4, 198.51.100.7" },
    });
    expect(gql.json.errors[0].extensions.code).toBe("TOO_MANY_REQUESTS");
  });

  it("counts IPv6 clients per /64: new addresses in one block are one client", async () => {
    const v6 = [];
    for (let i = 1; i <= 5; i++) v6.push((await signin(`2001:db8:aa:bb::${i.toString(16)}`)).status);
    expect(v6).toEqual([422, 422, 422, 429, 429]);
    expect((await signin("2001:db8:aa:bc::1")).status).toBe(422);
    // IPv4-mapped IPv6 is its IPv4 address.
    const mapped = [];
    for (let i = 0; i < 2; i++) mapped.push((await signin("::ffff:192.0.2.9")).status);
    for (let i = 0; i < 2; i++) mapped.push((await signin("192.0.2.9")).status);
    expect(mapped).toEqual([422, 422, 422, 429]);
  });

  it("applies to anonymous tracking look-ups too", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send(t.url, "GET", "/api/parcels/NOPE-1", { headers: { "x-forwarded-for": `10.0.0.${i}, 198.51.100.50` } })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
