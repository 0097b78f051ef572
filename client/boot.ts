import { preloadRoute } from "./routes";
import { fetchSiteGraph } from "./modules/graph/fetchGraph";
import { prefetchParcel } from "./modules/parcel/prefetch";
import { HOME_FIRST_SLIDE, heroImageUrl, preloadImage, TRACK_HERO } from "./components/heroImages";

/**
 * The first module main.tsx imports, so it runs before React and the rest of the entry are evaluated.
 * Spec section 4: https everywhere except on loopback hosts. Otherwise everything the first screen needs
 * starts at once, while the entry starts up: the start-up graph, the screen's chunk and, for
 * /track.html?code=..., the parcel.
 */
const loopback = ["localhost", "127.0.0.1", "::1", "[::1]"];
export const redirecting = location.protocol === "http:" && !loopback.includes(location.hostname);

if (redirecting) {
  location.replace(`https://${location.host}${location.pathname}${location.search}${location.hash}`);
} else {
  const path = location.pathname.replace(/\/+$/, "") || "/";
  const graph = fetchSiteGraph();
  prefetchParcel(location.pathname, location.search);
  preloadRoute(location.pathname);
  // The first screen's banner, its largest paint: known for home and tracking, in the graph for a content page.
  if (path === "/") preloadImage(HOME_FIRST_SLIDE);
  else if (path === "/track.html") preloadImage(heroImageUrl(TRACK_HERO));
  else if (path.startsWith("/pages/")) {
    let slug = path.slice("/pages/".length);
    try {
      slug = decodeURIComponent(slug);
    } catch {
      /* a malformed address: the screen shows its 404 */
    }
    void graph.then(({ data }) => {
      const page = data?.graph?.pages?.find((p) => p.slug === slug);
      if (page) preloadImage(heroImageUrl(page.hero));
    });
  }
}
