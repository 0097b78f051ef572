import path from "node:path";

const env = process.env;

function int(name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === "") return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number`);
  return n;
}

/** All server configuration comes from environment variables (documented in README.md). */
export function loadConfig() {
  const databaseUrl = env.DATABASE_URL || "file:./data/courier.db";
  return {
    port: int("PORT", 4000),
    host: env.HOST || "0.0.0.0",
    databaseUrl,
    provider: databaseUrl.startsWith("postgres") ? ("postgresql" as const) : ("sqlite" as const),
    uploadsDir: path.resolve(env.UPLOADS_DIR || "./uploads"),
    outboxDir: path.resolve(env.OUTBOX_DIR || "./data/outbox"),
    smtpUrl: env.SMTP_URL || "",
    smtpHost: env.SMTP_HOST || "",
    smtpPort: int("SMTP_PORT", 587),
    mailFrom: env.MAIL_FROM || "",
    publicUrl: (env.PUBLIC_URL || "").replace(/\/+$/, ""),
    companyName: env.COMPANY_NAME || "Courier",
    sessionTtlHours: int("SESSION_TTL_HOURS", 24 * 14),
    resetTokenMinutes: int("RESET_TOKEN_MINUTES", 30),
    uploadMaxBytes: int("UPLOAD_MAX_BYTES", 5 * 1024 * 1024),
    bodyLimitBytes: int("BODY_LIMIT_BYTES", 1024 * 1024),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
    // Which requests write a log line: errors (4xx/5xx and slow ones), all, off (server/core/logging.ts).
    logRequests: requestLogMode(env.LOG_REQUESTS),
    slowRequestMs: int("SLOW_REQUEST_MS", 1000),
    // How long a CDN or proxy may keep a public read (server/core/http-cache.ts); 0: revalidate every time.
    publicCacheSeconds: Math.max(0, Math.floor(int("PUBLIC_CACHE_SECONDS", 0))),
    clientDir: path.resolve(env.CLIENT_DIR || "./dist/client"),
    seedDemo: env.SEED_DEMO !== "false",
    tileUrl: env.MAP_TILE_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    trustProxy: env.TRUST_PROXY || "",
    secureCookies: (env.PUBLIC_URL || "").startsWith("https://"),
    // Valid JSON queries skip Apollo's request pipeline (server/graphql/fastpath.ts); false sends all through Apollo.
    graphqlFastPath: env.GRAPHQL_FAST_PATH !== "false",
  };
}

function requestLogMode(v: string | undefined): "errors" | "all" | "off" {
  if (!v) return "errors";
  if (v === "errors" || v === "all" || v === "off") return v;
  throw new Error("LOG_REQUESTS must be errors, all or off");
}

export type Config = ReturnType<typeof loadConfig>;

let current: Config | undefined;
export function config(): Config {
  if (!current) current = loadConfig();
  return current;
}
export function setConfig(c: Config): void {
  current = c;
}
