import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildClientSchema, buildSchema, getIntrospectionQuery, type IntrospectionQuery, lexicographicSortSchema, printSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/site.js";
import { Client } from "../helpers/http.js";

/**
 * The deploy recipe (README.md, Production; docs/operations.md, Deploy) in a temporary copy of the project:
 * `npm ci`, `npm run build`, `npm prune --omit=dev`, `node dist/server/main.js`. `npm ci` itself would compile the native
 * modules again (minutes), so the copy's node_modules is a hard-linked copy of this one (same files,
 * own directory entries) followed by the install's own step (`npm run postinstall`); everything after
 * that is the recipe as written, and the pruned tree no longer holds tsx, esbuild or vite.
 */
const root = path.resolve(import.meta.dirname, "../..");
let dir: string;
let server: ChildProcess | undefined;
let logs: string[] = [];
const timings: Record<string, number> = {};

const run = (cmd: string, args: string[]) => {
  const t0 = Date.now();
  const out = execFileSync(cmd, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: cleanEnv() });
  timings[`${cmd} ${args.join(" ")}`] = Date.now() - t0;
  return out;
};

/** The environment of a plain shell: nothing from Vitest (NODE_ENV=test silences the logs). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of ["PATH", "HOME", "LANG", "TMPDIR", "npm_config_cache"]) if (process.env[k]) env[k] = process.env[k];
  return { ...env, ...extra };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "courier-deploy-"));
  // The project as a clone has it: tracked files (and new ones not ignored), no build, no data.
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const f of files) {
    fs.mkdirSync(path.join(dir, path.dirname(f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(dir, f));
  }
  try {
    execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
  } catch {
    execFileSync("cp", ["-a", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
  }
  // npm rewrites this file in place: give the copy its own, so pruning never touches ours.
  fs.rmSync(path.join(dir, "node_modules/.package-lock.json"), { force: true });
  fs.copyFileSync(path.join(root, "node_modules/.package-lock.json"), path.join(dir, "node_modules/.package-lock.json"));
  run("npm", ["run", "postinstall"]);
}, 180_000);

afterAll(async () => {
  await stop();
  if (Object.keys(timings).length) console.info("deploy recipe timings (ms):", timings);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

async function start(): Promise<{ url: string; ms: number; cpu: number }> {
  const port = await freePort();
  logs = [];
  const t0 = performance.now();
  // The shipped defaults: no LOG_LEVEL, the default database file under ./data, demo content.
  server = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: dir,
    env: cleanEnv({ NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => logs.push(String(d)));
  server.stderr!.on("data", (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${logs.join("")}`);
    try {
      if ((await fetch(`${url}/api/graph`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - t0 > 60_000) throw new Error(`server did not start: ${logs.join("")}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { url, ms: Math.round(performance.now() - t0), cpu: cpuMs(server.pid!) };
}

async function stop() {
  const p = server;
  server = undefined;
  if (!p || p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once("exit", r));
  p.kill("SIGTERM");
  await exited;
}

describe("production recipe", () => {
  it("builds, prunes the dev dependencies and serves the site with plain node", async () => {
    run("npm", ["run", "build"]);
    expect(fs.existsSync(path.join(dir, "dist/server/main.js"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "dist/client/index.html"))).toBe(true);
    run("npm", ["prune", "--omit=dev"]);
    for (const dev of ["tsx", "vite", "vitest", "esbuild", "react", "@apollo/client", "@graphql-codegen/cli"]) {
      expect(fs.existsSync(path.join(dir, "node_modules", dev)), `${dev} pruned`).toBe(false);
    }
    // `npm start` in the built, pruned tree finds nothing to rebuild.
    expect(run("node", ["scripts/build-if-stale.mjs"])).toBe("");

    const { url, ms } = await start();
    timings["first start (empty database, demo content)"] = ms;
    const rest = await fetch(`${url}/api/parcels/CR-2026-000001`);
    expect(rest.status).toBe(200);
    const body = (await rest.json()) as { data: { tracking_code: string; status: string; history: { title: string }[] } };
    expect(body.data.tracking_code).toBe("CR-2026-000001");
    expect(body.data.history.length).toBeGreaterThan(2);

    const gql = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ parcel(trackingCode: "CR-2026-000001") { tracking_code status history { title created_at } } }` }),
    });
    const g = (await gql.json()) as { errors?: unknown; data: { parcel: { tracking_code: string; status: string; history: { title: string }[] } } };
    expect(g.errors).toBeUndefined();
    expect(g.data.parcel.tracking_code).toBe("CR-2026-000001");
    expect(g.data.parcel.status).toBe(body.data.status);
    expect(g.data.parcel.history.map((h: { title: string }) => h.title).sort()).toEqual(body.data.history.map((h: { title: string }) => h.title).sort());

    // The bundle's GraphQL schema is the committed one (class names, and so type names, kept).
    const intro = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const served = printSchema(lexicographicSortSchema(buildClientSchema(((await intro.json()) as { data: IntrospectionQuery }).data)));
    const committed = printSchema(lexicographicSortSchema(buildSchema(fs.readFileSync(path.join(root, "schema/schema.graphql"), "utf8"))));
    expect(served).toBe(committed);

    // The tracking page itself, from the client build.
    const page = await fetch(`${url}/track.html?code=CR-2026-000001`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
    // Rendered by the server's build (dist/ssr, every package bundled in, so it runs in the pruned tree).
    expect(html).toMatch(/id="parcel-code"[^>]*>CR-2026-000001</);
    expect(html).toContain('id="ssr-state"');
  });

  it("starts again on the existing database (the start-up time is printed)", async () => {
    await stop();
    const runs: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await start();
      runs.push(r.ms);
      cpu.push(r.cpu);
      expect((await fetch(`${r.url}/api/parcels/CR-2026-000001`)).status).toBe(200);
      await stop();
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[1];
    timings["start on the existing database, median of 3 (spawn to first answer)"] = median(runs);
    timings["the same, CPU time of the server process"] = median(cpu);
    // Printed, not bounded: the goal is 1.5 s of wall time on a quiet machine, and machines of this kind differ
    // by half (1.46 s of the server's CPU on one, 2.0-2.65 s on a slower one, the same code), more under load.
    // start() gives up after 60 s (a blow-up); docs/operations.md (Deploy) has the measured figures.
    console.info(`start-up on an existing database: ${runs.join(", ")} ms (median ${median(runs)} ms; goal < 1500 ms), CPU ${cpu.join(", ")} ms`);
  });

  it("prints a shipping label and searches the parcels: the threads' modules (labels, long reads) are beside the bundle", async () => {
    const { url } = await start();
    try {
      // The owner's set-up link, as the server prints it while there is no admin yet.
      const token = /\/cp\/signup\?token=([\w-]+)/.exec(logs.join(""))?.[1];
      expect(token, logs.join("")).toBeTruthy();
      const owner = { email: "owner@example.com", password: "s3cure-pass-word" };
      const admin = new Client(url);
      expect((await admin.gql(`mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }`, { i: { ...owner, token } })).errors).toBeUndefined();
      expect((await admin.gql(`mutation($i: SignInInput!) { signIn(input: $i) { email } }`, { i: owner })).data.signIn.email).toBe(owner.email);
      const label = await fetch(`${url}/api/parcels/CR-2026-000001/label.pdf`, { headers: admin.cookieHeader() });
      expect(label.status).toBe(200);
      expect(label.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await label.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      // The staff's search runs in the readers' thread on SQLite.
      const list = await fetch(`${url}/api/parcels?search=2026-000001`, { headers: admin.cookieHeader() });
      expect(list.status).toBe(200);
      const found = ((await list.json()) as { data: { total: number; data: { tracking_code: string }[] } }).data;
      expect(found.total).toBe(1);
      expect(found.data[0].tracking_code).toBe("CR-2026-000001");
    } finally {
      await stop();
    }
  });
});
