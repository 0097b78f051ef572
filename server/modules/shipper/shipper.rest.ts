import type { FastifyInstance } from "fastify";
import { clientKey } from "../../core/client-address.js";
import { route } from "../../rest/route.js";
import { IdInput } from "../../rest/id.input.js";
import { refuseCrossSite } from "../../rest/guards.js";
import { data } from "../../rest/schemas.js";
import { ResetPasswordInput, SendPinInput } from "../admin/admin.input.js";
import { AddressInput } from "../address/address.type.js";
import { PageArgs } from "../common/paging.js";
import { callingShipper } from "./shipper.auth.js";
import {
  CreateShipperInput,
  CreateShipperKeyInput,
  SignUpInput,
  UpdateShipperInput,
  UpdateUserInput,
  UserSignInInput,
  VerifyEmailInput,
  linkShipperPage,
} from "./shipper.input.js";
import * as shippers from "./shipper.service.js";

export function registerShipperRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/users",
    op: "users.signup",
    tag: "users",
    created: true,
    message: "Account created: check your e-mail to verify it",
    summary:
      "Shipper sign-up while the setting shipper_signup is open (403 when off, before validation); signs in and mails a verification link (409 for a taken e-mail)",
    body: [SignUpInput],
    data: data.ref("UserAccount"),
    handler: async ({ req, ctx }) => {
      const s = await shippers.signUp(req.body);
      await ctx.auth.startShipperSession(s.id);
      return s;
    },
  });
  route(api, {
    method: "POST",
    url: "/users/verify",
    op: "users.verify",
    tag: "users",
    message: "E-mail verified",
    summary: "Verify the shipper's e-mail with the link's token (once; 422 when wrong or expired)",
    input: VerifyEmailInput,
    data: data.ref("UserAccount"),
    handler: ({ input }) => shippers.verifyEmail(input.token),
  });
  route(api, {
    method: "POST",
    url: "/users/auth/signin",
    op: "users.signIn",
    tag: "users",
    message: "Signed in",
    summary: "Shipper sign-in (JSON or multipart): a session cookie of its own, which never reaches the control panel",
    form: true,
    input: UserSignInInput,
    data: data.ref("UserAccount"),
    handler: async ({ input, ctx }) => {
      const s = await shippers.signIn(input, clientKey(ctx.req));
      await ctx.auth.startShipperSession(s.id);
      return { id: s.id, name: s.name, email: s.email };
    },
  });
  route(api, {
    method: ["GET", "POST"],
    url: "/users/auth/signout",
    op: "account.userSignOut",
    tag: "users",
    message: "Signed out",
    summary: "Shipper sign-out: ends the shipper session server-side (200 also when not signed in); GET refuses a request from another site (403)",
    data: data.none,
    handler: async ({ ctx, req }) => {
      if (req.method === "GET") refuseCrossSite(req);
      await ctx.auth.endShipperSession();
      return null;
    },
  });
  route(api, {
    method: ["POST", "PATCH"],
    url: "/users/auth/send-pin",
    op: "users.sendPin",
    tag: "users",
    message: "If the address has an account, a reset token is on its way",
    summary: "E-mail a shipper's password reset token; the same answer whether or not the address has an account",
    input: SendPinInput,
    data: data.none,
    handler: ({ input, ctx }) => shippers.sendPin(input, clientKey(ctx.req)),
  });
  route(api, {
    method: "PATCH",
    url: "/users/auth/update/password-guest",
    op: "users.resetPassword",
    tag: "users",
    message: "Password updated",
    summary:
      "Set the shipper's password with the mailed token (a reset or the staff's invitation; it verifies the e-mail too); 422 for a wrong or expired token or a mismatch",
    input: ResetPasswordInput,
    data: data.none,
    handler: ({ input }) => shippers.resetPassword(input),
  });
  route(api, {
    method: "PATCH",
    url: "/users/auth/update/profile",
    op: "users.profile",
    tag: "users",
    message: "Profile updated",
    summary:
      "The signed-in shipper's language: its mails, statements and pay-out PDFs are written in it (one of the 22 codes; null or empty: the company's language; 422 naming language otherwise)",
    input: UpdateUserInput,
    data: data.ref("UserAccount"),
    handler: ({ input }) => shippers.updateProfile(callingShipper(), input),
  });
  // The address book
  route(api, {
    method: "GET",
    url: "/users/addresses",
    op: "users.addresses.list",
    tag: "users",
    summary: "The shipper's address book (default first)",
    data: data.list("BookAddress"),
    handler: () => shippers.listAddresses(callingShipper()),
  });
  route(api, {
    method: "POST",
    url: "/users/addresses",
    op: "users.addresses.write",
    tag: "users",
    created: true,
    message: "Address saved",
    summary: "Add an address (+ is_default); placed at its city when it has no coordinates (located)",
    body: [AddressInput],
    data: data.ref("BookAddress"),
    handler: ({ req }) => shippers.addAddress(callingShipper(), req.body),
  });
  route(api, {
    method: "PATCH",
    url: "/users/addresses",
    op: "users.addresses.write",
    tag: "users",
    message: "Address saved",
    summary: "Change an address: id + the fields that change (+ is_default)",
    body: [AddressInput],
    data: data.ref("BookAddress"),
    handler: ({ req }) => shippers.updateAddress(callingShipper(), req.body),
  });
  route(api, {
    method: "DELETE",
    url: "/users/addresses",
    op: "users.addresses.write",
    tag: "users",
    message: "Address deleted",
    summary: "Delete an address { id }",
    body: [IdInput],
    data: data.none,
    handler: async ({ req }) => shippers.deleteAddress(callingShipper(), req.body),
  });
  // Its own API keys
  route(api, {
    method: "GET",
    url: "/users/api-keys",
    op: "users.apiKeys.list",
    tag: "users",
    summary: "The shipper's API keys (never the keys themselves)",
    data: data.list("ShipperKey"),
    handler: () => shippers.listKeys(callingShipper()),
  });
  route(api, {
    method: "POST",
    url: "/users/api-keys",
    op: "users.apiKeys.write",
    tag: "users",
    created: true,
    message: "API key created: copy it now, it is not shown again",
    summary: "A key for a web shop: `Authorization: Bearer <key>` acts as this shipper for quotes, bookings, labels and pickups, never beyond",
    input: CreateShipperKeyInput,
    data: data.ref("ShipperKey"),
    handler: ({ input }) => shippers.createKey(callingShipper(), input.name),
  });
  route(api, {
    method: "DELETE",
    url: "/users/api-keys",
    op: "users.apiKeys.write",
    tag: "users",
    message: "API key revoked",
    summary: "Revoke a key { id }: it stops at once",
    body: [IdInput],
    data: data.none,
    handler: async ({ req }) => shippers.revokeKey(callingShipper(), req.body),
  });
  route(api, {
    method: "DELETE",
    url: "/users/api-keys/all",
    op: "users.apiKeys.revokeAll",
    tag: "users",
    message: "Every API key revoked",
    summary: "Revoke every key of the shipper at once: they stop at once (a password reset does this too)",
    data: data.ref("RevokedKeys"),
    handler: () => shippers.revokeAllKeys(callingShipper()),
  });
  // The staff's side
  route(api, {
    method: "GET",
    url: "/shippers",
    op: "shippers.list",
    tag: "shippers",
    summary: "Shippers, oldest first (search: name, e-mail, company), with their unpaid balance",
    input: PageArgs,
    data: data.ref("ShipperPage"),
    handler: async ({ input }) => linkShipperPage(await shippers.listShippers(input), input),
  });
  route(api, {
    method: "POST",
    url: "/shippers",
    op: "shippers.create",
    tag: "shippers",
    created: true,
    message: "Shipper created: an invitation is on its way",
    summary: "Create a business shipper; it gets an invitation e-mail with a link to set its password (409 for a taken e-mail)",
    input: CreateShipperInput,
    data: data.ref("Shipper"),
    handler: ({ input }) => shippers.createShipper(input),
  });
  route(api, {
    method: "PATCH",
    url: "/shippers",
    op: "shippers.update",
    tag: "shippers",
    message: "Shipper updated",
    summary: "Set a shipper's rate card or credit limit (null: none), or disable it (its sessions and keys stop at once)",
    input: UpdateShipperInput,
    data: data.ref("Shipper"),
    handler: ({ input }) => shippers.updateShipper(input),
  });
}
