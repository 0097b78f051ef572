import { Field, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "A message the site sent, with its delivery result" })
class MailRecord {
  @Field(() => Int) id: number;
  @Field(() => String) kind: string;
  @Field(() => String) to: string;
  @Field(() => String) reply_to: string;
  @Field(() => String) subject: string;
  @Field(() => String) body: string;
  @Field(() => String) template: string;
  @Field(() => Boolean) delivered: boolean;
  @Field(() => String) error: string;
  @Field(() => DateTimeISO) created_at: Date;
}

export const MailPage = PagedType(MailRecord, "MailPage");
