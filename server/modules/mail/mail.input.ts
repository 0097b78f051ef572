import { Field, InputType } from "type-graphql";
import { IsEmail } from "class-validator";
import { Optional, Required, Text } from "../../core/validation.js";
import { pageLink, type PageArgs } from "../common/paging.js";

import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";

@InputType({ description: "A visitor's message to the company" })
export class VisitorContactInput {
  @Field(() => String, { nullable: true }) @Optional() @Text() name?: string;
  @Field(() => String) @Required() @Text() @IsEmail({}, { message: "email must be an e-mail address" }) email: string;
  @Field(() => String) @Required() @Text() subject: string;
  @Field(() => String) @Required() @Text(MAX_LENGTH.mailBody) body: string;
}

@InputType({ description: "An admin's e-mail to anyone" })
export class AdminMailInput {
  @Field(() => String) @Required() @Text() @IsEmail({}, { message: "to must be an e-mail address" }) to: string;
  @Field(() => String) @Required() @Text() subject: string;
  @Field(() => String) @Required() @Text(MAX_LENGTH.mailBody) body: string;
  @Field(() => String, { nullable: true, description: "The sender's SMTP password when mail_driver is smtp; used once, never stored" })
  @Optional()
  @Text(200)
  password?: string;
}

/** The outbox's next_page_url (both doors). */
export const linkOutboxPage = pageLink<PageArgs>("/api/outbox");
