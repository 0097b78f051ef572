import type { ComponentType } from "react";
import { isControlPath, normalPath, pageSlugAt, screenAt, type Screen } from "@shared/core/routes.codes";

/**
 * The screens' chunks, one module each (under client/, the keys of Vite's manifest, which the server reads
 * to put a server-rendered screen's stylesheet and chunk into the page: server/ssr.ts). App's routes and
 * the boot code share the loaders, so the chunk of the address being opened starts downloading while the
 * entry still starts up. The addresses are shared/core/routes.codes.ts'.
 */
export const SCREEN_FILES: Record<Screen, string> = {
  home: "pages/HomePage.tsx",
  track: "pages/TrackPage.tsx",
  contact: "pages/ContactPage.tsx",
  resolution: "pages/ResolutionPage.tsx",
  unsubscribe: "pages/UnsubscribePage.tsx",
  debug: "pages/DebugPage.tsx",
  quote: "pages/QuotePage.tsx",
  account: "pages/AccountPage.tsx",
};
export const CONTENT_PAGE_FILE = "pages/ContentPage.tsx";
export const NOT_FOUND_FILE = "pages/NotFoundPage.tsx";

/** A screen's module: its component, and what its first render reads from Apollo's cache (see warmQuery in apollo.ts). */
export interface ScreenModule {
  default: ComponentType;
  warmCache?: () => void;
}
export type Loader = () => Promise<ScreenModule>;
const MODULES = import.meta.glob<ScreenModule>("./pages/*Page.tsx");
export const loaderOf = (file: string): Loader => MODULES[`./${file}`];

/** The module of the public screen at this address (null under the control panel and set-up). */
export function screenFileAt(pathname: string): string | null {
  const p = normalPath(pathname);
  if (isControlPath(p)) return null;
  const screen = screenAt(p);
  return screen ? SCREEN_FILES[screen] : pageSlugAt(p) ? CONTENT_PAGE_FILE : NOT_FOUND_FILE;
}

/** Starts loading the public screen of this address (a failure shows later, where React imports it). */
export function preloadRoute(pathname: string): void {
  const file = screenFileAt(pathname);
  if (file) loaderOf(file)().catch(() => undefined);
}
