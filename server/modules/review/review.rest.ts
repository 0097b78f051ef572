import type { FastifyInstance } from "fastify";
import { fileOf } from "../../rest/body.js";
import { IdInput } from "../../rest/id.input.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { PageArgs } from "../common/paging.js";
import { CreateReviewInput, linkReviewPage } from "./review.input.js";
import * as reviews from "./review.service.js";

export function registerReviewRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/reviews",
    op: "reviews.list",
    tag: "reviews",
    summary: "Paged testimonials, newest first; search by name",
    input: PageArgs,
    data: data.ref("ReviewPage"),
    handler: async ({ input }) => linkReviewPage(await reviews.listReviews(input), input),
  });
  route(api, {
    method: "POST",
    url: "/reviews",
    op: "reviews.create",
    tag: "reviews",
    created: true,
    message: "Review created",
    summary: "Add a testimonial with its image",
    input: CreateReviewInput,
    files: ["image"],
    data: data.ref("Review"),
    handler: ({ input, req }) => reviews.createReview(input, fileOf(req, "image")),
  });
  route(api, {
    method: "DELETE",
    url: "/reviews",
    op: "reviews.delete",
    tag: "reviews",
    message: "Review deleted",
    summary: "Delete a testimonial and its image",
    input: IdInput,
    data: data.none,
    handler: ({ input }) => reviews.deleteReview(input.id),
  });
}
