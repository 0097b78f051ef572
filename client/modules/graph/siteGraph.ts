import { startTransition, useDeferredValue, useEffect, useMemo, useState } from "react";
import { apollo, warmQuery } from "../../apollo";
import { SiteGraphDocument, useSiteGraphQuery, type SiteGraphQuery } from "../../generated/public";
import { readSaved, save, type Action } from "../../state/store";
import { sendEarlyGraph, type RestGraph } from "./early";

/**
 * The start-up graph (spec: fetched once per page load; when it has pages, pages, admin, reviews and
 * settings are all replaced from it). boot.ts sends GET /api/graph, which index.html preloads; its answer
 * is written into Apollo's cache as the SiteGraph query (graphql/SiteGraph.graphql), and every screen
 * reads it from there (useSiteGraph). The session flag and role go to the session (state/store.tsx). The
 * graph is also kept in the saved state, so a returning visitor's first screen has pages, reviews and
 * settings before the answer arrives, as the spec's saved state had them.
 */
export type SiteGraph = SiteGraphQuery["graph"];
export type PageItem = SiteGraph["pages"][number];

type Parts = Pick<SiteGraph, "pages" | "reviews" | "settings">;

/** An object with its GraphQL type name, which Apollo's cache keys it by (GET /api/graph and the saved state carry none). */
const typed = <T extends object>(__typename: string, o: T): T & { __typename: string } => ({ __typename, ...o });

/** The graph as the SiteGraph query answers it: its fields only, with their type names. */
function cached(g: Parts): SiteGraphQuery {
  const s = g.settings;
  return {
    graph: typed("SiteGraph", {
      pages: g.pages.map((p) =>
        typed("Page", { id: p.id, slug: p.slug, title: p.title, sub_title: p.sub_title, icon: p.icon, hero: p.hero, overlay: p.overlay, content: p.content }),
      ),
      reviews: g.reviews.map((r) => typed("Review", { id: r.id, name: r.name, review: r.review, image: r.image })),
      settings: typed("PublicSettings", {
        meta_description: s.meta_description,
        chat_code: s.chat_code,
        contact_email: s.contact_email,
        contact_phone: s.contact_phone,
        contact_phone_alt: s.contact_phone_alt,
        contact_twitter: s.contact_twitter,
        contact_telegram: s.contact_telegram,
        contact_instagram: s.contact_instagram,
        contact_address: s.contact_address,
        currency: s.currency,
      }),
    }),
  };
}

/** Writes the saved graph into the cache, before the first render (nothing when none was saved or it is incomplete). */
export function restoreSavedGraph(): void {
  const saved = readSaved();
  const pages = saved.pages && typeof saved.pages === "object" ? Object.values(saved.pages as Record<string, Parts["pages"][number]>) : null;
  if (!pages || !Array.isArray(saved.reviews) || !saved.settings || typeof saved.settings !== "object") return;
  // Saved before the graph carried the currency: Apollo would miss the field; the graph's answer replaces it soon.
  if (typeof (saved.settings as { currency?: unknown }).currency !== "string") return;
  try {
    apollo.cache.writeQuery({ query: SiteGraphDocument, data: cached({ pages, reviews: saved.reviews, settings: saved.settings as Parts["settings"] }) });
  } catch (e) {
    console.warn("saved graph ignored", e);
  }
}

let started = false;
let ready = false;
/** The graph came with the page (the server rendered it): nothing to ask for. */
let fromServer = false;

/**
 * The page's start-up graph is in Apollo's cache already: the server's render (client/entry-server.tsx)
 * asked for it, or the client restored the state the server sent (client/start.tsx). Before the first render.
 */
export function graphFromServer(): void {
  fromServer = true;
  ready = true;
}
/** Before a hydration: the start-up graph, which every public screen reads, read once from the cache (see warmQuery). */
export const warmSiteGraph = () => warmQuery(SiteGraphDocument);

const listeners = new Set<() => void>();

function markReady() {
  ready = true;
  listeners.forEach((fn) => fn());
}

/** Takes the start-up graph boot.ts requested: into the cache, the saved state and the session. Once per page load. */
export function startSiteGraph(dispatch: (a: Action) => void): void {
  if (started) return;
  started = true;
  if (fromServer) {
    // The server renders only for visitors without a session: the graph's session flag was false.
    const data = apollo.cache.readQuery<SiteGraphQuery>({ query: SiteGraphDocument });
    startTransition(() => dispatch({ type: "session/graph", admin: false, role: null }));
    if (data) {
      const { pages, reviews, settings } = data.graph;
      save({ pages: Object.fromEntries(pages.map((p) => [p.slug, p])), reviews, settings });
    }
    return;
  }
  sendEarlyGraph()
    .then((g: RestGraph) => {
      if (!g.pages) return;
      const data = cached(g);
      // The screens take the new graph in a background render (useSiteGraph), the session in a transition:
      // the page re-renders in short slices rather than one long task.
      apollo.cache.writeQuery({ query: SiteGraphDocument, data });
      startTransition(() => dispatch({ type: "session/graph", admin: g.admin, role: g.role }));
      const { pages, reviews, settings } = data.graph;
      save({ pages: Object.fromEntries(pages.map((p) => [p.slug, p])), reviews, settings });
    })
    .catch((e) => console.warn("site graph failed", e))
    .finally(() => startTransition(markReady));
}

/** After the cache is cleared (sign-out): the graph goes back in, so the public screens keep it. */
export async function clearCacheKeepingGraph(): Promise<void> {
  const graph = apollo.cache.readQuery({ query: SiteGraphDocument });
  await apollo.clearStore();
  if (graph) apollo.cache.writeQuery({ query: SiteGraphDocument, data: graph });
}

/**
 * The start-up graph from the cache (never a request of its own), with the pages by slug and in order.
 * A new graph is rendered as a deferred value: Apollo's updates render synchronously, and the whole page
 * would otherwise re-render in one long task when the graph arrives.
 */
export function useSiteGraph() {
  const { data } = useSiteGraphQuery({ fetchPolicy: "cache-only" });
  const graph = useDeferredValue(data?.graph);
  const pagesBySlug = useMemo(() => new Map((graph?.pages ?? []).map((p) => [p.slug, p])), [graph?.pages]);
  const pagesInOrder = useMemo(() => [...(graph?.pages ?? [])].sort((a, b) => a.id - b.id), [graph?.pages]);
  return { pages: pagesInOrder, pagesBySlug, reviews: graph?.reviews ?? [], settings: graph?.settings ?? null };
}

/**
 * Whether the start-up graph has arrived (or failed). State set in a transition, not
 * useSyncExternalStore, whose updates always render synchronously.
 */
export function useGraphReady(): boolean {
  const [isReady, setReady] = useState(ready);
  useEffect(() => {
    if (ready) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the graph may have arrived between the first render and this effect, which then marks it ready
      setReady(true);
      return;
    }
    const fn = () => setReady(true);
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  }, []);
  return isReady;
}

let chatInjected = false;
/**
 * The admin's chat_code (admin-supplied script/HTML, e.g. a live-chat widget), injected once
 * into document.body through a created fragment so its scripts run.
 */
export function injectChatCode(code: string): void {
  if (chatInjected || !code.trim()) return;
  chatInjected = true;
  try {
    const fragment = document.createRange().createContextualFragment(code);
    document.body.appendChild(fragment);
  } catch (e) {
    console.warn("chat code could not be injected", e);
  }
}

export function setMetaDescription(text: string): void {
  if (!text.trim()) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.appendChild(meta);
  }
  meta.content = text;
}
