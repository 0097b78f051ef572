// npm run backup [-- DEST_DIR]: a consistent copy of the database and the uploads while the site runs.
//   SQLite: SQLite's online backup API (a consistent snapshot, WAL included) to courier.db.
//   PostgreSQL: pg_dump (plain SQL) of the database or of the ?schema= schema to database.sql.
// Uploads are copied file by file (names are random and never rewritten, so a copy is consistent).
// Restore: see docs/operations.md, "Backup and restore".
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/core/config.js";
import { pgTarget } from "../server/db/migrate.js";

const c = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const dest = path.resolve(process.argv[2] || path.join("backups", stamp));
fs.mkdirSync(dest, { recursive: true });

if (c.provider === "sqlite") {
  const { default: Database } = await import("better-sqlite3");
  const file = path.resolve(c.databaseUrl.replace(/^file:/, "").split("?")[0]);
  const src = new Database(file, { readonly: true, fileMustExist: true });
  await src.backup(path.join(dest, "courier.db"));
  src.close();
  // One self-contained file: no -wal/-shm beside it.
  const check = new Database(path.join(dest, "courier.db"));
  check.pragma("journal_mode = DELETE");
  const ok = check.pragma("integrity_check", { simple: true });
  check.close();
  if (ok !== "ok") throw new Error(`backup failed its integrity check: ${ok}`);
} else {
  const { connectionString, schema } = pgTarget(c.databaseUrl);
  const args = ["--no-owner", "--no-privileges", "-f", path.join(dest, "database.sql")];
  if (schema) args.push("-n", schema);
  execFileSync("pg_dump", [...args, connectionString], { stdio: "inherit" });
}

const images = path.join(c.uploadsDir, "images");
let copied = 0;
if (fs.existsSync(images)) {
  fs.mkdirSync(path.join(dest, "uploads", "images"), { recursive: true });
  for (const name of fs.readdirSync(images)) {
    fs.copyFileSync(path.join(images, name), path.join(dest, "uploads", "images", name));
    copied++;
  }
}
fs.writeFileSync(path.join(dest, "backup.json"), JSON.stringify({ created_at: new Date().toISOString(), provider: c.provider, images: copied }, null, 2));
console.log(`backup written to ${dest} (${c.provider}, ${copied} images)`);
