import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import fastifyApollo, { fastifyApolloDrainPlugin } from "@as-integrations/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FormattedExecutionResult } from "graphql";
import processRequest from "graphql-upload/processRequest.mjs";
import { config } from "../core/config.js";
import type { Context } from "../core/context.js";
import { ctxOf, keyedFirst } from "../rest/route.js";
import { formatError } from "./errors.js";
import { schema } from "./schema.js";
import { GRAPHQL_LIMITS, limitsRule } from "./limits.js";
import { graphqlFastPath, type GraphqlHttpRequest } from "./fastpath.js";
import { PersistedQueries } from "./persisted.js";
import { publicRead } from "../core/http-cache.js";
import { registerGraphqlWs } from "./ws.js";

const UPLOAD_MARK = Symbol("graphql-upload");

/** One operation as a request to /graphql carries it. */
export interface GraphqlOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/**
 * Runs an operation in this process for a request of another route (the server's render of a page:
 * server/ssr.ts): Apollo's executor with the same schema, validation, limits, error format and request
 * context as /graphql, so access rules, the privacy of a parcel, rate limits and caches apply as to a call.
 */
export type InProcessGraphql = (req: FastifyRequest, reply: FastifyReply, operation: GraphqlOperation) => Promise<FormattedExecutionResult>;

/** Apollo Server 5 at /graphql, with GraphQL multipart uploads (graphql-upload) in the same scope. */
export async function registerGraphql(app: FastifyInstance): Promise<InProcessGraphql> {
  const executable = await schema();
  const persisted = new PersistedQueries();
  const apollo = new ApolloServer<Context>({
    persistedQueries: { cache: persisted },
    schema: executable,
    formatError,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    validationRules: [limitsRule],
    // What the default cache-control plugin answered here (no cache hints anywhere: always
    // no-store), without its per-field hook on every resolver.
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginCacheControlDisabled(), noStore],
  });
  await apollo.start();
  let fast: ReturnType<typeof graphqlFastPath> | null = null;
  // Subscriptions (graphql-ws) on the same path, by upgrade requests.
  registerGraphqlWs(app, executable);

  await app.register(async (scope) => {
    scope.addContentTypeParser("multipart/form-data", (req, _payload, done) => {
      (req as FastifyRequest & { [UPLOAD_MARK]?: boolean })[UPLOAD_MARK] = true;
      done(null);
    });
    const isUpload = (req: FastifyRequest) => (req as FastifyRequest & { [UPLOAD_MARK]?: boolean })[UPLOAD_MARK] === true;
    const tooLarge = (req: GraphqlHttpRequest) => {
      const query = (req.body as { query?: unknown } | undefined)?.query ?? (req.query as { query?: unknown } | undefined)?.query;
      return typeof query === "string" && query.length > GRAPHQL_LIMITS.maxDocumentBytes;
    };
    const prepare = async (req: FastifyRequest, reply: FastifyReply) => {
      if (isUpload(req)) {
        // Every mutation that takes a file is staff-only: nobody else gets a multipart body read.
        if (!(await ctxOf(req, reply).auth.admin())) {
          // Answered without reading the body; the connection closes rather than drain it.
          (req as FastifyRequest & { [UPLOAD_MARK]?: boolean })[UPLOAD_MARK] = false;
          return reply
            .code(401)
            .header("connection", "close")
            .send({ errors: [{ message: "File uploads need a signed-in admin", extensions: { code: "UNAUTHENTICATED" } }] });
        }
        try {
          req.body = await processRequest(req.raw, reply.raw, { maxFileSize: config().uploadMaxBytes + 1, maxFiles: 2, maxFieldSize: 64 * 1024 });
        } catch (e) {
          // A broken multipart request is the client's fault: 400 (413 when too large), never 500.
          const status = (e as { status?: number }).status === 413 ? 413 : 400;
          const code = status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
          return reply.code(status).send({ errors: [{ message: `Invalid multipart request: ${(e as Error).message}`, extensions: { code } }] });
        }
      }
      // Refuse oversized documents before Apollo parses them.
      if (tooLarge(req)) {
        return reply.code(413).send({
          errors: [{ message: `query document exceeds ${GRAPHQL_LIMITS.maxDocumentBytes} bytes`, extensions: { code: "PAYLOAD_TOO_LARGE" } }],
        });
      }
    };
    scope.addHook("onRequest", keyedFirst);
    // Callback hooks with nothing to do for a plain JSON request, the common case.
    scope.addHook("preValidation", (req, reply, done) => {
      if (!isUpload(req) && !tooLarge(req)) return done();
      prepare(req, reply).then(() => {
        if (!reply.sent) done();
      }, done);
    });
    scope.addHook("onSend", (req, _reply, payload, done) => {
      if (!isUpload(req) || req.raw.readableEnded) return done(null, payload);
      req.raw.resume();
      let finished = false;
      const finish = () => {
        if (!finished) done(null, payload);
        finished = true;
      };
      req.raw.once("end", finish);
      req.raw.once("close", finish);
    });
    if (config().graphqlFastPath) {
      fast = graphqlFastPath({
        schema: executable,
        validationRules: [limitsRule],
        formatError,
        context: ctxOf,
        persisted,
        tooLarge,
        // A GET (a persisted query by hash, or a document in the URL) is a read a CDN may keep; a POST is not.
        answerHeaders: (req, reply, etag) => {
          if (req.method === "GET") return publicRead(req, reply, etag);
          reply.header("cache-control", "no-store");
        },
      });
      scope.addHook("preHandler", fast.hook);
    }
    await scope.register(fastifyApollo(apollo), {
      path: "/graphql",
      context: async (req: FastifyRequest, reply: FastifyReply) => ctxOf(req, reply),
    });
  });

  return async (req, reply, operation) => {
    // The compiled fast path when it takes the operation (a page's queries): Apollo's answer, at a third of its cost.
    const quick = fast && (await fast.execute(req, reply, operation));
    if (quick) return quick;
    const response = await apollo.executeOperation<Record<string, unknown>>(operation, { contextValue: ctxOf(req, reply) });
    if (response.body.kind !== "single") throw new Error("an in-process operation answered incrementally");
    return response.body.singleResult;
  };
}

const noStore: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set("cache-control", "no-store");
      },
    };
  },
};
