// The banner images of the public screens, shared by the screens and the boot code that preloads them.
import { PAGE_DEFAULTS, PAGE_HEROES, type PageHero } from "@shared/modules/page/page.codes";

/** A page's banner image (the default one for a name the client does not ship). */
export function heroImageUrl(hero: string | null | undefined): string {
  const name = (PAGE_HEROES as readonly string[]).includes(hero ?? "") ? hero : PAGE_DEFAULTS.hero;
  return `/img/${name}.svg`;
}

/** The tracking screen's banner. */
export const TRACK_HERO: PageHero = "hero-mixed";
/** The home carousel's first slide, the home page's largest paint. */
export const HOME_FIRST_SLIDE = "/img/slide-world.svg";

/**
 * Starts fetching the first screen's banner at high priority, before React has rendered its <img>
 * (which then takes it from the cache).
 */
export function preloadImage(href: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = href;
  link.fetchPriority = "high";
  document.head.appendChild(link);
}
