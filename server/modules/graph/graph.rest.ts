import type { FastifyInstance } from "fastify";
import { jsonOnce } from "../../rest/json-once.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { siteGraph } from "./graph.service.js";

export function registerGraphRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/graph",
    op: "site.graph",
    tag: "site",
    summary: "Start-up graph: pages, admin flag, reviews, public settings",
    data: data.ref("SiteGraph"),
    serializedData: true,
    publicRead: true,
    handler: async ({ ctx }) => jsonOnce(await siteGraph((await ctx.auth.admin())?.role ?? null, await ctx.auth.shipper())),
  });
}
