import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { clientKey } from "../../core/client-address.js";
import type { Context } from "../../core/context.js";
import { Before, Op } from "../../graphql/guards.js";
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
import { BookAddress, RevokedKeys, Shipper, ShipperKey, ShipperPage, UserAccount } from "./shipper.type.js";

@Resolver()
export class ShipperResolver {
  @Query(() => UserAccount, { nullable: true, description: "The signed-in shipper (session or its key), or null" })
  @Op("users.me")
  async user(@Ctx() ctx: Context) {
    const s = await ctx.auth.shipper();
    return s && { id: s.id, name: s.name, email: s.email, email_verified: s.email_verified, language: await shippers.languageOf(s.id) };
  }

  @Mutation(() => UserAccount, { description: "The signed-in shipper changes the language of its mails and PDFs (null or empty: the company's language)" })
  @Op("users.profile")
  updateUser(@Arg("input", () => UpdateUserInput) input: UpdateUserInput) {
    return shippers.updateProfile(callingShipper(), input);
  }

  @Mutation(() => UserAccount, { description: "Shipper sign-up (FORBIDDEN while shipper_signup is off); signs in and mails a verification link" })
  @Op("users.signup")
  @Before(() => shippers.signUpOpen())
  async signUp(@Arg("input", () => SignUpInput) input: SignUpInput, @Ctx() ctx: Context) {
    const s = await shippers.signUp(input);
    await ctx.auth.startShipperSession(s.id);
    return s;
  }

  @Mutation(() => UserAccount, { description: "Verify the shipper's e-mail with the link's token" })
  @Op("users.verify")
  verifyEmail(@Arg("input", () => VerifyEmailInput) input: VerifyEmailInput) {
    return shippers.verifyEmail(input.token);
  }

  @Mutation(() => UserAccount, { description: "Shipper sign-in: a session cookie of its own" })
  @Op("users.signIn")
  async userSignIn(@Arg("input", () => UserSignInInput) input: UserSignInInput, @Ctx() ctx: Context) {
    const s = await shippers.signIn(input, clientKey(ctx.req));
    await ctx.auth.startShipperSession(s.id);
    return s;
  }

  @Mutation(() => Boolean, { description: "Ends the shipper session (true also when not signed in)" })
  @Op("account.userSignOut")
  async userSignOut(@Ctx() ctx: Context) {
    await ctx.auth.endShipperSession();
    return true;
  }

  @Mutation(() => Boolean, { description: "E-mails a shipper's reset token when the address has an account; always true" })
  @Op("users.sendPin")
  async userSendPin(@Arg("input", () => SendPinInput) input: SendPinInput, @Ctx() ctx: Context) {
    await shippers.sendPin(input, clientKey(ctx.req));
    return true;
  }

  @Mutation(() => Boolean, { description: "Set the shipper's password with the mailed token (reset or invitation)" })
  @Op("users.resetPassword")
  async userResetPassword(@Arg("input", () => ResetPasswordInput) input: ResetPasswordInput) {
    await shippers.resetPassword(input);
    return true;
  }

  @Query(() => [BookAddress], { description: "The shipper's address book" })
  @Op("users.addresses.list")
  addresses() {
    return shippers.listAddresses(callingShipper());
  }

  @Mutation(() => BookAddress)
  @Op("users.addresses.write")
  addAddress(@Arg("input", () => AddressInput) input: AddressInput, @Arg("is_default", () => Boolean, { nullable: true }) isDefault?: boolean) {
    return shippers.addAddress(callingShipper(), { ...input, is_default: isDefault ?? false });
  }

  @Mutation(() => BookAddress, { description: "Change an address: the fields given replace the old ones" })
  @Op("users.addresses.write")
  updateAddress(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => AddressInput) input: AddressInput,
    @Arg("is_default", () => Boolean, { nullable: true }) isDefault?: boolean,
  ) {
    return shippers.updateAddress(callingShipper(), { ...input, id, ...(isDefault === undefined ? {} : { is_default: isDefault }) });
  }

  @Mutation(() => Boolean)
  @Op("users.addresses.write")
  async deleteAddress(@Arg("id", () => Int) id: number) {
    await shippers.deleteAddress(callingShipper(), { id });
    return true;
  }

  @Query(() => [ShipperKey], { description: "The shipper's API keys" })
  @Op("users.apiKeys.list")
  userApiKeys() {
    return shippers.listKeys(callingShipper());
  }

  @Mutation(() => ShipperKey, { description: "A key for a web shop (key shown once): acts as this shipper for quotes, bookings, labels and pickups" })
  @Op("users.apiKeys.write")
  createUserApiKey(@Arg("input", () => CreateShipperKeyInput) input: CreateShipperKeyInput) {
    return shippers.createKey(callingShipper(), input.name);
  }

  @Mutation(() => Boolean)
  @Op("users.apiKeys.write")
  async revokeUserApiKey(@Arg("id", () => Int) id: number) {
    await shippers.revokeKey(callingShipper(), { id });
    return true;
  }

  @Mutation(() => RevokedKeys, { description: "Revoke every key of the shipper at once (a password reset does this too)" })
  @Op("users.apiKeys.revokeAll")
  revokeAllUserApiKeys() {
    return shippers.revokeAllKeys(callingShipper());
  }

  @Query(() => ShipperPage, { description: "Staff: shippers with their unpaid balance" })
  @Op("shippers.list")
  async shippers(@Args(() => PageArgs) args: PageArgs) {
    return linkShipperPage(await shippers.listShippers(args), args);
  }

  @Mutation(() => Shipper, { description: "Staff: create a business shipper (an invitation e-mail)" })
  @Op("shippers.create")
  createShipper(@Arg("input", () => CreateShipperInput) input: CreateShipperInput) {
    return shippers.createShipper(input);
  }

  @Mutation(() => Shipper, { description: "Staff: rate card, credit limit, disable" })
  @Op("shippers.update")
  updateShipper(@Arg("input", () => UpdateShipperInput) input: UpdateShipperInput) {
    return shippers.updateShipper(input);
  }
}
