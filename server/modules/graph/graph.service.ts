import type { Role } from "../../../shared/core/permissions.js";
import { contentVersion } from "../content/content.service.js";
import { allPages } from "../page/page.service.js";
import { allReviews } from "../review/review.service.js";
import { getPublicSettings } from "../settings/settings.service.js";

type Content = {
  pages: Awaited<ReturnType<typeof allPages>>;
  reviews: Awaited<ReturnType<typeof allReviews>>;
  settings: Awaited<ReturnType<typeof getPublicSettings>>;
};
type User = { id: number; name: string; email: string };
type SiteGraph = {
  pages: Content["pages"];
  admin: boolean;
  role: Role | null;
  user: User | null;
  reviews: Content["reviews"];
  settings: Content["settings"];
};
let cached: { version: string; content: Content; graphs: Map<string, SiteGraph> } | null = null;

async function content() {
  const version = await contentVersion();
  if (!cached || cached.version !== version) {
    const [pages, reviews, settings] = await Promise.all([allPages(), allReviews(), getPublicSettings()]);
    cached = { version, content: { pages, reviews, settings }, graphs: new Map() };
  }
  return cached;
}

/**
 * The start-up graph: pages, reviews and public settings (cached until content changes) plus the
 * client's admin flag and role. The same object for a role until the content changes, so each door
 * makes its answer once per content version (GraphQL's answer memo, the REST door's JSON).
 */
export async function siteGraph(role: Role | null, user: User | null = null): Promise<SiteGraph> {
  const c = await content();
  const key = role ?? "";
  let graph = c.graphs.get(key);
  if (!graph) {
    const { pages, reviews, settings } = c.content;
    c.graphs.set(key, (graph = { pages, admin: role !== null, role, user: null, reviews, settings }));
  }
  // A signed-in shipper's graph is its own (never kept).
  return user ? { ...graph, user: { id: user.id, name: user.name, email: user.email } } : graph;
}
