// npm run bench's companion for the delivery day (issue 26): the built server (dist/server/main.js) on a
// fresh SQLite database, one started run; measures
//   - a position post's round trip on localhost (an upper bound of its server time), BENCH_POSTS posts;
//   - BENCH_VIEWS (1000) graphql-ws subscribers of parcelLive on the parcel the courier heads to, each on its
//     own connection: how long after each post every one of them has the courier's new position;
//   - the look-up GET /api/parcels/{code} (autocannon, 5 s, 32 connections) of that live parcel and of a
//     parcel on no run: req/s and p99.
// Usage: npm run build && npx tsx scripts/bench-live.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { freePort, serveBuilt } from "./serve.js";

const VIEWS = Number(process.env.BENCH_VIEWS || 1000);
const POSTS = Number(process.env.BENCH_POSTS || 50);
const TOKEN = "bench-live-setup-token-0123456789abcdef";
const root = path.resolve(import.meta.dirname, "..");
const { base, dir, stop } = await serveBuilt("bench-live", await freePort(), {
  ADMIN_SETUP_TOKEN: TOKEN,
  LOG_LEVEL: "warn",
  RATE_LIMIT_TRACKING: "100000000",
  RATE_LIMIT_SIGNIN: "100000",
  RATE_LIMIT_ACCEPT: "100000",
  // Every viewer connects from this one address.
  LIVE_CONNECTIONS_PER_CLIENT: "100000",
  LIVE_CONNECTIONS_MAX: "100000",
});
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const cookies = new Map<string, Map<string, string>>();
async function call(who: string, method: string, url: string, body?: unknown) {
  const jar = cookies.get(who) ?? new Map<string, string>();
  cookies.set(who, jar);
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    body: body ? JSON.stringify(body) : undefined,
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const [k, ...v] = pair.split("=");
    jar.set(k.trim(), v.join("="));
  }
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

try {
  await call("owner", "POST", "/api/admins", { email: "owner@bench.example", password: "bench-owner-password-1", token: TOKEN });
  await call("owner", "POST", "/api/admins/auth/signin", { email: "owner@bench.example", password: "bench-owner-password-1" });
  await call("owner", "PATCH", "/api/settings", { depot_latitude: 52.37, depot_longitude: 4.89 });
  const invited = await call("owner", "POST", "/api/staff", { email: "courier@bench.example", role: "courier" });
  const mail = fs.readdirSync(path.join(dir, "outbox")).find((f) => f.includes("-invitation-"))!;
  const token = /accept\.html\?token=(?:3D)?([A-Za-z0-9_-]+)/.exec(fs.readFileSync(path.join(dir, "outbox", mail), "utf8").replace(/=\r?\n/g, ""))![1];
  await call("courier", "POST", "/api/staff/accept", { token, password: "bench-courier-password-1" });
  await call("courier", "POST", "/api/admins/auth/signin", { email: "courier@bench.example", password: "bench-courier-password-1" });
  for (const [i, code] of ["LIVE-1", "LIVE-2", "QUIET-1"].entries()) {
    await call("owner", "POST", "/api/parcels", {
      tracking_code: code,
      recipient_name: `R${i}`,
      destination: "Amsterdam",
      map_destination_latitude: 52.37,
      map_destination_longitude: 4.9 + i / 100,
    });
  }
  const run = (
    await call("owner", "POST", "/api/runs", {
      courier_id: invited.data.id,
      date: "2026-05-01",
      stops: [{ tracking_code: "LIVE-1" }, { tracking_code: "LIVE-2" }],
    })
  ).data;
  await call("courier", "POST", `/api/runs/${run.id}/start`, {});

  // The viewers, each on its own connection.
  const latest = new Array<number>(VIEWS).fill(0);
  const ready = new Array<boolean>(VIEWS).fill(false);
  const waiters = new Set<() => void>();
  const clients = Array.from({ length: VIEWS }, (_, i) => {
    const c = createClient({ url: `${base.replace("http:", "ws:")}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    c.subscribe(
      { query: `subscription { parcelLive(trackingCode: "LIVE-1") { live { courier { longitude } } } }` },
      {
        next: (u) => {
          ready[i] = true;
          latest[i] = (u.data as { parcelLive: { live: { courier: { longitude: number } | null } } }).parcelLive.live?.courier?.longitude ?? 0;
          waiters.forEach((w) => w());
        },
        error: (e) => console.error("subscription error", (e as Error)?.message ?? e),
        complete: () => {},
      },
    );
    return c;
  });
  for (let w = 0; w < 60 && ready.some((r) => !r); w++) await new Promise((r) => setTimeout(r, 500));
  const open = ready.filter(Boolean).length;
  console.log(`${open} of ${VIEWS} viewers subscribed${open < VIEWS ? " (the others' connections timed out: a busy machine)" : ""}`);

  const posts: number[] = [];
  const delivered: number[] = [];
  for (let k = 0; k < POSTS; k++) {
    const lon = Number((4.9 + (k + 1) / 10_000).toFixed(6));
    const t0 = performance.now();
    const all = new Promise<number>((resolve) => {
      const check = () => {
        if (latest.every((l, j) => !ready[j] || l === lon)) {
          waiters.delete(check);
          resolve(performance.now() - t0);
        }
      };
      waiters.add(check);
    });
    await call("courier", "POST", `/api/runs/${run.id}/positions`, { positions: [{ latitude: 52.37, longitude: lon, at: new Date().toISOString() }] });
    posts.push(performance.now() - t0);
    const took = await Promise.race([all, new Promise<number>((r) => setTimeout(() => r(Infinity), 10_000))]);
    if (took === Infinity)
      console.log(
        `post ${k}: ${latest.filter((l, j) => ready[j] && l !== lon).length} viewers without the update after 10 s (e.g. ${latest.find((l) => l !== lon)})`,
      );
    delivered.push(took);
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`position post round trip (${POSTS} posts, ${VIEWS} viewers open): p50 ${pct(posts, 50).toFixed(1)} ms, p99 ${pct(posts, 99).toFixed(1)} ms`);
  console.log(
    `all ${VIEWS} viewers updated after a post: p50 ${pct(delivered, 50).toFixed(0)} ms, p99 ${pct(delivered, 99).toFixed(0)} ms, max ${Math.max(...delivered).toFixed(0)} ms`,
  );
  const r1 = (v: number) => Math.round(v * 10) / 10;
  // For npm run bench (scripts/bench.ts reads this line).
  console.log(
    `BENCH_JSON ${JSON.stringify({
      views: VIEWS,
      open,
      posts: POSTS,
      post_p50: r1(pct(posts, 50)),
      post_p99: r1(pct(posts, 99)),
      views_p50: r1(pct(delivered, 50)),
      views_p99: r1(pct(delivered, 99)),
      views_max: r1(Math.max(...delivered)),
    })}`,
  );
  await Promise.all(clients.map((c) => c.dispose()));

  for (const code of ["LIVE-1", "QUIET-1"]) {
    const out = execFileSync(path.join(root, "node_modules/.bin/autocannon"), ["-j", "-d", "5", "-c", "32", `${base}/api/parcels/${code}`], {
      encoding: "utf8",
    });
    const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number };
    console.log(`GET /api/parcels/${code}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
  }
} finally {
  stop();
}
