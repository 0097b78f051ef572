import { Field, Float, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType()
export class Invoice {
  @Field(() => Int) id: number;
  @Field(() => String, { description: "INV-000001, unique" }) number: string;
  @Field(() => String) product: string;
  @Field(() => String) customer_name: string;
  @Field(() => String, { description: "Linked parcel, may be empty" }) tracking_code: string;
  @Field(() => Float, { nullable: true }) amount: number | null;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO) updated_at: Date;
}

export const InvoicePage = PagedType(Invoice, "InvoicePage");
