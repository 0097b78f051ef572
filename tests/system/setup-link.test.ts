import { afterAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../helpers/site.js";
import { freshDatabase, dropDatabase } from "../helpers/db.js";
import { Client } from "../helpers/http.js";

// Issue 12, item 8: `npm start` on a fresh install prints a one-time link with a random token;
// only that link creates the first admin; the token survives a restart and is gone once used.
const db = freshDatabase(process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite");
const sites: Site[] = [];
afterAll(async () => {
  for (const s of sites) await s.stop();
  await dropDatabase(db.url, db.dir);
});

async function start(): Promise<Site> {
  // No ADMIN_SETUP_TOKEN: the server makes one (the test helpers set a fixed one otherwise).
  const s = await startSite({ ADMIN_SETUP_TOKEN: "", LOG_LEVEL: "info", RATE_LIMIT_SETUP: "10" }, db);
  sites.push(s);
  await expect.poll(() => s.logs.join(""), { timeout: 10_000 }).toMatch(/Courier site on/);
  return s;
}
const linkIn = (logs: string[]) => /\/cp\/signup\?token=([A-Za-z0-9_-]+)/.exec(logs.join(""));

describe("the first-admin setup link", () => {
  it("is printed at every start until used, with the same 128-bit token, and only it creates the owner", async () => {
    let site = await start();
    await expect.poll(() => linkIn(site.logs)?.[1] ?? "", { timeout: 10_000 }).not.toBe("");
    const token = linkIn(site.logs)![1];
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(site.logs.join("")).toContain(`http://localhost:${site.port}/cp/signup?token=${token}`);

    const c = new Client(site.url);
    const owner = { email: "owner@example.com", password: "a long owner passphrase" };
    expect((await c.post("/api/admins", { ...owner, token: "wrong" })).status).toBe(403);

    await site.stop();
    site = await start();
    await expect.poll(() => linkIn(site.logs)?.[1] ?? "", { timeout: 10_000 }).toBe(token);
    const created = await new Client(site.url).post("/api/admins", { ...owner, token });
    expect(created.status, created.text).toBe(201);

    await site.stop();
    site = await start();
    expect((await new Client(site.url).post("/api/admins", { ...owner, token })).status).toBe(403);
    // The link would be printed at the end of start-up, before the server takes SIGTERM itself (until then the
    // signal kills it, exit code null): once it has stopped with code 0 and closed its output, all of it is in.
    const closed = new Promise((r) => site.proc.once("close", r));
    await site.stop();
    await closed;
    expect(site.proc.exitCode).toBe(0);
    expect(linkIn(site.logs)).toBeNull();
  });
});
