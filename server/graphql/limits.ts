import {
  GraphQLError, Kind, getNamedType, getNullableType, isInterfaceType, isListType, isObjectType,
  type ASTVisitor, type FragmentDefinitionNode, type GraphQLNamedType, type GraphQLSchema, type SelectionSetNode, type ValidationContext,
} from "graphql";

/** Limits that keep one document from taking the server down (documented in README). */
export const GRAPHQL_LIMITS = {
  maxDocumentBytes: Number(process.env.GRAPHQL_MAX_DOCUMENT_BYTES || 20_000),
  maxDepth: Number(process.env.GRAPHQL_MAX_DEPTH || 10),
  maxIntrospectionDepth: 16,
  maxAliases: Number(process.env.GRAPHQL_MAX_ALIASES || 30),
  maxFields: Number(process.env.GRAPHQL_MAX_FIELDS || 400),
  maxCost: Number(process.env.GRAPHQL_MAX_COST || 5_000),
};

/** A list field multiplies the cost of what it selects by this (page sizes cap at 100). */
const LIST_FACTOR = 20;

interface Totals {
  depth: number;
  aliases: number;
  fields: number;
  cost: number;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
}

/** The field's definition on its parent type, when the document names a real field. */
function fieldOf(parent: GraphQLNamedType | undefined, name: string) {
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

function measure(set: SelectionSetNode | undefined, w: Walk, parent: GraphQLNamedType | undefined, depth: number, seen: Set<string>, t: Totals): number {
  if (!set) return 0;
  let cost = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      // Introspection is public and needs deeper nesting (ofType chains); it is bounded by its own depth.
      if (sel.name.value === "__schema" || sel.name.value === "__type") {
        const intro: Totals = { depth: 0, aliases: 0, fields: 0, cost: 0 };
        measure(sel.selectionSet, w, undefined, 1, seen, intro);
        t.fields += intro.fields;
        t.aliases += intro.aliases;
        if (intro.depth > GRAPHQL_LIMITS.maxIntrospectionDepth) t.depth = Math.max(t.depth, GRAPHQL_LIMITS.maxDepth + intro.depth);
        cost += 1;
        continue;
      }
      if (sel.name.value === "__typename") continue;
      t.fields++;
      if (sel.alias) t.aliases++;
      t.depth = Math.max(t.depth, depth);
      // Only a field whose type is a list multiplies: a paged result (ParcelPage) is one object, its `data` the list.
      const def = fieldOf(parent, sel.name.value);
      const isList = def ? isListType(getNullableType(def.type)) : false;
      const inner = measure(sel.selectionSet, w, def ? getNamedType(def.type) : undefined, depth + 1, seen, t);
      cost += 1 + (sel.selectionSet ? inner * (isList ? LIST_FACTOR : 1) : 0);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? w.schema.getType(sel.typeCondition.name.value) ?? undefined : parent;
      cost += measure(sel.selectionSet, w, on, depth, seen, t);
    } else {
      const name = sel.name.value;
      if (seen.has(name)) continue; // fragment cycles are reported by graphql's own rule
      const frag = w.fragments[name];
      if (frag) cost += measure(frag.selectionSet, w, w.schema.getType(frag.typeCondition.name.value) ?? undefined, depth, new Set([...seen, name]), t);
    }
    if (t.fields > GRAPHQL_LIMITS.maxFields * 4) break;
  }
  return cost;
}

/** One validation rule for depth, aliases, field count and estimated cost. */
export function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    Document(doc) {
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
      for (const d of doc.definitions) {
        if (d.kind !== Kind.OPERATION_DEFINITION) continue;
        const t: Totals = { depth: 0, aliases: 0, fields: 0, cost: 0 };
        const schema = context.getSchema();
        const root = d.operation === "query" ? schema.getQueryType() : d.operation === "mutation" ? schema.getMutationType() : schema.getSubscriptionType();
        t.cost = measure(d.selectionSet, { schema, fragments }, root ?? undefined, 1, new Set(), t);
        const fail = (msg: string) => context.reportError(new GraphQLError(msg, { nodes: [d], extensions: { code: "BAD_USER_INPUT" } }));
        if (t.depth > GRAPHQL_LIMITS.maxDepth) fail(`query depth ${t.depth} exceeds the limit of ${GRAPHQL_LIMITS.maxDepth}`);
        if (t.aliases > GRAPHQL_LIMITS.maxAliases) fail(`query uses ${t.aliases} aliases; the limit is ${GRAPHQL_LIMITS.maxAliases}`);
        if (t.fields > GRAPHQL_LIMITS.maxFields) fail(`query selects ${t.fields} fields; the limit is ${GRAPHQL_LIMITS.maxFields}`);
        if (t.cost > GRAPHQL_LIMITS.maxCost) fail(`query cost ${t.cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}`);
      }
      return false;
    },
  };
}
