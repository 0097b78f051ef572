import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { send } from "../helpers/raw.js";

// Issue 12, item 6: a shared limiter store that fails must not switch the limits off (own file:
// the store is chosen once a process).
let t: TestApp;
beforeAll(async () => {
  // A Redis address where nothing listens: every call to the store fails.
  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_SIGNIN: "3", RATE_LIMIT_SIGNIN_ACCOUNT: "1000", RATE_LIMIT_TRACKING: "5" });
});
afterAll(async () => t?.close());

describe("a failed limiter store", () => {
  it("keeps counting sign-ins in this process, and is not held by the store", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const r = await send(t.url, "POST", "/api/admins/auth/signin", {
        body: JSON.stringify({ email: "y@example.com", password: "wrong-password" }),
        headers: { "content-type": "application/json" },
      });
      // A coarse bound that catches a blow-up only (a request held by the dead store until some far
      // time-out): the store counts as failed after 1 s (STORE_TIMEOUT_MS) and is then left alone for 5 s;
      // the rest is the sign-in's own work (password hashing), slow on a loaded machine.
      expect(r.ms).toBeLessThan(20_000);
      statuses.push(r.status);
    }
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
  });

  it("keeps counting tracking look-ups (the batched rule) too", async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await send(t.url, "GET", "/api/parcels/NOPE-2", { from: "127.0.4.1" })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
  });
});
