import type { SiteGraphQuery } from "../../generated/public";

/**
 * Answers an operation takes before Apollo asks: the tracking page's first look-up, sent by boot.ts while
 * React and Apollo still load (earlyLookUp.ts), and the failed operations of the server's render
 * (client/serverState.ts). Apollo takes each answer once (the early link of client/apollo.ts): when a
 * screen runs the same operation with the same variables, the link hands it the answer instead of asking
 * again; the answer then goes through Apollo (cache, errors) like any other. Nothing here reads the answers.
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

/**
 * An answer for the operation's first request: one under way (earlyLookUp.ts), or one the page brought (a
 * failed operation of the server's render, client/serverState.ts: Apollo's cache holds no errors).
 */
export function keepEarly(key: string, answer: EarlyAnswer | Promise<EarlyAnswer>): void {
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
