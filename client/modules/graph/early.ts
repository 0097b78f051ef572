import type { SiteGraphQuery } from "../../generated/public";
import { sha256Hex } from "./sha256";

/**
 * The first screen's requests, sent by boot.ts while React and Apollo still load, so the first screen
 * does not wait for its chunk before asking. Apollo takes each answer once (the early link of
 * client/apollo.ts): when a screen runs the same operation with the same variables, the link hands it
 * the answer of the request already under way instead of asking again; the answer then goes through
 * Apollo (cache, errors) like any other. Nothing here reads the answers itself.
 */

/** An answer as the GraphQL endpoint gives it. */
export interface EarlyAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

const pending = new Map<string, Promise<EarlyAnswer>>();

/** Operation and variables as one key (keys sorted, undefined values left out, as JSON drops them). */
export function earlyKey(operationName: string, variables: Record<string, unknown> | undefined): string {
  const v = variables ?? {};
  return `${operationName} ${JSON.stringify(
    Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, v[k]]),
    ),
  )}`;
}

/** Starts an operation (its document's text, as the generated document has it) before Apollo has loaded. */
export function sendEarly(operationName: string, query: string, variables: Record<string, unknown>): void {
  const answer = send(operationName, query, variables);
  answer.catch(() => undefined); // a failure is reported where Apollo takes the answer
  pending.set(earlyKey(operationName, variables), answer);
}

/**
 * An answer the page brought (a failed operation of the server's render, client/serverState.ts): Apollo's
 * cache holds no errors, so the operation's first request takes this answer instead of asking again.
 */
export function keepEarly(key: string, answer: EarlyAnswer): void {
  pending.set(key, Promise.resolve(answer));
}

/** The early answer of this operation and these variables, once; null when there is none. */
export function takeEarly(operationName: string, variables: Record<string, unknown> | undefined): Promise<EarlyAnswer> | null {
  const key = earlyKey(operationName, variables);
  const answer = pending.get(key) ?? null;
  pending.delete(key);
  return answer;
}

/** The start-up graph as GET /api/graph answers it: the graph, the session flag and the member's role. */
export type RestGraph = Omit<SiteGraphQuery["graph"], "__typename"> & { admin: boolean; role: string | null };
let graph: Promise<RestGraph> | null = null;

/**
 * The start-up graph (GET /api/graph, the same service as the GraphQL `graph` field). A plain GET, so
 * index.html preloads it: the answer is on its way while the scripts still load. The request must stay
 * as the preload's (same URL, default mode and credentials) for the browser to use the preloaded answer.
 * Sent once: boot.ts asks first, client/modules/graph/siteGraph.ts writes the answer into Apollo's cache.
 */
export function sendEarlyGraph(): Promise<RestGraph> {
  if (!graph) {
    graph = fetch("/api/graph").then(async (res) => {
      const body = (await res.json()) as { errors?: string[]; data?: RestGraph | null };
      if (!body?.data) throw new Error(`start-up graph: HTTP ${res.status} ${body?.errors?.join("; ") ?? ""}`);
      return body.data;
    });
    graph.catch(() => undefined); // reported where the answer is taken (siteGraph.ts)
  }
  return graph;
}

const HEADERS = { accept: "application/json", "content-type": "application/json", "apollo-require-preflight": "true" };

async function read(res: Response): Promise<EarlyAnswer> {
  const body = (await res.json()) as EarlyAnswer;
  if (!body || typeof body !== "object" || !("data" in body || "errors" in body)) throw new Error(`unexpected answer (HTTP ${res.status})`);
  return body;
}

/**
 * Apollo's automatic persisted queries, as its link sends them: a GET with the document's hash (small,
 * and revalidated with an ETag), and one POST with the document when the server does not know the hash
 * yet. Without Web Crypto (a plain-http address other than localhost) a POST with the document.
 */
async function send(operationName: string, query: string, variables: Record<string, unknown>): Promise<EarlyAnswer> {
  const hash = await sha256Hex(query);
  const extensions = hash ? { persistedQuery: { version: 1, sha256Hash: hash } } : undefined;
  if (extensions) {
    const params = new URLSearchParams({ operationName, variables: JSON.stringify(variables), extensions: JSON.stringify(extensions) });
    const body = await read(await fetch(`/graphql?${params}`, { credentials: "include", headers: HEADERS }));
    if (!body.errors?.some((e) => e.extensions?.code === "PERSISTED_QUERY_NOT_FOUND")) return body;
  }
  const res = await fetch("/graphql", {
    method: "POST",
    credentials: "include",
    headers: HEADERS,
    body: JSON.stringify({ operationName, query, variables, extensions }),
  });
  return read(res);
}
