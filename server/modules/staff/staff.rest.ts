import type { FastifyInstance } from "fastify";
import { IdInput } from "../../rest/id.input.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { PageArgs } from "../common/paging.js";
import { AcceptInvitationInput, InviteMemberInput, UpdateMemberInput, linkStaffPage } from "./staff.input.js";
import * as staff from "./staff.service.js";

export function registerStaffRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/staff",
    op: "staff.list",
    tag: "staff",
    summary: "The members of the staff, oldest first (search: part of the e-mail)",
    input: PageArgs,
    data: data.ref("StaffPage"),
    handler: async ({ input }) => linkStaffPage(await staff.listStaff(input), input),
  });
  route(api, {
    method: "POST",
    url: "/staff",
    op: "staff.invite",
    tag: "staff",
    created: true,
    message: "Invitation sent",
    summary:
      "Invite a member by e-mail with a role (and a name, how others see them): a single-use link to set a password (STAFF_INVITE_HOURS); inviting an invited member again sends a fresh link and voids the old one (409 for an active member's address)",
    input: InviteMemberInput,
    data: data.ref("StaffMember"),
    handler: ({ input }) => staff.inviteMember(input),
  });
  route(api, {
    method: "PATCH",
    url: "/staff",
    op: "staff.update",
    tag: "staff",
    message: "Member updated",
    summary: "Change a member's name, role or disable/enable them; a new role or switch ends their sessions at once (409 when it would leave no active owner)",
    input: UpdateMemberInput,
    data: data.ref("StaffMember"),
    handler: async ({ input, ctx }) => staff.updateMember(input, (await ctx.auth.admin())?.id ?? null),
  });
  route(api, {
    method: "DELETE",
    url: "/staff",
    op: "staff.delete",
    tag: "staff",
    message: "Member removed",
    summary: "Remove a member; their sessions end at once (409 for the last active owner)",
    input: IdInput,
    data: data.none,
    handler: async ({ input, ctx }) => staff.deleteMember(input.id, (await ctx.auth.admin())?.id ?? null),
  });
  route(api, {
    method: "DELETE",
    url: "/staff/totp",
    op: "staff.resetTotp",
    tag: "staff",
    message: "Two-step sign-in reset",
    summary:
      "Reset a member's two-step sign-in (a lost phone): it is off, the recovery codes void, their sessions end and they are told by mail (409 when it is not set up, and for your own account: turn yours off in My Account)",
    input: IdInput,
    data: data.ref("StaffMember"),
    handler: async ({ input, ctx }) => staff.resetMemberTotp(input.id, (await ctx.auth.admin())?.id ?? null),
  });
  route(api, {
    method: "POST",
    url: "/staff/accept",
    op: "staff.accept",
    tag: "staff",
    message: "Password set: you can sign in now",
    summary: "Accept an invitation: set the password with the link's token (once, before it expires; 422 otherwise). Does not sign in",
    input: AcceptInvitationInput,
    data: data.ref("AdminAccount"),
    handler: ({ input }) => staff.acceptInvitation(input),
  });
}
