import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyServerFactory } from "fastify";
import { anonymousNow, type OperationName } from "./core/access.js";
import { addressKey, type TrustProxy } from "./core/client-address.js";
import type { Config } from "./core/config.js";
import { holds, mayCarrySomeone, publicCaching } from "./core/http-cache.js";
import { requestIdOf } from "./core/logging.js";
import { DEFAULT_CSP, helmetHeaders, HSTS } from "./core/security-headers.js";

/**
 * Front answers (ARCHITECTURE.md, fast paths). The HTTP server hands each request here before Fastify
 * makes its request and reply. A public read whose whole answer is made already is sent from here for an
 * anonymous caller (no session cookie, no Authorization): a REST route's cached view (`dataNow`,
 * server/rest/route.ts; a GET without a query or body) or a kept GraphQL answer (graphql/fastpath.ts
 * answerNow; a GET, or a POST whose JSON body is read here and put back for Fastify when the front cannot
 * answer). It goes out once its operation's abuse limit has counted the request within the limit
 * (core/access.ts anonymousNow), and it is the answer Fastify would send, header for header (the security
 * headers, request id, caching headers and 304 of the same modules). Whatever the front cannot decide at
 * once, with nothing counted (a session, a key, an unknown query or body, a cache miss, a client's first
 * request of a limit window, a limit reached, an unknown path), goes to Fastify unchanged.
 */

/** What a front endpoint answers: the operation whose access and limit apply, and the answer. */
export interface FrontReply {
  op: OperationName;
  status: 200 | 304;
  /** The answer's own headers, in the order Fastify writes them (after the security headers, before the request id). */
  headers: string[];
  body?: string | Buffer;
}
/** The answer to a request when it is at hand now; undefined sends the request to Fastify (nothing counted, nothing changed). */
export type FrontEndpoint = (req: IncomingMessage, param: string, search: string, body: string | undefined) => FrontReply | undefined;

const gets = new Map<string, FrontEndpoint>();
/** Endpoints of the form `/prefix/:param`, by "/prefix/". */
const getsByPrefix = new Map<string, FrontEndpoint>();
const posts = new Map<string, FrontEndpoint>();
/** A parameter the front answers: letters, digits and dashes, the same when decoded. */
const PARAM = /^[A-Za-z0-9-]{1,64}$/;
/** The largest body the front reads (a look-up's JSON), within the site's body limit; a larger one goes to Fastify unread. */
const MAX_BODY = 16 * 1024;
const getRoutes: string[] = [];
let open = false;
let sent = 0;
/** How many answers the front has sent (tests tell by it which way a request went). */
export const frontAnswered = (): number => sent;

/** Declares a GET endpoint: `url` is a fixed path or a fixed prefix with one last `:param`. */
export function frontGet(url: string, endpoint: FrontEndpoint): void {
  const m = /^(\/[^:]*\/):[A-Za-z_]+$/.exec(url);
  if (m) getsByPrefix.set(m[1], endpoint);
  else if (!url.includes(":")) gets.set(url, endpoint);
  else throw new Error(`front answers take a fixed path or one last parameter: ${url}`);
}

/** Declares a POST endpoint at a fixed path (its body is read first: JSON up to 16 KB with a Content-Length). */
export function frontPost(url: string, endpoint: FrontEndpoint): void {
  posts.set(url, endpoint);
}

/**
 * A public read's answer as REST sends it (server/rest/route.ts and core/http-cache.ts publicRead): the
 * caching headers, and 304 without a body when If-None-Match holds the ETag.
 */
export function publicReadReply(
  op: OperationName,
  headers: IncomingHttpHeaders,
  body: Buffer | string,
  etag: string,
  contentType: string,
  typeFirst = false,
): FrontReply {
  const same = holds(headers["if-none-match"], etag);
  const caching = publicCaching(etag);
  if (typeFirst) return { op, status: same ? 304 : 200, headers: ["content-type", contentType, ...caching], body: same ? undefined : body };
  return same ? { op, status: 304, headers: caching, body: undefined } : { op, status: 200, headers: [...caching, "content-type", contentType], body };
}

