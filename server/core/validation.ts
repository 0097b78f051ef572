import {
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateBy,
  ValidateNested,
  getMetadataStorage,
  validate,
  validateSync,
  type ValidationError,
} from "class-validator";
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

/**
 * A list of one-line texts, each checked by `check` (null: fine, else what is wrong with it); the
 * message names the first wrong item by index (`countries[2] must be ...`).
 */
export const TextList =
  (check: (s: string) => string | null, max = 500) =>
  (target: object, key: string) => {
    const wrong = (v: unknown): string | null => {
      if (!Array.isArray(v)) return "$property must be a list of text";
      if (v.length > max) return `$property must hold at most ${max} entries`;
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        const bad = typeof x !== "string" ? "must be text" : !isStorableText(x) || !isOneLine(x) ? "must not contain control characters" : check(x.trim());
        if (bad) return `$property[${i}] ${bad}`;
      }
      return null;
    };
    ValidateBy({ name: "textList", validator: { validate: (v) => wrong(v) === null, defaultMessage: (a) => wrong(a!.value) ?? "" } })(target, key);
  };

const MAX_ID = 2_147_483_647;
/** A row id: a whole number in the database's integer range. */
export const IsId = () => (target: object, key: string) => {
  IsInt({ message: "$property must be a whole number" })(target, key);
  Min(1, { message: "$property must be at least 1" })(target, key);
  Max(MAX_ID, { message: `$property must be at most ${MAX_ID}` })(target, key);
};

/** A field's name under its parent's: `recipient.postcode`, `lines[3].price` (an array's items are named by index). */
const childName = (prefix: string, property: string) => (!prefix ? property : /^\d+$/.test(property) ? `${prefix}[${property}]` : `${prefix}.${property}`);

/**
 * Flattens class-validator's result into one message per failed field, naming the field: a nested
 * field's message names it under its parents (`recipient.postcode is required`); `{prefix}` in a
 * message stands for the parents of the field it names (a sibling: `{prefix}longitude`).
 */
export function messagesOf(errors: ValidationError[], prefix = ""): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const name = childName(prefix, e.property);
    if (e.constraints) {
      // The most basic failing rule per field is the useful one: "is required", then a wrong type, then the rest.
      const c = e.constraints;
      const msgs = Object.values(c);
      const required = msgs.find((m) => m.endsWith("is required"));
      const msg = required ?? c.isObject ?? c.isList ?? c.isString ?? c.isNumber ?? c.isInt ?? msgs[msgs.length - 1];
      const named = prefix && msg.startsWith(`${e.property} `) ? name + msg.slice(e.property.length) : msg;
      out.push(named.replaceAll("{prefix}", prefix ? `${prefix}.` : ""));
    }
    // Nothing under a field of the wrong shape is worth naming (a list sent as an object).
    const shapeFailed = e.constraints && (e.constraints.isObject || e.constraints.isList);
    if (e.children?.length && !shapeFailed) out.push(...messagesOf(e.children, name));
  }
  return out;
}

const nestedOf = new Map<AnyClass, Map<string, { cls: () => AnyClass; each: boolean }>>();
/**
 * An object of an input class (each: a list of them): validated with its own rules, its fields named
 * under this one's (`recipient.postcode`, `lanes[2].zone`). GraphQL builds the instances; validated()
 * builds them from a REST body, copying only each class's declared fields.
 */
export const Nested =
  (cls: () => AnyClass, opts: { each?: boolean; listMessage?: string } = {}) =>
  (target: object, key: string) => {
    const ctor = target.constructor as AnyClass;
    const m = nestedOf.get(ctor) ?? new Map();
    m.set(key, { cls, each: opts.each === true });
    nestedOf.set(ctor, m);
    ValidateBy({
      name: opts.each ? "isList" : "isObject",
      validator: {
        validate: (v) => (opts.each ? Array.isArray(v) : v !== null && typeof v === "object" && !Array.isArray(v)),
        defaultMessage: () => (opts.each ? (opts.listMessage ?? "$property must be a list") : "$property must be an object"),
      },
    })(target, key);
    if (opts.each)
      ValidateBy({
        name: "isObject",
        validator: {
          validate: (v) => !Array.isArray(v) || v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x)),
          defaultMessage: () => "each item of $property must be an object",
        },
      })(target, key);
    ValidateNested({ each: opts.each })(target, key);
  };

