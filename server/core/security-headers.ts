import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/**
 * The security headers helmet sets with this site's options, computed once at start-up and then
 * sent as a fixed set on every answer: helmet's defaults stay the source of truth, without
 * running its middleware chain per request. The pages' CSP and HSTS (https only) are set per
 * response in app.ts; CORP is same-site and frames are allowed from the same origin only.
 */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "sameorigin" },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** The CSP of every answer that sets none of its own (pages set theirs: core/csp.ts). */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Strict-Transport-Security, on answers over https (or every answer with SECURE_COOKIES). */
export const HSTS = "max-age=31536000; includeSubDomains";
