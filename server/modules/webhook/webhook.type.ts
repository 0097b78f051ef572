import { Field, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "A third party's endpoint for parcel events" })
export class Webhook {
  @Field(() => Int) id: number;
  @Field(() => String) url: string;
  @Field(() => [String]) events: string[];
  @Field(() => String, { description: "HMAC-SHA256 key: X-Courier-Signature is sha256=hex(HMAC(secret, body))" }) secret: string;
  @Field(() => Boolean) active: boolean;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO) updated_at: Date;
}

@ObjectType({ description: "One event sent (or to be sent) to a webhook, with its last answer" })
export class WebhookDelivery {
  @Field(() => Int) id: number;
  @Field(() => Int) webhook_id: number;
  @Field(() => String) event: string;
  @Field(() => String, { description: "The exact JSON body that is signed" }) payload: string;
  @Field(() => String, { description: "pending, delivered or failed" }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => DateTimeISO) next_attempt_at: Date;
  @Field(() => Int, { nullable: true }) response_status: number | null;
  @Field(() => String) response_body: string;
  @Field(() => String) error: string;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO) updated_at: Date;
}

export const WebhookDeliveryPage = PagedType(WebhookDelivery, "WebhookDeliveryPage");
