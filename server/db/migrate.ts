import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../core/paths.js";

const root = PROJECT_ROOT;

/** Splits `?schema=NAME` off a PostgreSQL URL (node-postgres does not understand it). */
export function pgTarget(url: string): { connectionString: string; schema?: string } {
  const u = new URL(url);
  const schema = u.searchParams.get("schema") ?? undefined;
  u.searchParams.delete("schema");
  return { connectionString: u.toString(), schema };
}

function migrationFiles(provider: "sqlite" | "postgresql"): { name: string; sql: string }[] {
  const dir = path.join(root, "prisma", provider, "migrations");
  return fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, "migration.sql")))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));
}

/** How often a SQLite start-up tries again after SQLITE_BUSY (about 15 s of pauses in all). */
const SQLITE_BUSY_ATTEMPTS = 25;

/** The SQLite half of migrate(): WAL on, pending migrations applied; `applied` gets their names. */
function migrateSqlite(sqlite: import("better-sqlite3").Database, applied: string[]): void {
  try {
    sqlite.pragma("journal_mode = WAL");
    // Off for the migrations (a table rebuild must not cascade deletes); checked after.
    sqlite.pragma("foreign_keys = OFF");
    sqlite.exec("CREATE TABLE IF NOT EXISTS _courier_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
    const done = new Set(
      sqlite
        .prepare("SELECT name FROM _courier_migrations")
        .all()
        .map((r) => (r as { name: string }).name),
    );
    for (const m of migrationFiles("sqlite")) {
      if (done.has(m.name)) continue;
      const fresh = sqlite
        .transaction(() => {
          // Another process starting at the same time may have applied it since `done` was read:
          // check again under the write lock that IMMEDIATE holds.
          if (sqlite.prepare("SELECT 1 FROM _courier_migrations WHERE name = ?").get(m.name)) return false;
          sqlite.exec(m.sql);
          sqlite.prepare("INSERT INTO _courier_migrations (name, applied_at) VALUES (?, ?)").run(m.name, new Date().toISOString());
          return true;
        })
        .immediate();
      if (fresh) applied.push(m.name);
    }
    // Only after a migration of this start: the check reads every table (seconds at a million parcels, more from a cold
    // disk), which a server restarted on an up-to-date database need not pay.
    if (applied.length) {
      const broken = sqlite.pragma("foreign_key_check") as unknown[];
      if (broken.length) throw new Error(`migrations left ${broken.length} rows with broken foreign keys`);
    }
  } finally {
    sqlite.close();
  }
}

/**
 * Applies the committed migrations that this database has not seen yet, each in its own
 * transaction, recorded in _courier_migrations. On PostgreSQL an advisory lock keeps
 * several starting processes from racing.
 */
export async function migrate(url: string): Promise<string[]> {
  const applied: string[] = [];
  if (!url.startsWith("postgres")) {
    const file = path.resolve(url.replace(/^file:/, "").split("?")[0]);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { default: Database } = await import("better-sqlite3");
    // SQLite skips the busy handler where waiting could deadlock (two processes both
    // switching a new file to WAL, or a read upgrading to a write after another commit) and
    // answers SQLITE_BUSY at once. Every step is safe to repeat, so start over after a pause.
    for (let attempt = 1; ; attempt++) {
      try {
        migrateSqlite(new Database(file, { timeout: 5000 }), applied);
        return applied;
      } catch (e) {
        if ((e as { code?: string }).code !== "SQLITE_BUSY" || attempt >= SQLITE_BUSY_ATTEMPTS) throw e;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
      }
    }
  }
  const { default: pg } = await import("pg");
  const { connectionString, schema } = pgTarget(url);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // The lock comes first: two processes running CREATE SCHEMA IF NOT EXISTS at the same
    // moment can both miss the schema and one then fails on pg_namespace's unique index.
    await client.query("SELECT pg_advisory_lock(727274)");
    if (schema) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
      await client.query(`SET search_path TO "${schema.replace(/"/g, "")}"`);
    }
    await client.query("CREATE TABLE IF NOT EXISTS _courier_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
    const done = new Set((await client.query("SELECT name FROM _courier_migrations")).rows.map((r) => r.name as string));
    for (const m of migrationFiles("postgresql")) {
      if (done.has(m.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query("INSERT INTO _courier_migrations (name) VALUES ($1)", [m.name]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      }
      applied.push(m.name);
    }
    await client.query("SELECT pg_advisory_unlock(727274)");
  } finally {
    await client.end();
  }
  return applied;
}
