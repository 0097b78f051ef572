import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isKeyed, type Context } from "../core/context.js";
import { authorize, OPERATIONS, runCall, type Operation, type OperationName } from "../core/access.js";
import type { Actor } from "../core/actor.js";
import { recordCall } from "../db/audit.js";
import { contextOf } from "../modules/admin/request-auth.js";
import { etagOf, publicRead } from "../core/http-cache.js";
import { input, type MultipartLimits } from "./body.js";
import { binaryFile, envelope, inputSchema } from "./schemas.js";
import type { Schema } from "./shapes.js";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteSpec<I> {
  method: Method | Method[];
  /** Path under /api. */
  url: string;
  tag: string;
  summary: string;
  description?: string;
  /** The operation of the access table (server/core/access.ts): who may call it, its limits, its audit. */
  op: OperationName;
  /** How many items a per-item limit charges (the codes of a multi-code look-up), from the query. */
  items?: (req: FastifyRequest) => number;
  /** 201 instead of 200. */
  created?: boolean;
  message?: string;
  /** The answer's data and message made from what the handler returns (instead of it and `message`), e.g. a quote's options and why there are none. */
  answerOf?: (result: never) => { data: unknown; message: string };
  /** Also takes a text/csv body (a grid's file), as a string. */
  csv?: boolean;
  /** Validated (numbers coerced) from the query string of a GET or the body of a write. */
  input?: new () => I;
  /** Query parameters of a write, documented (the handler reads them, validated with this class). */
  query?: new () => object;
  /** Body shapes the service validates itself (documented only). */
  body?: (new () => object)[];
  /** Multipart file fields; the route then takes multipart only. */
  files?: string[];
  /** Also takes a multipart form without files (the sign-in form, as browsers post it). */
  form?: boolean;
  params?: Record<string, string>;
  /** Schema of `data` on success. */
  data: Schema;
  /** The handler returns `data` already serialized as JSON (by a service cache that matches the schema). */
  serializedData?: boolean;
  /** A public read: ETag, 304 on If-None-Match and a cacheable Cache-Control, unless the request may see more (core/http-cache.ts). */
  publicRead?: boolean;
  handler(args: { input: I; req: FastifyRequest; ctx: Context }): Promise<unknown>;
}

const ERRORS_4XX =
  '400 unparsable body, 401 no admin session (with "admin": "false"), 403 forbidden or cross-site, ' +
  "404 unknown code, slug, id or path, 409 taken, 413 too large, 415 not JSON/multipart or not a JPEG/PNG, 422 invalid fields, 429 too many requests";

const CTX = Symbol("courier.ctx");
/**
 * One context per request, so the session looked up by the admin check is reused by the handler.
 * Kept on the request itself: a WeakMap keyed by every request costs the garbage collector dearly.
 */
export function ctxOf(req: FastifyRequest, reply: FastifyReply): Context {
  const holder = req as FastifyRequest & { [CTX]?: Context };
  return (holder[CTX] ??= contextOf(req, reply));
}

/**
 * Both doors' first onRequest hook: a keyed request is authenticated before anything else (one
 * context per request, so it counts once), so every answer to it (a refused write, an unknown path,
 * a document refused before parsing) carries the key's rate-limit headers; an unknown key is 401.
 */
export function keyedFirst(req: FastifyRequest, reply: FastifyReply, done: (e?: Error) => void): void {
  if (!isKeyed(req)) return done();
  const { auth } = ctxOf(req, reply);
  auth.actor().then(() => {
    reply.headers(auth.answerHeaders);
    done();
  }, done);
}

const ACTOR = Symbol("courier.actor");

/**
 * The REST door's half of the access table, as an onRequest hook (before any body is read):
 * enforces the operation's declaration and keeps the actor for the handler.
 */
const authorizing = (op: OperationName, items?: (req: FastifyRequest) => number) => async (req: FastifyRequest, reply: FastifyReply) => {
  (req as FastifyRequest & { [ACTOR]?: Actor | null })[ACTOR] = await authorize(ctxOf(req, reply), op, items ? items(req) : 1);
};
/** The actor `allow` authorized for this request (null: anonymous). */
export const actorOf = (req: FastifyRequest) => (req as FastifyRequest & { [ACTOR]?: Actor | null })[ACTOR] ?? null;

/** The parameters a route declares (path and query), as the request gave them. */
function declaredParams(req: FastifyRequest): Record<string, unknown> {
  const schema = req.routeOptions.schema as { querystring?: { properties?: object } } | undefined;
  const query = req.query as Record<string, unknown>;
  const named = Object.keys(schema?.querystring?.properties ?? {}).filter((k) => query?.[k] !== undefined && query[k] !== "");
  return { ...(req.params as object), ...Object.fromEntries(named.map((k) => [k, query[k]])) };
}

/**
 * authorizing() for the routes that answer files (route() runs its own). An operation audited
 * `{ call }` gets its entry once a successful answer has started (a download cut short still
 * counts), with the route's declared parameters as what: the codes, the filter.
 */
export function allow(op: OperationName, items?: (req: FastifyRequest) => number) {
  const check = authorizing(op, items);
  const audited = (OPERATIONS[op] as Operation).audited;
  if (typeof audited !== "object") return check;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    await check(req, reply);
    reply.raw.once("close", () => {
      if (!reply.raw.headersSent || reply.raw.statusCode >= 400) return;
      recordCall({ actor: actorOf(req), operation: op, noted: { object_type: audited.call, object_id: null, what: declaredParams(req) } }, audited.call);
    });
  };
}

