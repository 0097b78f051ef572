import { Extensions, UseMiddleware } from "type-graphql";
import type { Context } from "../core/context.js";
import { authorize, runCall, type OperationName } from "../core/access.js";
import { RateLimited } from "../core/ratelimit.js";

/**
 * The GraphQL door's half of the access table (server/core/access.ts): names the operation of a
 * query or mutation (kept in the field's extensions, where the access test reads it) and enforces
 * its declaration before the resolver runs, which then runs as its actor (audit log, "added by").
 * `items` counts the items a per-item limit charges (the codes of a multi-code look-up).
 */
export function Op(name: OperationName, items?: (args: Record<string, unknown>) => number): MethodDecorator {
  return (target, key, descriptor) => {
    Extensions({ operation: name })(target, key, descriptor);
    UseMiddleware(async ({ context, args }: { context: Context; args: Record<string, unknown> }, next: () => Promise<unknown>) => {
      let actor;
      try {
        actor = await authorize(context, name, items ? items(args) : 1);
      } catch (e) {
        // The answer stays a GraphQL error; the limit's Retry-After goes on the HTTP answer.
        if (e instanceof RateLimited) context.reply.headers(e.headers);
        throw e;
      }
      return runCall(actor, name, next);
    })(target, key as string, descriptor);
  };
}

/**
 * A check that answers before the arguments are validated (403 before 422): type-graphql runs a
 * field's middlewares, in the order written, before it validates its arguments: put it below @Op so the
 * access check (and the call's actor) comes first.
 */
export function Before(check: (args: Record<string, unknown>) => Promise<void>): MethodDecorator {
  return (target, key, descriptor) => {
    UseMiddleware(async ({ args }: { args: Record<string, unknown> }, next: () => Promise<unknown>) => {
      await check(args);
      return next();
    })(target, key as string, descriptor);
  };
}
