// Issue 35, item 3: the GraphQL WebSocket (parcelLive's door) keeps at most LIVE_CONNECTIONS_PER_CLIENT
// connections per client address (as the rate limits derive it, TRUST_PROXY included) and LIVE_CONNECTIONS_MAX
// in all; a connection that never sends connection_init is closed. Own file: the caps are read once a process.
// 127.0.0.2 is the one trusted proxy here, so one server shows both sides: X-Forwarded-For believed from it, and
// ignored from any other peer (a client writing the header itself gets no new slots).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { waitFor } from "../helpers/wait.js";
import { openLiveConnections } from "../../server/graphql/ws.js";

const PER_CLIENT = 20;
const MOST = 45;
const PROXY = "127.0.0.2";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: PROXY, LIVE_CONNECTIONS_MAX: String(MOST), LIVE_PING_SECONDS: "2" });
});
afterAll(async () => t?.close());

type Outcome = { ws: WebSocket; status: number; retryAfter?: string; body?: string };
const opened: WebSocket[] = [];

/**
 * A WebSocket upgrade to /graphql from `from` (a loopback address), sending `xff` as X-Forwarded-For: 101 or the
 * refusal. `vanished`: a peer that no longer answers pings (as a phone gone to sleep).
 */
function connect(from = "127.0.0.1", xff?: string, vanished = false): Promise<Outcome> {
  const ws = new WebSocket(t.url.replace(/^http/, "ws") + "/graphql", "graphql-transport-ws", {
    localAddress: from,
    headers: xff ? { "x-forwarded-for": xff } : {},
    autoPong: !vanished,
  });
  opened.push(ws);
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve({ ws, status: 101 }));
    ws.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d));
      res.on("end", () => resolve({ ws, status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, body }));
    });
    ws.once("error", reject);
  });
}

/** connection_init, answered by connection_ack: an idle connection as a page keeps it. */
async function initialised(from?: string, xff?: string, vanished = false): Promise<WebSocket> {
  const o = await connect(from, xff, vanished);
  expect(o.status, o.body).toBe(101);
  const ack = new Promise<string>((resolve) => o.ws.once("message", (m) => resolve(String(m))));
  o.ws.send(JSON.stringify({ type: "connection_init" }));
  expect(JSON.parse(await ack).type).toBe("connection_ack");
  return o.ws;
}

const closeAll = async (list: WebSocket[]) => {
  await Promise.all(list.map((ws) => (ws.readyState === WebSocket.CLOSED ? null : new Promise((r) => (ws.once("close", r), ws.terminate())))));
};
// Each test starts with no connection open on the server.
afterEach(async () => {
  await closeAll(opened.splice(0));
  await waitFor(() => openLiveConnections() === 0, { what: "the server to see every socket close" });
});

describe("WebSocket connections per client and in all", () => {
  it("one address keeps 20; the rest are refused with 429, forged X-Forwarded-For or not; other clients still connect; a closed one frees its slot", async () => {
    const mine: WebSocket[] = [];
    for (let i = 0; i < PER_CLIENT; i++) mine.push(await initialised());
    // As the review tried: more idle connections from the same address.
    const refused: Outcome[] = [];
    for (let i = 0; i < 10; i++) refused.push(await connect());
    expect(refused.map((o) => o.status)).toEqual(Array(10).fill(429));
    expect(refused[0].retryAfter).toMatch(/^\d+$/);
    expect(refused[0].body).toMatch(/At most 20 live connections per client/);
    // The client writes X-Forwarded-For itself: its peer is no trusted proxy, so it is still the same client.
    for (const xff of ["198.51.100.1", "203.0.113.9, 198.51.100.2", "2001:db8::1"]) expect((await connect("127.0.0.1", xff)).status).toBe(429);

    // Another address connects, and subscribes as usual.
    const other = await initialised("127.0.0.3");
    const answer = new Promise<string>((resolve) => other.once("message", (m) => resolve(String(m))));
    other.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: `subscription { parcelLive(trackingCode: "NO-SUCH-35") { tracking_code } }` } }));
    expect(JSON.parse(await answer)).toMatchObject({ id: "1", type: "next", payload: { errors: [{ extensions: { code: "NOT_FOUND" } }] } });

    // Behind the trusted proxy, each forwarded address is its own client; an IPv6 /64 is one client.
    expect((await connect(PROXY, "198.51.100.7")).status).toBe(101);
    const block: number[] = [];
    for (let i = 1; i <= PER_CLIENT + 1; i++) block.push((await connect(PROXY, `2001:db8:35:1::${i.toString(16)}`)).status);
    expect(block.slice(0, PER_CLIENT).every((s) => s === 101)).toBe(true);
    expect(block[PER_CLIENT]).toBe(429);
    expect((await connect(PROXY, "2001:db8:35:2::1")).status).toBe(101);

    // A closed connection frees its slot (once the server has seen it close).
    await closeAll(mine.slice(0, 1));
    const again = await waitFor(async () => {
      const o = await connect();
      return o.status === 101 ? o : null;
    });
    expect(again.status).toBe(101);
    expect((await connect()).status).toBe(429);
  });

  it("the process keeps at most LIVE_CONNECTIONS_MAX in all: then 503, whoever asks; slots come back as connections close", async () => {
    const many: Outcome[] = [];
    for (let i = 0; i < MOST; i++) many.push(await connect(PROXY, `192.0.2.${i}`));
    expect(many.every((o) => o.status === 101)).toBe(true);
    expect(openLiveConnections()).toBe(MOST);
    const full = await connect(PROXY, "192.0.2.250");
    expect(full.status).toBe(503);
    expect(full.body).toMatch(/too many live connections/);
    expect((await connect("127.0.0.4")).status).toBe(503);
    await closeAll(many.map((o) => o.ws));
    await waitFor(() => openLiveConnections() === 0);
    expect((await connect("127.0.0.4")).status).toBe(101);
  });

  it("a connection that never sends connection_init is closed (4408) and frees its slot", async () => {
    const started = Date.now();
    const silent = await connect("127.0.0.5");
    expect(silent.status).toBe(101);
    const code = await new Promise<number>((resolve) => silent.ws.once("close", (c) => resolve(c)));
    expect(code).toBe(4408);
    // Coarse: graphql-ws waits 3 s; anything near a minute would mean no timeout at all.
    expect(Date.now() - started).toBeLessThan(30_000);
    await waitFor(() => openLiveConnections() === 0);
  });

  it("a peer that stops answering pings is closed and frees its slot; one that answers stays", async () => {
    const alive = await initialised("127.0.0.6");
    const codes: number[] = [];
    for (let i = 0; i < PER_CLIENT; i++) {
      const o = await connect("127.0.0.7", undefined, true);
      expect(o.status).toBe(101);
      o.ws.once("close", (code) => codes.push(code));
      o.ws.send(JSON.stringify({ type: "connection_init" }));
    }
    // Within two ping intervals (LIVE_PING_SECONDS, 2 here; the bound is coarse).
    await waitFor(() => codes.length === PER_CLIENT, { timeout: 30_000, what: "the silent peers to be closed" });
    // Cut off (no close frame: 1006), not closed by graphql-ws for a missing connection_init (4408).
    expect(new Set(codes)).toEqual(new Set([1006]));
    await waitFor(() => openLiveConnections() === 1);
    expect((await connect("127.0.0.7")).status).toBe(101);
    expect(alive.readyState).toBe(WebSocket.OPEN);
  });
});