function requestSchema(spec: RouteSpec<unknown>, isGet: boolean): Schema {
  const s: Schema = {};
  if (spec.params) {
    s.params = {
      type: "object",
      properties: Object.fromEntries(Object.entries(spec.params).map(([k, d]) => [k, { type: "string", description: d }])),
      required: Object.keys(spec.params),
    };
  }
  if (isGet) {
    if (spec.input) s.querystring = inputSchema(spec.input as new () => object);
    return s;
  }
  if (spec.query) s.querystring = inputSchema(spec.query);
  const files = spec.files ?? [];
  const extra = Object.fromEntries(files.map((f) => [f, binaryFile]));
  const shapes = spec.input ? [spec.input as new () => object] : (spec.body ?? []);
  if (shapes.length === 1) s.body = inputSchema(shapes[0], extra, files);
  else if (shapes.length > 1) s.body = { oneOf: shapes.map((c) => inputSchema(c, extra, files)) };
  s.consumes = spec.files
    ? ["multipart/form-data"]
    : spec.form
      ? ["application/json", "multipart/form-data"]
      : spec.csv
        ? ["application/json", "text/csv"]
        : ["application/json"];
  return s;
}

// Multipart limits (body.ts): a file route gets its files and a few text fields (long text up to 64 KB), a form only small fields.
const formLimits = (spec: RouteSpec<unknown>): MultipartLimits | undefined =>
  spec.files ? { files: spec.files.length, fields: 40, fieldSize: 64 * 1024 } : spec.form ? { files: 0, fields: 10, fieldSize: 1024 } : undefined;

/**
 * Whole answers around data a service hands over serialized, as bytes. Its cached views come back
 * as the same strings again and again, so each answer is built and encoded once (bounded, oldest out).
 */
class Answers {
  private byData = new Map<string, { body: Buffer; etag: string }>();
  constructor(private readonly head: string) {}

  of(data: string): { body: Buffer; etag: string } {
    let answer = this.byData.get(data);
    if (!answer) {
      const body = Buffer.from(`${this.head}${data}}`);
      answer = { body, etag: etagOf(body) };
      if (this.byData.size >= ANSWERS_KEPT) this.byData.delete(this.byData.keys().next().value as string);
      this.byData.set(data, answer);
    }
    return answer;
  }
}
const ANSWERS_KEPT = 5_000;

/** OpenAPI: the operation's name and who may call it (a session with a role's permission, or a key's scope). */
export function securityOf(op: OperationName) {
  const o = OPERATIONS[op] as Operation;
  const shippers = o.shipper ? `shippers (${o.shipper === "key" ? "session or own API key" : "session"})` : "";
  const who =
    o.access === "public"
      ? `public${shippers ? `; ${shippers} priced as themselves` : ""}`
      : o.access === "shipper"
        ? shippers
        : `members whose role has ${o.access}${o.scope ? `, or API keys with ${o.scope}` : ""}${shippers ? `, or ${shippers}` : ""}`;
  // OpenAPI's alternatives: {} is anyone (a public operation a key or a shipper may call as itself), a staff
  // session, a staff key with the scope, a shipper's session, a shipper's own key (no scope).
  const security: Record<string, string[]>[] = [
    ...(o.access === "public" ? [{}] : o.access === "shipper" ? [] : [{ session: [] }]),
    ...(o.scope ? [{ apiKey: [o.scope as string] }] : []),
    ...(o.shipper ? [{ shipperSession: [] }] : []),
    ...(o.shipper === "key" ? [{ apiKey: [] }] : []),
  ];
  return { "x-operation": op, "x-access": who, security: security.length === 1 && o.access === "public" ? [] : security };
}

/** Registers one /api route: a thin adapter from HTTP onto a service call, answered in the envelope. */
export function route<I = undefined>(api: FastifyInstance, spec: RouteSpec<I>): void {
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  const isGet = methods.includes("GET");
  const status = spec.created ? 201 : 200;
  const answers = spec.serializedData ? new Answers(`{"status":"${status}","errors":[],"message":${JSON.stringify(spec.message ?? "")},"data":`) : undefined;
  api.route({
    method: methods,
    url: spec.url,
    config: { multipart: formLimits(spec as RouteSpec<unknown>), csv: spec.csv } as object,
    schema: {
      tags: [spec.tag],
      summary: spec.summary,
      description: spec.description,
      ...securityOf(spec.op),
      ...requestSchema(spec as RouteSpec<unknown>, isGet),
      response: {
        [status]: { description: spec.message || "Success", ...envelope(spec.data) },
        ...(spec.publicRead
          ? {
              304: {
                description:
                  "Not modified: If-None-Match holds the current ETag (public reads only; a session, an Authorization header or verify makes the answer private, no-store)",
              },
            }
          : {}),
        "4xx": { description: ERRORS_4XX, $ref: "ErrorEnvelope#" },
        "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
      },
    },
    onRequest: authorizing(spec.op, spec.items),
    handler: async (req, reply) => {
      const ctx = ctxOf(req, reply);
      const value = (spec.input ? await input(spec.input as new () => object, isGet ? req.query : req.body) : undefined) as I;
      const result = await runCall(actorOf(req), spec.op, () => spec.handler({ input: value, req, ctx }));
      const { data, message } = spec.answerOf ? spec.answerOf(result as never) : { data: result, message: spec.message ?? "" };
      if (answers) {
        const { body, etag } = answers.of(data as string);
        if (spec.publicRead && publicRead(req, reply, etag)) return reply.code(304).send();
        return reply.code(status).type("application/json; charset=utf-8").send(body);
      }
      const answer = { status: String(status), errors: [], message, data: data ?? null };
      if (!spec.publicRead) return reply.code(status).send(answer);
      const body = reply.serialize(answer) as string;
      if (publicRead(req, reply, () => etagOf(body))) return reply.code(304).send();
      return reply.code(status).type("application/json; charset=utf-8").send(body);
    },
  });
}
