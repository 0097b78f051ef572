import { startTransition, useEffect, useState } from "react";
import type { Action } from "../../state/store";
import { fetchSiteGraph } from "./fetchGraph";

export { fetchSiteGraph };

/**
 * Start-up of spec section 4: the site graph is fetched once per page load; when it has pages,
 * pages, admin, reviews and settings are replaced from it. `useGraphReady()` tells screens
 * (content pages, chat code) when the fresh graph has arrived or failed.
 */
let started = false;
let ready = false;
const listeners = new Set<() => void>();

function markReady() {
  ready = true;
  listeners.forEach((fn) => fn());
}

export function startSiteGraph(dispatch: (a: Action) => void): void {
  if (started) return;
  started = true;
  fetchSiteGraph()
    .then(({ data, errors }) => {
      if (errors.length) console.warn("site graph errors", errors);
      const g = data?.graph;
      // A transition: the whole page re-renders with the graph, in short slices rather than one long task.
      if (g?.pages) startTransition(() => dispatch({ type: "graph/loaded", pages: g.pages, admin: g.admin, reviews: g.reviews, settings: g.settings }));
    })
    .catch((e) => console.warn("site graph failed", e))
    .finally(() => startTransition(markReady));
}

/**
 * Whether the start-up graph has arrived (or failed). State set in a transition, not
 * useSyncExternalStore, whose updates always render synchronously.
 */
export function useGraphReady(): boolean {
  const [isReady, setReady] = useState(ready);
  useEffect(() => {
    if (ready) {
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
