import { pageExists } from "./modules/page/page.service.js";
import type { FastifyInstance } from "fastify";
import { CONTROL_ROOT, isUnder, normalPath, pageSlugAt, SCREEN_ALIASES, SCREENS, screenAt, SETUP_PATHS } from "../shared/core/routes.codes.js";

/** The status the server gives a client route: 200 for the client's screens, 404 for anything else. */
export async function clientRouteStatus(url: string): Promise<number> {
  let p: string;
  try {
    p = normalPath(decodeURIComponent(url.split("?")[0]));
  } catch {
    return 404;
  }
  if (screenAt(p) || SETUP_PATHS.includes(p) || isUnder(p, CONTROL_ROOT)) return 200;
  const slug = pageSlugAt(p);
  if (slug) {
    return (await pageExists(slug).catch(() => false)) ? 200 : 404;
  }
  return 404;
}

/**
 * A screen's short addresses (SCREEN_ALIASES, with or without a trailing slash): 301 to the screen's own address with
 * the query as it came, so /track shows the tracking form and /track?code=X the parcel. The target is always one of
 * the site's own paths.
 */
export function registerScreenAliases(app: FastifyInstance): void {
  for (const [alias, screen] of Object.entries(SCREEN_ALIASES))
    for (const url of [alias, `${alias}/`])
      app.get(url, (req, reply) => {
        const q = req.url.indexOf("?");
        return reply.redirect(SCREENS[screen] + (q >= 0 ? req.url.slice(q) : ""), 301);
      });
}
