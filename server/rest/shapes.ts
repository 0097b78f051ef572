import {
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";
import { PUBLIC_SETTING_KEYS } from "../../shared/modules/settings/settings.codes.js";

/**
 * The REST data shapes, made from the GraphQL object types: one definition of each shape (the
 * *.type.ts classes), so the two doors cannot drift. They drive fast-json-stringify (a field left
 * out is never sent) and the OpenAPI document.
 */
/** A JSON schema (fast-json-stringify and OpenAPI read the same). */
export type Schema = Record<string, unknown>;

const SCALARS: Record<string, Schema> = {
  String: { type: "string" },
  ID: { type: "string" },
  Int: { type: "integer" },
  Float: { type: "number" },
  Boolean: { type: "boolean" },
  DateTimeISO: { type: "string", format: "date-time" },
};

/** Fields the GraphQL door computes in a field resolver (on every type that has them), which REST answers do not carry. */
const GRAPHQL_ONLY = new Set(["structured_data"]);
/** Where REST's shape of a field differs from GraphQL's (which has no map type). */
const REST_SHAPE: Record<string, Record<string, Schema>> = {
  AuditEntry: {
    changes: {
      type: "object",
      additionalProperties: { type: "array", minItems: 2, maxItems: 2 },
      description: "{ field: [before, after] } (GraphQL lists them as { field, before, after } with JSON text)",
    },
  },
};

/** Non-null fields a REST answer may still leave out: the staff's settings, absent from GET /api/settings' public subset. Nullable ones may always be absent. */
const mayBeAbsent = (type: string, field: string) => type === "Settings" && !(PUBLIC_SETTING_KEYS as readonly string[]).includes(field);

function shapeOf(type: GraphQLOutputType): Schema {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  let s: Schema;
  if (isListType(inner)) s = { type: "array", items: shapeOf(inner.ofType) };
  else if (isObjectType(inner)) return nullable ? { oneOf: [{ type: "null" }, { $ref: `${inner.name}#` }] } : { $ref: `${inner.name}#` };
  else if (isEnumType(inner)) s = { type: "string", enum: inner.getValues().map((v) => v.value) };
  else if (isScalarType(inner)) s = { ...(SCALARS[inner.name] ?? {}) };
  else s = {};
  if (nullable && typeof s.type === "string") s.type = [s.type, "null"];
  return s;
}

const fieldShape = (f: GraphQLField<unknown, unknown>): Schema => {
  const s = shapeOf(f.type);
  return f.description ? (s.$ref ? { allOf: [s], description: f.description } : { ...s, description: f.description }) : s;
};

/** A JSON schema ($id = the type's name) for every object type of the schema but the roots. */
export function shapesFromGraphql(schema: GraphQLSchema): Schema[] {
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name, schema.getSubscriptionType()?.name]);
  const out: Schema[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || roots.has(type.name)) continue;
    const fields = Object.values(type.getFields()).filter((f) => !GRAPHQL_ONLY.has(f.name));
    out.push({
      $id: type.name,
      type: "object",
      ...(type.description ? { description: type.description } : {}),
      properties: Object.fromEntries(fields.map((f) => [f.name, REST_SHAPE[type.name]?.[f.name] ?? fieldShape(f)])),
      required: fields.filter((f) => isNonNullType(f.type) && !mayBeAbsent(type.name, f.name)).map((f) => f.name),
      additionalProperties: false,
    });
  }
  return out;
}
