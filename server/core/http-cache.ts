import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { config } from "./config.js";
import { SESSION_COOKIE, USER_COOKIE } from "./context.js";

/**
 * HTTP caching of public reads (the public look-up, the start-up graph, content pages, GraphQL GETs):
 * an ETag on every successful answer, 304 when the client's If-None-Match holds it, and a Cache-Control
 * that lets a CDN or reverse proxy keep the answer for PUBLIC_CACHE_SECONDS (default 0: `no-cache`, so every
 * use is revalidated, and an unchanged answer costs a 304 without a body). A request that may see more than
 * the public (a session cookie, an Authorization header, or a `verify` second factor) is answered
 * `private, no-store` without an ETag, whatever it asked for. Nothing is purged from such caches on a
 * write: a copy can be up to PUBLIC_CACHE_SECONDS old.
 */
const PRIVATE = Symbol("private-answer");

/** For a service door that unlocked more than the public view (a GraphQL `verify` argument): never stored. */
export function markPrivate(req: FastifyRequest): void {
  (req as FastifyRequest & { [PRIVATE]?: true })[PRIVATE] = true;
}

export function isPrivateRequest(req: FastifyRequest): boolean {
  if ((req as FastifyRequest & { [PRIVATE]?: true })[PRIVATE]) return true;
  if (mayCarrySomeone(req.headers)) return true;
  const q = req.query as Record<string, unknown> | null | undefined;
  return !!q && typeof q === "object" && q.verify !== undefined;
}

/** Whether the headers name someone (an Authorization header, a session cookie): such an answer may show more than the public. */
export function mayCarrySomeone(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return true;
  const cookie = headers.cookie;
  return cookie !== undefined && (cookie.includes(`${SESSION_COOKIE}=`) || cookie.includes(`${USER_COOKIE}=`));
}

/** A strong validator for these bytes. */
export const etagOf = (body: string | Buffer): string => `"${crypto.hash("sha1", body, "base64url")}"`;

const publicCacheControl = (): string => {
  const s = config().publicCacheSeconds;
  return s > 0 ? `public, max-age=${s}` : "no-cache";
};

/**
 * Sets the caching headers of a successful read. True: the client already holds this answer (send 304 without
 * a body). `etag` may be a function, so a private answer never pays for hashing.
 */
export function publicRead(req: FastifyRequest, reply: FastifyReply, etag: string | (() => string)): boolean {
  if (isPrivateRequest(req)) {
    reply.header("cache-control", "private, no-store");
    return false;
  }
  const tag = typeof etag === "string" ? etag : etag();
  const headers = publicCaching(tag);
  for (let i = 0; i < headers.length; i += 2) reply.header(headers[i], headers[i + 1]);
  return holds(req.headers["if-none-match"], tag);
}

/**
 * A public read's caching headers, as name, value, name, value (for Fastify's reply and the front's answer).
 * Vary: a cache must not hand a stored public answer to a request that carries a session.
 */
export const publicCaching = (tag: string): string[] => ["cache-control", publicCacheControl(), "etag", tag, "vary", "Cookie, Authorization"];

/** If-None-Match against a strong tag, compared weakly as RFC 9110 asks for GET. */
export function holds(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  for (const t of ifNoneMatch.split(",")) {
    const v = t.trim();
    if ((v.startsWith("W/") ? v.slice(2) : v) === tag) return true;
  }
  return false;
}
