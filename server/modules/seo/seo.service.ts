import { allPages } from "../page/page.service.js";
import { CONTROL_ROOT, HIDDEN_SCREENS, LISTED_SCREENS, pagePath, SCREENS, SETUP_ROOT } from "../../../shared/core/routes.codes.js";

/**
 * What search engines are told: robots.txt keeps them out of the control panel, the APIs and the
 * per-code screens (tracking results are noindex too), and points to the sitemap, which lists the
 * public pages with their last change. `base` is the site's address (server/core/context.ts siteBase).
 */
const PRIVATE_PATHS = [`${CONTROL_ROOT}/`, SETUP_ROOT, "/api/", "/graphql", ...HIDDEN_SCREENS.map((s) => SCREENS[s]), "/uploads/"];

export function robotsTxt(base: string): string {
  return ["User-agent: *", ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function sitemapXml(base: string): Promise<string> {
  const pages = await allPages();
  const newest = pages.reduce<Date | null>((m, p) => (!m || p.updated_at > m ? p.updated_at : m), null);
  const entries: { loc: string; lastmod?: Date }[] = [
    // The home page shows every page's link and the testimonials: it changes with the content.
    ...LISTED_SCREENS.map((s) => ({ loc: `${base}${SCREENS[s]}`, lastmod: s === "home" ? (newest ?? undefined) : undefined })),
    ...pages.map((p) => ({ loc: `${base}${pagePath(encodeURIComponent(p.slug))}`, lastmod: p.updated_at })),
  ];
  const urls = entries.map((e) => `  <url><loc>${xml(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
