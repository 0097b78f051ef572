import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";
import { readEnv } from "../core/config.js";

/** Limits that keep one document from taking the server down (docs/configuration.md, GraphQL). */
export const GRAPHQL_LIMITS = {
  maxDocumentBytes: readEnv("GRAPHQL_MAX_DOCUMENT_BYTES"),
  maxDepth: readEnv("GRAPHQL_MAX_DEPTH"),
  maxIntrospectionDepth: 16,
  maxAliases: readEnv("GRAPHQL_MAX_ALIASES"),
  maxFields: readEnv("GRAPHQL_MAX_FIELDS"),
  maxCost: readEnv("GRAPHQL_MAX_COST"),
};

/** A list field multiplies the cost of what it selects by this (page sizes cap at 100). */
const LIST_FACTOR = 20;

/** What a selection set costs, measured once per fragment however often it is spread. */
interface Totals {
  /** Deepest field below this set, counting its own level as 1. */
  depth: number;
  /** Deepest introspection nesting (__schema/__type), which has its own bound. */
  introDepth: number;
  aliases: number;
  fields: number;
  cost: number;
}

const ZERO: Totals = { depth: 0, introDepth: 0, aliases: 0, fields: 0, cost: 0 };

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  /** Each fragment's totals, computed at its first spread: a walk linear in the document's size. */
  memo: Map<string, Totals>;
  /** Fragments being measured (a cycle, which graphql's own rule reports, counts nothing). */
  open: Set<string>;
}

/** The field's definition on its parent type, when the document names a real field. */
function fieldOf(parent: GraphQLNamedType | undefined, name: string) {
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

function add(t: Totals, x: Totals) {
  t.depth = Math.max(t.depth, x.depth);
  t.introDepth = Math.max(t.introDepth, x.introDepth);
  t.aliases += x.aliases;
  t.fields += x.fields;
  t.cost += x.cost;
}

function fragmentTotals(name: string, w: Walk): Totals {
  const known = w.memo.get(name);
  if (known) return known;
  const frag = w.fragments[name];
  if (!frag || w.open.has(name)) return ZERO;
  w.open.add(name);
  const t = measure(frag.selectionSet, w, w.schema.getType(frag.typeCondition.name.value) ?? undefined);
  w.open.delete(name);
  w.memo.set(name, t);
  return t;
}

/**
 * Every selection counts, `__typename` and its aliases included. Numbers may grow past any limit
 * (a fragment spread twice in each of 30 levels): they are compared, never walked.
 */
function measure(set: SelectionSetNode | undefined, w: Walk, parent: GraphQLNamedType | undefined): Totals {
  const t: Totals = { ...ZERO };
  if (!set) return t;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const name = sel.name.value;
      const inner = measure(
        sel.selectionSet,
        w,
        name.startsWith("__")
          ? undefined
          : (() => {
              const def = fieldOf(parent, name);
              return def ? getNamedType(def.type) : undefined;
            })(),
      );
      t.fields += 1 + inner.fields;
      t.aliases += (sel.alias ? 1 : 0) + inner.aliases;
      if (name === "__schema" || name === "__type") {
        // Introspection is public and needs deeper nesting (ofType chains); it has its own depth bound.
        t.introDepth = Math.max(t.introDepth, 1 + Math.max(inner.depth, inner.introDepth));
        t.cost += 1;
        continue;
      }
      t.depth = Math.max(t.depth, 1 + inner.depth);
      t.introDepth = Math.max(t.introDepth, inner.introDepth);
      // Only a field whose type is a list multiplies: a paged result (ParcelPage) is one object, its `data` the list.
      const def = fieldOf(parent, name);
      const isList = def ? isListType(getNullableType(def.type)) : false;
      t.cost += 1 + inner.cost * (isList ? LIST_FACTOR : 1);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? (w.schema.getType(sel.typeCondition.name.value) ?? undefined) : parent;
      add(t, measure(sel.selectionSet, w, on));
    } else {
      add(t, fragmentTotals(sel.name.value, w));
    }
  }
  return t;
}

/** One validation rule for depth, aliases, field count and estimated cost. */
export function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    Document(doc) {
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
      const schema = context.getSchema();
      const w: Walk = { schema, fragments, memo: new Map(), open: new Set() };
      for (const d of doc.definitions) {
        if (d.kind !== Kind.OPERATION_DEFINITION) continue;
        const root = d.operation === "query" ? schema.getQueryType() : d.operation === "mutation" ? schema.getMutationType() : schema.getSubscriptionType();
        const t = measure(d.selectionSet, w, root ?? undefined);
        const fail = (msg: string) => context.reportError(new GraphQLError(msg, { nodes: [d], extensions: { code: "BAD_USER_INPUT" } }));
        if (t.depth > GRAPHQL_LIMITS.maxDepth) fail(`query depth ${t.depth} exceeds the limit of ${GRAPHQL_LIMITS.maxDepth}`);
        if (t.introDepth > GRAPHQL_LIMITS.maxIntrospectionDepth)
          fail(`introspection depth ${t.introDepth} exceeds the limit of ${GRAPHQL_LIMITS.maxIntrospectionDepth}`);
        if (t.aliases > GRAPHQL_LIMITS.maxAliases) fail(`query uses ${fmt(t.aliases)} aliases; the limit is ${GRAPHQL_LIMITS.maxAliases}`);
        if (t.fields > GRAPHQL_LIMITS.maxFields) fail(`query selects ${fmt(t.fields)} fields; the limit is ${GRAPHQL_LIMITS.maxFields}`);
        if (t.cost > GRAPHQL_LIMITS.maxCost) fail(`query cost ${fmt(t.cost)} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}`);
      }
      return false;
    },
  };
}

const fmt = (n: number) => (n < 1e15 ? String(n) : "more than 10^15");
