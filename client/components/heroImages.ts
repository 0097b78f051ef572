/** The banner images of the public screens, shared by the screens and the boot code that preloads them. */
export const HERO_IMAGES = ["hero-mixed", "hero-air", "hero-sea", "hero-road", "hero-warehouse"] as const;

export function heroImageUrl(hero: string | null | undefined): string {
  const name = (HERO_IMAGES as readonly string[]).includes(hero ?? "") ? hero : "hero-mixed";
  return `/img/${name}.svg`;
}

/** The tracking screen's banner. */
export const TRACK_HERO = "hero-mixed";
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
