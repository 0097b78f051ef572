import { Field, InputType, Int } from "type-graphql";
import { IsBoolean, IsEmail, IsIn, IsInt, Matches, Max, Min } from "class-validator";
import { SHIPPER_SIGNUP } from "../../../shared/modules/settings/settings.codes.js";
import { Name, Optional, Required, Text, WhenPresent } from "../../core/validation.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";
import { MAIL_DRIVERS, MAIL_TEMPLATES } from "../../../shared/modules/mail/mail.codes.js";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { COD_LIMITS, codRangeMessage } from "../../../shared/modules/cod/cod.codes.js";
import { LANGUAGE_CODES } from "../../../shared/i18n/languages.js";

@InputType({ description: "The general group: the company's language" })
export class GeneralSettingsInput {
  @Field(() => String, {
    description: `The company's language, one of ${LANGUAGE_CODES.join(", ")}: what the server writes (history entries, messages, e-mails, labels, PDFs) and the public site shows wherever no person's language is known`,
  })
  @Required()
  @IsIn([...LANGUAGE_CODES], { message: `language must be one of ${LANGUAGE_CODES.join(", ")}` })
  language: string;
}

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

@InputType({ description: "The shipping group: fields left out stay as they are" })
export class ShippingSettingsInput {
  @Field(() => String, { nullable: true, description: "open or off" })
  @WhenPresent()
  @IsIn([...SHIPPER_SIGNUP], { message: "shipper_signup must be open or off" })
  shipper_signup?: string;
  @Field(() => String, { nullable: true, description: "ISO 4217, e.g. EUR" })
  @WhenPresent()
  @Matches(/^[A-Z]{3}$/, { message: "currency must be an ISO 4217 code such as EUR" })
  currency?: string;
  @Field(() => String, { nullable: true, description: "HH:MM" })
  @WhenPresent()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "pickup_cutoff must be a time as HH:MM" })
  pickup_cutoff?: string;
  @Field(() => Int, { nullable: true, description: "The largest amount (smallest unit) a quote, booking, rate card or credit limit may carry" })
  @WhenPresent()
  @IsInt({ message: "max_amount must be a whole number of the currency's smallest unit" })
  @Min(1, { message: "max_amount must be at least 1" })
  @Max(MAX_AMOUNT_MINOR, { message: `max_amount must be at most ${MAX_AMOUNT_MINOR}` })
  max_amount?: number;
}

@InputType({ description: "Cash on delivery (contract section 12): cod_max and courier_cash_limit, each optional" })
export class CodSettingsInput {
  @Field(() => Int, { nullable: true, description: "The largest cod_amount on a parcel or booking (smallest unit; default 500000)" })
  @WhenPresent()
  @IsInt({ message: codRangeMessage("cod_max") })
  @Min(COD_LIMITS.cod_max.min, { message: codRangeMessage("cod_max") })
  @Max(COD_LIMITS.cod_max.max, { message: codRangeMessage("cod_max") })
  cod_max?: number;
  @Field(() => Int, { nullable: true, description: "The cash a courier may hold and still be given a new run (smallest unit; default 200000)" })
  @WhenPresent()
  @IsInt({ message: codRangeMessage("courier_cash_limit") })
  @Min(COD_LIMITS.courier_cash_limit.min, { message: codRangeMessage("courier_cash_limit") })
  @Max(COD_LIMITS.courier_cash_limit.max, { message: codRangeMessage("courier_cash_limit") })
  courier_cash_limit?: number;
}

@InputType({ description: "The company's name and contact details" })
export class ContactSettingsInput {
  @Field(() => String, {
    nullable: true,
    description: "The company's name on every page, e-mail and PDF; left out: unchanged; empty: COMPANY_NAME (the server's default)",
  })
  @Optional()
  @Name(MAX_LENGTH.companyName)
  company_name?: string;
  @Field(() => String) @Required() @Text() @IsEmail({}, { message: "contact_email must be an e-mail address" }) contact_email: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_phone?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_phone_alt?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_twitter?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_telegram?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_instagram?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() contact_address?: string;
}
