import type { FastifyInstance } from "fastify";
import { siteBase } from "../../core/context.js";
import { config } from "../../core/config.js";
import { robotsTxt, sitemapXml } from "./seo.service.js";

/**
 * Both files name the site's address. Without PUBLIC_URL that address comes from the request's
 * Host header, which a client chooses: then no shared cache may keep the answer for others.
 */
const caching = () => (config().publicUrl ? "public, max-age=3600" : "no-store");

export function registerSeoRoutes(app: FastifyInstance): void {
  app.get("/robots.txt", (req, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", caching())
      .send(robotsTxt(siteBase(req))),
  );
  app.get("/sitemap.xml", async (req, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", caching())
      .send(await sitemapXml(siteBase(req))),
  );
}
