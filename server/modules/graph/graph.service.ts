import { allPages } from "../page/page.service.js";
import { allReviews } from "../review/review.service.js";
import { getPublicSettings } from "../settings/settings.service.js";
import { contentVersion } from "./content-version.js";

type Content = { pages: Awaited<ReturnType<typeof allPages>>; reviews: Awaited<ReturnType<typeof allReviews>>; settings: Awaited<ReturnType<typeof getPublicSettings>> };
let cached: { version: string; content: Content; json?: [string, string] } | null = null;

async function content() {
  const version = await contentVersion();
  if (!cached || cached.version !== version) {
    const [pages, reviews, settings] = await Promise.all([allPages(), allReviews(), getPublicSettings()]);
    cached = { version, content: { pages, reviews, settings } };
  }
  return cached;
}

/** The start-up graph: pages, reviews and public settings (cached until content changes) plus the client's admin flag. */
export async function siteGraph(isAdmin: boolean) {
  return { ...(await content()).content, admin: isAdmin };
}

/** The same graph as JSON, serialized once per content version and admin flag (the REST door sends it as it is). */
export async function siteGraphJson(isAdmin: boolean): Promise<string> {
  const c = await content();
  if (!c.json) {
    const [pages, reviews, settings] = [c.content.pages, c.content.reviews, c.content.settings].map((v) => JSON.stringify(v));
    c.json = [false, true].map((admin) => `{"pages":${pages},"admin":${admin},"reviews":${reviews},"settings":${settings}}`) as [string, string];
  }
  return c.json[isAdmin ? 1 : 0];
}
