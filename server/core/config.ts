import path from "node:path";

/**
 * Every environment variable the server reads, declared once: how its text is read, its default and
 * one line saying what it does. The server reads them only through readEnv() below (config() for most,
 * readEnv() directly where a module reads one at its own time); scripts/config-docs.ts writes
 * docs/configuration.md from this table and `npm run check` fails when that file has drifted.
 * tests/unit/config.test.ts checks that no other server file reads process.env.
 */
export type EnvKind = keyof typeof ENV_KINDS;
/** How a variable's text becomes its value (the legend of docs/configuration.md). */
export const ENV_KINDS = {
  text: "text; unset or empty: the default",
  int: "a number; unset or empty: the default; any other text stops the start with `NAME must be a number`",
  number: "a number; unset or empty: the default",
  positive: "a number above 0; anything else: the default",
  positiveInt: "a whole number above 0; anything else: the default",
  on: "on unless exactly `false`",
  off: "off unless exactly `true`",
} as const;

interface EnvDecl {
  group: string;
  kind: EnvKind;
  /** The value when unset (text and number kinds; `on` is true, `off` false). */
  default?: string | number;
  /** The default as the documentation shows it, when it is not the plain value. */
  shown?: string;
  /** What it does, one line (Markdown). */
  doc: string;
}

const SITE = "Site and server";
const DATA = "Database and files";
const MAIL = "Mail";
const ACCOUNTS = "Accounts and sessions";
const LOGS = "Logs";
const PAGES = "Pages and rendering";
const CACHES = "Caches and fast paths";
const LIMITS = "Abuse limits";
const GRAPHQL = "GraphQL";
const WEBHOOKS = "Webhooks";
const SHARED = "Several processes";
const DOCS = "Documents";
const DELIVERY = "The delivery day";
const PLACES = "Address search";
const MESSAGES = "Messages to recipients (SMS, WhatsApp)";

