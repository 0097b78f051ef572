import { Field, InputType } from "type-graphql";
import { Required, Text } from "../../core/validation.js";
import { pageLink, type PageArgs } from "../common/paging.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";

@InputType()
export class CreateReviewInput {
  @Field(() => String) @Required() @Text() name: string;
  @Field(() => String) @Required() @Text(MAX_LENGTH.review) review: string;
}

/** The list's next_page_url (both doors): its search kept. */
export const linkReviewPage = pageLink<PageArgs>("/api/reviews");
