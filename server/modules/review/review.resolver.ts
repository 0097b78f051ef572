import { Arg, Args, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { GraphQLUpload, fromUpload, type FileUpload } from "../../graphql/upload.js";
import { PageArgs } from "../common/paging.js";
import { CreateReviewInput, linkReviewPage } from "./review.input.js";
import * as reviews from "./review.service.js";
import { Review, ReviewPage } from "./review.type.js";

@Resolver()
export class ReviewResolver {
  @Query(() => ReviewPage, { description: "Paged testimonials, newest first; search by name" })
  @Op("reviews.list")
  async reviews(@Args(() => PageArgs) args: PageArgs) {
    return linkReviewPage(await reviews.listReviews(args), args);
  }

  @Mutation(() => Review)
  @Op("reviews.create")
  async createReview(@Arg("input", () => CreateReviewInput) input: CreateReviewInput, @Arg("image", () => GraphQLUpload) image: FileUpload) {
    return reviews.createReview(input, await fromUpload(image));
  }

  @Mutation(() => Boolean)
  @Op("reviews.delete")
  async deleteReview(@Arg("id", () => Int) id: number) {
    await reviews.deleteReview(id);
    return true;
  }
}
