import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";

@ObjectType({ description: "A member of the staff (owner, dispatcher or courier)" })
export class StaffMember {
  @Field(() => Int) id: number;
  @Field(() => String) email: string;
  @Field(() => String, { nullable: true, description: "How the member is shown to others; null: by the e-mail" }) name: string | null;
  @Field(() => String, { description: "owner, dispatcher or courier" }) role: string;
  @Field(() => Boolean) disabled: boolean;
  @Field(() => Boolean, { description: "Invited and not accepted yet (no password: cannot sign in)" }) invited: boolean;
  @Field(() => Boolean, { description: "Two-step sign-in is on" }) totp_enabled: boolean;
  @Field(() => DateTimeISO, { nullable: true }) last_sign_in_at: Date | null;
  @Field(() => DateTimeISO) created_at: Date;
}

export const StaffPage = PagedType(StaffMember, "StaffPage");
