import { Field, ObjectType } from "type-graphql";

@ObjectType()
export class AdminAccount {
  @Field(() => String) email: string;
  @Field(() => String, { description: "owner, dispatcher or courier" }) role: string;
  @Field(() => String, { nullable: true, description: "me and updateAccount: how others see the member; null: by the e-mail" })
  name?: string | null;
  @Field(() => String, { nullable: true, description: "me and updateAccount: the control panel's language (one of the 22 codes); null: not chosen" })
  language?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description:
      "Sign-in only: the password was right and the account uses two-step sign-in; no session yet: send the same input again with totp_code or recovery_code",
  })
  totp_required?: boolean;
  @Field(() => Boolean, { nullable: true, description: "me: whether the member signs in with a code" })
  totp_enabled?: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: "me: the owner requires two-step sign-in and this member has not set it up; until then only the account operations are allowed",
  })
  totp_setup_required?: boolean;
}
