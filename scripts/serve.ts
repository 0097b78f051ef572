// The built server for the measuring scripts (lighthouse.ts, early-lookup.ts, bench-live.ts): dist/server/main.js
// as `npm start` runs it, on a fresh SQLite database in a temporary directory of its own (with its uploads and
// outbox), started and waited for until it answers /api/graph.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export interface BuiltServer {
  base: string;
  /** The server's directory: db.sqlite, uploads/, outbox/. */
  dir: string;
  server: ChildProcess;
  /** Stops the server and removes its directory. */
  stop(): void;
}

/** A port the system gives as free (a random one could be one of a load generator's ephemeral ports, still in use). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
}

/**
 * Starts the built server on `port` with these settings over the shipped defaults; its log goes to this process's
 * stderr (and its stdout too unless `quiet`). Throws when it exits before it answers (a port taken by another
 * run's server, which would answer with another build) or does not answer within 30 s.
 */
export async function serveBuilt(name: string, port: number, env: NodeJS.ProcessEnv = {}, quiet = false): Promise<BuiltServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `courier-${name}-`));
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(dir, "db.sqlite")}`,
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      ...env,
    },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  let exited: number | null = null;
  server.on("exit", (c) => (exited = c ?? 1));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited !== null) {
      stop();
      throw new Error(`the server exited (${exited}): is port ${port} taken?`);
    }
    try {
      if ((await fetch(`${base}/api/graph`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) {
      stop();
      throw new Error("the server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, dir, server, stop };
}
