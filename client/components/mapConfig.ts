/**
 * Where the map's tiles come from, first match wins:
 * 1. `<meta name="tile-url" content="https://tiles.example.com/{z}/{x}/{y}.png">` in the served
 *    index.html (the server or the operator may set it; `tile-attribution` likewise);
 * 2. `window.COURIER_CONFIG = { tileUrl, tileAttribution }` set by a script before the app;
 * 3. the build-time variable `VITE_TILE_URL` (`VITE_TILE_URL=... npx vite build`);
 * 4. OpenStreetMap's public tiles.
 * Markers never depend on tiles: when tiles cannot load, the markers and labels still show.
 */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

declare global {
  interface Window {
    COURIER_CONFIG?: { tileUrl?: string; tileAttribution?: string };
  }
}

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim() || undefined;
}

export function tileUrl(): string {
  return meta("tile-url") || window.COURIER_CONFIG?.tileUrl || (import.meta.env.VITE_TILE_URL as string | undefined) || DEFAULT_TILE_URL;
}

/**
 * The tiles' attribution: the operator's as set, else OpenStreetMap's for its tiles, in the page's language when
 * `contributors` is given (the map texts' `map.osm`, "© OpenStreetMap contributors": its "OpenStreetMap" becomes the link).
 */
export function tileAttribution(contributors?: string): string {
  const custom = meta("tile-attribution") || window.COURIER_CONFIG?.tileAttribution;
  if (custom) return custom.replace(/[<>]/g, "");
  if (tileUrl() !== DEFAULT_TILE_URL) return "";
  const at = contributors?.indexOf("OpenStreetMap") ?? -1;
  if (!contributors || at < 0) return DEFAULT_TILE_ATTRIBUTION;
  const text = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const end = at + "OpenStreetMap".length;
  return `${text(contributors.slice(0, at))}<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>${text(contributors.slice(end))}`;
}
