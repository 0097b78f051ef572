import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeISO, type IsoTime } from "../common/datetime.scalar.js";

// The GraphQL type of a history entry (history.ts shapes it): the parcel's views list entries, the
// activity and scan operations answer them.
// Plain fields need no type-graphql wrapper (no field middlewares here): cheaper on every look-up.
@ObjectType({ description: "A parcel history entry", simpleResolvers: true })
export class Activity {
  @Field(() => Int) id: number;
  @Field(() => Int) parcel_id: number;
  @Field(() => String) title: string;
  @Field(() => String) description: string;
  @Field(() => String, { description: "Material icon name, one of the seed's list" }) icon: string;
  @Field(() => String, { description: "green, black, gold or red" }) color: string;
  @Field(() => DateTimeISO) created_at: IsoTime;
  @Field(() => DateTimeISO) updated_at: IsoTime;
  @Field(() => String, { description: "Short month of created_at (UTC), e.g. Nov" }) created_at_month: string;
  @Field(() => String, { description: "Day of month of created_at (UTC), two digits" }) created_at_day: string;
  @Field(() => String, { description: "Time of created_at (UTC), HH:MM" }) created_at_time: string;
  @Field(() => String, { nullable: true, description: "Normalised status this entry set, if any" }) status_code: string | null;
  @Field(() => String, { nullable: true }) status_reason: string | null;
  @Field(() => String, { nullable: true, description: "Who added the entry: member, key or null (system); null on public views" }) created_by_kind:
    string | null;
  @Field(() => String, { nullable: true, description: "The member's e-mail or the API key's name; null on public views" }) created_by_name: string | null;
}
