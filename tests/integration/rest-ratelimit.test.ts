import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ADMIN, code, fails, ok, signedIn } from "../fixtures/rest.js";

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_SIGNIN: "3",
    RATE_LIMIT_TRACKING: "3",
    RATE_LIMIT_CONTACT: "2",
    RATE_LIMIT_PIN: "2",
    RATE_LIMIT_RESET: "2",
  });
});
afterAll(async () => t?.close());

/** Fires `n` calls; returns their statuses and the last response. */
async function burst(n: number, call: () => ReturnType<Client["get"]>) {
  const statuses: number[] = [];
  let last;
  for (let i = 0; i < n; i++) {
    last = await call();
    statuses.push(last.status);
  }
  return { statuses, last: last! };
}

function limited(r: Awaited<ReturnType<Client["get"]>>) {
  expect(fails(r, 429)[0]).toMatch(/^Too many requests/);
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("429 with Retry-After, as the GraphQL door counts them", () => {
  it("POST /api/admins/auth/signin: per client address, before the password is checked", async () => {
    // The first admin is created before the limit is spent (creating does not count).
    admin = await signedIn(t);
    ok(await admin.get("/api/parcels"));
    const { statuses, last } = await burst(3, () => new Client(t.url).post("/api/admins/auth/signin", { email: "x@example.com", password: "wrong pass" }));
    expect(statuses).toEqual([422, 422, 429]);
    limited(last);
    limited(await new Client(t.url).post("/api/admins/auth/signin", ADMIN));
  });

  it("GET /api/parcels/{code}: anonymous look-ups only (an admin is not counted)", async () => {
    const { statuses, last } = await burst(4, () => new Client(t.url).get(`/api/parcels/${code()}`));
    expect(statuses).toEqual([404, 404, 404, 429]);
    limited(last);
    fails(await admin.get(`/api/parcels/${code()}`), 404);
  });

  it("POST /api/contact (visitors) and the password-reset calls", async () => {
    const contact = await burst(3, () => new Client(t.url).post("/api/contact", { email: "v@example.com", subject: "s", body: "b" }));
    expect(contact.statuses).toEqual([422, 422, 429]);
    const pin = await burst(3, () => new Client(t.url).post("/api/admins/auth/send-pin", { email: "nobody@example.com" }));
    expect(pin.statuses).toEqual([200, 200, 429]);
    const reset = await burst(3, () =>
      new Client(t.url).patch("/api/admins/auth/update/password-guest", {
        email: ADMIN.email,
        new_password: "long enough 1",
        confirm_new_password: "long enough 1",
        password_token: "wrong",
      }),
    );
    expect(reset.statuses).toEqual([422, 422, 429]);
    limited(reset.last);
  });
});
