import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const PG_BASE = process.env.TEST_PG_URL || "postgresql://postgres@127.0.0.1:5432/test";

/**
 * A fresh, empty database for one test file: a new SQLite file in a temp folder, or a new
 * schema in the running PostgreSQL (TEST_DB=postgresql). Returns its URL and a scratch dir.
 */
export function freshDatabase(kind = process.env.TEST_DB || "sqlite"): { url: string; dir: string; kind: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "courier-test-"));
  if (kind === "postgresql") {
    const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
    return { url: `${PG_BASE}?schema=${schema}`, dir, kind };
  }
  return { url: `file:${path.join(dir, "test.db")}`, dir, kind: "sqlite" };
}

/** Drops a PostgreSQL test schema (SQLite temp folders are simply removed). */
export async function dropDatabase(url: string, dir: string): Promise<void> {
  if (url.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const u = new URL(url);
    const schema = u.searchParams.get("schema");
    u.searchParams.delete("schema");
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    if (schema) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
