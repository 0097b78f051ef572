import { Field, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "A customer testimonial" })
export class Review {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String) review: string;
  @Field(() => String, { description: "File name under /uploads/images/" }) image: string;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO) updated_at: Date;
}

export const ReviewPage = PagedType(Review, "ReviewPage");
