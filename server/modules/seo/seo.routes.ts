import type { FastifyInstance } from "fastify";
import { siteBase } from "../../core/context.js";
import { robotsTxt, sitemapXml } from "./seo.service.js";

export function registerSeoRoutes(app: FastifyInstance): void {
  app.get("/robots.txt", (req, reply) => reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(robotsTxt(siteBase(req))));
  app.get("/sitemap.xml", async (req, reply) =>
    reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(await sitemapXml(siteBase(req))),
  );
}
