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
    smtpUrl: smtpUrl(env.SMTP_URL),
    smtpHost: env.SMTP_HOST || "",
    smtpPort: int("SMTP_PORT", 587),
    // SMTP without TLS for the server's own transport (server/modules/mail/smtp.ts); off: STARTTLS is required.
    smtpAllowPlain: env.SMTP_ALLOW_PLAIN === "true",
    mailFrom: env.MAIL_FROM || "",
    publicUrl: (env.PUBLIC_URL || "").replace(/\/+$/, ""),
    companyName: env.COMPANY_NAME || "Courier",
    // Prefix of the tracking codes Create Parcel proposes (server/modules/parcel/tracking-code.ts).
    trackingPrefix: (env.TRACKING_PREFIX || "CR").replace(/[^A-Za-z0-9]/g, "").slice(0, 10) || "CR",
    sessionTtlHours: int("SESSION_TTL_HOURS", 24 * 14),
    // A session unused this long ends too (OWASP ASVS 3.3.2), whatever its remaining lifetime.
    sessionIdleMinutes: int("SESSION_IDLE_MINUTES", 120),
    // The first-admin link's token; random and kept in the database when unset (see admin.service.ts).
    adminSetupToken: env.ADMIN_SETUP_TOKEN || "",
    resetTokenMinutes: int("RESET_TOKEN_MINUTES", 30),
    // How long a staff invitation link works (server/modules/staff).
    staffInviteHours: int("STAFF_INVITE_HOURS", 72),
    uploadMaxBytes: int("UPLOAD_MAX_BYTES", 5 * 1024 * 1024),
    bodyLimitBytes: int("BODY_LIMIT_BYTES", 1024 * 1024),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info"),
    // Which requests write a log line: errors (4xx/5xx and slow ones), all, off (server/core/logging.ts).
    logRequests: requestLogMode(env.LOG_REQUESTS),
    slowRequestMs: int("SLOW_REQUEST_MS", 1000),
    // How long a CDN or proxy may keep a public read (server/core/http-cache.ts); 0: revalidate every time.
    publicCacheSeconds: Math.max(0, Math.floor(int("PUBLIC_CACHE_SECONDS", 0))),
    clientDir: path.resolve(env.CLIENT_DIR || "./dist/client"),
    // The public first screens rendered into the page (server/ssr.ts, from the build's ssr/ next to CLIENT_DIR); false: the client renders alone.
    ssr: env.SSR !== "false",
    // Rendered pages kept for identical requests while their operations answer the same (server/ssr.ts); 0: none.
    ssrPagesKept: Math.max(0, Math.floor(int("SSR_PAGES_KEPT", 500))),
    // Milliseconds of rendering a process may spend per second; past it pages go out for the client to render.
    ssrBudgetMs: Math.max(0, int("SSR_BUDGET_MS", 250)),
    seedDemo: env.SEED_DEMO !== "false",
    tileUrl: env.MAP_TILE_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    trustProxy: env.TRUST_PROXY || "",
    secureCookies: (env.PUBLIC_URL || "").startsWith("https://"),
    // Valid JSON queries skip Apollo's request pipeline (server/graphql/fastpath.ts); false sends all through Apollo.
    graphqlFastPath: env.GRAPHQL_FAST_PATH !== "false",
    // Public reads whose answer is made already are sent before Fastify (server/front.ts); false: all through Fastify.
    frontAnswers: env.FRONT_ANSWERS !== "false",
    // Cache misses of public look-ups read with prepared statements on the driver (server/db/direct.ts); false: Prisma.
    directReads: env.DIRECT_READS !== "false",
    // Public look-up answers the GraphQL fast path keeps (server/graphql/answer-memo.ts); 0 turns it off.
    graphqlAnswersKept: Math.max(0, Math.floor(int("GRAPHQL_ANSWERS_KEPT", 10_000))),
  };
}

function smtpUrl(v: string | undefined): string {
  if (!v) return "";
  if (!URL.canParse(v) || !["smtp:", "smtps:"].includes(new URL(v).protocol)) throw new Error("SMTP_URL must be an smtp:// or smtps:// URL");
  return v;
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
