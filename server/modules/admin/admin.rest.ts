import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { refuseCrossSite } from "../../rest/guards.js";
import { data } from "../../rest/schemas.js";
import { ChangePasswordInput, CreateAdminInput, ResetPasswordInput, SendPinInput, SignInInput, UpdateAccountInput } from "./admin.input.js";
import * as admins from "./admin.service.js";
import { clientKey } from "../../core/client-address.js";

export function registerAdminRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/admins",
    op: "account.createFirst",
    tag: "admins",
    created: true,
    message: "Admin created",
    summary: "The one-time link: create the first admin with the setup token the server printed (403 without it, and once any admin exists, before validation)",
    body: [CreateAdminInput],
    data: data.ref("AdminAccount"),
    handler: ({ req }) => admins.createFirstAdmin(req.body),
  });
  route(api, {
    method: "POST",
    url: "/admins/auth/signin",
    op: "account.signIn",
    tag: "admins",
    message: "Signed in",
    summary: "Sign in (JSON or multipart); sets the HttpOnly session cookie",
    description:
      "With two-step sign-in on, the password alone answers 200 `{ email, role, totp_required: true }` and no cookie: " +
      "send the same body again with `totp_code` (6 digits) or `recovery_code`. A wrong code is 422 and counts against the sign-in limits like a wrong password.",
    form: true,
    input: SignInInput,
    data: data.ref("AdminAccount"),
    handler: async ({ input, ctx }) => {
      const admin = await admins.verifyCredentials(input, clientKey(ctx.req));
      if (!admin.totp_required) await ctx.auth.startSession(admin);
      return admin;
    },
  });
  route(api, {
    method: ["GET", "POST"],
    url: "/admins/auth/signout",
    op: "account.signOut",
    tag: "admins",
    message: "Signed out",
    summary: "Sign out: ends the session server-side (200 also when not signed in); GET refuses a request from another site (403)",
    data: data.none,
    handler: async ({ ctx, req }) => {
      if (req.method === "GET") refuseCrossSite(req);
      return ctx.auth.endSession();
    },
  });
  route(api, {
    method: ["POST", "PATCH"],
    url: "/admins/auth/send-pin",
    op: "account.sendPin",
    tag: "admins",
    message: "If the address has an account, a reset token is on its way",
    summary: "E-mail a password reset token; the same answer whether or not the address has an account",
    input: SendPinInput,
    data: data.none,
    handler: ({ input, ctx }) => admins.sendPin(input, clientKey(ctx.req)),
  });
  route(api, {
    method: "PATCH",
    url: "/admins/auth/update/password-guest",
    op: "account.resetPassword",
    tag: "admins",
    message: "Password updated",
    summary: "Reset the password with the e-mailed token (422 for a wrong or expired token or a mismatch)",
    input: ResetPasswordInput,
    data: data.none,
    handler: ({ input }) => admins.resetPassword(input),
  });
  route(api, {
    method: "PATCH",
    url: "/admins/auth/update/password-user",
    op: "account.changePassword",
    tag: "admins",
    message: "Password updated",
    summary: "Change the signed-in admin's password; other sessions end and this client gets a fresh one",
    input: ChangePasswordInput,
    data: data.none,
    handler: async ({ input, ctx }) => {
      const admin = await ctx.auth.requireMember();
      await admins.changePassword(admin.id, input, clientKey(ctx.req));
      await ctx.auth.startSession(admin);
    },
  });
  route(api, {
    method: "GET",
    url: "/admins/auth/me",
    op: "account.me",
    tag: "admins",
    summary: "The signed-in member (email, role, name, language, two-step state), or null",
    data: { oneOf: [data.none, data.ref("AdminAccount")] },
    handler: ({ ctx }) => admins.me(ctx.auth),
  });
  route(api, {
    method: "PATCH",
    url: "/admins/auth/update/profile",
    op: "account.update",
    tag: "admins",
    message: "Profile updated",
    summary: "Change your own name or control-panel language (one of the 22 codes; 422 naming language otherwise); what is left out stays, empty clears",
    input: UpdateAccountInput,
    data: data.ref("AdminAccount"),
    handler: async ({ input, ctx }) => admins.updateAccount((await ctx.auth.requireMember()).id, input),
  });
}