/** The nested input classes a class declares (inherited ones included), by field. */
function nestedFields(cls: AnyClass) {
  const out = new Map<string, { cls: () => AnyClass; each: boolean }>();
  for (let c: unknown = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    for (const [k, v] of nestedOf.get(c as AnyClass) ?? []) if (!out.has(k)) out.set(k, v);
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

/** An instance of `cls` holding only its declared fields of `src` (nested objects built the same way); given: any field was. */
function build<T extends object>(cls: Ctor<T>, src: Record<string, unknown>): { obj: T; given: boolean } {
  const obj = new cls() as Record<string, unknown>;
  const nested = nestedFields(cls);
  let given = false;
  for (const f of fieldsOf(cls)) {
    if (!Object.prototype.hasOwnProperty.call(src, f)) continue;
    given = true;
    const v = src[f];
    const n = nested.get(f);
    const one = (x: unknown) => (isRecord(x) && n ? build(n.cls() as Ctor<object>, x).obj : x);
    obj[f] = n?.each && Array.isArray(v) ? v.map(one) : one(v);
  }
  return { obj: obj as T, given };
}
const isRecord = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

/**
 * Builds an instance of an input class from untrusted data, copying only the class's own
 * declared fields (unknown and prototype keys never get through), and validates it with the
 * same class-validator rules GraphQL applies. Throws BAD_USER_INPUT naming each failed field
 * (under `prefix` when given: an address inside a parcel is `recipient_address.city`).
 */
export async function validated<T extends object>(cls: Ctor<T>, raw: unknown, prefix = ""): Promise<T> {
  const { value, messages } = await problems(cls, raw, prefix);
  if (messages.length) throw badInput(messages);
  return value;
}

/**
 * validated() without the throw: the instance as built and the messages of its failed fields, for a
 * service that adds its own checks (names a rate card's lane refers to) and answers every message at once.
 */
export async function problems<T extends object>(cls: Ctor<T>, raw: unknown, prefix = ""): Promise<{ value: T; messages: string[] }> {
  const src = isRecord(raw) ? raw : {};
  const { obj, given } = build(cls, src);
  // With no field given the outcome is always the same (a hot path: a look-up without ?verify=), so check once.
  if (!given && emptyIsValid.get(cls)) return { value: obj, messages: [] };
  const errors = await validate(obj, { forbidUnknownValues: false, validationError: { target: false, value: false } });
  if (!given) emptyIsValid.set(cls, errors.length === 0);
  const messages = !errors.length ? [] : prefix ? messagesOf([{ property: prefix, children: errors } as ValidationError]) : messagesOf(errors);
  return { value: obj, messages };
}

/** problems() for many small objects at once (a rate card's CSV rows): the rules here are all synchronous. */
export function problemsSync<T extends object>(cls: Ctor<T>, raw: unknown): { value: T; messages: string[] } {
  const { obj } = build(cls, isRecord(raw) ? raw : {});
  const errors = validateSync(obj, { forbidUnknownValues: false, validationError: { target: false, value: false } });
  return { value: obj, messages: messagesOf(errors) };
}
const emptyIsValid = new Map<AnyClass, boolean>();

/** A query string's numbers ("2", "1.5") as numbers in the listed fields; other text is left for the rules to refuse. */
export function withNumbers(raw: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out = { ...raw };
  for (const f of fields) {
    const v = out[f];
    if (typeof v === "string") out[f] = v.trim() === "" ? undefined : /^-?\d{1,15}(\.\d{1,15})?$/.test(v.trim()) ? Number(v) : v;
  }
  return out;
}

/** Blank optional text becomes null so the database holds "not set", never "". */
export function blankToNull<T extends Record<string, unknown>>(data: T, keys: readonly string[]): T {
  for (const k of keys) if (data[k] === "") (data as Record<string, unknown>)[k] = null;
  return data;
}
