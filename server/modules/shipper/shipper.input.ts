import { Field, InputType, Int } from "type-graphql";
import { IsBoolean, IsIn, IsInt, Matches, Max, MaxLength, Min } from "class-validator";
import { IsId, Name, Optional, Required, Text, WhenPresent } from "../../core/validation.js";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { LANGUAGE_CODES } from "../../../shared/i18n/languages.js";
import { ACCOUNT_NEXT, NEXT_MAX } from "../../../shared/modules/shipper/next.codes.js";
import { Email, Password } from "../admin/admin.input.js";
import { pageLink, type PageArgs } from "../common/paging.js";

export const RATE_CARD_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** A shipper's language: one of the 22 codes (its mails and PDFs); empty or null: the company's language. */
const Language = (what: string) => (target: object, key: string) => {
  Field(() => String, { nullable: true, description: `${what}: one of ${LANGUAGE_CODES.join(", ")}; empty or null: the company's language` })(target, key);
  Optional()(target, key);
  IsIn([...LANGUAGE_CODES], { message: `$property must be one of ${LANGUAGE_CODES.join(", ")}` })(target, key);
};

@InputType()
export class SignUpInput {
  @Field(() => String) @Required() @Name() name: string;
  @Field(() => String) @Email() email: string;
  @Field(() => String) @Password("password") password: string;
  @Field(() => String, { nullable: true }) @Optional() @Name() company?: string | null;
  @Field(() => String, { nullable: true }) @Optional() @Name(40) phone?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "Where the mailed verification link leads once the e-mail is confirmed: a path of the shipper's area (/account/new: the booking a quote started)",
  })
  @Optional()
  @MaxLength(NEXT_MAX, { message: `$property must be at most ${NEXT_MAX} characters` })
  @Matches(ACCOUNT_NEXT, { message: "$property must be a path of the shipper's area on this site (/account...)" })
  next?: string | null;
  @Language("The language of its mails and PDFs (the page's at sign-up)") language?: string | null;
}

/** The signed-in shipper's own profile: its language. */
@InputType()
export class UpdateUserInput {
  @Language("The language of its mails, statements and pay-out notices") language?: string | null;
}

@InputType()
export class VerifyEmailInput {
  @Field(() => String, { description: "The token of the verification link" }) @Required() @Text(200) token: string;
}

@InputType()
export class UserSignInInput {
  @Field(() => String) @Email() email: string;
  @Field(() => String) @Required() @Text(200) password: string;
}

@InputType()
export class CreateShipperInput {
  @Field(() => String) @Required() @Name() name: string;
  @Field(() => String) @Email() email: string;
  @Field(() => String, { nullable: true }) @Optional() @Name() company?: string | null;
  @Field(() => String, { nullable: true, description: "Priced on this card (default: the default card)" })
  @Optional()
  @Matches(RATE_CARD_ID, { message: "rate_card_id must be a rate card's id" })
  rate_card_id?: string | null;
  @Field(() => Int, { nullable: true, description: "In the currency's smallest unit; none: no limit" })
  @Optional()
  @IsInt({ message: "credit_limit must be a whole number (the currency's smallest unit)" })
  @Min(0, { message: "credit_limit must not be negative" })
  @Max(MAX_AMOUNT_MINOR, { message: `credit_limit must be at most ${MAX_AMOUNT_MINOR}` })
  credit_limit?: number | null;
  @Language("The language of its invitation, mails and PDFs") language?: string | null;
}

@InputType({ description: "id plus what changes; null clears rate_card_id (the default card) or credit_limit (no limit)" })
export class UpdateShipperInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { nullable: true })
  @Optional()
  @Matches(RATE_CARD_ID, { message: "rate_card_id must be a rate card's id" })
  rate_card_id?: string | null;
  @Field(() => Int, { nullable: true })
  @Optional()
  @IsInt({ message: "credit_limit must be a whole number (the currency's smallest unit)" })
  @Min(0, { message: "credit_limit must not be negative" })
  @Max(MAX_AMOUNT_MINOR, { message: `credit_limit must be at most ${MAX_AMOUNT_MINOR}` })
  credit_limit?: number | null;
  @Field(() => Boolean, { nullable: true, description: "true: its sessions and keys stop at once" })
  @WhenPresent()
  @IsBoolean({ message: "disabled must be true or false" })
  disabled?: boolean;
}

@InputType()
export class CreateShipperKeyInput {
  @Field(() => String) @Required() @Name(100) name: string;
}

export const linkShipperPage = pageLink<PageArgs>("/api/shippers");
