import { ArgsType, Field, InputType, Int } from "type-graphql";
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, Matches, Max, Min } from "class-validator";
import { Optional, Required, Text, WhenPresent } from "../../core/validation.js";
import { MESSAGE_CHANNELS, SMS_DAILY_LIMIT_MAX } from "../../../shared/modules/settings/settings.codes.js";
import { LANGUAGE_CODES } from "../../../shared/i18n/languages.js";
import { PagingArgs, pageLink } from "../common/paging.js";

export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed", "skipped"] as const;
const channelList = `${MESSAGE_CHANNELS.join(", ")}`;
/** A WhatsApp template's name as Meta allows it: lower-case letters, digits and underscores. */
const TEMPLATE = /^[a-z0-9_]{0,512}$/;

@InputType({ description: "The messages group (contract section 13): each field optional, left out stays as it is" })
export class MessageSettingsInput {
  @Field(() => Boolean, { nullable: true }) @WhenPresent() @IsBoolean({ message: "sms_enabled must be true or false" }) sms_enabled?: boolean;
  @Field(() => Boolean, { nullable: true })
  @WhenPresent()
  @IsBoolean({ message: "whatsapp_enabled must be true or false" })
  whatsapp_enabled?: boolean;
  @Field(() => [String], { nullable: true, description: `The channels in the order they are tried, of ${channelList} (default whatsapp, sms, email)` })
  @WhenPresent()
  @IsArray({ message: `channel_order must be a list of ${channelList}` })
  @ArrayMaxSize(3, { message: `channel_order must be a list of ${channelList}` })
  @ArrayUnique({ message: "channel_order must name each channel once" })
  @IsIn([...MESSAGE_CHANNELS], { each: true, message: `channel_order must be a list of ${channelList}` })
  channel_order?: string[];
  @Field(() => Int, { nullable: true, description: "SMS segments a day; a message past it is skipped (reason budget) and the next channel used" })
  @WhenPresent()
  @IsInt({ message: "sms_daily_limit must be a whole number" })
  @Min(0, { message: "sms_daily_limit must be at least 0" })
  @Max(SMS_DAILY_LIMIT_MAX, { message: `sms_daily_limit must be at most ${SMS_DAILY_LIMIT_MAX}` })
  sms_daily_limit?: number;
  @Field(() => String, { nullable: true, description: "The approved WhatsApp template for a status ({{1}} code, {{2}} status, {{3}} link)" })
  @WhenPresent()
  @Text(512)
  @Matches(TEMPLATE, { message: "whatsapp_template_status must be a template name (lower-case letters, digits, _)" })
  whatsapp_template_status?: string;
  @Field(() => String, {
    nullable: true,
    description: "The approved WhatsApp template for the delivery window and the courier near ({{1}} code, {{2}} window, {{3}} link)",
  })
  @WhenPresent()
  @Text(512)
  @Matches(TEMPLATE, { message: "whatsapp_template_window must be a template name (lower-case letters, digits, _)" })
  whatsapp_template_window?: string;
  @Field(() => String, { nullable: true, description: "What Meta's webhook verification must send as hub.verify_token" })
  @WhenPresent()
  @Text(200)
  @Matches(/^[\x21-\x7e]*$/, { message: "whatsapp_verify_token must be printable ASCII without spaces" })
  whatsapp_verify_token?: string;
}

/** The messages group as the settings row keeps it (the order comma-separated); fields left out stay as they are. */
export function messageSettingsData(i: MessageSettingsInput): Record<string, unknown> {
  return {
    sms_enabled: i.sms_enabled,
    whatsapp_enabled: i.whatsapp_enabled,
    channel_order: i.channel_order?.join(","),
    sms_daily_limit: i.sms_daily_limit,
    whatsapp_template_status: i.whatsapp_template_status,
    whatsapp_template_window: i.whatsapp_template_window,
    whatsapp_verify_token: i.whatsapp_verify_token,
  };
}

@ArgsType()
export class MessageListArgs extends PagingArgs {
  @Field(() => String, { nullable: true, name: "trackingCode" }) @Optional() @Text(100) tracking_code?: string;
  @Field(() => String, { nullable: true })
  @Optional()
  @IsIn([...MESSAGE_CHANNELS], { message: `channel must be ${channelList}` })
  channel?: string;
  @Field(() => String, { nullable: true })
  @Optional()
  @IsIn([...MESSAGE_STATUSES], { message: `status must be ${MESSAGE_STATUSES.join(", ")}` })
  status?: string;
}
export const linkMessagePage = pageLink<MessageListArgs>("/api/messages", (a) => ({
  tracking_code: a.tracking_code || undefined,
  channel: a.channel || undefined,
  status: a.status || undefined,
}));

@InputType({ description: "A test message from the settings: to a number (sms, whatsapp) or an address (email)" })
export class TestMessageInput {
  @Field(() => String, { description: "E.164 number for sms and whatsapp, e-mail address for email" }) @Required() @Text(200) to: string;
  @Field(() => String, { description: channelList }) @Required() @IsIn([...MESSAGE_CHANNELS], { message: `channel must be ${channelList}` }) channel: string;
}

@InputType({ description: "The recipient's own choice (tracking page, once the privacy tier is unlocked)" })
export class MessagePreferencesInput {
  @Field(() => [String], { nullable: true, description: `The channels the recipient wants, of ${channelList}; empty: none but e-mail's own unsubscribe` })
  @WhenPresent()
  @IsArray({ message: `channels must be a list of ${channelList}` })
  @ArrayMaxSize(3, { message: `channels must be a list of ${channelList}` })
  @ArrayUnique({ message: "channels must name each channel once" })
  @IsIn([...MESSAGE_CHANNELS], { each: true, message: `channels must be a list of ${channelList}` })
  channels?: string[];
  @Field(() => String, { nullable: true, description: "One of the site's language codes" })
  @WhenPresent()
  @IsIn(LANGUAGE_CODES, { message: "language must be one of the site's language codes" })
  language?: string;
  @Field(() => String, { nullable: true, description: "The recipient's postcode or e-mail (the second factor that unlocks the privacy tier): required" })
  @Optional()
  @Text()
  verify?: string | null;
}
