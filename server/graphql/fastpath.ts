import {
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from "graphql";
import type { IncomingHttpHeaders } from "node:http";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PersistedQueries } from "./persisted.js";
import { etagOf } from "../core/http-cache.js";
import { readEnv } from "../core/config.js";

/**
 * A lean path in front of Apollo for what third parties and the site send most: a JSON POST of a
 * query whose document is valid. It runs the same schema with the same context, validation rules
 * and formatError, and answers with the same status, headers and bytes as Apollo (compared in
 * tests/integration/graphql-fastpath.test.ts), without Apollo's per-request pipeline, and each
 * query compiled once to JavaScript by graphql-jit instead of walked by graphql's executor (see ARCHITECTURE.md).
 *
 * Automatic persisted queries (extensions.persistedQuery, by POST or by GET) are answered here too, with
 * the store Apollo uses (persisted.ts); a GET passes Apollo's CSRF rule first (a non-simple content type
 * or an `apollo-require-preflight` / `x-apollo-operation-name` header).
 *
 * Everything else goes on to Apollo untouched: uploads, mutations and subscriptions, unknown or wrong
 * persisted-query hashes and other extensions, batches, documents that fail to parse or validate,
 * variables that fail to coerce (nothing has run then), Accept headers other than the usual ones.
 */
export interface FastPathOptions {
  schema: GraphQLSchema;
  /** The rules Apollo is given besides graphql's own. */
  validationRules: ValidationRule[];
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  context: (req: FastifyRequest, reply: FastifyReply) => unknown;
  /** Automatic persisted queries, shared with Apollo. */
  persisted: PersistedQueries;
  /** Headers for a successful answer (caching of public reads); the default is `cache-control: no-store`. */
  answerHeaders?: (req: FastifyRequest, reply: FastifyReply, etag: () => string) => boolean | void;
  /** A request whose document is too large for the door (it answers 413 before the fast path). */
  tooLarge: (r: GraphqlHttpRequest) => boolean;
}

/** What the fast path reads of an HTTP request: Fastify's, or the front's (the body parsed, the query string split). */
export interface GraphqlHttpRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body?: unknown;
  query?: unknown;
}

// What Apollo answers for each Accept header handled here (no header: JSON).
const CONTENT_TYPES: Record<string, string> = {
  "": "application/json; charset=utf-8",
  "*/*": "application/json; charset=utf-8",
  "application/json": "application/json; charset=utf-8",
  // Apollo Client's default.
  "application/graphql-response+json,application/json;q=0.9": "application/graphql-response+json; charset=utf-8",
};

// Documents kept, by the length of their text (their syntax trees take some ten times that).
const DOCUMENT_CHARS_KEPT = 2_000_000;
// Compiled operations kept across all documents (one document may define hundreds of operations,
// and a compiled one weighs far more than its text): oldest documents out past this.
const COMPILED_KEPT = readEnv("GRAPHQL_COMPILED_KEPT");

let cacheSize = () => ({ documents: 0, compiled: 0 });
/** What the fast path holds now (for tests and the benchmark's memory figures). */
export const fastPathCacheSize = () => cacheSize();

type Operation = { query: CompiledQuery };

