import { Field, ObjectType } from "type-graphql";
import { Activity } from "../parcel/history.type.js";
import { CodCollectionView } from "../cod/cod.type.js";

@ObjectType({ description: "Why a scanned code got no history entry", simpleResolvers: true })
class ScanError {
  @Field(() => String, {
    description:
      "INVALID_CODE, UNKNOWN_CODE, ALREADY_DELIVERED, NOT_ALLOWED, COD_REFUSED (the cash on delivery is missing or wrong: 422) or COD_CONFLICT (another collection is recorded: 409)",
  })
  code: string;
  @Field(() => String) message: string;
}

@ObjectType({ description: "One scanned code: its new (or, for a repeated scan_id, its first) history entry, or its error", simpleResolvers: true })
export class ScanResult {
  @Field(() => String) code: string;
  @Field(() => String, { nullable: true, description: "The parcel's recipient (for the scanner's screen)" }) recipient_name: string | null;
  @Field(() => Activity, { nullable: true }) activity: Activity | null;
  @Field(() => ScanError, { nullable: true }) error: ScanError | null;
  @Field(() => CodCollectionView, {
    nullable: true,
    description: "A delivered scan of a parcel with cash on delivery: its collection (the same one again for the same request)",
  })
  cod?: CodCollectionView | null;
}
