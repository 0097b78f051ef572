/**
 * The delivery day's live view across two server processes on one PostgreSQL database: a courier's
 * position posted to process A moves the courier for a graphql-ws subscriber on process B (the
 * parcel's view is evicted through PostgreSQL LISTEN/NOTIFY, server/core/bus.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { Client } from "../helpers/http.js";
import { signedInAdmin } from "../helpers/admin.js";
import { subscribeLive } from "../helpers/live.js";

const db = freshDatabase("postgresql");
let a: Site;
let b: Site;
const PASSWORD = "live-process-password-7";

beforeAll(async () => {
  a = await startSite({}, db);
  b = await startSite({}, db);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await dropDatabase(db.url, db.dir);
});

/** An invited courier who accepted (the token read from the outbox), signed in on process A. */
async function courierOn(owner: Client, email: string): Promise<{ client: Client; id: number }> {
  const invited = await owner.post("/api/staff", { email, role: "courier" });
  expect(invited.status, invited.text).toBe(201);
  const dir = path.join(db.dir, "outbox");
  let token = "";
  for (const f of (await fs.readdir(dir)).filter((x) => x.includes("-invitation-"))) {
    const text = (await fs.readFile(path.join(dir, f), "utf8")).replace(/=\r?\n/g, "");
    if (text.includes(email)) token = /accept\.html\?token=(?:3D)?([A-Za-z0-9_-]+)/.exec(text)![1];
  }
  expect((await new Client(a.url).post("/api/staff/accept", { token, password: PASSWORD })).status).toBe(200);
  const client = new Client(a.url);
  expect((await client.post("/api/admins/auth/signin", { email, password: PASSWORD })).status).toBe(200);
  return { client, id: invited.json.data.id };
}

describe("live position across processes", () => {
  it("a position posted to A reaches a parcelLive subscriber on B", async () => {
    const owner = await signedInAdmin(a.url);
    expect((await owner.patch("/api/settings", { depot_latitude: 60.17, depot_longitude: 24.94 })).status).toBe(200);
    const courier = await courierOn(owner, "runner@example.com");
    for (const [i, code] of ["LP-1", "LP-2"].entries()) {
      const created = await owner.post("/api/parcels", {
        tracking_code: code,
        recipient_name: `Live ${i}`,
        destination: "Helsinki",
        map_destination_latitude: 60.17,
        map_destination_longitude: 24.95 + i / 100,
      });
      expect(created.status, created.text).toBe(201);
    }
    const run = await owner.post("/api/runs", { courier_id: courier.id, date: "2026-04-01", stops: [{ tracking_code: "LP-1" }, { tracking_code: "LP-2" }] });
    expect(run.status, run.text).toBe(201);
    expect((await courier.client.post(`/api/runs/${run.json.data.id}/start`, {})).status).toBe(200);

    const viewer = subscribeLive(b.url, "LP-1");
    try {
      expect((await viewer.next()).data.parcelLive.live).toMatchObject({ stops_before: 0, courier: null });
      for (const lon of [24.941, 24.943, 24.946]) {
        const posted = await courier.client.post(`/api/runs/${run.json.data.id}/positions`, {
          positions: [{ latitude: 60.17, longitude: lon, at: new Date().toISOString() }],
        });
        expect(posted.status, posted.text).toBe(204);
        const u = await viewer.next((x) => x.data?.parcelLive.live?.courier?.longitude === lon);
        expect(u.data.parcelLive.live.courier).toMatchObject({ latitude: 60.17, longitude: lon });
      }
      // And the plain look-up on B agrees (its cached view went too).
      const seen = await new Client(b.url).get("/api/parcels/LP-1");
      expect(seen.json.data.live.courier.longitude).toBe(24.946);
    } finally {
      await viewer.close();
    }
  });
});
