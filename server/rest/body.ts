import type { FastifyRequest } from "fastify";
import type { Multipart } from "@fastify/multipart";
import { AppError } from "../core/errors.js";
import { validated } from "../core/validation.js";
import { readLimited, tooLarge, type IncomingFile } from "../modules/upload/upload.service.js";
import { numberFields } from "./schemas.js";
import { config } from "../core/config.js";

const files = new WeakMap<FastifyRequest, Map<string, IncomingFile>>();

/** The uploaded file of a multipart field, or null when none was sent. */
export function fileOf(req: FastifyRequest, field = "image"): IncomingFile | null {
  return files.get(req)?.get(field) ?? null;
}

export const isMultipart = (req: FastifyRequest) => (req as { isMultipart?: () => boolean }).isMultipart?.() === true;

/**
 * Multipart bodies are read only where a route takes them, within these limits (busboy's, set per
 * route in route.ts). Everywhere else a multipart body is 415 before a byte of it is read (index.ts).
 */
export interface MultipartLimits {
  files: number;
  fields: number;
  fieldSize: number;
}

/**
 * Reads a multipart body into a plain record of its text fields (the last value of a repeated
 * field wins) and keeps its files, read into memory within the upload limit, for fileOf().
 */
export async function readMultipart(req: FastifyRequest, limits: MultipartLimits): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = Object.create(null);
  const kept = new Map<string, IncomingFile>();
  files.set(req, kept);
  const busboyLimits = { ...limits, parts: limits.files + limits.fields, fileSize: config().uploadMaxBytes + 1, headerPairs: 20 };
  try {
    type Parts = { parts(o: { limits: typeof busboyLimits }): AsyncIterableIterator<Multipart> };
    for await (const part of (req as FastifyRequest & Parts).parts({ limits: busboyLimits })) {
      if (part.type === "file") {
        const bytes = await readLimited(part.file, undefined, part.fieldname);
        if (bytes.length || part.filename) kept.set(part.fieldname, { filename: part.filename, bytes });
      } else {
        if (part.valueTruncated) throw new AppError("PAYLOAD_TOO_LARGE", `${part.fieldname} is too large`);
        body[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError("PAYLOAD_TOO_LARGE", `The form has too many parts (at most ${limits.fields} fields and ${limits.files} files)`);
    }
    if ((e as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new AppError("BAD_REQUEST", "The multipart body could not be parsed");
  }
  return body;
}

// Linear: each part of a number can be matched one way only (no backtracking on long input).
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Longer text is no number a field takes; it is left for the rules to refuse. */
const NUMBER_CHARS = 40;

/** "12.5" -> 12.5 and "" -> null for number fields (multipart sends only text); anything else is left for the rules to judge. */
function toNumber(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return null;
  return t.length <= NUMBER_CHARS && NUMERIC.test(t) ? Number(t) : v;
}

/** "true"/"false" (and "1"/"0"/"on", as HTML forms send) -> booleans; anything else is left for the rules to judge. */
function toBoolean(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim().toLowerCase();
  if (t === "true" || t === "1" || t === "on") return true;
  if (t === "false" || t === "0" || t === "off") return false;
  return v;
}

/** A REST body or query validated with the same input class GraphQL uses, numbers coerced first. */
export async function input<T extends object>(cls: new () => T, raw: unknown): Promise<T> {
  const src = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const numbers = numberFields(cls);
  const copy: Record<string, unknown> = {};
  for (const [field, kind] of numbers) {
    if (Object.prototype.hasOwnProperty.call(src, field)) copy[field] = kind === "boolean" ? toBoolean(src[field]) : toNumber(src[field]);
  }
  return validated(cls, { ...src, ...copy });
}
