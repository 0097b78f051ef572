import http, { type IncomingMessage, type ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyServerFactory } from "fastify";
import { anonymousNow, type OperationName } from "./core/access.js";
import { addressKey, type TrustProxy } from "./core/client-address.js";
import type { Config } from "./core/config.js";
import { SESSION_COOKIE } from "./core/context.js";
import { holds, publicCacheControl } from "./core/http-cache.js";
import { requestIdOf } from "./core/logging.js";
import { DEFAULT_CSP, helmetHeaders, HSTS } from "./core/security-headers.js";

/**
 * Front answers (ARCHITECTURE.md, fast paths). The HTTP server hands each request here before Fastify
 * makes its request and reply. A public read (a route with `dataNow`, server/rest/route.ts) whose whole
 * answer is made already (a cached view, its bytes and ETag) is sent from here, for an anonymous GET
 * without a query or body, once its operation's abuse limit has counted the request within the limit
 * (core/access.ts anonymousNow). The answer is the one Fastify would send, header for header (the
 * security headers, request id, caching headers and 304 of the same modules). Whatever the front cannot
 * decide at once, with nothing counted (a session, a key, a query, a cache miss, a client's first request
 * of a limit window, a limit reached, an unknown path) goes to Fastify unchanged.
 */

export type Answer = { body: Buffer; etag: string };
export interface FrontRoute {
  /** The operation of the access table (its access and abuse limit). */
  op: OperationName;
  /** The answer for the path's parameter (or the path) when it is at hand now; undefined sends the request to Fastify. */
  answer(param: string): Answer | undefined;
}

const exact = new Map<string, FrontRoute>();
/** Routes of the form `/prefix/:param`, by "/prefix/". */
const byPrefix = new Map<string, FrontRoute>();
/** A parameter the front answers: letters, digits and dashes, the same when decoded. */
const PARAM = /^[A-Za-z0-9-]{1,64}$/;
const getRoutes: string[] = [];
let open = false;
let sent = 0;
/** How many answers the front has sent (tests tell by it which way a request went). */
export const frontAnswered = (): number => sent;

/** Declares a front route: `url` is a fixed path or a fixed prefix with one last `:param`. */
export function frontRoute(url: string, route: FrontRoute): void {
  const m = /^(\/[^:]*\/):[A-Za-z_]+$/.exec(url);
  if (m) byPrefix.set(m[1], route);
  else if (!url.includes(":")) exact.set(url, route);
  else throw new Error(`front answers take a fixed path or one last parameter: ${url}`);
}

/** For Fastify's onRoute hook: the GET routes, so a fixed route under a front prefix is never answered by the front. */
export function sawRoute(method: string | string[], url: string): void {
  if (method === "GET" || (Array.isArray(method) && method.includes("GET"))) getRoutes.push(url);
}

/** Starts answering (after every route is declared): a fixed GET route a front prefix would shadow stops start-up. */
export function openFront(c: Config): void {
  for (const [prefix] of byPrefix) {
    const shadowed = getRoutes.find((u) => u.startsWith(prefix) && PARAM.test(u.slice(prefix.length)));
    if (shadowed) throw new Error(`front route ${prefix}:param would answer ${shadowed}`);
  }
  // LOG_REQUESTS=all writes a line per request: Fastify's request log does that.
  open = c.frontAnswers && c.logRequests !== "all";
}

/** Stops answering (the server is closing: Fastify answers what still comes, 503). */
export function closeFront(): void {
  open = false;
}

/** Fastify's serverFactory: Node's HTTP server with Fastify's own settings, the front before Fastify's handler. */
export function frontServer(c: Config, trust: TrustProxy): FastifyServerFactory {
  const trusts = trustFunction(trust);
  const base = Object.entries(helmetHeaders()).flatMap(([name, value]) => [name.toLowerCase(), value]);
  return (handler, options) => {
    const opts = options as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
    const server = http.createServer((req, res) => {
      if (!open || !answered(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    if (opts.connectionTimeout) server.setTimeout(opts.connectionTimeout);
    return server;
  };

  function answered(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const h = req.headers;
    if (h.authorization !== undefined || h["transfer-encoding"] !== undefined) return false;
    if (h["content-length"] !== undefined && h["content-length"] !== "0") return false;
    if (h.cookie !== undefined && h.cookie.includes(`${SESSION_COOKIE}=`)) return false;
    const url = req.url ?? "";
    let route = exact.get(url);
    let param = "";
    if (!route) {
      const slash = url.lastIndexOf("/");
      route = byPrefix.get(url.slice(0, slash + 1));
      param = url.slice(slash + 1);
      if (!route || !PARAM.test(param)) return false;
    }
    const answer = route.answer(param);
    if (!answer) return false;
    if (!anonymousNow(route.op, addressKey(clientIp(req, trusts)))) return false;
    const same = holds(h["if-none-match"], answer.etag);
    const head = base.slice();
    head.push("cache-control", publicCacheControl(), "etag", answer.etag, "vary", "Cookie, Authorization");
    if (!same) head.push("content-type", "application/json; charset=utf-8");
    head.push("x-request-id", requestIdOf(h["x-request-id"]));
    if (c.secureCookies || protocolOf(req, trusts) === "https") head.push("strict-transport-security", HSTS);
    head.push("content-security-policy", DEFAULT_CSP);
    if (same) {
      res.writeHead(304, head);
      res.end();
    } else {
      head.push("content-length", String(answer.body.length));
      res.writeHead(200, head);
      res.end(answer.body);
    }
    sent++;
    return true;
  }
}

type Trust = ((address: string, hop: number) => boolean) | null;

/** Fastify's reading of trustProxy (its request.js), so the front sees the client Fastify sees. */
function trustFunction(trust: TrustProxy): Trust {
  if (trust === false) return null;
  if (typeof trust === "function") return trust;
  return proxyAddr.compile(trust.split(",").map((v) => v.trim()));
}

function clientIp(req: IncomingMessage, trust: Trust): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  const all = proxyAddr.all(req, trust);
  return all[all.length - 1];
}

function protocolOf(req: IncomingMessage, trust: Trust): string {
  const forwarded = req.headers["x-forwarded-proto"];
  if (trust && typeof forwarded === "string" && req.socket.remoteAddress !== undefined && trust(req.socket.remoteAddress, 0)) {
    const last = forwarded.lastIndexOf(",");
    return (last < 0 ? forwarded : forwarded.slice(last + 1)).trim();
  }
  return (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
}
