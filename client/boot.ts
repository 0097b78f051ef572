import { preloadRoute } from "./screenFiles";
import { preloadLanguage } from "./i18n/load";
import { sendEarlyGraph } from "./modules/graph/early";
import { sendEarlyLookUp } from "./modules/graph/earlyLookUp";
import { serverState } from "./serverState";
import { holdEarlyInput } from "./earlyInput";
import { HOME_FIRST_SLIDE, heroImageUrl, preloadImage, TRACK_HERO } from "./components/heroImages";
import { normalPath, pageSlugAt, screenAt } from "@shared/core/routes.codes";

/**
 * The first module main.tsx imports, so it runs before React, Apollo and the rest of the entry are
 * evaluated. Plain http is sent to https, except on loopback hosts. Otherwise everything the first
 * screen needs starts at once, while the entry starts up: the start-up graph, the screen's chunk and, for
 * /track.html?code=<one code>, the parcel (modules/graph/earlyLookUp.ts: Apollo takes its answer), and the texts of
 * the page's language and English (i18n/load.ts). A page the server rendered already holds its data and its
 * banner (serverState.ts): only the app's and the screen's chunks (preloaded, main.tsx runs them) and the texts are
 * asked for, once the page has painted (as main.tsx asks for the app then).
 */
const loopback = ["localhost", "127.0.0.1", "::1", "[::1]"];
export const redirecting = location.protocol === "http:" && !loopback.includes(location.hostname);

if (redirecting) {
  location.replace(`https://${location.host}${location.pathname}${location.search}${location.hash}`);
} else if (serverState()) {
  // The page is on the screen as the server rendered it: its scripts are asked for once it has painted, so
  // they do not hold up its first paint; a click on a button or a form sent meanwhile waits for the app.
  holdEarlyInput();
  // Once it has painted: the app's files and the screen's, which the page names (server/ssr.ts), are preloaded
  // (fetched and compiled, not run: main.tsx runs them in its own order, a task each), then the texts, in a task of
  // its own. The screen's module is not imported here: its import would run the whole app with it, in one task.
  void firstPaint().then(() => {
    preloadModules([...document.querySelectorAll<HTMLMetaElement>('meta[name="app-preload"]')].map((m) => m.content));
    setTimeout(preloadLanguage);
  });
} else {
  const path = normalPath(location.pathname);
  const screen = screenAt(path);
  const graph = sendEarlyGraph();
  sendEarlyLookUp(screen);
  preloadRoute(location.pathname);
  preloadLanguage();
  // The first screen's banner, its largest paint: known for home and tracking, in the graph for a content page.
  let slug = pageSlugAt(path);
  if (screen === "home") preloadImage(HOME_FIRST_SLIDE);
  else if (screen === "track") preloadImage(heroImageUrl(TRACK_HERO));
  else if (slug !== null) {
    try {
      slug = decodeURIComponent(slug);
    } catch {
      /* a malformed address: the screen shows its 404 */
    }
    graph.then(
      (g) => {
        const page = g.pages.find((p) => p.slug === slug);
        if (page) preloadImage(heroImageUrl(page.hero));
      },
      () => undefined,
    );
  }
}

/**
 * `<link rel="modulepreload">` for each of these scripts: fetched and compiled, run when imported. One a task: each
 * insertion starts its request synchronously (about 1 ms of CPU here, 4 on a phone), and the tracking page's twelve
 * in one task were a long task on a phone (issue 40).
 */
function preloadModules(hrefs: string[]): void {
  for (const href of hrefs)
    setTimeout(() => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
}

/**
 * Resolves once the page's first contentful paint is on the screen; at once where the browser does not
 * report paints, or when the page is hidden (it paints nothing until shown).
 */
export function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden" || typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint"))
      return resolve();
    const seen = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      seen.disconnect();
      resolve();
    });
    seen.observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", () => resolve(), { once: true });
  });
}
