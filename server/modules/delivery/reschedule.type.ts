import { Field, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PublicParcel } from "../parcel/parcel.type.js";

@ObjectType({ description: "The recipient's choice after a failed delivery attempt" })
export class Rescheduled {
  @Field(() => String) tracking_code: string;
  @Field(() => String, { description: "delivery (a new day) or depot (pick-up)" }) choice: string;
  @Field(() => String, { nullable: true, description: "The new delivery day (YYYY-MM-DD) when choice is delivery" }) date: string | null;
  @Field(() => DateTimeISO) rescheduled_at: Date;
  @Field(() => PublicParcel, { description: "The parcel's public view after the choice (unlocked when verify was given)" }) parcel: PublicParcel;
}
