import { allPages } from "../page/page.service.js";
import { allReviews } from "../review/review.service.js";
import { getPublicSettings } from "../settings/settings.service.js";
import { contentVersion } from "./content-version.js";
import type { Role } from "../../core/access.js";

type Content = { pages: Awaited<ReturnType<typeof allPages>>; reviews: Awaited<ReturnType<typeof allReviews>>; settings: Awaited<ReturnType<typeof getPublicSettings>> };
let cached: { version: string; content: Content; json?: Map<string, string> } | null = null;

async function content() {
  const version = await contentVersion();
  if (!cached || cached.version !== version) {
    const [pages, reviews, settings] = await Promise.all([allPages(), allReviews(), getPublicSettings()]);
    cached = { version, content: { pages, reviews, settings } };
  }
  return cached;
}

/** The start-up graph: pages, reviews and public settings (cached until content changes) plus the client's admin flag and role. */
export async function siteGraph(role: Role | null) {
  return { ...(await content()).content, admin: role !== null, role };
}

/** The same graph as JSON, serialized once per content version and role (the REST door sends it as it is). */
export async function siteGraphJson(role: Role | null): Promise<string> {
  const c = await content();
  const key = role ?? "";
  let json = c.json?.get(key);
  if (!json) {
    const [pages, reviews, settings] = [c.content.pages, c.content.reviews, c.content.settings].map((v) => JSON.stringify(v));
    json = `{"pages":${pages},"admin":${role !== null},"role":${JSON.stringify(role)},"reviews":${reviews},"settings":${settings}}`;
    (c.json ??= new Map()).set(key, json);
  }
  return json;
}
