import { Field, InputType } from "type-graphql";
import { IsBoolean, Matches } from "class-validator";
import { Required, Text } from "../../core/validation.js";

/** A current six-digit code of the authenticator app. */
export const TotpCode = () => (target: object, key: string) => {
  Text(20)(target, key);
  Matches(/^\s*\d{3}\s?\d{3}\s*$/, { message: "$property must be the 6 digits the authenticator app shows" })(target, key);
};
/** One of the ten recovery codes (xxxxx-xxxxx). */
export const RecoveryCodeText = () => (target: object, key: string) => {
  Text(40)(target, key);
  Matches(/^[\s-]*(?:[a-z0-9][\s-]*){10}$/i, { message: "$property must be one of your recovery codes (10 letters and digits, e.g. abcde-23456)" })(
    target,
    key,
  );
};

const CurrentPassword = () => (target: object, key: string) => {
  Required()(target, key);
  Text(200)(target, key);
};

@InputType()
export class ConfirmTotpInput {
  @Field(() => String, { description: "A current code of the authenticator app, to show the set-up worked" })
  @Required()
  @TotpCode()
  code: string;
  @Field(() => String, { description: "Your current password: a session alone cannot turn two-step sign-in on" })
  @CurrentPassword()
  password: string;
}

@InputType({ description: "Your current password, to set up two-step sign-in, turn it off or make new recovery codes (a session alone cannot)" })
export class TotpProofInput {
  @Field(() => String) @CurrentPassword() password: string;
}

@InputType()
export class TeamPolicyInput {
  @Field(() => Boolean, { description: "Every member must use two-step sign-in (members without it are sent to set it up)" })
  @IsBoolean({ message: "require_totp must be true or false" })
  require_totp: boolean;
}
