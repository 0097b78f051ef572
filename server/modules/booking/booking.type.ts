import { ArgsType, Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";
import { AddressInput } from "../address/address.type.js";
import { IsBoolean, ValidateIf } from "class-validator";
import { AmountField, BreakdownLine, DateText, ParcelDimsInput, Parcels, ShipDate, WholeNumber } from "../rates/rates.type.js";
import { IsId, Name, Nested, Optional, Required } from "../../core/validation.js";
import { Pickup, PickupWindowInput } from "./pickup.type.js";
import { CodCollectionView } from "../cod/cod.type.js";

@ObjectType({ description: "A booking: its price as quoted at booking (kept), its parcel's tracking code and status" })
export class Booking {
  @Field(() => Int) id: number;
  @Field(() => Int) shipper_id: number;
  @Field(() => String) tracking_code: string;
  @Field(() => String, { description: "The parcel's status code (pending first), or cancelled" }) status: string;
  @Field(() => String) service: string;
  @Field(() => String, { description: "The service's name (its code when the service was deleted since)" }) service_name: string;
  @Field(() => Int) amount: number;
  @Field(() => String) currency: string;
  @Field(() => [BreakdownLine]) breakdown: BreakdownLine[];
  @Field(() => Float) chargeable_weight_kg: number;
  @Field(() => String, { nullable: true }) reference: string | null;
  @Field(() => String, { description: "The label (PDF, 100 x 150 mm)" }) label_url: string;
  @Field(() => Pickup, { nullable: true }) pickup: Pickup | null;
  @Field(() => Int, { nullable: true, description: "The statement it is billed on" }) statement_id: number | null;
  @Field(() => CodCollectionView, {
    nullable: true,
    description: "Cash on delivery on its parcel: what is due and where the money is (collected, handed over, remitted to you); null when nothing is due",
  })
  cod: CodCollectionView | null;
  @Field(() => DateTimeISO) created_at: Date;
}
export const BookingPage = PagedType(Booking, "BookingPage");

@InputType()
export class BookingInput {
  @Field(() => Int, { nullable: true, description: "Staff only: the shipper booked for" }) @Optional() @IsId() shipper_id?: number;
  @Field(() => String) @Required() @Name(32) service: string;
  @Field(() => AddressInput, { nullable: true, description: "The sender's address (or sender_address_id)" })
  @ValidateIf((o: { sender_address_id?: unknown }) => o.sender_address_id === undefined || o.sender_address_id === null)
  @Required()
  @Nested(() => AddressInput)
  sender?: AddressInput;
  @Field(() => Int, { nullable: true, description: "The sender from the address book (instead of sender)" })
  @Optional()
  @IsId()
  sender_address_id?: number;
  @Field(() => AddressInput) @Required() @Nested(() => AddressInput) recipient: AddressInput;
  @Field(() => [ParcelDimsInput]) @Parcels() parcels: ParcelDimsInput[];
  @Field(() => String) @Required() @Name() contents: string;
  @Field(() => Int, { nullable: true }) @AmountField() declared_value?: number | null;
  @Field(() => Int, { nullable: true }) @AmountField() cod_amount?: number | null;
  @Field(() => String, { nullable: true }) @Optional() @Name(100) reference?: string | null;
  @Field(() => PickupWindowInput, { nullable: true }) @Optional() @Nested(() => PickupWindowInput) pickup?: PickupWindowInput | null;
  /** REST only (a pickup's date decides it on GraphQL): the day the parcels leave, YYYY-MM-DD. */
  @ShipDate() ship_date?: string | null;
}

@ArgsType()
export class BookingListArgs {
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 1_000_000) page?: number;
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(1, 100) per_page?: number;
  @Field(() => Int, { nullable: true, description: "Staff only" }) @Optional() @IsId() shipper_id?: number;
  @Field(() => String, { nullable: true }) @Optional() @Name(40) status?: string;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD" }) @Optional() @DateText() from?: string;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD" }) @Optional() @DateText() to?: string;
  @Field(() => Boolean, { nullable: true, description: "true: only bookings with cash on delivery (a shipper's collections); false: only those without" })
  @Optional()
  @IsBoolean({ message: "$property must be true or false" })
  cod?: boolean;
}
