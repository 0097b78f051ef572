import { Field, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "A content page" })
export class Page {
  @Field(() => Int) id: number;
  @Field(() => String) slug: string;
  @Field(() => String) title: string;
  @Field(() => String) sub_title: string;
  @Field(() => String, { description: "people, copyright, pages or folder" }) icon: string;
  @Field(() => String, { description: "Hero image name" }) hero: string;
  @Field(() => String) overlay: string;
  @Field(() => String, { description: "Page markup: one directive per line" }) content: string;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO) updated_at: Date;
}

export const PagePage = PagedType(Page, "PagePage");
