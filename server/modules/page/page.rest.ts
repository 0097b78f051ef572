import type { FastifyInstance } from "fastify";
import { IdInput } from "../../rest/id.input.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { PageArgs } from "../common/paging.js";
import { CreatePageInput, UpdatePageInput, linkPagePage } from "./page.input.js";
import * as pages from "./page.service.js";

export function registerPageRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/pages",
    op: "pages.list",
    tag: "pages",
    summary: "Paged content pages; search by title",
    input: PageArgs,
    data: data.ref("PagePage"),
    handler: async ({ input }) => linkPagePage(await pages.listPages(input), input),
  });
  route(api, {
    method: "GET",
    url: "/pages/:slug",
    op: "pages.get",
    tag: "pages",
    summary: "One content page by its slug",
    params: { slug: "The page's slug" },
    data: data.ref("Page"),
    publicRead: true,
    handler: ({ req }) => pages.getPage((req.params as { slug: string }).slug),
  });
  route(api, {
    method: "POST",
    url: "/pages",
    op: "pages.create",
    tag: "pages",
    created: true,
    message: "Page created",
    summary: "Create a page (the slug comes from the title and must be unique)",
    input: CreatePageInput,
    data: data.ref("Page"),
    handler: ({ input }) => pages.createPage(input),
  });
  route(api, {
    method: "PATCH",
    url: "/pages",
    op: "pages.update",
    tag: "pages",
    message: "Page updated",
    summary: "Edit a page (its slug stays)",
    input: UpdatePageInput,
    data: data.ref("Page"),
    handler: ({ input }) => pages.updatePage(input),
  });
  route(api, {
    method: "DELETE",
    url: "/pages",
    op: "pages.delete",
    tag: "pages",
    message: "Page deleted",
    summary: "Delete a page",
    input: IdInput,
    data: data.none,
    handler: ({ input }) => pages.deletePage(input.id),
  });
}
