import { Field, InputType, Int } from "type-graphql";
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsUrl, ValidateBy } from "class-validator";
import { IsId, Required, Text, WhenPresent } from "../../core/validation.js";
import { pageLink, type PageArgs } from "../common/paging.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";
import { WEBHOOK_EVENTS } from "./webhook.rules.js";
import { refusedTarget } from "./webhook.address.js";

const urlRule = () => (target: object, key: string) => {
  Text(MAX_LENGTH.webhookUrl)(target, key);
  IsUrl({ protocols: ["http", "https"], require_protocol: true, require_tld: false }, { message: "url must be an http or https URL" })(target, key);
  ValidateBy({
    name: "publicTarget",
    validator: {
      validate: (v) => typeof v !== "string" || refusedTarget(v) === null,
      defaultMessage: (a) => `url must not point to a local or private address (${refusedTarget(String(a?.value))}); WEBHOOK_ALLOW_PRIVATE=true allows it`,
    },
  })(target, key);
};
const eventsRule = () => (target: object, key: string) => {
  IsArray({ message: "events must be a list" })(target, key);
  ArrayMinSize(1, { message: "events must name at least one event" })(target, key);
  ArrayMaxSize(WEBHOOK_EVENTS.length, { message: `events must name at most ${WEBHOOK_EVENTS.length} events` })(target, key);
  IsIn([...WEBHOOK_EVENTS], { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(", ")}` })(target, key);
};

@InputType()
export class CreateWebhookInput {
  @Field(() => String) @Required() @urlRule() url: string;
  @Field(() => [String], { description: WEBHOOK_EVENTS.join(", ") }) @Required() @eventsRule() events: string[];
  @Field(() => Boolean, { nullable: true }) @WhenPresent() @IsBoolean({ message: "active must be true or false" }) active?: boolean;
}

@InputType()
export class UpdateWebhookInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @urlRule() url?: string;
  @Field(() => [String], { nullable: true }) @WhenPresent() @eventsRule() events?: string[];
  @Field(() => Boolean, { nullable: true }) @WhenPresent() @IsBoolean({ message: "active must be true or false" }) active?: boolean;
}

/** The deliveries' next_page_url (both doors). */
export const linkDeliveryPage = pageLink<PageArgs & { webhookId: number }>((a) => `/api/webhooks/${a.webhookId}/deliveries`);
