import { ArgsType, Field, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";
import { IsIn } from "class-validator";
import { IsId, Name, Optional, Required } from "../../core/validation.js";
import { DateText, WholeNumber } from "../rates/rates.type.js";

@ObjectType()
export class StatementLine {
  @Field(() => Int) booking_id: number;
  @Field(() => String) tracking_code: string;
  @Field(() => String, { description: "The booking's day (YYYY-MM-DD, the site's time zone)" }) date: string;
  @Field(() => String) service: string;
  @Field(() => Int) amount: number;
}

@ObjectType({ description: "A statement (a shipper's invoice for a period): never bills a booking twice" })
export class Statement {
  @Field(() => Int) id: number;
  @Field(() => String) number: string;
  @Field(() => Int) shipper_id: number;
  @Field(() => String) from: string;
  @Field(() => String) to: string;
  @Field(() => [StatementLine]) lines: StatementLine[];
  @Field(() => Int) total: number;
  @Field(() => String) currency: string;
  @Field(() => String, { description: "open or paid" }) status: string;
  @Field(() => String, { nullable: true }) paid_reference: string | null;
  @Field(() => DateTimeISO, { nullable: true }) paid_at: Date | null;
  @Field(() => String) pdf_url: string;
  @Field(() => DateTimeISO) created_at: Date;
}
export const StatementPage = PagedType(Statement, "StatementPage");

@ArgsType()
export class StatementListArgs {
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 1_000_000) page?: number;
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 100) per_page?: number;
  @Field(() => Int, { nullable: true, description: "Staff only" }) @Optional() @IsId() shipper_id?: number;
  @Field(() => String, { nullable: true, description: "open or paid" })
  @Optional()
  @Name(10)
  @IsIn(["open", "paid"], { message: "$property must be open or paid" })
  status?: string;
}

@InputType()
export class StatementInput {
  @Field(() => Int) @Required() @IsId() shipper_id: number;
  @Field(() => String) @Required() @DateText() from: string;
  @Field(() => String) @Required() @DateText() to: string;
}

@InputType()
export class PayStatementInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { description: "paid" }) @Required() @Name(10) @IsIn(["paid"], { message: "$property must be paid" }) status: string;
  @Field(() => String) @Required() @Name(200) paid_reference: string;
}
