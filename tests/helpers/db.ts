import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../../server/db/migrate.js";

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

/** The committed migrations of a provider, as one hash: a template made from other migrations is not used. */
function migrationsHash(provider: "sqlite" | "postgresql"): string {
  const dir = path.resolve(import.meta.dirname, "../../prisma", provider, "migrations");
  const h = crypto.createHash("sha256");
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, "migration.sql");
    if (fs.existsSync(file)) h.update(name).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return h.digest("hex").slice(0, 12);
}

/** The schema the PostgreSQL template (and so each copy of it) holds the tables in: not `public`, as in production setups with `?schema=`. */
const PG_TEMPLATE_SCHEMA = "courier";
/** Held shared while a template is copied, exclusively while one is made or an old one dropped. */
const PG_TEMPLATE_LOCK = 727275;

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  u.search = "";
  return u.toString();
};

/**
 * A fresh database for one test file with every committed migration applied, as the server's start would
 * leave it: a copy of a template made once per set of migrations. PostgreSQL: `CREATE DATABASE ... TEMPLATE`
 * (0.2-0.7 s; migrating a new schema took 1.5-5 s on a loaded host and holds the cluster-wide lock every other
 * file's migration waits on); the copy is a database of its own, dropped by dropDatabase. SQLite: a copy of a
 * migrated file. The server's migrate() then finds nothing to apply; migrating a fresh database is still tested
 * where it is the subject (tests/system, seed.test.ts, which use freshDatabase).
 */
export async function freshMigratedDatabase(kind = process.env.TEST_DB || "sqlite"): Promise<{ url: string; dir: string; kind: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "courier-test-"));
  if (kind === "postgresql") {
    const { default: pg } = await import("pg");
    const template = `courier_tpl_${migrationsHash("postgresql")}`;
    const database = `t_${crypto.randomBytes(6).toString("hex")}`;
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    try {
      await c.query("SELECT pg_advisory_lock_shared($1)", [PG_TEMPLATE_LOCK]);
      let have = (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount;
      if (!have) {
        await c.query("SELECT pg_advisory_unlock_shared($1)", [PG_TEMPLATE_LOCK]);
        await c.query("SELECT pg_advisory_lock($1)", [PG_TEMPLATE_LOCK]);
        have = (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount;
        if (!have) {
          // Made under another name and renamed when whole: a run stopped half-way leaves no half template.
          const making = `${template}_making`;
          await c.query(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`);
          await c.query(`CREATE DATABASE "${making}"`);
          await migrate(`${withDatabase(PG_BASE, making)}?schema=${PG_TEMPLATE_SCHEMA}`);
          await c.query(`ALTER DATABASE "${making}" RENAME TO "${template}"`);
          // Templates of earlier migrations (nothing copies them while the exclusive lock is held).
          const old = await c.query("SELECT datname FROM pg_database WHERE datname LIKE 'courier\\_tpl\\_%' AND datname <> $1", [template]);
          for (const { datname } of old.rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        }
        await c.query("SELECT pg_advisory_unlock($1)", [PG_TEMPLATE_LOCK]);
        await c.query("SELECT pg_advisory_lock_shared($1)", [PG_TEMPLATE_LOCK]);
      }
      await c.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
      await c.query("SELECT pg_advisory_unlock_shared($1)", [PG_TEMPLATE_LOCK]);
    } finally {
      await c.end();
    }
    return { url: `${withDatabase(PG_BASE, database)}?schema=${PG_TEMPLATE_SCHEMA}`, dir, kind };
  }
  const template = path.join(os.tmpdir(), `courier-test-template-${migrationsHash("sqlite")}.db`);
  if (!fs.existsSync(template)) {
    // Made beside it and renamed when whole (a rename is atomic): files starting at once each make one, and one wins.
    const making = `${template}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    await migrate(`file:${making}`);
    fs.renameSync(making, template);
  }
  const file = path.join(dir, "test.db");
  fs.copyFileSync(template, file);
  return { url: `file:${file}`, dir, kind: "sqlite" };
}

/** Drops a PostgreSQL test schema, or the test database freshMigratedDatabase made (SQLite temp folders are simply removed). */
export async function dropDatabase(url: string, dir: string): Promise<void> {
  if (url.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const u = new URL(url);
    const schema = u.searchParams.get("schema");
    const database = u.pathname.slice(1);
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    if (database !== new URL(PG_BASE).pathname.slice(1)) await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    else if (schema) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
