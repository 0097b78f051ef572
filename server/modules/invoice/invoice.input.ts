import { Field, Float, InputType } from "type-graphql";
import { IsNumber, Matches, Min } from "class-validator";
import { Optional, Required, Text } from "../../core/validation.js";
import { pageLink, type PageArgs } from "../common/paging.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";

@InputType()
export class CreateInvoiceInput {
  @Field(() => String) @Required() @Text() product: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() customer_name?: string;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text(MAX_LENGTH.trackingCode)
  @Matches(/^[A-Za-z0-9-]+$/, { message: "tracking_code may hold only letters, digits and -" })
  tracking_code?: string;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: "amount must be a number" })
  @Min(0, { message: "amount must not be negative" })
  amount?: number;
}

/** The list's next_page_url (both doors). */
export const linkInvoicePage = pageLink<PageArgs>("/api/invoices");
