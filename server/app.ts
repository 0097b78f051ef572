import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { pageCsp } from "./core/csp.js";
import { getSettings } from "./modules/settings/settings.service.js";
import { companyLanguage } from "./modules/settings/company-language.js";
import { COMPANY_LANGUAGE_META, languageOf } from "../shared/i18n/languages.js";
import { config, readEnv } from "./core/config.js";
import { fastifyLogging, registerRequestLog, requestIdOf } from "./core/logging.js";
import { etagOf, publicRead } from "./core/http-cache.js";
import { openDb } from "./db/index.js";
import { ViewCache } from "./core/cache.js";
import { registerGraphql } from "./graphql/server.js";
import { frameworkErrors, registerRest, siteErrorHandler } from "./rest/index.js";
import { mimeOf, readImage } from "./modules/upload/upload.service.js";
import { clientRouteStatus, registerScreenAliases } from "./client-routes.js";
import { inlineScriptHashes, loadPageRenderer } from "./ssr.js";
import { isHiddenFromSearch, normalPath } from "../shared/core/routes.codes.js";
import { registerSeoRoutes } from "./modules/seo/seo.routes.js";
import { plainTile } from "./core/png.js";
import { DEFAULT_CSP, helmetHeaders, HSTS } from "./core/security-headers.js";
import { compileSerializersSoon, lazySerializers } from "./core/lazy-serializers.js";
import { closeLimits, openLimits } from "./core/ratelimit.js";
import { flushKeyUse } from "./modules/apikey/apikey.auth.js";
import { flushShipperKeyUse } from "./modules/shipper/shipper.auth.js";
import { trustProxySetting } from "./core/client-address.js";
import { startWebhookWorker, stopWebhookWorker } from "./modules/webhook/webhook.service.js";
import { settleNotifications } from "./modules/notification/notification.service.js";
import { haltMessageWorker, startMessageWorker, stopMessageWorker } from "./modules/message/message.sender.js";
import { settleAccountMail } from "./modules/admin/admin.service.js";
import { CONNECTION_IDLE_MS } from "./core/jobs.js";
import { registerSubscribers } from "./subscribers.js";