export const ENV_VARS = {
  PORT: { group: SITE, kind: "int", default: 4000, doc: "HTTP port" },
  HOST: { group: SITE, kind: "text", default: "0.0.0.0", doc: "listen address" },
  PUBLIC_URL: {
    group: SITE,
    kind: "text",
    doc: "the site's public origin, e.g. `https://track.example.com`: links in e-mails, CSRF origin check, Secure cookies when https (a trailing `/` is dropped)",
  },
  COMPANY_NAME: {
    group: SITE,
    kind: "text",
    default: "Courier",
    doc: "the company's name on every page, e-mail and PDF until the owner sets one (Settings, Contact Info: Company name)",
  },
  TIME_ZONE: {
    group: SITE,
    kind: "text",
    default: "UTC",
    doc: "the site's time zone (IANA name, e.g. `Europe/Berlin`): dates of quotes, bookings, pickups and statements, and the services' cut-off times",
  },
  TRACKING_PREFIX: {
    group: SITE,
    kind: "text",
    default: "CR",
    doc: "prefix of the tracking codes Create Parcel proposes (`CR-` + 10 characters + a check character; letters and digits, at most 10)",
  },
  TRUST_PROXY: {
    group: SITE,
    kind: "text",
    doc: "how many proxies stand in front (`true` = one, or a number), or a list of their addresses or CIDR blocks: only their own `X-Forwarded-For` entries are believed (the right-most ones), never what the client wrote to the left",
  },
  BODY_LIMIT_BYTES: { group: SITE, kind: "int", default: 1048576, doc: "largest JSON body (413 above)" },
  SEED_DEMO: { group: SITE, kind: "on", doc: "`false` skips the demo content on an empty database" },
  NODE_ENV: {
    group: SITE,
    kind: "text",
    doc: "`test` (set by Vitest): the log is `silent` unless `LOG_LEVEL` says otherwise, and internal GraphQL errors are not copied to the console",
  },

  DATABASE_URL: {
    group: DATA,
    kind: "text",
    default: "file:./data/courier.db",
    doc: "`file:...` = embedded SQLite (better-sqlite3); `postgresql://user@host:5432/db[?schema=name]` = PostgreSQL (@prisma/adapter-pg)",
  },
  PG_POOL_MAX: { group: DATA, kind: "number", default: 10, doc: "PostgreSQL connections per process" },
  UPLOADS_DIR: {
    group: DATA,
    kind: "text",
    default: "./uploads",
    doc: "where uploaded images live (served at `/uploads/images/{name}`); on PostgreSQL the bytes are also kept in the database so several processes can serve them",
  },
  UPLOAD_MAX_BYTES: { group: DATA, kind: "int", default: 5242880, doc: "largest accepted upload: an image, a CSV import (413 above)" },
  CLIENT_DIR: { group: DATA, kind: "text", default: "./dist/client", doc: "the built client (its server render is read from `ssr/` next to it: `./dist/ssr`)" },

  SMTP_URL: {
    group: MAIL,
    kind: "text",
    doc: "the server's own mail transport, e.g. `smtp://user:pass@mail.example.com:587`; unset: every message is written as an `.eml` file to `OUTBOX_DIR` and logged",
  },
  SMTP_HOST: { group: MAIL, kind: "text", doc: "SMTP host for the `smtp` mail driver when `SMTP_URL` is not set" },
  SMTP_PORT: { group: MAIL, kind: "int", default: 587, doc: "SMTP port for the `smtp` mail driver when `SMTP_URL` is not set" },
  SMTP_ALLOW_PLAIN: {
    group: MAIL,
    kind: "off",
    doc: "every SMTP connection is encrypted: TLS from the start on port 465 (or `smtps://`), STARTTLS required on any other port, so a server that offers no TLS is refused and no password travels in clear; `true` lets the server's own transport send without TLS (Send Email has its own switch, the owner's Mail Settings `smtp_allow_plain`, off by default). Certificates are checked: `NODE_EXTRA_CA_CERTS=/path/ca.pem` trusts a company CA; `?tls.rejectUnauthorized=false` in `SMTP_URL` encrypts without checking",
  },
  OUTBOX_DIR: { group: MAIL, kind: "text", default: "./data/outbox", doc: "where `.eml` files go without `SMTP_URL`" },
  MAIL_FROM: { group: MAIL, kind: "text", shown: "contact e-mail", doc: "sender address of mail the site sends by itself" },

  SESSION_TTL_HOURS: { group: ACCOUNTS, kind: "int", default: 336, doc: "admin session lifetime at most" },
  SESSION_IDLE_MINUTES: { group: ACCOUNTS, kind: "int", default: 120, doc: "a session unused this long ends (OWASP ASVS 3.3.2)" },
  ADMIN_SETUP_TOKEN: {
    group: ACCOUNTS,
    kind: "text",
    shown: "random",
    doc: "the token of the first-admin link (else 128 random bits kept in the database, the same for every process, printed at each start until an admin exists)",
  },
  RESET_TOKEN_MINUTES: { group: ACCOUNTS, kind: "int", default: 30, doc: "lifetime of a password-reset token" },
  STAFF_INVITE_HOURS: { group: ACCOUNTS, kind: "int", default: 72, doc: "lifetime of a staff invitation link (single use; inviting again voids the old link)" },

  LOG_LEVEL: { group: LOGS, kind: "text", default: "info", shown: "`info` (`silent` when `NODE_ENV=test`)", doc: "pino log level" },
  LOG_REQUESTS: {
    group: LOGS,
    kind: "text",
    default: "errors",
    doc: "which requests write a log line: `errors` (status >= 400 except 404, and slow ones), `all` (one line per request) or `off`; any other value stops the start (see [operations.md, Logs](operations.md#logs))",
  },
  SLOW_REQUEST_MS: { group: LOGS, kind: "int", default: 1000, doc: "a request taking longer is logged at `warn`" },

  SSR: {
    group: PAGES,
    kind: "on",
    doc: "`false`: the public first screens (home, tracking, contact, content pages) are no longer rendered into the page by the server; the client renders every page alone (see [ARCHITECTURE.md](../ARCHITECTURE.md))",
  },
  SSR_PAGES_KEPT: {
    group: PAGES,
    kind: "int",
    default: 500,
    doc: "rendered pages each process keeps by language and address; one is sent again only while every GraphQL operation of its render answers this request exactly as it did then, and for 5 minutes at most (what the render computes from the clock, such as days without news, is up to that late); `0`: none",
  },
  SSR_BUDGET_MS: {
    group: PAGES,
    kind: "int",
    default: 250,
    doc: "milliseconds of rendering a process may spend per second (a bucket that holds one second of it); past it, pages go out for the client to render; `0`: no bound",
  },
  MAP_TILE_URL: {
    group: PAGES,
    kind: "text",
    default: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    doc: 'the map\'s tile server (given to the client in a `<meta name="tile-url">` tag; markers show even when tiles cannot load)',
  },
  PUBLIC_CACHE_SECONDS: {
    group: PAGES,
    kind: "int",
    default: 0,
    doc: "how long a CDN, proxy or browser may keep a public read without asking again (see [api.md, HTTP caching](api.md#http-caching-of-public-reads)); 0 = `no-cache` with an ETag",
  },

  PARCEL_CACHE_SIZE: {
    group: CACHES,
    kind: "number",
    default: 50000,
    doc: "public parcel views kept ready in memory (`0`: none, every look-up reads the database; about 19 KB each)",
  },
  PARCEL_MISSING_CACHE_SIZE: { group: CACHES, kind: "number", default: 20000, doc: "unknown tracking codes remembered as unknown" },
  DIRECT_READS: {
    group: CACHES,
    kind: "on",
    doc: "`false` reads a look-up's cache miss through Prisma instead of prepared statements on the driver (see [ARCHITECTURE.md](../ARCHITECTURE.md))",
  },
  GRAPHQL_FAST_PATH: {
    group: CACHES,
    kind: "on",
    doc: "`false` sends every GraphQL request through Apollo's own pipeline (see [performance.md](performance.md))",
  },
  GRAPHQL_COMPILED_KEPT: { group: CACHES, kind: "number", default: 1000, doc: "compiled GraphQL operations the fast path keeps (least used out)" },

  GRAPHQL_MAX_DEPTH: { group: GRAPHQL, kind: "number", default: 10, doc: "deepest selection in one GraphQL document (introspection has its own depth of 16)" },
  GRAPHQL_MAX_ALIASES: { group: GRAPHQL, kind: "number", default: 30, doc: "aliases in one GraphQL document" },
  GRAPHQL_MAX_FIELDS: { group: GRAPHQL, kind: "number", default: 400, doc: "selections in one GraphQL document" },
  GRAPHQL_MAX_COST: { group: GRAPHQL, kind: "number", default: 5000, doc: "cost of one GraphQL document (a list multiplies what it selects by 20)" },
  GRAPHQL_MAX_DOCUMENT_BYTES: { group: GRAPHQL, kind: "number", default: 20000, doc: "size of one GraphQL document's text" },

  RATE_LIMIT_TRACKING: {
    group: LIMITS,
    kind: "positive",
    default: 120,
    doc: "anonymous tracking look-ups per minute per client (REST and GraphQL together; admins are not limited)",
  },
  RATE_LIMIT_SIGNIN: {
    group: LIMITS,
    kind: "positive",
    default: 10,
    doc: "sign-in attempts per 15 minutes per client (every try; wrong current passwords of a signed-in member too)",
  },
  RATE_LIMIT_SIGNIN_ACCOUNT: {
    group: LIMITS,
    kind: "positive",
    default: 20,
    doc: "wrong passwords and codes per 15 minutes per account. Past it only a client with a wrong try of its own on the account gets 429; any other waits 2 s and is heard (`server/modules/admin/attempts.ts`), so nobody can lock an account out",
  },
  RATE_LIMIT_PIN: { group: LIMITS, kind: "positive", default: 5, doc: "reset-pin requests per 15 minutes per client" },
  RATE_LIMIT_PIN_ACCOUNT: {
    group: LIMITS,
    kind: "positive",
    default: 5,
    doc: "reset mails per hour per account; past it only a client that asked at most twice for the account is mailed, the answer the same (never 429)",
  },
  RATE_LIMIT_RESET: { group: LIMITS, kind: "positive", default: 10, doc: "password resets with a token per 15 minutes per client" },
  RATE_LIMIT_ACCEPT: { group: LIMITS, kind: "positive", default: 10, doc: "tries to accept a staff invitation per 15 minutes per client" },
  RATE_LIMIT_CONTACT: { group: LIMITS, kind: "positive", default: 5, doc: "visitor contact messages per hour per client" },
  RATE_LIMIT_VERIFY: {
    group: LIMITS,
    kind: "positive",
    default: 10,
    doc: "second-factor attempts (postcode or e-mail of a protected parcel) per 15 minutes per client; `track(codes)` counts one per protected parcel it tries",
  },
  RATE_LIMIT_VERIFY_PARCEL: {
    group: LIMITS,
    kind: "positive",
    default: 10,
    doc: "second-factor attempts per hour per protected parcel, whoever makes them (a guesser with many addresses locks only that parcel's unlock for the hour; the coarse view stays)",
  },
  RATE_LIMIT_SETUP: { group: LIMITS, kind: "positive", default: 10, doc: "tries of the first-admin link per 15 minutes per client" },
  RATE_LIMIT_QUOTE: {
    group: LIMITS,
    kind: "positive",
    default: 60,
    doc: "quotes (`POST /api/quotes`, GraphQL `quote`) per minute per client, a signed-in shipper or its key included",
  },
  RATE_LIMIT_LEASES: {
    group: LIMITS,
    kind: "on",
    doc: "`false`: with a shared store (PostgreSQL or Redis), every tracking look-up and quote is counted there one by one, instead of a twentieth of a client's limit at a time (see [security.md](security.md))",
  },
  RATE_LIMIT_GEOCODE: {
    group: LIMITS,
    kind: "positive",
    default: 30,
    doc: "address searches (`GET /api/places`, GraphQL `places`) per minute per client; each may call the geocoder of `GEOCODER_URL`",
  },
  RATE_LIMIT_SIGNUP: { group: LIMITS, kind: "positive", default: 10, doc: "shipper sign-ups per 15 minutes per client (each hashes a password)" },
  RATE_LIMIT_RESCHEDULE: {
    group: LIMITS,
    kind: "positive",
    default: 10,
    doc: "a recipient's choices of a new delivery day or the depot per 15 minutes per client",
  },
  LIVE_CONNECTIONS_PER_CLIENT: {
    group: LIMITS,
    kind: "positiveInt",
    default: 20,
    doc: "WebSocket connections (GraphQL subscriptions: the tracking page's live updates) one client keeps open on one process; more are refused with 429",
  },
  LIVE_CONNECTIONS_MAX: {
    group: LIMITS,
    kind: "positiveInt",
    default: 4000,
    doc: "WebSocket connections one process keeps open in all; more are refused with 503",
  },
  LIVE_PING_SECONDS: {
    group: LIMITS,
    kind: "positive",
    default: 12,
    doc: "how often each WebSocket connection is pinged (graphql-ws's keep-alive); one that has not answered within as long again is cut, freeing its slot (a phone gone to sleep leaves no socket behind)",
  },

  REDIS_URL: {
    group: SHARED,
    kind: "text",
    doc: "abuse-limit counters in Redis, shared by every process (else: in the database on PostgreSQL, in memory on SQLite); counted by rate-limiter-flexible, in this process's memory while the store fails",
  },
  REDIS_PREFIX: { group: SHARED, kind: "text", default: "courier:", doc: "key prefix in Redis" },

  WEBHOOK_MAX_ATTEMPTS: { group: WEBHOOKS, kind: "positive", default: 6, doc: "deliveries of one event before it is marked failed" },
  WEBHOOK_RETRY_BASE_MS: {
    group: WEBHOOKS,
    kind: "positive",
    default: 30000,
    doc: "back-off after the first failed attempt; doubles after each further one (30 s, 1 min, 2 min, ...)",
  },
  WEBHOOK_TIMEOUT_MS: { group: WEBHOOKS, kind: "positive", default: 10000, doc: "how long a receiver may take to answer" },
  WEBHOOK_POLL_MS: { group: WEBHOOKS, kind: "positive", default: 5000, doc: "how often each process looks for deliveries that are due" },
  WEBHOOK_ALLOW_PRIVATE: {
    group: WEBHOOKS,
    kind: "off",
    doc: "`true` lets webhooks reach local and private addresses (loopback, 10/8, 172.16/12, 192.168/16, link-local such as 169.254.169.254, fc00::/7, ...); by default such URLs are refused at registration (IP literals, `localhost`) and at every delivery, after DNS, on the address actually connected to",
  },

  SMS_PROVIDER: {
    group: MESSAGES,
    kind: "text",
    default: "log",
    doc: "`log`: SMS are kept and shown in the control panel's Messages, nothing leaves the server; `twilio`: sent through Twilio's Messages API (the four `TWILIO_` variables); `none`: no SMS (the next channel of the order is used). See [messages.md](messages.md)",
  },
  TWILIO_ACCOUNT_SID: { group: MESSAGES, kind: "text", doc: "Twilio account SID (`AC...`)" },
  TWILIO_AUTH_TOKEN: {
    group: MESSAGES,
    kind: "text",
    doc: "Twilio auth token: the API's password and the key of `X-Twilio-Signature` on `POST /api/messages/twilio`",
  },
  TWILIO_FROM: { group: MESSAGES, kind: "text", doc: "the sender: a Twilio number in E.164, or a messaging service SID (`MG...`)" },
  TWILIO_BASE_URL: { group: MESSAGES, kind: "text", default: "https://api.twilio.com", doc: "Twilio's API origin (a test points it at a local peer)" },
  WHATSAPP_PROVIDER: {
    group: MESSAGES,
    kind: "text",
    default: "none",
    doc: "`none`: no WhatsApp; `cloud`: template messages through Meta's WhatsApp Cloud API (the four `WHATSAPP_` variables and the templates of the settings)",
  },
  WHATSAPP_TOKEN: { group: MESSAGES, kind: "text", doc: "the Cloud API's access token (a system user's)" },
  WHATSAPP_PHONE_NUMBER_ID: { group: MESSAGES, kind: "text", doc: "the sending number's id in the Cloud API" },
  WHATSAPP_APP_SECRET: { group: MESSAGES, kind: "text", doc: "the Meta app's secret: the key of `X-Hub-Signature-256` on `POST /api/messages/whatsapp`" },
  WHATSAPP_BASE_URL: { group: MESSAGES, kind: "text", default: "https://graph.facebook.com", doc: "the Graph API origin (a test points it at a local peer)" },
  MESSAGE_RETRY_BASE_MS: {
    group: MESSAGES,
    kind: "positive",
    default: 30000,
    doc: "back-off after a provider's first failure, doubling after each further one (30 s, 1 min, 2 min, 4 min): 5 tries within 30 minutes, then the next channel",
  },
  MESSAGE_TIMEOUT_MS: { group: MESSAGES, kind: "positive", default: 10000, doc: "how long a provider may take to answer a send (a time-out is retried)" },
  MESSAGE_POLL_MS: { group: MESSAGES, kind: "positive", default: 2000, doc: "how often each process looks for messages that are due" },
  MESSAGE_SENDS_AT_ONCE: {
    group: MESSAGES,
    kind: "positiveInt",
    default: 8,
    doc: "messages each process sends at the same time (a provider answering in 2 s: 8 at once send 240 a minute)",
  },

  REPORTS_SOURCE: {
    group: CACHES,
    kind: "text",
    default: "rollups",
    doc: "`rollups`: the owner's reports read the daily roll-ups (docs/reports.md); `raw`: every figure from the parcels and their history on each call (the reference the roll-ups are tested against, and what the bench compares)",
  },

  STALE_AFTER_DAYS: {
    group: DOCS,
    kind: "positiveInt",
    default: 5,
    doc: 'days without a history entry after which a parcel "has gone quiet" (public notice; the admin\'s stale list defaults to it)',
  },
  PDF_FONTS: {
    group: DOCS,
    kind: "text",
    doc: "extra font files for invoice and label PDFs, comma-separated (`file.ttc#PostScriptName` for one face of a collection), tried after the bundled DejaVu Sans and Debian's Noto fonts",
  },

  ROUTING_URL: {
    group: DELIVERY,
    kind: "text",
    doc: "an OSRM server (e.g. `http://osrm:5000`) whose table service gives road distances for ordering runs; unset: great-circle distances (also the fallback when the server fails or takes longer than 5 s)",
  },
  POSITION_DAYS: { group: DELIVERY, kind: "positive", default: 7, doc: "days a courier's positions are kept before they are deleted" },
  DELIVERY_WINDOW_MINUTES: {
    group: DELIVERY,
    kind: "positiveInt",
    default: 60,
    doc: "length of the delivery window a started run gives each stop, centred on its ETA, until the owner sets one (Settings, Delivery day: Delivery window)",
  },

  GEOCODER_URL: {
    group: PLACES,
    kind: "text",
    doc: "a geocoder the staff's address search asks through the server (Place on map, Create Parcel), e.g. `https://nominatim.openstreetmap.org` or `https://photon.komoot.io` (mind their usage policies: one request a second for the public Nominatim); unset, or when it fails: the cities of the offline gazetteer (see [shippers.md](shippers.md))",
  },
  GEOCODER_KIND: {
    group: PLACES,
    kind: "text",
    default: "nominatim",
    doc: "the API of `GEOCODER_URL`: `nominatim` (`/search?q=...&format=jsonv2&limit=5`) or `photon` (`/api?q=...&limit=5`, GeoJSON); either answer is read whichever is set",
  },
  GEOCODER_TIMEOUT_MS: {
    group: PLACES,
    kind: "positive",
    default: 4000,
    doc: "how long the geocoder may take to answer before the gazetteer's cities are offered instead",
  },
} as const satisfies Record<string, EnvDecl>;

