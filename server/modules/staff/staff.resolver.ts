import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { Op } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { AdminAccount } from "../admin/admin.type.js";
import { AcceptInvitationInput, InviteMemberInput, UpdateMemberInput, linkStaffPage } from "./staff.input.js";
import * as staff from "./staff.service.js";
import { StaffMember, StaffPage } from "./staff.type.js";

@Resolver()
export class StaffResolver {
  @Query(() => StaffPage, { description: "Owner: the members of the staff, oldest first" })
  @Op("staff.list")
  async staff(@Args(() => PageArgs) args: PageArgs) {
    return linkStaffPage(await staff.listStaff(args), args);
  }

  @Mutation(() => StaffMember, {
    description: "Invite a member by e-mail: a single-use link to set a password; again for an invited member: a fresh link, the old one void",
  })
  @Op("staff.invite")
  inviteMember(@Arg("input", () => InviteMemberInput) input: InviteMemberInput) {
    return staff.inviteMember(input);
  }

  @Mutation(() => StaffMember, {
    description:
      "Change a member's name, role or disable/enable them; a new role or switch ends their sessions at once; CONFLICT when no active owner would remain",
  })
  @Op("staff.update")
  async updateMember(@Arg("input", () => UpdateMemberInput) input: UpdateMemberInput, @Ctx() ctx: Context) {
    return staff.updateMember(input, (await ctx.auth.admin())?.id ?? null);
  }

  @Mutation(() => Boolean, { description: "Remove a member; their sessions end at once; CONFLICT for the last active owner" })
  @Op("staff.delete")
  async deleteMember(@Arg("id", () => Int) id: number, @Ctx() ctx: Context) {
    await staff.deleteMember(id, (await ctx.auth.admin())?.id ?? null);
    return true;
  }

  @Mutation(() => StaffMember, {
    description:
      "Reset a member's two-step sign-in (a lost phone): off, recovery codes void, sessions ended, the member told by mail; CONFLICT when not set up or for your own account",
  })
  @Op("staff.resetTotp")
  async resetMemberTotp(@Arg("id", () => Int) id: number, @Ctx() ctx: Context) {
    return staff.resetMemberTotp(id, (await ctx.auth.admin())?.id ?? null);
  }

  @Mutation(() => AdminAccount, { description: "Accept an invitation: set the password with the link's token (once, before it expires). Does not sign in" })
  @Op("staff.accept")
  acceptInvitation(@Arg("input", () => AcceptInvitationInput) input: AcceptInvitationInput) {
    return staff.acceptInvitation(input);
  }
}
