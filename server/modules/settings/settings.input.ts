import { Field, InputType } from "type-graphql";
import { IsBoolean, IsEmail, IsIn } from "class-validator";
import { Optional, Required, Text, WhenPresent } from "../../core/validation.js";
import { MAX_LENGTH } from "../../core/lengths.codes.js";
import { MAIL_DRIVERS, MAIL_TEMPLATES } from "../mail/mail.codes.js";

@InputType()
export class MailSettingsInput {
  @Field(() => String) @Required() @IsIn(MAIL_DRIVERS, { message: `mail_driver must be ${MAIL_DRIVERS.join(" or ")}` }) mail_driver: string;
  @Field(() => String)
  @Required()
  @IsIn(MAIL_TEMPLATES, { message: `mail_template must be one of ${MAIL_TEMPLATES.join(", ")}` })
  mail_template: string;
  @Field(() => Boolean, { nullable: true, description: "Send Email may sign in without TLS (the password then travels in clear); left out: unchanged" })
  @WhenPresent()
  @IsBoolean({ message: "smtp_allow_plain must be true or false" })
  smtp_allow_plain?: boolean;
}

@InputType()
export class HtmlSettingsInput {
  @Field(() => String, { nullable: true }) @Optional() @Text() meta_description?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text(MAX_LENGTH.chatCode) chat_code?: string;
}

@InputType()
export class ContactSettingsInput {
  @Field(() => String) @Required() @Text() @IsEmail({}, { message: "contact_email must be an e-mail address" }) contact_email: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_phone?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_phone_alt?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_twitter?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_telegram?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_instagram?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_address?: string;
}