/** For Fastify's onRoute hook: the GET routes, so a fixed route under a front prefix is never answered by the front. */
export function sawRoute(method: string | string[], url: string): void {
  if (method === "GET" || (Array.isArray(method) && method.includes("GET"))) getRoutes.push(url);
}

/** Starts answering (after every route is declared): a fixed GET route a front prefix would shadow stops start-up. */
export function openFront(c: Config): void {
  for (const [prefix] of getsByPrefix) {
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
  const maxBody = Math.min(MAX_BODY, c.bodyLimitBytes);
  const base = Object.entries(helmetHeaders()).flatMap(([name, value]) => [name.toLowerCase(), value]);
  return (handler, options) => {
    const opts = options as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
    const server = http.createServer((req, res) => {
      if (!open || !taken(req, res, handler)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    if (opts.connectionTimeout) server.setTimeout(opts.connectionTimeout);
    return server;
  };

  /** Whether the front took the request (answered it, or reads its body and then answers or hands it on). */
  function taken(req: IncomingMessage, res: ServerResponse, handler: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    const h = req.headers;
    if (mayCarrySomeone(h) || h["transfer-encoding"] !== undefined) return false;
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? "" : url.slice(q + 1);
    if (req.method === "GET") {
      if (h["content-length"] !== undefined && h["content-length"] !== "0") return false;
      let endpoint = gets.get(path);
      let param = "";
      if (!endpoint) {
        const slash = path.lastIndexOf("/");
        endpoint = getsByPrefix.get(path.slice(0, slash + 1));
        param = path.slice(slash + 1);
        if (!endpoint || !PARAM.test(param)) return false;
      }
      return answer(req, res, endpoint(req, param, search, undefined));
    }
    if (req.method !== "POST") return false;
    const endpoint = posts.get(path);
    const length = Number(h["content-length"]);
    if (!endpoint || !(length > 0 && length <= maxBody)) return false;
    readBody(req, length, (body) => {
      if (!answer(req, res, endpoint(req, "", search, body.toString()))) {
        // Put back what was read (the stream has not ended: its end is read after the body), for Fastify to read.
        req.unshift(body);
        handler(req, res);
      }
    });
    return true;
  }

  function answer(req: IncomingMessage, res: ServerResponse, reply: FrontReply | undefined): boolean {
    if (!reply || !anonymousNow(reply.op, addressKey(clientIp(req, trusts)))) return false;
    const head = base.concat(reply.headers);
    head.push("x-request-id", requestIdOf(req.headers["x-request-id"]));
    if (c.secureCookies || protocolOf(req, trusts) === "https") head.push("strict-transport-security", HSTS);
    head.push("content-security-policy", DEFAULT_CSP);
    if (reply.body === undefined) {
      res.writeHead(reply.status, head);
      res.end();
    } else {
      head.push("content-length", String(Buffer.byteLength(reply.body)));
      res.writeHead(reply.status, head);
      res.end(reply.body);
    }
    sent++;
    return true;
  }
}

/**
 * Reads exactly `length` bytes of a request's body, without reading its end, so they can be put back
 * (unshift) for Fastify. A request that ends or fails before is left as it is (its socket is gone).
 */
function readBody(req: IncomingMessage, length: number, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let got = 0;
  const onReadable = () => {
    let chunk: Buffer | null;
    while (got < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      got += chunk.length;
    }
    if (got < length) return;
    req.removeListener("readable", onReadable);
    then(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };
  req.on("readable", onReadable);
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

/** The client's address of a raw request (a WebSocket upgrade), read as Fastify reads req.ip with this trust. */
export function rawClientIp(req: IncomingMessage, trust: TrustProxy): string | undefined {
  return clientIp(req, trustFunction(trust));
}
