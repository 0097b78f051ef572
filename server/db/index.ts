import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "./generated/sqlite/client.js";
import { migrate, pgTarget } from "./migrate.js";
import { openDirect, type DirectDb } from "./direct.js";
import { startBus, stopBus } from "../core/bus.js";
import { readEnv } from "../core/config.js";
import { flushAudit, withAudit } from "./audit.js";
import { SqliteWriter } from "./sqlite-writer.js";

/** The one Prisma client. Both generated clients share the same model API; SQLite's type stands for both. */
export type Db = PrismaClient;
export type Provider = "sqlite" | "postgresql";

let current: { prisma: Db; provider: Provider; schema: string; direct: DirectDb; writer?: SqliteWriter; auditReader?: Db } | undefined;

export function db(): Db {
  if (!current) throw new Error("database not opened");
  return current.prisma;
}
export function provider(): Provider {
  if (!current) throw new Error("database not opened");
  return current.provider;
}
/** Plain-driver reads beside Prisma, for the hottest cache misses (server/db/direct.ts). */
export function direct(): DirectDb {
  if (!current) throw new Error("database not opened");
  return current.direct;
}
/** Prepared writes on Prisma's own SQLite connection (server/db/sqlite-writer.ts); undefined on PostgreSQL. */
export function sqliteWriter(): SqliteWriter | undefined {
  return current?.writer;
}
/** The quoted PostgreSQL schema for raw SQL (the adapter qualifies only Prisma's own queries). */
export function pgTable(name: string): string {
  return `"${current?.schema ?? "public"}"."${name}"`;
}
/** Case-insensitive `contains` (SQLite's LIKE already ignores ASCII case; PostgreSQL needs the mode). */
export function containsText(value: string) {
  return provider() === "postgresql" ? { contains: value, mode: "insensitive" as const } : { contains: value };
}

function sqliteFile(url: string): string {
  const file = url.replace(/^file:/, "").split("?")[0];
  return path.resolve(file);
}

/** Opens the database named by the URL, applies pending migrations, returns the client. */
export async function openDb(url: string): Promise<Db> {
  if (current) return current.prisma;
  const provider: Provider = url.startsWith("postgres") ? "postgresql" : "sqlite";
  await migrate(url);
  let prisma: Db;
  let schema = "public";
  let writer: SqliteWriter | undefined;
  let auditReader: Db | undefined;
  if (provider === "sqlite") {
    const file = sqliteFile(url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const [{ PrismaClient }, { PrismaBetterSQLite3 }] = await Promise.all([import("./generated/sqlite/client.js"), import("@prisma/adapter-better-sqlite3")]);
    // The adapter Prisma connects is kept: the SQLite writer uses its connection and transaction lock.
    const factory = new PrismaBetterSQLite3({ url: `file:${file}` });
    const adapter: Pick<typeof factory, "provider" | "adapterName" | "connect" | "connectToShadowDb"> = {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => {
        const a = await factory.connect();
        writer = new SqliteWriter(a as unknown as ConstructorParameters<typeof SqliteWriter>[0]);
        return a;
      },
      connectToShadowDb: () => factory.connectToShadowDb(),
    };
    prisma = new PrismaClient({ adapter });
    // WAL keeps readers and the writer apart; foreign keys make cascades real.
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$executeRawUnsafe("PRAGMA foreign_keys = ON");
    await prisma.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
    await prisma.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  } else {
    const [{ PrismaClient }, { PrismaPg }] = await Promise.all([import("./generated/postgresql/client.js"), import("@prisma/adapter-pg")]);
    const target = pgTarget(url);
    schema = (target.schema ?? "public").replace(/"/g, "");
    const adapter = new PrismaPg({ connectionString: target.connectionString, max: readEnv("PG_POOL_MAX") }, target.schema ? { schema } : undefined);
    prisma = new PrismaClient({ adapter }) as unknown as Db;
    // The audit's reads of a write's rows, on two connections of their own (server/db/audit.ts withAudit).
    const readerAdapter = new PrismaPg({ connectionString: target.connectionString, max: 2 }, target.schema ? { schema } : undefined);
    auditReader = new PrismaClient({ adapter: readerAdapter }) as unknown as Db;
  }
  await prisma.$connect();
  // Every write of an audited model is recorded (server/db/audit.ts).
  prisma = withAudit(prisma, writer, auditReader);
  let direct: DirectDb;
  if (provider === "sqlite") {
    direct = openDirect("sqlite", { file: sqliteFile(url) });
  } else {
    const { connectionString } = pgTarget(url);
    direct = openDirect("postgresql", { connectionString, schema });
    // Cached views and the start-up graph are invalidated across processes by NOTIFY (server/core/bus.ts).
    await startBus(connectionString, schema);
  }
  current = { prisma, provider, schema, direct, writer, auditReader };
  return prisma;
}

export async function closeDb(): Promise<void> {
  const c = current;
  current = undefined;
  if (c) {
    await flushAudit();
    await stopBus();
    await c.direct.close();
    await c.prisma.$disconnect();
    await c.auditReader?.$disconnect();
  }
}