export type EnvName = keyof typeof ENV_VARS;
type KindOf<N extends EnvName> = (typeof ENV_VARS)[N]["kind"];
export type EnvValue<N extends EnvName> = KindOf<N> extends "text" ? string : KindOf<N> extends "on" | "off" ? boolean : number;

/** The variable's text as set (undefined when unset): for the rare value that depends on whether it is set. */
export function rawEnv(name: EnvName): string | undefined {
  return process.env[name];
}

/** A declared variable's value, read now (so a test that sets it sees it), parsed as its kind says. */
export function readEnv<N extends EnvName>(name: N): EnvValue<N> {
  const decl: EnvDecl = ENV_VARS[name];
  const v = process.env[name];
  let value: string | number | boolean;
  switch (decl.kind) {
    case "text":
      value = v || String(decl.default ?? "");
      break;
    case "int": {
      if (v === undefined || v === "") value = decl.default as number;
      else {
        value = Number(v);
        if (!Number.isFinite(value)) throw new Error(`${name} must be a number`);
      }
      break;
    }
    case "number":
      value = Number(v || decl.default);
      break;
    case "positive": {
      const n = Number(v);
      value = Number.isFinite(n) && n > 0 ? n : (decl.default as number);
      break;
    }
    case "positiveInt": {
      const n = Number(v);
      value = Number.isInteger(n) && n > 0 ? n : (decl.default as number);
      break;
    }
    case "on":
      value = v !== "false";
      break;
    case "off":
      value = v === "true";
      break;
  }
  return value as EnvValue<N>;
}

