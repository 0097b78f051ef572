import { Field, InputType } from "type-graphql";
import { Required, Text } from "../../core/validation.js";

@InputType()
export class CreateReviewInput {
  @Field(() => String) @Required() @Text() name: string;
  @Field(() => String) @Required() @Text(5000) review: string;
}
