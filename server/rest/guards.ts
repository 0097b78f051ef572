import type { FastifyRequest } from "fastify";
import { config } from "../core/config.js";
import { AppError, databaseBusy, forbidden, isDatabaseBusy } from "../core/errors.js";
import { isKeyed, SESSION_COOKIE } from "../core/context.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BODY_TYPES = new Set(["application/json", "multipart/form-data"]);

/** Whether an Origin or Referer value names this site: PUBLIC_URL's origin when set, else the request's Host. */
function isThisSite(value: string, req: FastifyRequest): boolean {
  let source: URL;
  try {
    source = new URL(value);
  } catch {
    return false; // "null" (sandboxed or privacy-redirected pages) and garbage are other sites
  }
  const publicUrl = config().publicUrl;
  if (publicUrl) return source.origin === new URL(publicUrl).origin;
  try {
    // Parsing the Host with the source's scheme drops a default port the same way on both sides.
    return source.protocol.startsWith("http") && new URL(`${source.protocol}//${req.host}`).host === source.host;
  } catch {
    return false;
  }
}

/**
 * A request that carries nothing a browser adds by itself: an API key in the Authorization header
 * (a page on another site cannot send that header here without a CORS preflight this server never
 * approves) and no session cookie. Such a request cannot be forged by another site.
 */
const keyOnly = (req: FastifyRequest) => isKeyed(req) && req.cookies?.[SESSION_COOKIE] === undefined;

/**
 * Before anything is read or changed: a cross-site write is 403 (unless it
 * carries an API key and no session cookie: no ambient credentials, nothing to forge); a write
 * with a body that is neither JSON nor multipart is 415. A write with no body and no
 * Content-Type is let through (its fields are then simply missing: 422 where any are required).
 */
export function writeGuard(req: FastifyRequest): void {
  if (!WRITES.has(req.method)) return;
  // A provider's callback (server/modules/message): signed by the provider, read by no session, its body
  // parsed by the route's own parser; neither the same-origin rule nor the JSON-only rule applies to it.
  if ((req.routeOptions.config as { signedCallback?: boolean } | undefined)?.signedCallback) return;
  const origin = req.headers.origin;
  const referer = req.headers.referer;
  const source = origin ?? referer;
  if (source !== undefined && !keyOnly(req) && !isThisSite(source, req)) throw forbidden("Cross-site requests may not change anything");
  const type = req.headers["content-type"];
  if (type === undefined) {
    const length = req.headers["content-length"];
    const hasBody = req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
    if (hasBody) throw unsupported();
    return;
  }
  const media = type.split(";")[0].trim().toLowerCase();
  // text/csv only where a route takes a grid's file (rate cards).
  if (media === "text/csv" && (req.routeOptions.config as { csv?: boolean } | undefined)?.csv) return;
  if (!BODY_TYPES.has(media)) throw unsupported();
}

/**
 * For a GET that changes state (the contract's sign-out link): refused when the browser says it
 * comes from another site (Sec-Fetch-Site), or its Origin or Referer names another site, as an
 * <img> or link on another site would.
 */
export function refuseCrossSite(req: FastifyRequest): void {
  const site = req.headers["sec-fetch-site"];
  const source = req.headers.origin ?? req.headers.referer;
  if (site === "cross-site" || site === "same-site" || (source !== undefined && !isThisSite(source, req))) {
    throw forbidden("Cross-site requests may not sign anyone out");
  }
}

const unsupported = () => new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json or multipart/form-data");

/** Any error as the AppError the envelope reports: Fastify's own 4xx keep their status with a plain message. */
export function toAppError(err: unknown, log: (e: unknown) => void): AppError {
  if (err instanceof AppError) return err;
  const e = err as { statusCode?: number; code?: string };
  switch (e.statusCode) {
    case 400:
      return new AppError("BAD_REQUEST", "The request body could not be parsed (broken JSON or multipart)");
    case 413:
      return new AppError("PAYLOAD_TOO_LARGE", `The request body is too large (at most ${Math.floor(config().bodyLimitBytes / 1024)} KB)`);
    case 415:
      return unsupported();
    case 429:
      return new AppError("TOO_MANY_REQUESTS", "Too many requests; please wait and try again");
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new AppError("BAD_REQUEST", "The request could not be understood");
  log(err);
  if (isDatabaseBusy(err)) return databaseBusy();
  return new AppError("INTERNAL_SERVER_ERROR", "Something went wrong on our side; please try again");
}
