import { Arg, Args, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { CreatePageInput, UpdatePageInput, linkPagePage } from "./page.input.js";
import * as pages from "./page.service.js";
import { Page, PagePage } from "./page.type.js";

@Resolver()
export class PageResolver {
  @Query(() => PagePage, { description: "Paged content pages; search by title" })
  @Op("pages.list")
  async pages(@Args(() => PageArgs) args: PageArgs) {
    return linkPagePage(await pages.listPages(args), args);
  }

  @Query(() => Page)
  @Op("pages.get")
  page(@Arg("slug", () => String) slug: string) {
    return pages.getPage(slug);
  }

  @Mutation(() => Page, { description: "The slug is derived from the title and must be unique" })
  @Op("pages.create")
  createPage(@Arg("input", () => CreatePageInput) input: CreatePageInput) {
    return pages.createPage(input);
  }

  @Mutation(() => Page)
  @Op("pages.update")
  updatePage(@Arg("input", () => UpdatePageInput) input: UpdatePageInput) {
    return pages.updatePage(input);
  }

  @Mutation(() => Boolean)
  @Op("pages.delete")
  async deletePage(@Arg("id", () => Int) id: number) {
    await pages.deletePage(id);
    return true;
  }
}
