import { Field, GraphQLISODateTime, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";

@ObjectType({ description: "A customer testimonial" })
export class Review {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String) review: string;
  @Field(() => String, { description: "File name under /uploads/images/" }) image: string;
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => GraphQLISODateTime) updated_at: Date;
}

export const ReviewPage = PagedType(Review, "ReviewPage");
