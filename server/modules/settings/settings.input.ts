import { Field, InputType } from "type-graphql";
import { IsEmail, IsIn } from "class-validator";
import { Optional, Required, Text } from "../../core/validation.js";
import { MAIL_TEMPLATES } from "../mail/mail.templates.js";

@InputType()
export class MailSettingsInput {
  @Field(() => String) @Required() @IsIn(["mail", "smtp"], { message: "mail_driver must be mail or smtp" }) mail_driver: string;
  @Field(() => String) @Required() @IsIn([...MAIL_TEMPLATES], { message: "mail_template must be one of plain, html1, html2, html3, html4" })
  mail_template: string;
}

@InputType()
export class HtmlSettingsInput {
  @Field(() => String, { nullable: true }) @Optional() @Text() meta_description?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text(20_000) chat_code?: string;
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
