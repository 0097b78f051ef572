// Prisma CLI configuration: the JS engine with driver adapters, so the CLI works offline.
// PRISMA_PROVIDER (sqlite | postgresql) picks the derived schema; scripts/prisma.mjs sets it.
import os from "node:os";
import path from "node:path";
import { defineConfig } from "prisma/config";

const provider = process.env.PRISMA_PROVIDER === "postgresql" ? "postgresql" : "sqlite";
// The CLI's diffs need no real database; a scratch file outside the project serves SQLite.
const url =
  process.env.PRISMA_CLI_URL ||
  (provider === "sqlite" ? `file:${path.join(os.tmpdir(), "courier-prisma-cli.db")}` : "postgresql://postgres@127.0.0.1:5432/test");

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", provider, "schema.prisma"),
  async adapter() {
    if (provider === "sqlite") {
      const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
      return new PrismaBetterSQLite3({ url });
    }
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const u = new URL(url);
    const schema = u.searchParams.get("schema") ?? undefined;
    u.searchParams.delete("schema");
    return new PrismaPg({ connectionString: u.toString() }, schema ? { schema } : undefined);
  },
});
