import { pageExists } from "./modules/page/page.service.js";
import { CONTROL_ROOT, isUnder, normalPath, pageSlugAt, screenAt, SETUP_PATHS } from "../shared/core/routes.codes.js";

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
