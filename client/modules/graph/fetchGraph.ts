import type { SiteGraphQuery } from "../../generated/graphql";

// Apart from startup.ts (which needs React), so the boot code can send it before React has loaded.
type Answer = { data: SiteGraphQuery | null; errors: string[] };
let request: Promise<Answer> | null = null;

/**
 * The start-up graph (spec section 7: GET /api/graph on start; the same service and content as the
 * GraphQL `graph` field of graphql/SiteGraph.graphql, whose generated type describes it). A plain GET,
 * so index.html preloads it: the answer is on its way while the scripts still load. The request must
 * stay as the preload's (same URL, default mode and credentials) for the browser to use the preloaded
 * answer. Sent once; boot.ts asks first.
 */
export function fetchSiteGraph(): Promise<Answer> {
  return (request ??= fetch("/api/graph")
    .then(async (res) => {
      const body = (await res.json()) as { errors?: string[]; data?: SiteGraphQuery["graph"] | null };
      return { data: body.data ? { graph: body.data } : null, errors: body.errors ?? [] };
    })
    .catch((e) => {
      console.warn("request failed", e);
      return { data: null, errors: ["Invalid Json"] };
    }));
}
