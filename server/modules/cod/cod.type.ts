import { Field, Float, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";

@ObjectType({ description: "A parcel's cash on delivery as the staff see it (contract section 12)" })
export class CodCollectionView {
  @Field(() => Int, { description: "The amount due, smallest unit" }) amount: number;
  @Field(() => String) currency: string;
  @Field(() => String, { description: "expected, collected, handed_over, settled, remitted or void" }) status: string;
  @Field(() => String, { nullable: true, description: "cash or card, once collected" }) method: string | null;
  @Field(() => Int, { nullable: true }) collected_amount: number | null;
  @Field(() => DateTimeISO, { nullable: true }) collected_at: Date | null;
  @Field(() => Int, { nullable: true, description: "The member (courier) who collected it" }) collected_by: number | null;
  @Field(() => String, { nullable: true, description: "That member's name, else their e-mail (null: none collected it, or the member was removed)" })
  collected_by_name: string | null;
  @Field(() => Int, { nullable: true }) cashup_id: number | null;
  @Field(() => Int, { nullable: true }) remittance_id: number | null;
}

@ObjectType({ description: "What the recipient has to pay at the door, while it is still to be collected" })
export class CodDue {
  @Field(() => Int, { description: "Smallest unit" }) amount: number;
  @Field(() => String) currency: string;
}

@ObjectType({ description: "A ledger entry: amount moves from the credit account to the debit account; entries are only ever added" })
export class CodLedgerEntry {
  @Field(() => Int) id: number;
  @Field(() => DateTimeISO) at: Date;
  @Field(() => String, { description: "collected, handed_over, over_short, remitted, offset or reversed" }) kind: string;
  @Field(() => Int, { description: "Smallest unit, above 0" }) amount: number;
  @Field(() => String) currency: string;
  @Field(() => String, { description: "courier:ID, card_clearing, depot_cash, over_short, shipper:ID, bank, statements or company" }) debit: string;
  @Field(() => String) credit: string;
  @Field(() => String, { nullable: true }) tracking_code: string | null;
  @Field(() => Int, { nullable: true }) cashup_id: number | null;
  @Field(() => Int, { nullable: true }) remittance_id: number | null;
  @Field(() => Int, { nullable: true, description: "Who posted it (null: an API key or the system)" }) member_id: number | null;
  @Field(() => String, { nullable: true }) note: string | null;
  @Field(() => Int, { nullable: true, description: "The entry a reversed entry undoes" }) reverses: number | null;
}
export const CodLedgerPage = PagedType(CodLedgerEntry, "CodLedgerPage");

@ObjectType()
export class CodCourierBalance {
  @Field(() => Int) courier_id: number;
  @Field(() => String, { description: "The member's name, else their e-mail" }) name: string;
  @Field(() => Float, { description: "Cash held (a whole number of the smallest unit): courier:ID's debits minus credits" }) cash_held: number;
  @Field(() => Int, { description: "Cash collections not yet handed over" }) collections: number;
}

@ObjectType()
export class CodShipperBalance {
  @Field(() => Int) shipper_id: number;
  @Field(() => String) name: string;
  @Field(() => Float, { description: "Whole number of the smallest unit. Owed to the shipper: shipper:ID's credits minus debits" }) owed: number;
}

@ObjectType({ description: "Every account's balance (debits minus credits; a shipper's as owed): for the currency they sum to zero" })
export class CodBalances {
  @Field(() => String) currency: string;
  @Field(() => [CodCourierBalance]) couriers: CodCourierBalance[];
  @Field(() => Float, { description: "Whole number of the smallest unit" }) depot_cash: number;
  @Field(() => Float, { description: "Whole number of the smallest unit" }) card_clearing: number;
  @Field(() => Float, { description: "Whole number of the smallest unit" }) over_short: number;
  @Field(() => Float, { description: "Whole number of the smallest unit" }) bank: number;
  @Field(() => Float, { description: "Whole number of the smallest unit" }) statements: number;
  @Field(() => Float, { description: "Whole number of the smallest unit" }) company: number;
  @Field(() => [CodShipperBalance]) shippers: CodShipperBalance[];
}
