import type { ComponentType } from "react";
import { isControlPath, normalPath, pageSlugAt, screenAt, type Screen } from "../server/core/routes.codes";

/**
 * The screens' chunks, one import function each: App's React.lazy and the boot code share them, so the
 * chunk of the address being opened starts downloading while the entry still starts up (instead of only
 * after the first render found the lazy component). The addresses are server/core/routes.codes.ts'.
 */
export const SCREEN_LOADERS: Record<Screen, () => Promise<{ default: ComponentType }>> = {
  home: () => import("./pages/HomePage"),
  track: () => import("./pages/TrackPage"),
  contact: () => import("./pages/ContactPage"),
  resolution: () => import("./pages/ResolutionPage"),
  unsubscribe: () => import("./pages/UnsubscribePage"),
  debug: () => import("./pages/DebugPage"),
};
export const loadContentPage = () => import("./pages/ContentPage");
export const loadNotFound = () => import("./pages/NotFoundPage");

/** Starts loading the public screen of this address (a failure shows later, where React imports it). */
export function preloadRoute(pathname: string): void {
  const p = normalPath(pathname);
  if (isControlPath(p)) return;
  const screen = screenAt(p);
  const load = screen ? SCREEN_LOADERS[screen] : pageSlugAt(p) ? loadContentPage : loadNotFound;
  load().catch(() => undefined);
}
