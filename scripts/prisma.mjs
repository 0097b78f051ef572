#!/usr/bin/env node
// One model definition (prisma/models.prisma), two providers.
//   derive     write prisma/<provider>/schema.prisma from models.prisma
//   generate   derive, then generate both Prisma clients (server/db/generated/<provider>)
//   migration  write a new migration for each provider (name from argv) from the difference
//              between the committed migrations and the models
//   check      fail when a derived schema or the migrations drift from models.prisma
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const providers = {
  sqlite: { url: "file:../../data/prisma-cli.db" },
  postgresql: { url: "postgresql://localhost:5432/test" },
};
// The CLI only needs some file here to skip its engine download; it then uses the bundled Wasm engine.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ||= "/bin/false";
process.env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
process.env.CHECKPOINT_DISABLE = "1";

function derived(provider) {
  const models = fs.readFileSync(path.join(root, "prisma/models.prisma"), "utf8");
  return `// GENERATED from prisma/models.prisma by scripts/prisma.mjs: do not edit.
generator client {
  provider            = "prisma-client"
  output              = "../../server/db/generated/${provider}"
  engineType          = "client"
  moduleFormat        = "esm"
  importFileExtension = "js"
}

datasource db {
  provider = "${provider}"
  url      = "${providers[provider].url}"
}

${models}`;
}

const schemaPath = (p) => path.join(root, "prisma", p, "schema.prisma");
const prismaBin = path.join(root, "node_modules/.bin/prisma");
const prisma = (provider, args, url) =>
  execFileSync(prismaBin, args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PRISMA_PROVIDER: provider, ...(url ? { PRISMA_CLI_URL: url } : {}) },
  });

function derive() {
  for (const p of Object.keys(providers)) {
    fs.mkdirSync(path.dirname(schemaPath(p)), { recursive: true });
    fs.writeFileSync(schemaPath(p), derived(p));
  }
}

// Each provider's migrations folder keeps schema.snapshot.prisma: the schema its migrations build.
// (The offline Wasm engine cannot diff from a live database, but it diffs two datamodels.)
const snapshotPath = (p) => path.join(root, "prisma", p, "migrations", "schema.snapshot.prisma");

/** SQL that turns a database built by the committed migrations into the current models. */
function pendingSql(p) {
  if (!fs.existsSync(snapshotPath(p))) {
    return prisma(p, ["migrate", "diff", "--from-empty", "--to-schema-datamodel", schemaPath(p), "--script"]);
  }
  return prisma(p, ["migrate", "diff", "--from-schema-datamodel", snapshotPath(p), "--to-schema-datamodel", schemaPath(p), "--script"]);
}

const isEmptyDiff = (sql) => sql.split("\n").every((l) => !l.trim() || l.trim().startsWith("--"));

const cmd = process.argv[2];
if (cmd === "derive") {
  derive();
} else if (cmd === "generate") {
  // A production install (`npm ci --omit=dev`) has no Prisma CLI: the built server (dist/server) carries
  // the generated clients, so there is nothing to generate.
  if (!fs.existsSync(prismaBin)) {
    console.log("prisma: CLI not installed (production install): clients not generated");
    process.exit(0);
  }
  derive();
  for (const p of Object.keys(providers)) prisma(p, ["generate", "--schema", schemaPath(p)]);
  console.log("prisma: generated clients for", Object.keys(providers).join(", "));
} else if (cmd === "migration") {
  const name = process.argv[3];
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: prisma.mjs migration <snake_name>");
  derive();
  for (const p of Object.keys(providers)) {
    const sql = pendingSql(p);
    if (isEmptyDiff(sql)) {
      console.log(`${p}: no changes`);
      continue;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(root, "prisma", p, "migrations", `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql);
    fs.copyFileSync(schemaPath(p), snapshotPath(p));
    console.log(`${p}: wrote ${path.relative(root, dir)}`);
  }
} else if (cmd === "check") {
  let bad = 0;
  for (const p of Object.keys(providers)) {
    if (!fs.existsSync(schemaPath(p)) || fs.readFileSync(schemaPath(p), "utf8") !== derived(p)) {
      console.error(`prisma/${p}/schema.prisma is stale: run npm run prisma:derive`);
      bad++;
      continue;
    }
    const sql = pendingSql(p);
    if (!isEmptyDiff(sql)) {
      console.error(`prisma/${p}/migrations lag behind models.prisma: run npm run prisma:migration <name>\n${sql}`);
      bad++;
    }
  }
  if (bad) process.exit(1);
  console.log("prisma: schemas and migrations match models.prisma");
} else {
  console.error("usage: prisma.mjs derive|generate|migration NAME|check");
  process.exit(2);
}
