import type { MiddlewareFn } from "type-graphql";
import type { Context } from "../core/context.js";
import { limit, RateLimited } from "../core/ratelimit.js";
import { clientKey } from "../core/client-address.js";

/** Admin operations: no session, no entry (UNAUTHENTICATED, as REST's 401). */
export const AdminOnly: MiddlewareFn<Context> = async ({ context }, next) => {
  await context.auth.requireAdmin();
  return next();
};

/** Counts the call against an abuse limit per client address (see server/core/ratelimit.ts). */
export function Limit(rule: string, opts: { skipForAdmin?: boolean } = {}): MiddlewareFn<Context> {
  return async ({ context }, next) => {
    if (!(opts.skipForAdmin && context.auth.token && (await context.auth.admin()))) {
      try {
        const counted = limit(rule, clientKey(context.req));
        if (counted) await counted;
      } catch (e) {
        if (e instanceof RateLimited) context.reply.header("Retry-After", String(e.retryAfter));
        throw e;
      }
    }
    return next();
  };
}