export function graphqlFastPath(o: FastPathOptions) {
  const rules = [...specifiedRules, ...o.validationRules];
  // Query text -> its valid document with its compiled query operations, or null when Apollo must answer.
  const documents = new Map<string, { document: DocumentNode; queries: Map<string, Operation | null> } | null>();
  let chars = 0;
  let compiledCount = 0;

  function forget(query: string) {
    const p = documents.get(query);
    documents.delete(query);
    chars -= query.length;
    if (p) compiledCount -= p.queries.size;
  }

  function prepared(query: string) {
    let p = documents.get(query);
    if (p !== undefined) {
      // Most recently used last, so the bounds below drop what is least used.
      documents.delete(query);
      documents.set(query, p);
      return p;
    }
    try {
      const document = parse(query);
      p = validate(o.schema, document, rules).length ? null : { document, queries: new Map() };
    } catch {
      p = null;
    }
    for (const oldest of documents.keys()) {
      if (chars + query.length <= DOCUMENT_CHARS_KEPT) break;
      forget(oldest);
    }
    documents.set(query, p);
    chars += query.length;
    return p;
  }

  function compiled(p: { document: DocumentNode; queries: Map<string, Operation | null> }, operationName: string | undefined) {
    let q = p.queries.get(operationName ?? "");
    if (q === undefined) {
      const operation = getOperationAST(p.document, operationName);
      // A name the document does not define is Apollo's to report (and is not remembered).
      if (!operation) return null;
      q = null;
      if (operation.operation === "query") {
        // customJSONSerializer: a serializer for this selection (fast-json-stringify), used when nothing failed.
        // graphql-jit builds none for a custom scalar (DateTimeISO): such a query is compiled without it.
        let c = compileQuery(o.schema, p.document, operationName, { customJSONSerializer: true });
        if (!isCompiledQuery(c)) c = compileQuery(o.schema, p.document, operationName);
        if (isCompiledQuery(c)) q = { query: c };
      }
      for (const oldest of documents.keys()) {
        if (compiledCount < COMPILED_KEPT || documents.get(oldest) === p) break;
        forget(oldest);
      }
      // One document alone past the bound: its own oldest operations go.
      for (const name of p.queries.keys()) {
        if (compiledCount < COMPILED_KEPT) break;
        p.queries.delete(name);
        compiledCount--;
      }
      p.queries.set(operationName ?? "", q);
      compiledCount++;
    }
    return q;
  }

  cacheSize = () => ({ documents: documents.size, compiled: compiledCount });

  /** A preHandler hook: answers the request, or leaves it to Apollo. */
  const hook = async function fastPath(req: FastifyRequest, reply: FastifyReply) {
    const contentType = CONTENT_TYPES[req.headers.accept ?? ""];
    if (!contentType) return;
    const r = graphqlRequest(req, o.persisted);
    if (!r) return;
    const { query, variables, operationName } = r;

    const p = prepared(query);
    const op = p && compiled(p, operationName ?? undefined);
    if (!op) return;
    const run = op.query;
    const context = await o.context(req, reply);

    const result = (await run.query(undefined, context, variables ?? {})) as ExecutionResult;
    // No data: the request itself failed (variables); nothing ran, and Apollo words those errors.
    if (result.data === undefined) return;

    const head = { status: 200, headers: new Map<string, string>() };
    const errors = result.errors?.map((e) => formatOne(e, o.formatError, head));
    reply.code(head.status);
    for (const [k, v] of head.headers) reply.header(k, v);
    reply.header("content-type", contentType);
    // Apollo's field order: errors, data, extensions.
    const json =
      errors || result.extensions ? JSON.stringify({ errors, data: result.data, extensions: result.extensions }) : run.stringify({ data: result.data });
    const body = `${json}\n`;
    if (errors || !o.answerHeaders) reply.header("cache-control", "no-store");
    // true: the client's copy is current (304, no body).
    else if (o.answerHeaders(req, reply, () => etagOf(body))) return reply.code(304).send();
    return reply.send(body);
  };
  /**
   * The same, in this process (the server's render of a page, and the check of a kept one): the answer as
   * Apollo's executeOperation gives it, or null when Apollo must answer (a mutation, an invalid document).
   */
  async function execute(
    req: FastifyRequest,
    reply: FastifyReply,
    operation: { query: string; variables?: Record<string, unknown>; operationName?: string },
  ): Promise<FormattedExecutionResult<Record<string, unknown>> | null> {
    const p = prepared(operation.query);
    const op = p && compiled(p, operation.operationName);
    if (!op) return null;
    const result = (await op.query.query(undefined, await o.context(req, reply), operation.variables ?? {})) as ExecutionResult<Record<string, unknown>>;
    if (result.data === undefined) return null;
    const head = { status: 200, headers: new Map<string, string>() };
    const errors = result.errors?.map((e) => formatOne(e, o.formatError, head));
    return errors ? { errors, data: result.data } : { data: result.data };
  }
  return { hook, execute };
}

