import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { Before, Op } from "../../graphql/guards.js";
import { ChangePasswordInput, CreateAdminInput, ResetPasswordInput, SendPinInput, SignInInput, UpdateAccountInput } from "./admin.input.js";
import * as admins from "./admin.service.js";
import { clientKey } from "../../core/client-address.js";
import { AdminAccount } from "./admin.type.js";

@Resolver()
export class AdminResolver {
  @Query(() => AdminAccount, { nullable: true, description: "The signed-in admin, or null" })
  @Op("account.me")
  async me(@Ctx() ctx: Context) {
    return admins.me(ctx.auth);
  }

  @Mutation(() => AdminAccount, { description: "Change the signed-in member's own name or control-panel language (what is left out stays)" })
  @Op("account.update")
  async updateAccount(@Arg("input", () => UpdateAccountInput) input: UpdateAccountInput, @Ctx() ctx: Context) {
    const admin = await ctx.auth.requireMember();
    return admins.updateAccount(admin.id, input);
  }

  @Query(() => Boolean, { description: "Whether the one-time Create Admin link is still open" })
  @Op("account.canCreateAdmin")
  async canCreateAdmin() {
    return !(await admins.adminExists());
  }

  @Mutation(() => AdminAccount, {
    description: "The one-time link: creates the first admin with the printed setup token; FORBIDDEN without it or once one exists",
  })
  // The one-time and token checks answer before the input is validated (403 before 422).
  @Op("account.createFirst")
  @Before((args) => admins.firstAdminGate(args.input))
  createAdmin(@Arg("input", () => CreateAdminInput) input: CreateAdminInput) {
    return admins.createFirstAdmin(input);
  }

  @Mutation(() => AdminAccount, {
    description:
      "Sign in; sets the HttpOnly session cookie. With two-step sign-in on, the password alone answers totp_required (no session): call again with totp_code or recovery_code",
  })
  @Op("account.signIn")
  async signIn(@Arg("input", () => SignInInput) input: SignInInput, @Ctx() ctx: Context) {
    const admin = await admins.verifyCredentials(input, clientKey(ctx.req));
    if (!admin.totp_required) await ctx.auth.startSession(admin);
    return admin;
  }

  @Mutation(() => Boolean)
  @Op("account.signOut")
  async signOut(@Ctx() ctx: Context) {
    await ctx.auth.endSession();
    return true;
  }

  @Mutation(() => Boolean, { description: "E-mails a reset token when the address has an account; always true" })
  @Op("account.sendPin")
  async sendPin(@Arg("input", () => SendPinInput) input: SendPinInput, @Ctx() ctx: Context) {
    await admins.sendPin(input, clientKey(ctx.req));
    return true;
  }

  @Mutation(() => Boolean)
  @Op("account.resetPassword")
  async resetPassword(@Arg("input", () => ResetPasswordInput) input: ResetPasswordInput) {
    await admins.resetPassword(input);
    return true;
  }

  @Mutation(() => Boolean, { description: "Change the signed-in admin's password; other sessions end" })
  @Op("account.changePassword")
  async changePassword(@Arg("input", () => ChangePasswordInput) input: ChangePasswordInput, @Ctx() ctx: Context) {
    const admin = await ctx.auth.requireMember();
    await admins.changePassword(admin.id, input, clientKey(ctx.req));
    await ctx.auth.startSession(admin);
    return true;
  }
}
