import { ArgsType, Field, InputType, Int, ObjectType } from "type-graphql";
import { IsBoolean, IsIn, ValidateBy } from "class-validator";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";
import { IsId, Name, Optional, Required } from "../../core/validation.js";
import { WholeNumber } from "../rates/rates.type.js";

export const REMITTANCE_STATUSES = ["open", "paid", "cancelled"] as const;

@ObjectType()
export class CodRemittanceLine {
  @Field(() => String) tracking_code: string;
  @Field(() => DateTimeISO) collected_at: Date;
  @Field(() => String, { description: "cash or card" }) method: string;
  @Field(() => Int) amount: number;
}

@ObjectType({ description: "An open statement deducted from a remittance (paid with the remittance's number when it is paid)" })
export class CodRemittanceOffset {
  @Field(() => String) statement_number: string;
  @Field(() => Int) amount: number;
}

@ObjectType({ description: "A pay-out of cash-on-delivery collections to a shipper: never a collection on two" })
export class CodRemittance {
  @Field(() => Int) id: number;
  @Field(() => String) number: string;
  @Field(() => Int) shipper_id: number;
  @Field(() => String, { nullable: true }) shipper_name: string | null;
  @Field(() => [CodRemittanceLine]) lines: CodRemittanceLine[];
  @Field(() => Int) total_collected: number;
  @Field(() => [CodRemittanceOffset]) offsets: CodRemittanceOffset[];
  @Field(() => Int, { description: "total_collected less the offsets: what is paid to the shipper" }) net: number;
  @Field(() => String) currency: string;
  @Field(() => String, { description: "open, paid or cancelled" }) status: string;
  @Field(() => String, { nullable: true }) paid_reference: string | null;
  @Field(() => DateTimeISO, { nullable: true }) paid_at: Date | null;
  @Field(() => DateTimeISO, { description: "Collections up to this instant were taken" }) to: Date;
  @Field(() => String) pdf_url: string;
  @Field(() => DateTimeISO) created_at: Date;
}
export const CodRemittancePage = PagedType(CodRemittance, "CodRemittancePage");

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (YYYY-MM-DD, the whole day in the site's time zone) or an ISO 8601 date-time with its zone. */
export const isUpTo = (v: unknown) => {
  if (typeof v !== "string") return false;
  const s = v.trim();
  if (DAY.test(s)) return new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && Number.isFinite(Date.parse(s));
};

@InputType()
export class RemittanceInput {
  @Field(() => Int) @Required() @IsId() shipper_id: number;
  @Field(() => String, { nullable: true, description: "Collected up to: a day (YYYY-MM-DD, included) or a date-time; default now" })
  @Optional()
  @Name(40)
  @ValidateBy({
    name: "upTo",
    validator: { validate: (v) => v == null || isUpTo(v), defaultMessage: () => "$property must be a date (YYYY-MM-DD) or an ISO 8601 date-time" },
  })
  to?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Deduct the shipper's open statements" })
  @Optional()
  @IsBoolean({ message: "$property must be true or false" })
  offset_statements?: boolean | null;
}

@InputType()
export class UpdateRemittanceInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { description: "paid or cancelled" })
  @Required()
  @Name(10)
  @IsIn(["paid", "cancelled"], { message: "$property must be paid or cancelled" })
  status: string;
  @Field(() => String, { nullable: true, description: "The bank transfer's reference; required with paid" })
  @Optional()
  @Name(200)
  paid_reference?: string | null;
}

@ArgsType()
export class RemittanceListArgs {
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 1_000_000) page?: number;
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 100) per_page?: number;
  @Field(() => Int, { nullable: true, description: "Staff only" }) @Optional() @IsId() shipper_id?: number;
  @Field(() => String, { nullable: true, description: "open, paid or cancelled" })
  @Optional()
  @Name(10)
  @IsIn([...REMITTANCE_STATUSES], { message: "$property must be open, paid or cancelled" })
  status?: string;
}
