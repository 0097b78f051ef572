/**
 * Staff across two server processes on one PostgreSQL database: a member disabled (and one removed)
 * on process A is signed out at once on process B, and the invitation abuse limit
 * (RATE_LIMIT_ACCEPT) counts tries on both processes together.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { Client } from "../helpers/http.js";
import { signedInAdmin } from "../helpers/admin.js";

const db = freshDatabase("postgresql");
let a: Site;
let b: Site;
const PASSWORD = "two-process-password-9";

beforeAll(async () => {
  const shared = { RATE_LIMIT_ACCEPT: "4", STAFF_INVITE_HOURS: "1" };
  a = await startSite(shared, db);
  b = await startSite(shared, db);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await dropDatabase(db.url, db.dir);
});

/** A member whose invitation is accepted; the token is read from the outbox file on process A. */
async function member(owner: Client, email: string, role: string) {
  const r = await owner.post("/api/staff", { email, role });
  expect(r.status, r.text).toBe(201);
  const fs = await import("node:fs/promises");
  const path = await import("node:path");
  const dir = path.join(db.dir, "outbox");
  const files = (await fs.readdir(dir)).filter((f) => f.includes("-invitation-"));
  let token = "";
  for (const f of files) {
    const text = (await fs.readFile(path.join(dir, f), "utf8")).replace(/=\r?\n/g, "");
    if (!text.includes(email)) continue;
    token = text
      .match(/accept\.html\?token=3D([A-Za-z0-9_-]+)|accept\.html\?token=([A-Za-z0-9_-]+)/)!
      .slice(1)
      .find(Boolean)!;
  }
  expect(token).not.toBe("");
  return token;
}

describe("staff on two processes", () => {
  it("signs a disabled or removed member out at once on the other process", async () => {
    const owner = await signedInAdmin(a.url);
    const token = await member(owner, "two@example.com", "courier");
    const accepted = await new Client(b.url).post("/api/staff/accept", { token, password: PASSWORD });
    expect(accepted.status, accepted.text).toBe(200);
    const onB = new Client(b.url);
    expect((await onB.post("/api/admins/auth/signin", { email: "two@example.com", password: PASSWORD })).status).toBe(200);
    expect((await onB.get("/api/parcels")).status).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    const id = (await owner.get("/api/staff")).json.data.data.find((m: any) => m.email === "two@example.com").id;
    expect((await owner.patch("/api/staff", { id, disabled: true })).status).toBe(200);
    expect((await onB.get("/api/parcels")).status).toBe(401);
    expect((await owner.patch("/api/staff", { id, disabled: false })).status).toBe(200);
    expect((await onB.post("/api/admins/auth/signin", { email: "two@example.com", password: PASSWORD })).status).toBe(200);
    expect((await onB.get("/api/parcels")).status).toBe(200);
    expect((await owner.delete("/api/staff", { id })).status).toBe(200);
    expect((await onB.get("/api/parcels")).status).toBe(401);
  });

  it("limits invitation tries per client across both processes (429 with Retry-After)", async () => {
    const statuses: number[] = [];
    let retry: string | null = null;
    for (const site of [a, b, a, b, a]) {
      const r = await new Client(site.url).post("/api/staff/accept", { token: "guessed-token-0123456789", password: PASSWORD });
      statuses.push(r.status);
      if (r.status === 429) retry = r.headers.get("retry-after");
    }
    // The limit is 4 per client: the accepted invitation of the first test (on B) was the first try.
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    expect(Number(retry)).toBeGreaterThan(0);
  });
});