/** Builds the whole site: client, /uploads, /api and /graphql on one Fastify instance. */
export async function buildApp(): Promise<FastifyInstance> {
  const c = config();
  await openDb(c.databaseUrl);
  await openLimits();
  // Features react to each other's events (server/core/events.ts), wired before any write.
  registerSubscribers();
  const trustProxy = trustProxySetting(c.trustProxy);
  const app = Fastify({
    // Structured logs (pino) with a request id per request; no cookies, tokens or bodies in them (core/logging.ts).
    ...fastifyLogging(c),
    genReqId: (req) => requestIdOf(req.headers["x-request-id"]),
    requestIdHeader: false,
    bodyLimit: c.bodyLimitBytes,
    trustProxy,
    requestTimeout: 30_000,
    connectionTimeout: CONNECTION_IDLE_MS,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Response serializers compiled on first use, the rest soon after start-up (core/lazy-serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
  });
  app.setErrorHandler(siteErrorHandler);
  app.addHook("onReady", (done) => {
    compileSerializersSoon((err) => app.log.error({ err }, "a response serializer failed to compile"));
    done();
  });
  await app.register(fastifyCookie);
  registerRequestLog(app, c);
  // Security headers on every answer (the pages' CSP is set per response below: it allows the admin's
  // chat code). Plain callback hooks with headers fixed at start-up: they run on every request.
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.header("X-Request-Id", req.id);
    if (c.secureCookies || req.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", DEFAULT_CSP);
    done(null, payload);
  });

  // Webhook retries come due with time; every process helps deliver them.
  startWebhookWorker();
  // Messages to recipients (SMS, WhatsApp) likewise: every process claims and sends what is due.
  startMessageWorker();
  // From the moment closing starts, no new message is claimed; onClose waits for the sends under way.
  app.addHook("preClose", (done) => {
    haltMessageWorker();
    done();
  });
  app.addHook("onClose", async () => {
    await stopWebhookWorker();
    await stopMessageWorker();
    await settleNotifications();
    await settleAccountMail();
  });

  app.addHook("onClose", async () => closeLimits());
  // Calls per key and day are written every few seconds; what is still counted goes out now.
  app.addHook("onClose", async () => {
    await flushKeyUse();
    await flushShipperKeyUse();
  });

  const graphql = await registerGraphql(app);
  await app.register(registerRest, { prefix: "/api" });

  app.get<{ Params: { name: string } }>("/uploads/images/:name", async (req, reply) => {
    const bytes = await readImage(req.params.name);
    if (!bytes) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    // A stored image never changes under its name, but it may be deleted (a parcel and its proof of
    // delivery): caches keep it and ask again each time (304), so a deleted one is gone at once.
    const etag = `"${req.params.name}"`;
    reply.header("Cache-Control", "public, no-cache").header("ETag", etag);
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply
      .type(mimeOf(req.params.name))
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; sandbox")
      .send(bytes);
  });

  registerSeoRoutes(app);
  registerScreenAliases(app);

  // A local tile server of plain tiles (MAP_TILE_URL=/tiles/{z}/{x}/{y}.png) for offline machines and Lighthouse.
  app.get("/tiles/:z/:x/:y.png", async (_req, reply) => reply.type("image/png").header("Cache-Control", "public, max-age=86400").send(plainTile()));

  const indexFile = path.join(c.clientDir, "index.html");
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: c.clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed build assets never change; everything else is revalidated hourly.
      setHeaders(res, file) {
        res.setHeader("Cache-Control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        if (file.endsWith(".html")) res.setHeader("Content-Security-Policy", "default-src 'self'");
      },
    });
  }
  const template = hasClient ? fs.readFileSync(indexFile, "utf8") : FALLBACK_HTML;
  // The public first screens, rendered into the page for anonymous visitors (server/ssr.ts; SSR=false: off).
  const renderPage = hasClient
    ? await loadPageRenderer({
        enabled: c.ssr,
        clientDir: c.clientDir,
        graphql,
        log: app.log,
        pagesKept: c.ssrPagesKept,
        budgetMs: c.ssrBudgetMs,
      })
    : null;
  const ownScripts = inlineScriptHashes(template);
  // The policy changes only with the chat code (a setting): made once per chat code, not per page.
  let csp: { chat: string; policy: string } | null = null;
  const cspOf = (chat: string) => (csp?.chat === chat ? csp : (csp = { chat, policy: pageCsp(chat, c.tileUrl, ownScripts) })).policy;
  const sendIndex = async (req: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
    const reqUrl = req.url;
    const [status, settings, language] = await Promise.all([clientRouteStatus(reqUrl), getSettings(), companyLanguage()]);
    // The meta description from settings is in the HTML itself, for crawlers that run no script.
    let html = settings.meta_description
      ? template.replace(
          /(<meta name="description" content=")[^"]*(")/,
          (_m, open: string, close: string) => `${open}${escapeAttr(settings.meta_description)}${close}`,
        )
      : template;
    // The map's tile server is configurable (MAP_TILE_URL); the client reads it from this tag.
    // Replaced by functions: a "$&" or "$'" in a setting is text, not a replacement pattern.
    html = html.replace(
      "</head>",
      () =>
        `<meta name="tile-url" content="${escapeAttr(c.tileUrl)}">\n<meta name="application-name" content="${escapeAttr(settings.company_name)}">\n` +
        `<meta name="${COMPANY_LANGUAGE_META}" content="${language}">\n</head>`,
    );
    // A visitor who chose no language reads the company's (client/i18n/load.ts; a rendered page says its own below).
    const lang = languageOf(language);
    html = html.replace(/<html lang="[^"]*" dir="[^"]*"/, `<html lang="${lang.tag}" dir="${"rtl" in lang ? "rtl" : "ltr"}"`);
    // The company's name from the settings (COMPANY_NAME while none is set), the same on every page, e-mail and PDF.
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(settings.company_name)}</title>`);
    // Tracking results, one visitor's links and the control panel are nobody's search results.
    if (isHiddenFromSearch(normalPath(reqUrl.split("?")[0]))) reply.header("X-Robots-Tag", "noindex, nofollow");
    if (status === 200 && renderPage) html = await renderPage(req, reply, html, settings.company_name, language);
    const csp = cspOf(settings.chat_code);
    reply.code(status).type("text/html; charset=utf-8").header("Content-Security-Policy", csp);
    // A rendered page is tens of KB: compressed like the static assets (one ETag per encoding).
    const encoding = htmlEncoding(req.headers["accept-encoding"], html.length);
    // Pages are public reads: ETag and 304 (core/http-cache.ts); a 404 page and an admin's request are not cached.
    let tag: string | undefined;
    const etag = () => (tag ??= etagOf(`${encoding}\n${csp}\n${pageHash(html)}`));
    if (status !== 200) reply.header("Cache-Control", "no-cache");
    else if (publicRead(req, reply, etag)) return reply.code(304).send();
    reply.header("vary", [reply.getHeader("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    if (!encoding) return reply.send(html);
    return reply.header("content-encoding", encoding).send(compressedPage(etag(), encoding, html));
  };
  app.get("/", (req, reply) => sendIndex(req, reply));
  app.setNotFoundHandler((req, reply) => {
    if (req.method === "GET" || req.method === "HEAD") {
      if (!req.url.startsWith("/uploads/") && !req.url.startsWith("/assets/")) return sendIndex(req, reply);
    }
    return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  });
  return app;
}

const SECURITY_HEADERS = helmetHeaders();

/** The encoding of a page's answer: brotli or gzip when the client takes it and the page is worth it. */
function htmlEncoding(accept: string | undefined, length: number): "br" | "gzip" | "" {
  if (!accept || length < 4096) return "";
  if (/\bbr\b/.test(accept)) return "br";
  return /\bgzip\b/.test(accept) ? "gzip" : "";
}
// Quality 5: about a millisecond for a rendered page, most of quality 11's saving.
const brotliHtml = (html: string) =>
  brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });

/**
 * Compressed pages by their ETag (which names the encoding): a page sent again is not compressed again. As
 * many as the kept rendered pages in both encodings (SSR_PAGES_KEPT, at least 200), some 10 KB each.
 */
const compressedPages = new ViewCache<Buffer>(Math.max(200, 2 * Math.max(0, Math.floor(readEnv("SSR_PAGES_KEPT")))));
/** A page's own hash, once per page text (a kept page is the same string each time): the ETag of each answer hashes this, not 30 KB. */
const pageHashes = new ViewCache<string>(Math.max(200, 2 * Math.max(0, Math.floor(readEnv("SSR_PAGES_KEPT")))));
function pageHash(html: string): string {
  let h = pageHashes.get(html);
  if (!h) pageHashes.set(html, (h = etagOf(html)), 0);
  return h;
}
function compressedPage(etag: string, encoding: "br" | "gzip", html: string): Buffer {
  let bytes = compressedPages.get(etag);
  if (!bytes) {
    bytes = encoding === "br" ? brotliHtml(html) : gzipSync(html, { level: 6 });
    compressedPages.set(etag, bytes, 0);
  }
  return bytes;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Courier</title></head>
<body><h1>Courier</h1><p>The client is not built yet: run <code>npm run build</code>. The API is at <a href="/graphql">/graphql</a> and <a href="/api/graph">/api</a>.</p></body></html>`;
