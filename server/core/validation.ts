import { IsInt, IsString, Max, MaxLength, Min, ValidateIf, ValidateBy, getMetadataStorage, validate, type ValidationError } from "class-validator";
import { badInput } from "./errors.js";
import { MAX_TEXT } from "../../shared/core/lengths.codes.js";

/** Skip the field's other rules when it is absent, null or empty (optional fields of the spec). */
export const Optional = () => ValidateIf((_o, v) => v !== undefined && v !== null && v !== "");
/** Validate only when present: an update may leave a required field out, but never blank it. */
export const WhenPresent = () => ValidateIf((_o, v) => v !== undefined);

/** Present and not blank: a string of spaces is as empty as no string. */
export const Required = () =>
  ValidateBy({
    name: "required",
    validator: {
      validate: (v) => v !== undefined && v !== null && (typeof v !== "string" || v.trim() !== ""),
      defaultMessage: () => "$property is required",
    },
  });

// NUL and unpaired UTF-16 surrogates cannot be stored as text (PostgreSQL refuses them).
// eslint-disable-next-line no-control-regex -- the NUL character is what this pattern looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Whether a string can be stored and looked up as text. */
export const isStorableText = (s: string) => !UNSTORABLE.test(s);
export const StorableText = () =>
  ValidateBy({
    name: "storableText",
    validator: { validate: (v) => typeof v !== "string" || isStorableText(v), defaultMessage: () => "$property contains characters that are not allowed" },
  });

export const Text =
  (max = MAX_TEXT) =>
  (target: object, key: string) => {
    IsString({ message: "$property must be text" })(target, key);
    MaxLength(max, { message: `$property must be at most ${max} characters` })(target, key);
    StorableText()(target, key);
  };

// C0 and C1 controls (a tab or line break too: a name is one line) and the bidi embeddings, overrides and
// isolates, which ring a terminal's bell or make a name read as another (U+202E turns "gpj.exe" into "exe.jpg").
// eslint-disable-next-line no-control-regex -- control characters are what this pattern looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** Whether a one-line text (a name, a company, an address line) holds no control character. */
export const isOneLine = (s: string) => !CONTROL.test(s);
/** Text() for names: one line, no control characters. */
export const Name =
  (max = MAX_TEXT) =>
  (target: object, key: string) => {
    Text(max)(target, key);
    ValidateBy({
      name: "oneLine",
      validator: { validate: (v) => typeof v !== "string" || isOneLine(v), defaultMessage: () => "$property must not contain control characters" },
    })(target, key);
  };

const MAX_ID = 2_147_483_647;
/** A row id: a whole number in the database's integer range. */
export const IsId = () => (target: object, key: string) => {
  IsInt({ message: "$property must be a whole number" })(target, key);
  Min(1, { message: "$property must be at least 1" })(target, key);
  Max(MAX_ID, { message: `$property must be at most ${MAX_ID}` })(target, key);
};

/** Flattens class-validator's result into one message per failed field, naming the field. */
export function messagesOf(errors: ValidationError[], prefix = ""): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const name = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      // The most basic failing rule per field is the useful one: "is required", then a wrong type, then the rest.
      const c = e.constraints;
      const msgs = Object.values(c);
      const required = msgs.find((m) => m.endsWith("is required"));
      out.push(required ?? c.isString ?? c.isNumber ?? c.isInt ?? msgs[msgs.length - 1]);
    }
    if (e.children?.length) out.push(...messagesOf(e.children, name));
  }
  return out;
}

type Ctor<T> = new () => T;
/** Any class (a Map key for what is read from its decorators once). */
export type AnyClass = abstract new (...args: never[]) => unknown;

const fieldCache = new Map<AnyClass, string[]>();
/** The fields an input class declares: every field carries at least one class-validator rule. */
export function fieldsOf(cls: AnyClass): string[] {
  let f = fieldCache.get(cls);
  if (!f) {
    const metas = getMetadataStorage().getTargetValidationMetadatas(cls, "", true, false);
    f = [...new Set(metas.map((m) => m.propertyName))];
    fieldCache.set(cls, f);
  }
  return f;
}

/**
 * Builds an instance of an input class from untrusted data, copying only the class's own
 * declared fields (unknown and prototype keys never get through), and validates it with the
 * same class-validator rules GraphQL applies. Throws BAD_USER_INPUT naming each failed field.
 */
export async function validated<T extends object>(cls: Ctor<T>, raw: unknown): Promise<T> {
  const fields = fieldsOf(cls);
  const src = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const obj = new cls() as Record<string, unknown>;
  let given = false;
  for (const f of fields) {
    if (Object.prototype.hasOwnProperty.call(src, f)) {
      obj[f] = src[f];
      given = true;
    }
  }
  // With no field given the outcome is always the same (a hot path: a look-up without ?verify=), so check once.
  if (!given && emptyIsValid.get(cls)) return obj as T;
  const errors = await validate(obj, { forbidUnknownValues: false, validationError: { target: false, value: false } });
  if (!given) emptyIsValid.set(cls, errors.length === 0);
  if (errors.length) throw badInput(messagesOf(errors));
  return obj as T;
}
const emptyIsValid = new Map<AnyClass, boolean>();

/** Blank optional text becomes null so the database holds "not set", never "". */
export function blankToNull<T extends Record<string, unknown>>(data: T, keys: readonly string[]): T {
  for (const k of keys) if (data[k] === "") (data as Record<string, unknown>)[k] = null;
  return data;
}
