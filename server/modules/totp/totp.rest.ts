import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { ConfirmTotpInput, TeamPolicyInput, TotpProofInput } from "./totp.input.js";
import * as totp from "./totp.service.js";
import { clientKey } from "../../core/client-address.js";

export function registerTotpRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/admins/auth/totp",
    op: "account.totp",
    tag: "admins",
    summary: "Your two-step sign-in: on or not, whether the owner requires it, a set-up awaiting its code, recovery codes left",
    data: data.ref("TotpStatus"),
    handler: async ({ ctx }) => totp.totpStatus((await ctx.auth.requireMember()).id),
  });
  route(api, {
    method: "POST",
    url: "/admins/auth/totp",
    op: "account.totp.setUp",
    tag: "admins",
    message: "Scan the QR code, then confirm with a code",
    summary:
      "Set up two-step sign-in (TOTP, RFC 6238) with your current password: a new secret as an otpauth:// URI, its QR code and in base32; not on until confirmed (409 when already on). A wrong password counts against the sign-in limits",
    input: TotpProofInput,
    data: data.ref("TotpSetup"),
    handler: async ({ input, ctx }) => totp.setUpTotp((await ctx.auth.requireMember()).id, input, clientKey(ctx.req)),
  });
  route(api, {
    method: "PATCH",
    url: "/admins/auth/totp",
    op: "account.totp.confirm",
    tag: "admins",
    message: "Two-step sign-in is on",
    summary:
      "Confirm the set-up with your current password and a current code: turns two-step sign-in on and answers 10 single-use recovery codes, shown this once; other sessions end and this client gets a fresh one; the member is told by mail",
    input: ConfirmTotpInput,
    data: data.ref("RecoveryCodes"),
    handler: async ({ input, ctx }) => {
      const admin = await ctx.auth.requireMember();
      const codes = await totp.confirmTotp(admin.id, input, clientKey(ctx.req));
      await ctx.auth.startSession({ ...admin, totp_enabled: true });
      return codes;
    },
  });
  route(api, {
    method: "DELETE",
    url: "/admins/auth/totp",
    op: "account.totp.disable",
    tag: "admins",
    message: "Two-step sign-in is off",
    summary: "Turn two-step sign-in off with your current password (409 while the owner requires it for everyone); the member is told by mail",
    input: TotpProofInput,
    data: data.none,
    handler: async ({ input, ctx }) => totp.disableTotp((await ctx.auth.requireMember()).id, input, clientKey(ctx.req)),
  });
  route(api, {
    method: "POST",
    url: "/admins/auth/totp/recovery-codes",
    op: "account.totp.recoveryCodes",
    tag: "admins",
    message: "New recovery codes",
    summary: "New recovery codes (with your current password): the 10 new ones, shown this once, replace all earlier ones",
    input: TotpProofInput,
    data: data.ref("RecoveryCodes"),
    handler: async ({ input, ctx }) => totp.regenerateRecoveryCodes((await ctx.auth.requireMember()).id, input, clientKey(ctx.req)),
  });
  route(api, {
    method: "GET",
    url: "/team/policy",
    op: "team.policy",
    tag: "admins",
    summary: "Whether every member must use two-step sign-in",
    data: data.ref("TeamPolicy"),
    handler: () => totp.teamPolicy(),
  });
  route(api, {
    method: "PATCH",
    url: "/team/policy",
    op: "team.policy.update",
    tag: "admins",
    message: "Saved",
    summary: "Require two-step sign-in of every member (409 until your own account has it on); members without it are limited to setting it up",
    input: TeamPolicyInput,
    data: data.ref("TeamPolicy"),
    handler: async ({ input, ctx }) => totp.updateTeamPolicy((await ctx.auth.requireMember()).id, input),
  });
}
