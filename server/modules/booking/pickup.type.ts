import { Field, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { Address, AddressInput } from "../address/address.type.js";

@ObjectType({ description: "A pickup: a window of at least 2 hours on a working day" })
export class Pickup {
  @Field(() => Int) id: number;
  @Field(() => Int) shipper_id: number;
  @Field(() => String, { description: "YYYY-MM-DD" }) date: string;
  @Field(() => String, { description: "HH:MM" }) from: string;
  @Field(() => String, { description: "HH:MM" }) to: string;
  @Field(() => Address) address: Address;
  @Field(() => [Int], { nullable: true }) booking_ids?: number[];
  @Field(() => String, { description: "requested; collected (on a run); cancelled (its bookings were)" }) status: string;
  @Field(() => DateTimeISO) created_at: Date;
}

@InputType()
export class PickupWindowInput {
  @Field(() => String, { description: "YYYY-MM-DD" }) date: string;
  @Field(() => String, { description: "HH:MM" }) from: string;
  @Field(() => String, { description: "HH:MM" }) to: string;
}

@InputType()
export class PickupInput {
  @Field(() => Int, { nullable: true, description: "Staff only" }) shipper_id?: number;
  @Field(() => String) date: string;
  @Field(() => String) from: string;
  @Field(() => String) to: string;
  @Field(() => AddressInput, { nullable: true }) address?: AddressInput;
  @Field(() => Int, { nullable: true }) address_id?: number;
  @Field(() => [Int]) booking_ids: number[];
}
