import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, dropDatabase } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { waitFor } from "../helpers/wait.js";

const CREATE = `mutation($i: CreateParcelInput!) { createParcel(input: $i) { id tracking_code } }`;
const db = freshDatabase("sqlite");
const sites: Site[] = [];
afterAll(async () => {
  for (const s of sites) await s.stop("SIGKILL").catch(() => undefined);
  await dropDatabase(db.url, db.dir);
});

describe("durability on the embedded SQLite database", () => {
  it("keeps every acknowledged write across a SIGKILL in the middle of a stream of writes", async () => {
    const site = await startSite({ SEED_DEMO: "false" }, db);
    sites.push(site);
    const admin = await signedInAdmin(site.url);
    const acknowledged: string[] = [];
    let failed = 0;
    let stop = false;
    // Four writers in parallel, each a stream of creates, until the process dies under them.
    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 5000; i++) {
        const code = `CRASH-${w}-${i}`;
        try {
          const r = await admin.gql(CREATE, { i: { tracking_code: code, recipient_name: "Crash Test", destination: "Nowhere" } });
          if (r.data?.createParcel?.tracking_code === code) acknowledged.push(code);
        } catch {
          failed++;
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Killed in the middle of the stream, once writes are being acknowledged steadily.
    await waitFor(() => acknowledged.length >= 40 || failed > 0, { what: "40 acknowledged writes" });
    await site.stop("SIGKILL");
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);

    // Restart on the same file: every acknowledged parcel is there and the file is sound.
    const again = await startSite({ SEED_DEMO: "false" }, db);
    sites.push(again);
    const visitor = new Client(again.url);
    const missing: string[] = [];
    for (const code of acknowledged) {
      const r = await visitor.gql(`query($c: String!) { parcel(trackingCode: $c) { tracking_code } }`, { c: code });
      if (r.data?.parcel?.tracking_code !== code) missing.push(code);
    }
    expect(missing).toEqual([]);
    await again.stop("SIGTERM");
    const file = db.url.replace(/^file:/, "");
    const sqlite = new Database(file, { readonly: true });
    expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(sqlite.pragma("foreign_key_check")).toEqual([]);
    const rows = (sqlite.prepare("SELECT count(*) AS n FROM Parcel WHERE tracking_code LIKE 'CRASH-%'").get() as { n: number }).n;
    sqlite.close();
    expect(rows).toBeGreaterThanOrEqual(acknowledged.length);
    console.info(
      `crash test: ${acknowledged.length} writes acknowledged before SIGKILL, ${acknowledged.length - missing.length} present after restart, ${rows} rows in all`,
    );
  });

  it("finishes a request in flight on SIGTERM, then exits cleanly", async () => {
    const site = await startSite({ SEED_DEMO: "false" }, db);
    sites.push(site);
    const admin = await signedInAdmin(site.url);
    const body = JSON.stringify({
      query: CREATE,
      variables: { i: { tracking_code: "TERM-1", recipient_name: "Term", destination: "Here" } },
    });
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // Once the server has the request (it answers "100 Continue" to its headers), send half the body, SIGTERM
    // the server while it waits for the rest, and finish sending once it is stopping (its port refuses new
    // connections).
    const port = Number(new URL(site.url).port);
    const refused = () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, "127.0.0.1");
        s.once("connect", () => {
          s.destroy();
          resolve(false);
        });
        s.once("error", () => resolve(true));
      });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${site.url}/graphql`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), cookie, expect: "100-continue" },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.once("continue", () => {
        req.write(body.slice(0, 40));
        site.proc.kill("SIGTERM");
        waitFor(refused, { what: "the server to stop taking connections" }).then(() => req.end(body.slice(40)), reject);
      });
    });
    const exited = new Promise<number | null>((r) => site.proc.once("exit", (code) => r(code)));
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.createParcel.tracking_code).toBe("TERM-1");
    expect(await exited).toBe(0);
    const sqlite = new Database(db.url.replace(/^file:/, ""), { readonly: true });
    expect(sqlite.prepare("SELECT count(*) AS n FROM Parcel WHERE tracking_code = 'TERM-1'").get()).toEqual({ n: 1 });
    sqlite.close();
  });

  it("npm run backup copies a consistent database and the uploads while the site runs", async () => {
    const site = await startSite({ SEED_DEMO: "true" }, db);
    sites.push(site);
    const dest = path.join(db.dir, "backup");
    const { execFileSync } = await import("node:child_process");
    execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/backup.ts", dest], {
      env: { ...process.env, DATABASE_URL: db.url, UPLOADS_DIR: path.join(db.dir, "uploads") },
      stdio: "pipe",
    });
    const copy = new Database(path.join(dest, "courier.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const parcels = (copy.prepare("SELECT count(*) AS n FROM Parcel").get() as { n: number }).n;
    copy.close();
    expect(parcels).toBeGreaterThan(0);
    const live = fs.readdirSync(path.join(db.dir, "uploads", "images"));
    expect(fs.readdirSync(path.join(dest, "uploads", "images")).sort()).toEqual(live.sort());
    await site.stop();
  });
});
