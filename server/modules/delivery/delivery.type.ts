import { Field, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "Proof of delivery: who took the parcel, the drawn signature and a photo (site-relative image paths)", simpleResolvers: true })
export class DeliveryProof {
  @Field(() => String, { nullable: true, description: "Who took the parcel" }) receiver_name: string | null;
  @Field(() => String, { nullable: true, description: "The signature (PNG), e.g. /uploads/images/<name>.png" }) signature_url: string | null;
  @Field(() => String, { nullable: true, description: "The photo (JPEG or PNG), e.g. /uploads/images/<name>.jpg" }) photo_url: string | null;
  @Field(() => DateTimeISO, { description: "When the parcel was delivered" }) delivered_at: Date;
  @Field(() => String, { nullable: true, description: "Where it was left (free text)" }) left_at: string | null;
}
