import { Field, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "A message to a recipient (contract section 13): an event of a parcel on one channel" })
export class RecipientMessage {
  @Field(() => Int) id: number;
  @Field(() => String) tracking_code: string;
  @Field(() => String, { description: "sms, whatsapp or email: the channel it went (or is to go) on" }) channel: string;
  @Field(() => String, { description: "The number (E.164) or address it went to; empty until tried" }) to: string;
  @Field(() => String, { description: "What was sent (a WhatsApp template as [name language] and its parameters)" }) text: string;
  @Field(() => String, { description: "queued, sent, delivered, read, failed or skipped" }) status: string;
  @Field(() => String, {
    nullable: true,
    description:
      "Why skipped or failed: budget, opted_out, no_provider, off, no_number, invalid_number, no_template, not_chosen, no_address, or the provider's error",
  })
  reason: string | null;
  @Field(() => Int, { nullable: true, description: "SMS segments (GSM-7: 160, 153 each when split; UCS-2: 70, 67)" }) segments: number | null;
  @Field(() => String, { nullable: true }) provider_id: string | null;
  @Field(() => Int, { description: "Tries on the current channel" }) tries: number;
  @Field(() => String, { description: "Each channel tried and its outcome (JSON list: at, channel, status, reason, provider_id)" }) history: string;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO) updated_at: Date;
}

export const RecipientMessagePage = PagedType(RecipientMessage, "RecipientMessagePage");

@ObjectType({ description: "The recipient's choice of channels and language for a parcel's messages" })
export class MessagePreferences {
  @Field(() => String) tracking_code: string;
  @Field(() => [String], { nullable: true, description: "The channels chosen; null: the owner's order unchanged" }) channels: string[] | null;
  @Field(() => String, { nullable: true, description: "The language of the messages (and e-mails); null: the site's default" }) language: string | null;
}

@ObjectType({ description: "The message providers this server is configured with (environment variables; names only, never a secret)" })
export class MessageProviders {
  @Field(() => String, { description: "SMS_PROVIDER: log (kept, nothing leaves the server), twilio or none" }) sms: string;
  @Field(() => Boolean, { description: "SMS can go out: log, or twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM" }) sms_ready: boolean;
  @Field(() => String, { description: "WHATSAPP_PROVIDER: none or cloud" }) whatsapp: string;
  @Field(() => Boolean, { description: "WhatsApp can go out: cloud with WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID" }) whatsapp_ready: boolean;
  @Field(() => Boolean, { description: "WHATSAPP_APP_SECRET is set: the Cloud API's status callbacks can be checked" }) whatsapp_signed: boolean;
}
