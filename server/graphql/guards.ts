import { Extensions, UseMiddleware } from "type-graphql";
import type { Context } from "../core/context.js";
import { authorize, runAs, type OperationName } from "../core/access.js";

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
      const actor = await authorize(context, name, items ? items(args) : 1);
      return runAs(actor, name, next);
    })(target, key as string, descriptor);
  };
}
