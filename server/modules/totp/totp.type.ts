import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "A member's two-step sign-in" })
export class TotpStatus {
  @Field(() => Boolean, { description: "Sign-in asks for a code" }) enabled: boolean;
  @Field(() => Boolean, { description: "The owner requires two-step sign-in for everyone" }) required: boolean;
  @Field(() => Boolean, { description: "A secret was made and awaits confirmation with a code" }) pending: boolean;
  @Field(() => Int, { description: "Recovery codes not used yet" }) recovery_codes_left: number;
}

@ObjectType({ description: "A new TOTP secret to add to an authenticator app (not enabled until confirmed with a code)" })
export class TotpSetup {
  @Field(() => String, { description: "The otpauth:// URI (RFC 6238: SHA-1, 6 digits, 30 s)" }) otpauth_uri: string;
  @Field(() => String, { description: "The URI as a QR code, a data: URL of an SVG image" }) qr_code: string;
  @Field(() => String, { description: "The secret in base32, for entering by hand" }) secret: string;
}

@ObjectType({ description: "Ten single-use recovery codes: shown this once, stored hashed" })
export class RecoveryCodes {
  @Field(() => [String]) recovery_codes: string[];
}

@ObjectType()
export class TeamPolicy {
  @Field(() => Boolean) require_totp: boolean;
}
