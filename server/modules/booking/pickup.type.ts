import { Field, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { Matches, ValidateBy, ValidateIf } from "class-validator";
import { Address, AddressInput } from "../address/address.type.js";
import { IsId, Name, Nested, Optional, Required } from "../../core/validation.js";
import { DateText } from "../rates/rates.type.js";

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

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeText = () => (target: object, key: string) => {
  Required()(target, key);
  Name(5)(target, key);
  Matches(TIME, { message: "$property must be a time as HH:MM" })(target, key);
};

@InputType()
export class PickupWindowInput {
  @Field(() => String, { description: "YYYY-MM-DD" }) @Required() @DateText() date: string;
  @Field(() => String, { description: "HH:MM" }) @TimeText() from: string;
  @Field(() => String, { description: "HH:MM" }) @TimeText() to: string;
}

@InputType()
export class PickupInput {
  @Field(() => Int, { nullable: true, description: "Staff only" }) @Optional() @IsId() shipper_id?: number;
  @Field(() => String) @Required() @DateText() date: string;
  @Field(() => String) @TimeText() from: string;
  @Field(() => String) @TimeText() to: string;
  @Field(() => AddressInput, { nullable: true })
  @ValidateIf((o: { address_id?: unknown }) => o.address_id === undefined || o.address_id === null)
  @Required()
  @Nested(() => AddressInput)
  address?: AddressInput;
  @Field(() => Int, { nullable: true }) @Optional() @IsId() address_id?: number;
  @Field(() => [Int])
  @ValidateBy({
    name: "bookingIds",
    validator: {
      validate: (ids) => Array.isArray(ids) && ids.length >= 1 && ids.length <= 500 && ids.every((i) => Number.isInteger(i) && i >= 1 && i <= 2_147_483_647),
      defaultMessage: () => "$property must list 1 to 500 of the shipper's bookings that are not picked up yet",
    },
  })
  booking_ids: number[];
}

/** GET /api/pickups and the pickups query: the day, and (staff) the shipper. */
export class PickupListArgs {
  @Optional() @DateText() date?: string;
  @Optional() @IsId() shipper_id?: number;
}
