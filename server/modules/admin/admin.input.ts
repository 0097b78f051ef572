import { Field, InputType } from "type-graphql";
import { IsEmail, IsIn, MaxLength, MinLength } from "class-validator";
import { Name, Optional, Required, Text } from "../../core/validation.js";
import { RecoveryCodeText, TotpCode } from "../totp/totp.input.js";
import { NotCommonPassword } from "./password.rules.js";
import { PASSWORD_MIN } from "../../../shared/modules/admin/password.codes.js";
import { MEMBER_NAME_MAX } from "../../../shared/modules/admin/member.codes.js";
import { LANGUAGE_CODES } from "../../../shared/i18n/languages.js";

export const Password = (name: string) => (target: object, key: string) => {
  Required()(target, key);
  Text(200)(target, key);
  MinLength(PASSWORD_MIN, { message: `${name} must be at least ${PASSWORD_MIN} characters` })(target, key);
  NotCommonPassword()(target, key);
};
/** An e-mail address: the name a member (and a shipper) is known by, so one line like any name (IsEmail lets U+202E in). */
export const Email = () => (target: object, key: string) => {
  Required()(target, key);
  IsEmail({}, { message: "$property must be an e-mail address" })(target, key);
  // After IsEmail: a control character is the message that names what is wrong.
  Name()(target, key);
};

@InputType()
export class CreateAdminInput {
  @Field(() => String) @Email() email: string;
  @Field(() => String) @Password("password") password: string;
  @Field(() => String, { description: "The setup token of the link the server prints at start while no admin exists" })
  @Required()
  @Text(200)
  token: string;
}

@InputType()
export class SignInInput {
  @Field(() => String) @Email() email: string;
  @Field(() => String) @Required() @Text(200) password: string;
  @Field(() => String, { nullable: true, description: "Two-step sign-in: a current code of the authenticator app" })
  @Optional()
  @TotpCode()
  totp_code?: string;
  @Field(() => String, { nullable: true, description: "Two-step sign-in: one of the recovery codes instead (works once)" })
  @Optional()
  @RecoveryCodeText()
  recovery_code?: string;
}

@InputType()
export class SendPinInput {
  @Field(() => String) @Email() email: string;
}

@InputType()
export class ResetPasswordInput {
  @Field(() => String) @Email() email: string;
  @Field(() => String) @Password("new_password") new_password: string;
  @Field(() => String) @Required() @Text(200) confirm_new_password: string;
  @Field(() => String) @Required() @Text(200) @MaxLength(200) password_token: string;
}

@InputType()
export class ChangePasswordInput {
  @Field(() => String) @Required() @Text(200) password: string;
  @Field(() => String) @Password("new_password") new_password: string;
  @Field(() => String) @Required() @Text(200) confirm_new_password: string;
}

/** The signed-in member's own profile: what is left out stays; empty or null clears it. */
@InputType()
export class UpdateAccountInput {
  @Field(() => String, { nullable: true, description: "How others see the member (the dispatch board, a run sheet); empty or null: none (the e-mail)" })
  @Optional()
  @Name(MEMBER_NAME_MAX)
  name?: string | null;
  @Field(() => String, {
    nullable: true,
    description: `The control panel's language, one of ${LANGUAGE_CODES.join(", ")}; empty or null: not chosen (the browser's)`,
  })
  @Optional()
  @IsIn([...LANGUAGE_CODES], { message: `language must be one of ${LANGUAGE_CODES.join(", ")}` })
  language?: string | null;
}
