import { ArgsType, Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";
import { AddressInput } from "../address/address.type.js";
import { BreakdownLine, ParcelDimsInput } from "../rates/rates.type.js";
import { Pickup, PickupWindowInput } from "./pickup.type.js";

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
  @Field(() => DateTimeISO) created_at: Date;
}
export const BookingPage = PagedType(Booking, "BookingPage");

@InputType()
export class BookingInput {
  @Field(() => Int, { nullable: true, description: "Staff only: the shipper booked for" }) shipper_id?: number;
  @Field(() => String) service: string;
  @Field(() => AddressInput, { nullable: true, description: "The sender's address (or sender_address_id)" }) sender?: AddressInput;
  @Field(() => Int, { nullable: true, description: "The sender from the address book (instead of sender)" }) sender_address_id?: number;
  @Field(() => AddressInput) recipient: AddressInput;
  @Field(() => [ParcelDimsInput]) parcels: ParcelDimsInput[];
  @Field(() => String) contents: string;
  @Field(() => Int, { nullable: true }) declared_value?: number | null;
  @Field(() => Int, { nullable: true }) cod_amount?: number | null;
  @Field(() => String, { nullable: true }) reference?: string | null;
  @Field(() => PickupWindowInput, { nullable: true }) pickup?: PickupWindowInput | null;
}

@ArgsType()
export class BookingListArgs {
  @Field(() => Int, { nullable: true }) page?: number;
  @Field(() => Int, { nullable: true }) per_page?: number;
  @Field(() => Int, { nullable: true, description: "Staff only" }) shipper_id?: number;
  @Field(() => String, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD" }) from?: string;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD" }) to?: string;
}
