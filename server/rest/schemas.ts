import { getMetadataStorage } from "class-validator";
import { fieldsOf, type AnyClass } from "../core/validation.js";
import { schema } from "../graphql/schema.js";
import { shapesFromGraphql, type Schema } from "./shapes.js";

/**
 * JSON schemas of the REST door: the answers' shapes (made from the GraphQL object types), the
 * envelope, and the documented request shapes (read from the input classes' rules).
 */

const str: Schema = { type: "string" };
const ref = (id: string): Schema => ({ $ref: `${id}#` });
const listOf = (id: string): Schema => ({ type: "array", items: ref(id) });

/** The one REST-only shape. */
const ErrorEnvelope: Schema = {
  $id: "ErrorEnvelope",
  type: "object",
  properties: {
    status: { ...str, description: "The HTTP status as a string" },
    errors: { type: "array", items: str, description: "One message per failed field (or one message); the first is what the UI shows" },
    message: str,
    data: { type: "null" },
    admin: { ...str, enum: ["false"], description: "On 401: the admin session is missing" },
    user: { ...str, enum: ["false"], description: "On 401 of user calls: the user session is missing" },
  },
  required: ["status", "errors", "message", "data"],
  additionalProperties: false,
};

/** The shapes of /api answers: the GraphQL object types' (server/rest/shapes.ts) and the error envelope. */
export async function sharedSchemas(): Promise<Schema[]> {
  return [...shapesFromGraphql(await schema()), ErrorEnvelope];
}

export const data = {
  ref,
  list: listOf,
  none: { type: "null" } as Schema,
};

/** The contract's envelope around a data schema. */
export function envelope(dataSchema: Schema): Schema {
  return {
    type: "object",
    properties: {
      status: { ...str, description: "The HTTP status as a string" },
      errors: { type: "array", items: str, maxItems: 0 },
      message: { ...str, description: "Success message for the UI, may be empty" },
      data: dataSchema,
    },
    required: ["status", "errors", "message", "data"],
    additionalProperties: false,
  };
}

type Ctor = new () => object;
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>["getTargetValidationMetadatas"]>[number];
const byName = (metas: ValidationMetadata[], name: string) => metas.find((m) => m.name === name);

/** Number fields of an input class, from its class-validator rules (isNumber / isInt). */
/** The number and boolean fields of an input class (multipart and query strings send them as text). */
export function numberFields(cls: AnyClass): Map<string, "number" | "integer" | "boolean"> {
  let out = numberFieldsOf.get(cls);
  if (out) return out;
  out = new Map<string, "number" | "integer" | "boolean">();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(cls, "", true, false)) {
    if (m.name === "isBoolean") out.set(m.propertyName, "boolean");
    else if (m.name === "isInt") out.set(m.propertyName, "integer");
    else if (m.name === "isNumber" && !out.has(m.propertyName)) out.set(m.propertyName, "number");
  }
  numberFieldsOf.set(cls, out);
  return out;
}
// Read once per class: every request body or query of the class needs it.
const numberFieldsOf = new Map<AnyClass, Map<string, "number" | "integer" | "boolean">>();

/**
 * The JSON schema of an input class, read from its class-validator rules, so the documented
 * request shapes cannot drift from the rules that are enforced. Documentation only: REST bodies
 * are validated by `validated()` with the class itself.
 */
export function inputSchema(cls: Ctor, extra: Record<string, Schema> = {}, extraRequired: string[] = []): Schema {
  const storage = getMetadataStorage();
  const all = storage.getTargetValidationMetadatas(cls, "", true, false);
  const numbers = numberFields(cls);
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const field of fieldsOf(cls)) {
    const metas = all.filter((m) => m.propertyName === field);
    const conditions = metas.filter((m) => m.type === "conditionalValidation").map((m) => m.constraints[0] as (o: object, v: unknown) => boolean);
    const skips = (v: unknown) => conditions.some((c) => !c({ [field]: v }, v));
    const s: Schema = {};
    const kind = numbers.get(field);
    s.type = kind ?? "string";
    if (kind === "boolean") s.description = 'A JSON boolean; "true" or "false" (as multipart sends) is accepted';
    else if (kind) s.description = "A JSON number; a numeric string (as multipart sends) is accepted";
    const isIn = byName(metas, "isIn");
    if (isIn) s.enum = isIn.constraints[0];
    const maxLength = byName(metas, "maxLength");
    if (maxLength) s.maxLength = maxLength.constraints[0];
    const minLength = byName(metas, "minLength");
    if (minLength) s.minLength = minLength.constraints[0];
    const min = byName(metas, "min");
    if (min) s.minimum = min.constraints[0];
    const max = byName(metas, "max");
    if (max) s.maximum = max.constraints[0];
    if (byName(metas, "isEmail")) s.format = "email";
    const matches = byName(metas, "matches");
    if (matches) s.pattern = (matches.constraints[0] as RegExp).source;
    const custom = metas.filter((m) => m.type === "customValidation").flatMap((m) => storage.getTargetValidatorConstraints(m.constraintCls));
    if (custom.some((c) => c.name === "isoDate")) s.format = "date";
    if (byName(metas, "isArray")) {
      // An array of text: the per-item rules (each: true) describe its items.
      const item: Schema = { type: "string" };
      for (const [rule, key] of [
        ["maxLength", "maxLength"],
        ["minLength", "minLength"],
      ] as const) {
        const m = byName(metas, rule);
        if (m) item[key] = m.constraints[0];
      }
      // An allowed list (isIn with each: true) is its items' enum: on the array itself it would describe the array.
      if (s.enum) item.enum = s.enum;
      delete s.enum;
      delete s.maxLength;
      delete s.minLength;
      Object.assign(s, { type: "array", items: item });
      const minItems = byName(metas, "arrayMinSize");
      if (minItems) s.minItems = minItems.constraints[0];
      const maxItems = byName(metas, "arrayMaxSize");
      if (maxItems) s.maxItems = maxItems.constraints[0];
    }
    if (skips(null)) {
      s.type = [s.type, "null"];
      if (s.enum) s.enum = [...(s.enum as unknown[]), null];
    }
    if (custom.some((c) => c.name === "required") && !skips(undefined)) required.push(field);
    properties[field] = s;
  }
  Object.assign(properties, extra);
  required.push(...extraRequired);
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: true, description: "Unknown fields are ignored" };
}

export const binaryFile: Schema = { type: "string", format: "binary", description: "A JPEG or PNG image (checked by content)" };
