import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { siteGraphJson } from "./graph.service.js";

export function registerGraphRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET", url: "/graph", op: "site.graph", tag: "site", summary: "Start-up graph: pages, admin flag, reviews, public settings",
    data: data.ref("SiteGraph"),
    serializedData: true,
    publicRead: true,
    handler: async ({ ctx }) => siteGraphJson((await ctx.auth.admin())?.role ?? null),
  });
}
