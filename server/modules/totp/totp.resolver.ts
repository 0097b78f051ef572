import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { Op } from "../../graphql/guards.js";
import { ConfirmTotpInput, TeamPolicyInput, TotpProofInput } from "./totp.input.js";
import { RecoveryCodes, TeamPolicy, TotpSetup, TotpStatus } from "./totp.type.js";
import * as totp from "./totp.service.js";
import { clientKey } from "../../core/client-address.js";

@Resolver()
export class TotpResolver {
  @Query(() => TotpStatus, { description: "Your two-step sign-in" })
  @Op("account.totp")
  async totpStatus(@Ctx() ctx: Context) {
    return totp.totpStatus((await ctx.auth.requireMember()).id);
  }

  @Mutation(() => TotpSetup, { description: "Set up two-step sign-in with your current password: a new secret (not on until confirmed with a code)" })
  @Op("account.totp.setUp")
  async setUpTotp(@Arg("input", () => TotpProofInput) input: TotpProofInput, @Ctx() ctx: Context) {
    return totp.setUpTotp((await ctx.auth.requireMember()).id, input, clientKey(ctx.req));
  }

  @Mutation(() => RecoveryCodes, {
    description: "Confirm the set-up with your current password and a current code: on, and 10 recovery codes shown this once; other sessions end",
  })
  @Op("account.totp.confirm")
  async confirmTotp(@Arg("input", () => ConfirmTotpInput) input: ConfirmTotpInput, @Ctx() ctx: Context) {
    const admin = await ctx.auth.requireMember();
    const codes = await totp.confirmTotp(admin.id, input, clientKey(ctx.req));
    await ctx.auth.startSession({ ...admin, totp_enabled: true });
    return codes;
  }

  @Mutation(() => Boolean, { description: "Turn two-step sign-in off with your current password" })
  @Op("account.totp.disable")
  async disableTotp(@Arg("input", () => TotpProofInput) input: TotpProofInput, @Ctx() ctx: Context) {
    await totp.disableTotp((await ctx.auth.requireMember()).id, input, clientKey(ctx.req));
    return true;
  }

  @Mutation(() => RecoveryCodes, { description: "New recovery codes (with your current password), replacing all earlier ones" })
  @Op("account.totp.recoveryCodes")
  async regenerateRecoveryCodes(@Arg("input", () => TotpProofInput) input: TotpProofInput, @Ctx() ctx: Context) {
    return totp.regenerateRecoveryCodes((await ctx.auth.requireMember()).id, input, clientKey(ctx.req));
  }

  @Query(() => TeamPolicy)
  @Op("team.policy")
  teamPolicy() {
    return totp.teamPolicy();
  }

  @Mutation(() => TeamPolicy, { description: "Require two-step sign-in of every member (your own account needs it on first)" })
  @Op("team.policy.update")
  async updateTeamPolicy(@Arg("input", () => TeamPolicyInput) input: TeamPolicyInput, @Ctx() ctx: Context) {
    return totp.updateTeamPolicy((await ctx.auth.requireMember()).id, input);
  }
}
