// Pure data shared by the server and the client (client/screenFiles.ts, client/App.tsx): no imports and
// no Node or browser APIs here. The one list of the site's public addresses.

/** The public screens' addresses, by name. */
export const SCREENS = {
  home: "/",
  track: "/track.html",
  contact: "/contact.html",
  resolution: "/resolution.html",
  unsubscribe: "/unsubscribe.html",
  debug: "/debug",
  quote: "/quote",
  /** The shipper's area: its own screens below it (ACCOUNT_ROOT), routed by the client. */
  account: "/account",
} as const;
export type Screen = keyof typeof SCREENS;
const SCREEN_NAMES = Object.keys(SCREENS) as Screen[];

/**
 * Short addresses people type for a screen ("/track"): the server answers each with a permanent redirect to the
 * screen's own address, its query kept (server/client-routes.ts).
 */
export const SCREEN_ALIASES: Readonly<Record<string, Screen>> = { "/track": "track" };

/** The screens search engines are to list (the sitemap's, before the content pages). */
export const LISTED_SCREENS: readonly Screen[] = ["home", "contact", "quote"];
/** One visitor's own screens: robots.txt keeps crawlers out, the page says X-Robots-Tag: noindex. */
export const HIDDEN_SCREENS: readonly Screen[] = ["track", "unsubscribe", "debug", "account"];

/** The shipper's area (sign-in, sign-up, its shipments...): every path below it is the account screen. */
export const ACCOUNT_ROOT = "/account";

/**
 * The screens the server renders into the page itself (server/ssr.ts, client/entry-server.tsx), besides
 * the content pages: the first screens of a visit. The others (and the control panel, set-up and 404s)
 * are rendered by the client alone.
 */
export const SERVER_RENDERED_SCREENS: readonly Screen[] = ["home", "track", "contact"];

/** The id of the `<script type="application/json">` that carries a server-rendered page's Apollo cache. */
export const SERVER_STATE_ID = "ssr-state";

/** A content page: /pages/{slug} (PAGE_ROUTE in react-router's notation). */
export const PAGE_ROUTE = "/pages/:slug";
export const pagePath = (slug: string) => `/pages/${slug}`;

/** The control panel lives under /control; the first admin's set-up under /cp. Both are hidden from search. */
export const CONTROL_ROOT = "/control";
export const SETUP_ROOT = "/cp";
/** The set-up screens the server answers 200 for (anything else under /cp is a 404 the client redirects). */
export const SETUP_PATHS: readonly string[] = [SETUP_ROOT, `${SETUP_ROOT}/signup`];

/** The path without trailing slashes ("/" stays "/"). */
export const normalPath = (pathname: string) => pathname.replace(/\/+$/, "") || "/";

/** Whether a (normal) path is `root` or below it. */
export const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** Whether a (normal) path belongs to the control panel or the set-up screens. */
export const isControlPath = (path: string) => isUnder(path, CONTROL_ROOT) || isUnder(path, SETUP_ROOT);

/** The public screen at a (normal) path, if any. */
export const screenAt = (path: string): Screen | null => (isUnder(path, ACCOUNT_ROOT) ? "account" : (SCREEN_NAMES.find((s) => SCREENS[s] === path) ?? null));

/** A screen's route in react-router's notation (the account screen routes its own paths). */
export const screenRoute = (s: Screen): string => (s === "account" ? `${ACCOUNT_ROOT}/*` : SCREENS[s]);

/** The slug of the content page at a (normal) path, if it is one. */
export const pageSlugAt = (path: string): string | null => /^\/pages\/([^/]+)$/.exec(path)?.[1] ?? null;

/** Whether a (normal) path is nobody's search result: the control panel, set-up and the hidden screens. */
export function isHiddenFromSearch(path: string): boolean {
  const screen = screenAt(path);
  return isControlPath(path) || (screen !== null && HIDDEN_SCREENS.includes(screen));
}

/** Whether the server renders the page at this (normal) path (SERVER_RENDERED_SCREENS and the content pages). */
export function isServerRendered(path: string): boolean {
  const screen = screenAt(path);
  return screen ? SERVER_RENDERED_SCREENS.includes(screen) : pageSlugAt(path) !== null;
}