/** The server's configuration, from the variables above (each described in docs/configuration.md). */
export function loadConfig() {
  const databaseUrl = readEnv("DATABASE_URL");
  return {
    port: readEnv("PORT"),
    host: readEnv("HOST"),
    databaseUrl,
    provider: databaseUrl.startsWith("postgres") ? ("postgresql" as const) : ("sqlite" as const),
    uploadsDir: path.resolve(readEnv("UPLOADS_DIR")),
    outboxDir: path.resolve(readEnv("OUTBOX_DIR")),
    smtpUrl: smtpUrl(readEnv("SMTP_URL")),
    smtpAllowPlain: readEnv("SMTP_ALLOW_PLAIN"),
    smtpHost: readEnv("SMTP_HOST"),
    smtpPort: readEnv("SMTP_PORT"),
    mailFrom: readEnv("MAIL_FROM"),
    publicUrl: readEnv("PUBLIC_URL").replace(/\/+$/, ""),
    companyName: readEnv("COMPANY_NAME"),
    timeZone: timeZone(readEnv("TIME_ZONE")),
    // Prefix of the tracking codes Create Parcel proposes (server/modules/parcel/tracking-code.ts).
    trackingPrefix:
      readEnv("TRACKING_PREFIX")
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 10) || "CR",
    sessionTtlHours: readEnv("SESSION_TTL_HOURS"),
    // A session unused this long ends too (OWASP ASVS 3.3.2), whatever its remaining lifetime.
    sessionIdleMinutes: readEnv("SESSION_IDLE_MINUTES"),
    // The first-admin link's token; random and kept in the database when unset (see admin.service.ts).
    adminSetupToken: readEnv("ADMIN_SETUP_TOKEN"),
    resetTokenMinutes: readEnv("RESET_TOKEN_MINUTES"),
    // How long a staff invitation link works (server/modules/staff).
    staffInviteHours: readEnv("STAFF_INVITE_HOURS"),
    uploadMaxBytes: readEnv("UPLOAD_MAX_BYTES"),
    bodyLimitBytes: readEnv("BODY_LIMIT_BYTES"),
    logLevel: rawEnv("LOG_LEVEL") || (readEnv("NODE_ENV") === "test" ? "silent" : readEnv("LOG_LEVEL")),
    // Which requests write a log line: errors (4xx/5xx and slow ones), all, off (server/core/logging.ts).
    logRequests: requestLogMode(readEnv("LOG_REQUESTS")),
    slowRequestMs: readEnv("SLOW_REQUEST_MS"),
    // How long a CDN or proxy may keep a public read (server/core/http-cache.ts); 0: revalidate every time.
    publicCacheSeconds: Math.max(0, Math.floor(readEnv("PUBLIC_CACHE_SECONDS"))),
    clientDir: path.resolve(readEnv("CLIENT_DIR")),
    // The public first screens rendered into the page (server/ssr.ts, from the build's ssr/ next to CLIENT_DIR); false: the client renders alone.
    ssr: readEnv("SSR"),
    // Rendered pages kept for identical requests while their operations answer the same (server/ssr.ts); 0: none.
    ssrPagesKept: Math.max(0, Math.floor(readEnv("SSR_PAGES_KEPT"))),
    // Milliseconds of rendering a process may spend per second; past it pages go out for the client to render.
    ssrBudgetMs: Math.max(0, readEnv("SSR_BUDGET_MS")),
    seedDemo: readEnv("SEED_DEMO"),
    tileUrl: readEnv("MAP_TILE_URL"),
    trustProxy: readEnv("TRUST_PROXY"),
    secureCookies: readEnv("PUBLIC_URL").startsWith("https://"),
    // Valid JSON queries skip Apollo's request pipeline (server/graphql/fastpath.ts); false sends all through Apollo.
    graphqlFastPath: readEnv("GRAPHQL_FAST_PATH"),
    // Public reads whose answer is made already are sent before Fastify (server/front.ts); false: all through Fastify.
    // Cache misses of public look-ups read with prepared statements on the driver (server/db/direct.ts); false: Prisma.
    directReads: readEnv("DIRECT_READS"),
    rateLimitLeases: readEnv("RATE_LIMIT_LEASES"),
  };
}

function timeZone(v: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: v });
    return v;
  } catch {
    throw new Error("TIME_ZONE must be an IANA time zone such as Europe/Berlin");
  }
}

function requestLogMode(v: string): "errors" | "all" | "off" {
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

function smtpUrl(v: string | undefined): string {
  if (!v) return "";
  if (!URL.canParse(v) || !["smtp:", "smtps:"].includes(new URL(v).protocol)) throw new Error("SMTP_URL must be an smtp:// or smtps:// URL");
  return v;
}
