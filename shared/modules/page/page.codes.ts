// Pure data shared by the server and the client (the public screens and the control panel import
// it): no imports and no Node or browser APIs here.

/** The page icons (Material icon names). */
export const PAGE_ICONS = ["people", "copyright", "pages", "folder"] as const;
export type PageIcon = (typeof PAGE_ICONS)[number];

/** The banner images the client ships (client/public/img/{name}.svg). */
export const PAGE_HEROES = ["hero-mixed", "hero-air", "hero-sea", "hero-road", "hero-warehouse"] as const;
export type PageHero = (typeof PAGE_HEROES)[number];

/** The colour overlays over a page's banner (classes of client/styles/layout.css). */
export const PAGE_OVERLAYS = ["overlay1", "overlay2", "overlay3"] as const;
export type PageOverlay = (typeof PAGE_OVERLAYS)[number];

/** What a page gets when it names none: the columns' defaults in prisma/models.prisma. */
export const PAGE_DEFAULTS: { icon: PageIcon; hero: PageHero; overlay: PageOverlay } = { icon: "people", hero: "hero-mixed", overlay: "overlay1" };
