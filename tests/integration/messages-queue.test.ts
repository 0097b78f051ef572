// Contract section 13 on both databases: the durable queue of messages to recipients. An event goes once
// whoever queues it; two worker loops claiming at once send each message once (a conditional update with a
// lease); a server stopped mid-send and started again neither loses nor repeats a message, and a claim left
// by a process that died comes due again when its lease ends. The SMS peer is a local HTTP server.
import "reflect-metadata";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { newParcel, signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { waitFor } from "../helpers/wait.js";
import { closeDb, db } from "../../server/db/index.js";
import { queueEvents } from "../../server/modules/message/message.service.js";
import { messageWorkerState, sendDue, settleMessages, stopMessageWorker } from "../../server/modules/message/message.sender.js";

interface Hit {
  to: string;
  body: string;
}
const hits: Hit[] = [];
/** Milliseconds the peer waits before answering (a slow provider), and whether it holds answers until released. */
let delayMs = 0;
const held: (() => void)[] = [];
let hold = false;
let n = 0;
const peer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    hits.push({ to: form.get("To") ?? "", body: form.get("Body") ?? "" });
    const answer = () => res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ sid: `SM${(++n).toString().padStart(32, "0")}` }));
    if (hold) held.push(answer);
    else setTimeout(answer, delayMs);
  });
});

let t: TestApp;
let app: FastifyInstance;
let admin: Client;
beforeAll(async () => {
  await new Promise<void>((r) => peer.listen(0, "127.0.0.1", r));
  t = await startTestApp({
    PUBLIC_URL: "https://track.example.com",
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_FROM: "+15005550006",
    TWILIO_BASE_URL: `http://127.0.0.1:${(peer.address() as { port: number }).port}`,
    MESSAGE_RETRY_BASE_MS: "50",
    MESSAGE_TIMEOUT_MS: "5000",
    MESSAGE_POLL_MS: "100",
    // Two sends at a time: the restart test holds two at the peer while the third waits.
    MESSAGE_SENDS_AT_ONCE: "2",
  });
  app = t.app;
  admin = await signedInAdmin(t.url);
  const r = await admin.patch("/api/settings", { sms_enabled: true, channel_order: ["sms"] });
  expect(r.status, r.text).toBe(200);
}, 120_000);
afterAll(async () => {
  hold = false;
  for (const h of held) h();
  await settleMessages();
  await app?.close();
  await closeDb();
  const { dropDatabase } = await import("../helpers/db.js");
  await dropDatabase(t.databaseUrl, t.dir);
  await new Promise((r) => peer.close(r));
});

let k = 0;
const phone = () => `+4917${String(10_000_000 + ++k * 104_729).slice(-8)}`;
async function parcels(count: number) {
  const out: { id: number; tracking_code: string; phone: string }[] = [];
  for (let i = 0; i < count; i++) {
    const p = phone();
    out.push({ ...(await newParcel(admin, "MQ", "Berlin, DE", { recipient_phone_number: p })), phone: p });
  }
  return out;
}
const statusEvent = (p: { id: number; tracking_code: string }, code = "in_transit") => ({
  parcel_id: p.id,
  tracking_code: p.tracking_code,
  event: `status:${code}`,
  payload: { kind: "status" as const, status_code: code, status_reason: null, created_at: new Date().toISOString(), title: "Update", description: "" },
});
const hitsTo = (numbers: string[]) => hits.filter((h) => numbers.includes(h.to));

describe("the durable queue", () => {
  it("an event queued twice at once (two subscribers, two processes) is one row and one SMS", async () => {
    const [p] = await parcels(1);
    await Promise.all([queueEvents([statusEvent(p)]), queueEvents([statusEvent(p)]), queueEvents([statusEvent(p), statusEvent(p)])]);
    await waitFor(async () => (await db().message.findMany({ where: { parcel_id: p.id } })).every((m) => m.status === "sent"));
    await settleMessages();
    expect(await db().message.count({ where: { parcel_id: p.id } })).toBe(1);
    expect(hitsTo([p.phone])).toHaveLength(1);
  });

  it("two worker loops claiming at once send each of 30 messages once", async () => {
    // The server's own loop is stopped: the two loops below are the only ones.
    await stopMessageWorker();
    const list = await parcels(30);
    await queueEvents(list.map((p) => statusEvent(p)));
    delayMs = 20;
    const [a, b, c] = await Promise.all([sendDue(), sendDue(), sendDue()]);
    delayMs = 0;
    expect(a + b + c).toBe(30);
    const rows = await db().message.findMany({ where: { parcel_id: { in: list.map((p) => p.id) } } });
    expect(rows.map((r) => r.status)).toEqual(Array(30).fill("sent"));
    const sent = hitsTo(list.map((p) => p.phone));
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((h) => h.to)).size).toBe(30);
  }, 120_000);

  it("a server stopped while a send is under way records it on the way out; started again, it sends nothing twice and the rest once", async () => {
    const list = await parcels(3);
    hold = true;
    await queueEvents(list.map((p) => statusEvent(p)));
    // The restart below needs a server whose worker runs: this file's app had its loop stopped above.
    const { startMessageWorker } = await import("../../server/modules/message/message.sender.js");
    startMessageWorker();
    await waitFor(() => hitsTo([list[0].phone, list[1].phone]).length === 2, { what: "the first two sends to reach the peer" });
    // Stop the server now: its close waits for the send in flight, which the peer then answers.
    const closing = app.close();
    await waitFor(() => messageWorkerState() === "stopping", { interval: 5, what: "the server to start closing" });
    hold = false;
    for (const h of held.splice(0)) h();
    await closing;
    // The stopping server sent what it had under way and claimed nothing more.
    const left = await db().message.findMany({ where: { parcel_id: { in: list.map((p) => p.id) } }, orderBy: { id: "asc" } });
    expect(left.map((m) => m.status)).toEqual(["sent", "sent", "queued"]);
    await closeDb();
    // A claim left by a process that died mid-send: claimed (next_try_at moved past a short lease), never sent.
    const [, , dead] = list;
    await db_open(t.databaseUrl);
    const lease = new Date(Date.now() + 1500);
    await db().message.updateMany({ where: { parcel_id: dead.id, status: "queued" }, data: { next_try_at: lease } });
    await closeDb();
    // Start again on the same database.
    const { buildApp } = await import("../../server/app.js");
    app = await buildApp();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const rows = await waitFor(
      async () => {
        const r = await db().message.findMany({ where: { parcel_id: { in: list.map((p) => p.id) } } });
        return r.length === 3 && r.every((m) => m.status === "sent") ? r : null;
      },
      { timeout: 60_000, what: "all three to be sent after the restart" },
    );
    await settleMessages();
    expect(rows).toHaveLength(3);
    for (const p of list) expect(hitsTo([p.phone]), p.phone).toHaveLength(1);
  }, 120_000);
});

async function db_open(url: string) {
  const { openDb } = await import("../../server/db/index.js");
  await openDb(url);
}
