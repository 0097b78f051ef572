import { Field, InputType, Int } from "type-graphql";
import { IsBoolean, IsIn } from "class-validator";
import { IsId, Name, Optional, Required, Text, WhenPresent } from "../../core/validation.js";
import { ROLES } from "../../../shared/core/permissions.js";
import { MEMBER_NAME_MAX } from "../../../shared/modules/admin/member.codes.js";
import { pageLink, type PageArgs } from "../common/paging.js";
import { Email, Password } from "../admin/admin.input.js";

const RoleRule = () => IsIn([...ROLES], { message: `role must be one of ${ROLES.join(", ")}` });

@InputType()
export class InviteMemberInput {
  @Field(() => String) @Email() email: string;
  @Field(() => String, { description: ROLES.join(", ") }) @Required() @RoleRule() role: string;
  @Field(() => String, { nullable: true, description: "How the member is shown to others (the dispatch board, a run sheet); none: the e-mail" })
  @Optional()
  @Name(MEMBER_NAME_MAX)
  name?: string | null;
}

@InputType()
export class UpdateMemberInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { nullable: true, description: ROLES.join(", ") }) @WhenPresent() @Required() @RoleRule() role?: string;
  @Field(() => String, { nullable: true, description: "The member's name; empty or null: none (shown by the e-mail)" })
  @Optional()
  @Name(MEMBER_NAME_MAX)
  name?: string | null;
  @Field(() => Boolean, { nullable: true, description: "true disables the member (their sessions end at once); false enables them again" })
  @WhenPresent()
  @IsBoolean({ message: "disabled must be true or false" })
  disabled?: boolean;
}

@InputType()
export class AcceptInvitationInput {
  @Field(() => String, { description: "The token of the invitation link" }) @Required() @Text(200) token: string;
  @Field(() => String) @Password("password") password: string;
}

/** The list's next_page_url (both doors): its search kept. */
export const linkStaffPage = pageLink<PageArgs>("/api/staff");
