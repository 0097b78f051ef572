import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { dropDatabase, freshDatabase } from "./db.js";
import { SETUP_TOKEN } from "./app.js";
import { buildState } from "../../scripts/build-state.mjs";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export interface Site {
  url: string;
  port: number;
  dir: string;
  databaseUrl: string;
  proc: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/**
 * The server as `npm start` runs it (dist/server/main.js, built by scripts/test-setup.mjs) when the build is
 * current, else the sources through tsx (after an edit, without a build: slower to start, 6 s of CPU against 3).
 */
let serverCommand: string[] | undefined;
function server(): string[] {
  if (!serverCommand) {
    serverCommand = buildState().current ? ["dist/server/main.js"] : ["--import", "tsx", "server/main.ts"];
    if (serverCommand[0] !== "dist/server/main.js") console.warn("startSite: dist/ is older than the sources: the servers run server/main.ts through tsx");
  }
  return serverCommand;
}

/**
 * The real server as its own process, serving the built client (dist/client, built by scripts/test-setup.mjs)
 * with demo content on a fresh database.
 */
export async function startSite(env: Record<string, string> = {}, db?: { url: string; dir: string }): Promise<Site> {
  const { url: databaseUrl, dir } = db ?? freshDatabase();
  const port = await freePort();
  const logs: string[] = [];
  // One process (node itself, or node with the tsx loader), so a signal reaches the server itself.
  const proc = spawn(process.execPath, server(), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      LOG_LEVEL: "warn",
      ADMIN_SETUP_TOKEN: SETUP_TOKEN,
      RATE_LIMIT_SIGNIN: "100000",
      RATE_LIMIT_SIGNIN_ACCOUNT: "100000",
      RATE_LIMIT_PIN: "100000",
      RATE_LIMIT_PIN_ACCOUNT: "100000",
      RATE_LIMIT_RESET: "100000",
      RATE_LIMIT_CONTACT: "100000",
      RATE_LIMIT_TRACKING: "100000",
      RATE_LIMIT_SETUP: "100000",
      RATE_LIMIT_ACCEPT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => logs.push(String(d)));
  proc.stderr!.on("data", (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${logs.join("")}`);
    try {
      const r = await fetch(`${url}/api/graph`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`server did not start: ${logs.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    dir,
    databaseUrl,
    proc,
    logs,
    stop,
    async close() {
      await stop();
      await dropDatabase(databaseUrl, dir);
    },
  };
}
