import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadConfig, setConfig } from "../../server/core/config.js";
import { dropDatabase, freshMigratedDatabase } from "./db.js";

/** The first-admin setup token every test server starts with (ADMIN_SETUP_TOKEN). */
export const SETUP_TOKEN = "test-setup-token-0123456789abcdef";

export interface TestApp {
  app: FastifyInstance;
  url: string;
  dir: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The whole server in this test process, on a fresh database (SQLite file or PostgreSQL database, by TEST_DB,
 * copied from a migrated template: freshMigratedDatabase), listening on a free loopback port. Extra env values
 * override the config.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { url: databaseUrl, dir } = await freshMigratedDatabase();
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: path.join(dir, "uploads"),
    OUTBOX_DIR: path.join(dir, "outbox"),
    CLIENT_DIR: path.join(dir, "no-client"),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || "silent",
    SEED_DEMO: "false",
    ADMIN_SETUP_TOKEN: SETUP_TOKEN,
    // Limits are tested on purpose in their own files; elsewhere they must not interfere.
    RATE_LIMIT_SIGNIN: "100000",
    RATE_LIMIT_SIGNIN_ACCOUNT: "100000",
    RATE_LIMIT_PIN: "100000",
    RATE_LIMIT_PIN_ACCOUNT: "100000",
    RATE_LIMIT_RESET: "100000",
    RATE_LIMIT_CONTACT: "100000",
    RATE_LIMIT_TRACKING: "100000",
    RATE_LIMIT_SETUP: "100000",
    RATE_LIMIT_ACCEPT: "100000",
    ...env,
  });
  setConfig(loadConfig());
  const { buildApp } = await import("../../server/app.js");
  const { closeDb } = await import("../../server/db/index.js");
  const app = await buildApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dir,
    databaseUrl,
    async close() {
      await app.close();
      await closeDb();
      await dropDatabase(databaseUrl, dir);
    },
  };
}
