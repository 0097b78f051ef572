import { Ctx, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import type { Context } from "../../core/context.js";
import { siteGraph } from "./graph.service.js";
import { SiteGraph } from "./graph.type.js";

@Resolver()
export class GraphResolver {
  @Query(() => SiteGraph, { description: "Start-up graph: pages, admin flag, reviews, public settings" })
  @Op("site.graph")
  async graph(@Ctx() ctx: Context) {
    return siteGraph((await ctx.auth.admin())?.role ?? null, await ctx.auth.shipper());
  }
}
