import { ArgsType, Field, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";
import { IsId, Optional, Required, Text } from "../../core/validation.js";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { WholeNumber } from "../rates/rates.type.js";

/** The longest note a cash-up keeps (why the count differs). */
export const CASHUP_NOTE_MAX = 500;

@ObjectType({ description: "A cash-up: a courier's cash counted in at the depot against what their collections say they hold" })
export class CodCashup {
  @Field(() => Int) id: number;
  @Field(() => Int) courier_id: number;
  @Field(() => String, { nullable: true, description: "The courier's name (or e-mail) when the cash-up was read" }) courier_name: string | null;
  @Field(() => Int, { description: "The sum of the cash collections handed over" }) expected_amount: number;
  @Field(() => Int) counted_amount: number;
  @Field(() => Int, { description: "counted_amount - expected_amount" }) difference: number;
  @Field(() => String) currency: string;
  @Field(() => [String], { description: "The tracking codes of the collections handed over" }) collections: string[];
  @Field(() => String, { nullable: true }) note: string | null;
  @Field(() => Int, { description: "The member who counted the cash in" }) member_id: number;
  @Field(() => String, { nullable: true, description: "That member's name (or e-mail) when the cash-up was read" }) member_name: string | null;
  @Field(() => DateTimeISO) at: Date;
}
export const CodCashupPage = PagedType(CodCashup, "CodCashupPage");

@InputType()
export class CashupInput {
  @Field(() => Int, { description: "The member whose cash is counted in (never the caller)" }) @Required() @IsId() courier_id: number;
  @Field(() => Int, { description: "The cash counted, in the smallest unit of the site's currency" })
  @Required()
  @WholeNumber(0, MAX_AMOUNT_MINOR)
  counted_amount: number;
  @Field(() => String, { nullable: true, description: "Required when the count differs from what is expected" })
  @Optional()
  @Text(CASHUP_NOTE_MAX)
  note?: string | null;
}

@ArgsType()
export class CashupListArgs {
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 1_000_000) page?: number;
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 100) per_page?: number;
  @Field(() => Int, { nullable: true, description: "Only this courier's cash-ups" }) @Optional() @IsId() courier_id?: number;
}
