import { db } from "./db/index.js";

const EXACT = new Set([
  "/", "/track.html", "/contact.html", "/resolution.html", "/unsubscribe.html", "/debug", "/cp", "/cp/signup",
]);

/** The status the server gives a client route: 200 for the client's screens, 404 for anything else. */
export async function clientRouteStatus(url: string): Promise<number> {
  let p: string;
  try {
    p = decodeURIComponent(url.split("?")[0]).replace(/\/+$/, "") || "/";
  } catch {
    return 404;
  }
  if (EXACT.has(p)) return 200;
  if (p === "/control" || p.startsWith("/control/")) return 200;
  const m = /^\/pages\/([^/]+)$/.exec(p);
  if (m) {
    const page = await db().page.findUnique({ where: { slug: m[1] }, select: { id: true } }).catch(() => null);
    return page ? 200 : 404;
  }
  return 404;
}
