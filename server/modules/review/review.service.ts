import { notFound } from "../../core/errors.js";
import { db, containsText } from "../../db/index.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import { contentChanged } from "../content/content.service.js";
import { removeImage, saveImage, type IncomingFile } from "../upload/upload.service.js";
import type { CreateReviewInput } from "./review.input.js";

export function listReviews(args: PageArgs) {
  const s = args.search?.trim();
  const where = s ? { name: containsText(s) } : {};
  return pageOf(
    args,
    () => db().review.count({ where }),
    (skip, take) => db().review.findMany({ where, skip, take, orderBy: { id: "desc" } }),
  );
}

export const allReviews = () => db().review.findMany({ orderBy: { id: "desc" }, take: 50 });

export async function createReview(input: CreateReviewInput, file: IncomingFile | null | undefined) {
  const image = await saveImage(file);
  const review = await db().review.create({ data: { name: input.name.trim(), review: input.review.trim(), image } });
  await contentChanged();
  return review;
}

export async function deleteReview(id: number) {
  const r = await db().review.findUnique({ where: { id } });
  if (!r) throw notFound("Review not found");
  await db().review.delete({ where: { id } });
  await contentChanged();
  await removeImage(r.image);
}
