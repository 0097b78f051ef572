import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { db, containsText } from "../../db/index.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import { contentChanged } from "../content/content.service.js";
import type { CreatePageInput, UpdatePageInput } from "./page.input.js";

/** "Air Freight & More!" -> "air-freight-more" (accents folded, at most 80 characters). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export function listPages(args: PageArgs) {
  const s = args.search?.trim();
  const where = s ? { title: containsText(s) } : {};
  return pageOf(
    args,
    () => db().page.count({ where }),
    (skip, take) => db().page.findMany({ where, skip, take, orderBy: { id: "asc" } }),
  );
}

export const allPages = () => db().page.findMany({ orderBy: { id: "asc" } });

/** Whether a page has this slug (the client's /pages/:slug route answers 404 otherwise). */
export async function pageExists(slug: string): Promise<boolean> {
  return !!(await db().page.findUnique({ where: { slug }, select: { id: true } }));
}

export async function getPage(slug: unknown) {
  const page = typeof slug === "string" && /^[a-z0-9-]{1,100}$/.test(slug) ? await db().page.findUnique({ where: { slug } }) : null;
  if (!page) throw notFound("Page not found");
  return page;
}

/** Blank icon, hero or overlay means "the default" (kept as it is on edit); a blank sub_title clears it. */
function withDefaults<T extends Record<string, unknown>>(data: T) {
  for (const k of ["icon", "hero", "overlay"] as const) if (data[k] === null || data[k] === "") delete data[k];
  if (data.sub_title === null) (data as Record<string, unknown>).sub_title = "";
  return data;
}

/** The slug comes from the title and stays fixed afterwards, so published links keep working. */
export async function createPage(input: CreatePageInput) {
  const slug = slugify(input.title);
  if (!slug) throw badInput("title must contain letters or digits");
  try {
    const page = await db().page.create({ data: { ...withDefaults({ ...input }), slug } as never });
    await contentChanged();
    return page;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A page with the address /pages/${slug} already exists`);
    throw e;
  }
}

export async function updatePage(input: UpdatePageInput) {
  const { id, ...rest } = input;
  const data = withDefaults({ ...rest } as Record<string, unknown>);
  for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
  if (!(await db().page.findUnique({ where: { id } }))) throw notFound("Page not found");
  const page = await db().page.update({ where: { id }, data });
  await contentChanged();
  return page;
}

export async function deletePage(id: number) {
  const { count } = await db().page.deleteMany({ where: { id } });
  if (!count) throw notFound("Page not found");
  await contentChanged();
}