/** The query, variables and operation name of a JSON POST or of a GET, with a persisted query resolved; null: Apollo's to answer. */
function graphqlRequest(
  req: GraphqlHttpRequest,
  persisted: PersistedQueries,
): { query: string; variables?: Record<string, unknown>; operationName?: string; lookedUp?: string } | null {
  let fields: Record<string, unknown>;
  if (req.method === "POST") {
    if (!isJson(req.headers["content-type"])) return null;
    const body = req.body as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    fields = body;
  } else if (req.method === "GET") {
    if (!passesCsrfCheck(req)) return null;
    const q = req.query as Record<string, unknown>;
    fields = { query: q.query, operationName: q.operationName };
    try {
      if (typeof q.variables === "string") fields.variables = JSON.parse(q.variables);
      else if (q.variables !== undefined) return null;
      if (typeof q.extensions === "string") fields.extensions = JSON.parse(q.extensions);
      else if (q.extensions !== undefined) return null;
    } catch {
      return null;
    }
  } else {
    return null;
  }
  const { variables, operationName, extensions } = fields;
  let query = fields.query;
  let lookedUp: string | undefined;
  if (variables != null && (typeof variables !== "object" || Array.isArray(variables))) return null;
  if (operationName != null && typeof operationName !== "string") return null;
  if (extensions != null) {
    // Only a version-1 persisted query, with a hash that is known or matches the document sent.
    if (typeof extensions !== "object" || Array.isArray(extensions) || Object.keys(extensions).length !== 1) return null;
    const pq = (extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } }).persistedQuery;
    if (!pq || typeof pq !== "object" || pq.version !== 1 || typeof pq.sha256Hash !== "string") return null;
    if (query === undefined) {
      query = persisted.lookup(pq.sha256Hash);
      lookedUp = pq.sha256Hash;
    } else if (typeof query !== "string" || !persisted.register(pq.sha256Hash, query)) return null;
  }
  if (typeof query !== "string" || !query) return null;
  return {
    query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: (operationName ?? undefined) as string | undefined,
    lookedUp,
  };
}

/** Apollo's CSRF prevention for requests without a body: a content type a form cannot send, or a preflight header. */
function passesCsrfCheck(req: GraphqlHttpRequest): boolean {
  const type = req.headers["content-type"];
  if (type !== undefined) {
    const essence = type.split(";")[0].trim().toLowerCase();
    if (!["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].includes(essence)) return true;
  }
  return !!(req.headers["x-apollo-operation-name"] || req.headers["apollo-require-preflight"]);
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semi = contentType.indexOf(";");
  return (semi < 0 ? contentType : contentType.slice(0, semi)).trim().toLowerCase() === "application/json";
}

/** Apollo's normalizeAndFormatErrors for one execution error (no stack traces in answers). */
function formatOne(
  error: GraphQLError,
  formatError: FastPathOptions["formatError"],
  head: { status: number; headers: Map<string, string> },
): GraphQLFormattedError {
  try {
    // graphql-jit's errors carry no extensions object when the original error had none.
    const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions?.code ?? "INTERNAL_SERVER_ERROR" };
    const http = extensions.http as { status?: unknown; headers?: unknown } | undefined;
    if (
      http &&
      typeof http === "object" &&
      (http.status === undefined || typeof http.status === "number") &&
      (http.headers === undefined || http.headers instanceof Map)
    ) {
      if (http.status) head.status = http.status as number;
      if (http.headers) for (const [k, v] of http.headers as Map<string, string>) head.headers.set(k, v);
      delete extensions.http;
    }
    return formatError({ ...error.toJSON(), extensions }, error);
  } catch {
    return { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } };
  }
}
