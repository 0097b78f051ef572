import { ArgsType, Field, InputType, Int } from "type-graphql";
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import { IsId, Optional, Required, Text } from "../../core/validation.js";
import { CsvQuery, pageLink, PeriodArgs } from "../common/paging.js";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { COD_METHODS, COD_NOTE_MAX, COD_REFERENCE_MAX } from "../../../shared/modules/cod/cod.codes.js";

/** The payment a delivery carries when an amount is due (contract section 12): `cod` on a delivered scan, a proof, Deliver. */
@InputType({ description: "Cash on delivery taken at the door: the amount due, cash or card (card: its receipt reference)" })
export class CodPaymentInput {
  @Field(() => Int, { description: "The amount taken, smallest unit: must be the amount due" })
  @Required()
  @IsInt({ message: "amount must be a whole number of the currency's smallest unit" })
  @Min(1, { message: "amount must be at least 1" })
  @Max(MAX_AMOUNT_MINOR, { message: `amount must be at most ${MAX_AMOUNT_MINOR}` })
  amount: number;
  @Field(() => String, { description: "cash or card" })
  @Required()
  @IsIn([...COD_METHODS], { message: `method must be ${COD_METHODS.join(" or ")}` })
  method: string;
  @Field(() => String, { nullable: true, description: "The card terminal's receipt number: required for card" })
  @Optional()
  @Text(COD_REFERENCE_MAX)
  reference?: string | null;
}

/** The ledger's filters (GET /api/cod/ledger, codLedger). */
@ArgsType()
export class LedgerArgs extends PeriodArgs {
  @Field(() => Int, { nullable: true, description: "Entries of this shipper's account (shipper:ID)" })
  @IsOptional()
  @IsId()
  shipper_id?: number;
  @Field(() => Int, { nullable: true, description: "Entries of this courier's cash (courier:ID)" })
  @IsOptional()
  @IsId()
  courier_id?: number;
  @Field(() => String, { nullable: true, description: "Entries of this parcel" })
  @IsOptional()
  @IsString({ message: "tracking_code must be text" })
  @MaxLength(64, { message: "tracking_code must be at most 64 characters" })
  tracking_code?: string;
}

/** The REST query: the filters, and `format=csv` for the whole filtered ledger as a file. */
@ArgsType()
export class LedgerQuery extends CsvQuery(LedgerArgs) {}

/** The ledger's next_page_url (both doors): its filters kept. */
export const linkLedgerPage = pageLink<LedgerArgs>("/api/cod/ledger", (a) => ({
  from: a.from,
  to: a.to,
  shipper_id: a.shipper_id,
  courier_id: a.courier_id,
  tracking_code: a.tracking_code,
}));

/** A reversal (owner): the entry undone, and why. */
@InputType({ description: "Undo a ledger entry by a new entry that swaps its debit and credit" })
export class ReversalInput {
  @Field(() => Int, { description: "The entry to reverse" })
  @Required()
  @IsId()
  entry_id: number;
  @Field(() => String, { description: "Why (kept on the reversing entry)" })
  @Required()
  @Text(COD_NOTE_MAX)
  note: string;
}
