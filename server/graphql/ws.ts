import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { addressKey, rawClientIp, trustProxySetting } from "../core/client-address.js";
import { config, readEnv } from "../core/config.js";
import { formatError } from "./errors.js";
import { GRAPHQL_LIMITS, limitsRule } from "./limits.js";

/** Operations one connection may run at once (a tracking page needs one). */
const MAX_PER_CONNECTION = 20;
/** A connection that has not sent connection_init by then is closed (4408). */
const INIT_WAIT_MS = 3_000;

/** Open connections by client address, and in all: per process, whatever the number of apps it serves. */
const open = new Map<string, number>();
let total = 0;
/** Connections open in this process (the tests read it). */
export const openLiveConnections = () => total;

/** Refuses an upgrade with a plain HTTP answer (before any WebSocket exists). */
function refuse(socket: Duplex, status: 429 | 503, message: string): void {
  const reason = status === 429 ? "Too Many Requests" : "Service Unavailable";
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nRetry-After: 30\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}

/**
 * GraphQL subscriptions over graphql-ws on /graphql (the same path: an upgrade request is the socket,
 * anything else Apollo's HTTP door). Only subscriptions travel here: queries and mutations keep the
 * HTTP door's session, CSRF and cache rules. The same schema, validation and limits; the context is
 * the client's address (trusted proxies as for HTTP), which the subscription counts its limit against.
 * Connections are capped per client address (LIVE_CONNECTIONS_PER_CLIENT, 429 on the upgrade) and per
 * process (LIVE_CONNECTIONS_MAX, 503); a slot is freed when the socket closes, or when its peer misses a ping
 * (LIVE_PING_SECONDS).
 */
export function registerGraphqlWs(app: FastifyInstance, schema: GraphQLSchema): void {
  const trust = trustProxySetting(config().trustProxy);
  const perClient = readEnv("LIVE_CONNECTIONS_PER_CLIENT");
  const most = readEnv("LIVE_CONNECTIONS_MAX");
  const clientOf = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: GRAPHQL_LIMITS.maxDocumentBytes + 4096 });
  const server = useServer(
    {
      schema,
      connectionInitWaitTimeout: INIT_WAIT_MS,
      context: (ctx) => ({ client: clientOf.get(ctx.extra.request) ?? addressKey(rawClientIp(ctx.extra.request, trust)) }),
      onConnect: (ctx) => {
        (ctx.extra as { open?: number }).open = 0;
      },
      onSubscribe: (ctx, _id, payload) => {
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (e) {
          return [e as GraphQLError];
        }
        const errors = validate(schema, document, [...specifiedRules, limitsRule]);
        if (errors.length) return errors;
        const ops = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
        if (ops.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== "subscription")) {
          return [
            new GraphQLError("Only subscriptions are served over WebSocket: send queries and mutations over HTTP", { extensions: { code: "BAD_REQUEST" } }),
          ];
        }
        const extra = ctx.extra as { open?: number };
        if ((extra.open ?? 0) >= MAX_PER_CONNECTION) {
          return [new GraphQLError(`At most ${MAX_PER_CONNECTION} subscriptions per connection`, { extensions: { code: "BAD_REQUEST" } })];
        }
        extra.open = (extra.open ?? 0) + 1;
      },
      onComplete: (ctx) => {
        const extra = ctx.extra as { open?: number };
        extra.open = Math.max(0, (extra.open ?? 1) - 1);
      },
      // The errors as the HTTP door formats them: codes in extensions, no stack traces.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((e) => formatError(e.toJSON?.() ?? { message: e.message }, e)) } : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatError(e.toJSON?.() ?? { message: e.message }, e)),
    },
    wss,
    // graphql-ws pings each connection this often and cuts one that has not answered as long after: a peer
    // that vanished without closing (a phone asleep, a dropped network) gives its slot back.
    readEnv("LIVE_PING_SECONDS") * 1000,
  );
  app.server.on("upgrade", (req, socket, head) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/graphql") {
      socket.destroy();
      return;
    }
    if (socket.destroyed) return;
    const client = addressKey(rawClientIp(req, trust));
    const mine = open.get(client) ?? 0;
    if (mine >= perClient) return refuse(socket, 429, `At most ${perClient} live connections per client: close one first`);
    if (total >= most) return refuse(socket, 503, "The server has too many live connections: try again later");
    open.set(client, mine + 1);
    total++;
    clientOf.set(req, client);
    socket.once("close", () => {
      total--;
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });
  app.addHook("preClose", (done) => {
    for (const c of wss.clients) c.close(1001, "Server closing");
    Promise.resolve(server.dispose())
      .then(() => wss.close(() => done()))
      .catch(() => done());
  });
}
