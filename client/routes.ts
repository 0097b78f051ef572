/**
 * The screens' chunks, one import function each: App's React.lazy and the boot code share them, so the
 * chunk of the address being opened starts downloading while the entry still starts up (instead of only
 * after the first render found the lazy component).
 */
export const loadHome = () => import("./pages/HomePage");
export const loadContentPage = () => import("./pages/ContentPage");
export const loadTrack = () => import("./pages/TrackPage");
export const loadContact = () => import("./pages/ContactPage");
export const loadResolution = () => import("./pages/ResolutionPage");
export const loadUnsubscribe = () => import("./pages/UnsubscribePage");
export const loadDebug = () => import("./pages/DebugPage");
export const loadNotFound = () => import("./pages/NotFoundPage");

const EXACT: Record<string, () => Promise<unknown>> = {
  "/": loadHome,
  "/track.html": loadTrack,
  "/contact.html": loadContact,
  "/resolution.html": loadResolution,
  "/unsubscribe.html": loadUnsubscribe,
  "/debug": loadDebug,
};

/** Starts loading the public screen of this address (a failure shows later, where React imports it). */
export function preloadRoute(pathname: string): void {
  const p = pathname.replace(/\/+$/, "") || "/";
  if (p === "/cp" || p.startsWith("/cp/") || p === "/control" || p.startsWith("/control/")) return;
  const load = EXACT[p] ?? (/^\/pages\/[^/]+$/.test(p) ? loadContentPage : loadNotFound);
  load().catch(() => undefined);
}
