import {
  getNamedType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { getArgumentValues } from "graphql/execution/values.js";
import { Extensions } from "type-graphql";

/**
 * Kept GraphQL answers (ARCHITECTURE.md, "GraphQL fast path"). A public look-up's answer is a function of
 * the document, the variables and the cached views its root resolvers return. So for an operation whose
 * root fields are all marked @AnswerFromViews, the fast path resolves those root fields first (the same
 * resolvers: access, rate limits and the view cache run exactly as in execution) and, when each returns
 * what it returned for the answer kept, sends that answer's bytes again: no execution of the selection,
 * no serialization. A write replaces a view in the cache, so the next request resolves a different object
 * and the answer is made afresh. Measured: the full-field look-up cost about twice the REST look-up's CPU
 * per request before; `GRAPHQL_ANSWERS_KEPT=0` turns it off (then every request executes).
 */

/** Marks a root query field whose answer depends only on its arguments and on the objects its resolver returns. */
export function AnswerFromViews(): MethodDecorator & PropertyDecorator {
  return Extensions({ answerFromViews: true });
}

const SETTLED = Symbol("settled-root-fields");

type Settled = Map<string, { value: unknown } | { error: unknown }>;
export type Root = { responseKey: string; field: GraphQLField<unknown, unknown>; node: FieldNode };
export type ReplayPlan = { roots: Root[]; schema: GraphQLSchema; document: DocumentNode; operation: OperationDefinitionNode };

/**
 * The replayable root fields of a query operation, or null: every root selection a plain field (no
 * fragment, no @skip/@include) marked @AnswerFromViews, or __typename.
 */
export function replayPlan(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): ReplayPlan | null {
  if (operation.operation !== "query") return null;
  const type = schema.getQueryType();
  if (!type) return null;
  const roots: Root[] = [];
  for (const s of operation.selectionSet.selections) {
    if (s.kind !== Kind.FIELD || s.directives?.length) return null;
    if (s.name.value === "__typename") continue;
    const field = type.getFields()[s.name.value];
    if (!field?.extensions?.answerFromViews) return null;
    roots.push({ responseKey: s.alias?.value ?? s.name.value, field, node: s });
  }
  // A response key asked twice: graphql merges the two (same arguments); resolved once.
  if (!roots.length || new Set(roots.map((r) => r.responseKey)).size !== roots.length) return null;
  return { roots, schema, document, operation };
}

/**
 * Resolves the plan's root fields with the request's context. Null when the variables do not fit (nothing
 * ran; execution reports it). `attach` hands the settled values to execution, so no resolver runs twice.
 */
export async function settleRootFields(plan: ReplayPlan, context: object, variables: Record<string, unknown>) {
  const settled: Settled = new Map();
  const values = new Map<string, unknown>();
  let failed = false;
  const fragments = {};
  for (const r of plan.roots) {
    let args: Record<string, unknown>;
    try {
      args = getArgumentValues(r.field, r.node, variables);
    } catch {
      return null;
    }
    const info = {
      fieldName: r.field.name,
      fieldNodes: [r.node],
      returnType: r.field.type,
      parentType: plan.schema.getQueryType()!,
      path: { prev: undefined, key: r.responseKey, typename: plan.schema.getQueryType()!.name },
      schema: plan.schema,
      fragments,
      rootValue: undefined,
      operation: plan.operation,
      variableValues: variables,
    } as unknown as GraphQLResolveInfo;
    try {
      const value = await original(r.field)(undefined, args, context, info);
      settled.set(r.responseKey, { value });
      values.set(r.responseKey, value);
    } catch (error) {
      settled.set(r.responseKey, { error });
      failed = true;
    }
  }
  return {
    // A failed root field is never answered from the memo (its error is execution's to format).
    values: failed ? null : values,
    attach: (ctx: object) => {
      (ctx as { [SETTLED]?: Settled })[SETTLED] = settled;
    },
  };
}

const originals = new WeakMap<GraphQLField<unknown, unknown>, NonNullable<GraphQLField<unknown, unknown>["resolve"]>>();
const original = (f: GraphQLField<unknown, unknown>) => originals.get(f)!;

/** Once per schema: the marked root fields take a value settled beforehand for this request instead of resolving again. */
export function wrapReplayableResolvers(schema: GraphQLSchema): void {
  const type = schema.getQueryType();
  for (const field of Object.values(type?.getFields() ?? {})) {
    if (!field.extensions?.answerFromViews || originals.has(field) || !field.resolve) continue;
    if (!isObjectType(getNamedType(field.type))) continue;
    const resolve = field.resolve;
    originals.set(field, resolve);
    field.resolve = (source, args, ctx, info) => {
      const s = (ctx as { [SETTLED]?: Settled } | undefined)?.[SETTLED]?.get(info.path.key as string);
      if (!s) return resolve(source, args, ctx, info);
      (ctx as { [SETTLED]: Settled })[SETTLED].delete(info.path.key as string);
      return "error" in s ? Promise.reject(s.error) : s.value;
    };
  }
}

/** Equal as values down to `depth` levels of plain objects and arrays, and identical below: the views are never changed in place. */
function same(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth === 0 || typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i], depth - 1));
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth - 1));
}

type Kept = { body: string; etag?: string; roots: Map<string, unknown> };

/** Answers by operation and variables, the least recently used out past `kept` (GRAPHQL_ANSWERS_KEPT). */
export class AnswerMemo {
  constructor(readonly kept: number) {}

  private byOperation = new WeakMap<object, Map<string, Kept>>();
  // Every kept answer in use order, for the bound: [operation, variables].
  private order = new Map<Kept, [object, string]>();

  get size() {
    return this.order.size;
  }

  get(operation: object, variablesKey: string, roots: Map<string, unknown> | null): Kept | null {
    if (!roots) return null;
    const kept = this.byOperation.get(operation)?.get(variablesKey);
    if (!kept) return null;
    for (const [k, v] of roots) if (!same(kept.roots.get(k), v, 2)) return null;
    this.order.delete(kept);
    this.order.set(kept, [operation, variablesKey]);
    return kept;
  }

  set(operation: object, variablesKey: string, roots: Map<string, unknown>, body: string): void {
    if (this.kept <= 0) return;
    let m = this.byOperation.get(operation);
    if (!m) this.byOperation.set(operation, (m = new Map()));
    const old = m.get(variablesKey);
    if (old) this.order.delete(old);
    const kept: Kept = { body, roots };
    m.set(variablesKey, kept);
    this.order.set(kept, [operation, variablesKey]);
    for (const [k, [op, key]] of this.order) {
      if (this.order.size <= this.kept) break;
      this.order.delete(k);
      this.byOperation.get(op)?.delete(key);
    }
  }

  /** An operation the fast path no longer keeps: its answers go too. */
  forgetOperation(operation: object): void {
    const m = this.byOperation.get(operation);
    if (!m) return;
    for (const k of m.values()) this.order.delete(k);
    this.byOperation.delete(operation);
  }
}
