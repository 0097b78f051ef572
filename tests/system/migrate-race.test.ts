import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

// Several processes opening one new SQLite file at the same instant: each switches it to WAL
// and applies the migrations. SQLite answers SQLITE_BUSY at once (no busy wait) where waiting
// could deadlock; a CI run once lost a server start to it. Every process must come up, and
// every migration must be applied exactly once.
const PROCESSES = 6;
const ROUNDS = 40;
const SPACING_MS = 250;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "courier-race-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One process: in round r it waits for startAt + r * SPACING_MS, then migrates file r. */
function migrateRounds(files: string[], startAt: number): Promise<{ code: number | null; out: string }> {
  const script = `
    const { migrate } = await import(${JSON.stringify(path.resolve("server/db/migrate.ts"))});
    const files = ${JSON.stringify(files)};
    const results = [];
    for (let r = 0; r < files.length; r++) {
      while (Date.now() < ${startAt} + r * ${SPACING_MS}) {}
      try {
        results.push(await migrate("file:" + files[r]));
      } catch (e) {
        results.push({ error: String(e && e.code || e) });
      }
    }
    process.stdout.write(JSON.stringify(results));
  `;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("exit", (code) => resolve({ code, out }));
  });
}

describe("processes migrating one new SQLite file together", () => {
  it(`all ${PROCESSES} start, and each migration is applied once (${ROUNDS} new files)`, async () => {
    const migrations = fs.readdirSync("prisma/sqlite/migrations").filter((d) => fs.existsSync(path.join("prisma/sqlite/migrations", d, "migration.sql")));
    const files = Array.from({ length: ROUNDS }, (_, r) => path.join(dir, `courier-${r}.db`));
    // Far enough ahead for every process to load; they then leave each wait together.
    const startAt = Date.now() + 4000;
    const runs = await Promise.all(Array.from({ length: PROCESSES }, () => migrateRounds(files, startAt)));
    for (const r of runs) expect(r.code, r.out).toBe(0);
    const results = runs.map((r) => JSON.parse(r.out) as (string[] | { error: string })[]);
    const failed = results.flat().filter((x) => !Array.isArray(x));
    expect(failed).toEqual([]);
    files.forEach((file, r) => {
      const applied = results.flatMap((per) => per[r] as string[]);
      expect(applied.sort()).toEqual([...migrations].sort());
      const db = new Database(file, { readonly: true });
      try {
        expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
        expect((db.prepare("SELECT count(*) AS n FROM _courier_migrations").get() as { n: number }).n).toBe(migrations.length);
      } finally {
        db.close();
      }
    });
  });
});
