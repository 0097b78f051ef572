import { Field, ObjectType } from "type-graphql";
import { Activity } from "../parcel/history.type.js";

@ObjectType({ description: "Why a scanned code got no history entry", simpleResolvers: true })
class ScanError {
  @Field(() => String, { description: "INVALID_CODE, UNKNOWN_CODE, ALREADY_DELIVERED or NOT_ALLOWED" }) code: string;
  @Field(() => String) message: string;
}

@ObjectType({ description: "One scanned code: its new (or, for a repeated scan_id, its first) history entry, or its error", simpleResolvers: true })
export class ScanResult {
  @Field(() => String) code: string;
  @Field(() => String, { nullable: true, description: "The parcel's recipient (for the scanner's screen)" }) recipient_name: string | null;
  @Field(() => Activity, { nullable: true }) activity: Activity | null;
  @Field(() => ScanError, { nullable: true }) error: ScanError | null;
}
