import crypto from "node:crypto";
import argon2 from "argon2";
import type { ShipperActor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { AppError, badInput, conflict, forbidden, isUniqueViolation, notFound } from "../../core/errors.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { validated } from "../../core/validation.js";
import { recordEvent } from "../../db/audit.js";
import { db } from "../../db/index.js";
import { hashPassword } from "../admin/admin.service.js";
import { mailInBackground } from "../admin/account-mail.js";
import { resetMailAllowed, trySecret } from "../admin/attempts.js";
import type { ResetPasswordInput, SendPinInput } from "../admin/admin.input.js";
import { asObject, located, toAddress, type Address } from "../address/address.rules.js";
import { AddressInput } from "../address/address.type.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import { sendSystemMail } from "../mail/mail.service.js";
import { companyName, getSettings } from "../settings/settings.service.js";
import { checkMaxAmount } from "../settings/amount-limit.js";
import { SignUpInput, type CreateShipperInput, type UpdateShipperInput, type UpdateUserInput, type UserSignInInput } from "./shipper.input.js";
import { invitationMail, resetMail, verificationMail } from "./shipper.mail.js";
import { flushShipperKeyUse } from "./shipper.auth.js";

/**
 * Shipper accounts (section 10): sign-up (setting shipper_signup), e-mail verification, sign-in,
 * reset, the address book, their own API keys; the staff's list, creation (an invitation), credit
 * limit, rate card and disabling. Sessions and keys: shipper.auth.ts.
 */

const normEmail = (e: string) => e.trim().toLowerCase();
const VERIFY_HOURS = 72;
let dummyHash: Promise<string> | undefined;
const passwordIs = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);

type Row = { id: number; name: string; email: string; email_verified: boolean; language: string | null };
export const accountView = (s: Row) => ({ id: s.id, name: s.name, email: s.email, email_verified: s.email_verified, language: s.language });

async function newToken(shipperId: number, kind: "verify" | "reset", hours: number): Promise<string> {
  const token = randomToken(24);
  await db().shipperToken.create({ data: { shipper_id: shipperId, kind, token_hash: sha256(token), expires_at: new Date(Date.now() + hours * 3600_000) } });
  return token;
}

/** Takes a token once: the row when it is of this kind, unused and unexpired (null otherwise). */
async function claimToken(token: string, kind: "verify" | "reset") {
  const row = await db().shipperToken.findUnique({ where: { token_hash: sha256(token.trim()) }, include: { shipper: true } });
  if (!row || row.kind !== kind || row.used_at || row.expires_at.getTime() < Date.now()) return null;
  const claimed = await db().shipperToken.updateMany({ where: { id: row.id, used_at: null }, data: { used_at: new Date() } });
  return claimed.count === 1 ? row : null;
}

/** Links in mails are absolute: PUBLIC_URL, else this server on localhost (as the staff's invitations; never the request's Host). */
const base = () => config().publicUrl || `http://localhost:${config().port}`;

/** The verification link: the token, and where the shipper goes once confirmed (`next`, validated by SignUpInput). */
function mailVerification(s: Row, token: string, next?: string | null) {
  const link = `${base()}/account/verify?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`;
  mailInBackground(async () => sendSystemMail(await verificationMail(s, link, token, VERIFY_HOURS)), "verification");
}

export async function signUpOpen(): Promise<void> {
  if ((await getSettings()).shipper_signup !== "open") throw forbidden("Sign-up is closed: ask us for a business account");
}

/** 403 while the setting is off (before validation); 409 for a taken e-mail. Signs in (the door starts the session). */
export async function signUp(raw: unknown) {
  await signUpOpen();
  const input = await validated(SignUpInput, raw);
  const password_hash = await hashPassword(input.password);
  try {
    const s = await db().shipper.create({
      data: {
        name: input.name.trim(),
        email: normEmail(input.email),
        password_hash,
        company: input.company?.trim() || null,
        phone: input.phone?.trim() || null,
        // The page's language at sign-up (the site's chooser): its mails and PDFs are in it from the first one.
        language: input.language || null,
      },
    });
    mailVerification(s, await newToken(s.id, "verify", VERIFY_HOURS), input.next);
    return accountView(s);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("email is already taken");
    throw e;
  }
}

export async function verifyEmail(token: string) {
  const row = await claimToken(token, "verify");
  if (!row) throw badInput("token is invalid or expired");
  const s = await db().shipper.update({ where: { id: row.shipper_id }, data: { email_verified: true } });
  return accountView(s);
}

/**
 * Wrong passwords count against the sign-in limits (per client and per account), as for the staff.
 * Each sign-in, right or wrong, is in the audit log (an unknown address as a hash, as for the staff).
 */
export async function signIn(input: UserSignInInput, client: string) {
  const email = normEmail(input.email);
  const s = await db().shipper.findUnique({ where: { email } });
  dummyHash ??= hashPassword(randomToken());
  try {
    return await trySecret(`shipper:${email}`, client, "signin", async () => {
      const ok = await passwordIs(s?.password_hash || (await dummyHash!), input.password);
      if (!s || !ok || !s.password_hash || s.disabled) throw badInput("email or password is incorrect");
      const actor = { kind: "shipper" as const, id: s.id, name: s.name, email: s.email, email_verified: s.email_verified, key_id: null };
      recordEvent({
        actor,
        operation: "users.signIn",
        object_type: "shipper",
        object_id: s.id,
        changes: { signed_in_with: [null, "password"], client: [null, client] },
      });
      return accountView(s);
    });
  } catch (e) {
    if (e instanceof AppError && e.code === "BAD_USER_INPUT") {
      recordEvent({
        operation: "users.signIn.failed",
        object_type: "shipper",
        object_id: s?.id ?? null,
        changes: { failure: [null, e.messages.join("; ")], client: [null, client], ...(s ? {} : { email_sha256: [null, sha256(email).slice(0, 16)] }) },
      });
    }
    throw e;
  }
}

/** The same answer whether or not the address has an account; the mail goes after the answer. */
export async function sendPin(input: SendPinInput, client: string): Promise<void> {
  if (!(await resetMailAllowed(`shipper:${normEmail(input.email)}`, client))) return;
  mailInBackground(async () => {
    const s = await db().shipper.findUnique({ where: { email: normEmail(input.email) } });
    if (!s || s.disabled) return;
    const minutes = config().resetTokenMinutes;
    const token = await newToken(s.id, "reset", minutes / 60);
    const link = `${base()}/account/password?email=${encodeURIComponent(s.email)}&token=${encodeURIComponent(token)}`;
    await sendSystemMail(await resetMail(s, link, token, minutes));
  }, "reset");
}

/** A new password with a mailed token (a reset, or the staff's invitation); the token proves the mailbox, so the e-mail is verified too. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  if (input.new_password !== input.confirm_new_password) throw badInput("confirm_new_password must match new_password");
  const row = await db().shipperToken.findUnique({ where: { token_hash: sha256(input.password_token.trim()) }, include: { shipper: true } });
  if (!row || row.kind !== "reset" || row.shipper.email !== normEmail(input.email)) throw badInput("password_token is invalid or expired");
  if (!(await claimToken(input.password_token, "reset"))) throw badInput("password_token is invalid or expired");
  await db().shipper.update({ where: { id: row.shipper_id }, data: { password_hash: await hashPassword(input.new_password), email_verified: true } });
  await db().shipperSession.deleteMany({ where: { shipper_id: row.shipper_id } });
  await db().shipperToken.updateMany({ where: { shipper_id: row.shipper_id, used_at: null, kind: "reset" }, data: { used_at: new Date() } });
  // Whoever had the password may have made keys with it: a reset revokes them (docs/security.md).
  await revokeKeysOf(row.shipper_id);
}

// ---- The staff's side ----

/** Unpaid balances: bookings not cancelled, less the totals of paid statements. `client`: a transaction's, inside one (never a second connection). */
async function balances(ids: number[], client: Pick<ReturnType<typeof db>, "booking" | "statement"> = db()): Promise<Map<number, number>> {
  // One after the other: a transaction's connection runs one query at a time.
  const booked = await client.booking.groupBy({ by: ["shipper_id"], where: { shipper_id: { in: ids }, cancelled_at: null }, _sum: { amount: true } });
  const paid = await client.statement.groupBy({ by: ["shipper_id"], where: { shipper_id: { in: ids }, status: "paid" }, _sum: { total: true } });
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const b of booked) out.set(b.shipper_id, (b._sum.amount ?? 0) - 0);
  for (const p of paid) out.set(p.shipper_id, (out.get(p.shipper_id) ?? 0) - (p._sum.total ?? 0));
  return out;
}
export const balanceOf = async (id: number, client?: Parameters<typeof balances>[1]) => (await balances([id], client)).get(id) ?? 0;

type ShipperRow = Awaited<ReturnType<ReturnType<typeof db>["shipper"]["findUniqueOrThrow"]>>;
const staffView = (s: ShipperRow, balance: number) => ({
  id: s.id,
  name: s.name,
  company: s.company,
  email: s.email,
  email_verified: s.email_verified,
  rate_card_id: s.rate_card_id,
  credit_limit: s.credit_limit,
  balance,
  disabled: s.disabled,
  language: s.language,
  created_at: s.created_at,
});

export async function listShippers(args: PageArgs) {
  const q = args.search?.trim();
  const where = q ? { OR: [{ name: { contains: q } }, { email: { contains: q.toLowerCase() } }, { company: { contains: q } }] } : {};
  const page = await pageOf(
    args,
    () => db().shipper.count({ where }),
    (skip, take) => db().shipper.findMany({ where, skip, take, orderBy: { id: "asc" } }),
  );
  const b = await balances(page.data.map((s) => s.id));
  return { ...page, data: page.data.map((s) => staffView(s, b.get(s.id) ?? 0)) };
}

async function checkCard(id: string | null | undefined) {
  if (id && !(await db().rateCard.findUnique({ where: { id }, select: { id: true } }))) throw badInput(`rate_card_id: no rate card has the id ${id}`);
}

/** A business shipper made by the staff: no password yet; the invitation mail's link sets one (and verifies the e-mail). */
export async function createShipper(input: CreateShipperInput) {
  await checkCard(input.rate_card_id);
  await checkMaxAmount({ credit_limit: input.credit_limit });
  try {
    const s = await db().shipper.create({
      data: {
        name: input.name.trim(),
        email: normEmail(input.email),
        password_hash: "",
        company: input.company?.trim() || null,
        rate_card_id: input.rate_card_id || null,
        credit_limit: input.credit_limit ?? null,
        language: input.language || null,
      },
    });
    const hours = config().staffInviteHours;
    const token = await newToken(s.id, "reset", hours);
    const link = `${base()}/account/password?email=${encodeURIComponent(s.email)}&token=${encodeURIComponent(token)}&invited=1`;
    mailInBackground(async () => sendSystemMail(await invitationMail(s, await companyName(), link, token, hours)), "shipper invitation");
    return staffView(s, 0);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("email is already taken");
    throw e;
  }
}

export async function updateShipper(input: UpdateShipperInput) {
  const existing = await db().shipper.findUnique({ where: { id: input.id } });
  if (!existing) throw notFound("Shipper not found");
  await checkCard(input.rate_card_id);
  await checkMaxAmount({ credit_limit: input.credit_limit });
  const data: Record<string, unknown> = {};
  if (input.rate_card_id !== undefined) data.rate_card_id = input.rate_card_id || null;
  if (input.credit_limit !== undefined) data.credit_limit = input.credit_limit;
  if (input.disabled !== undefined) data.disabled = input.disabled;
  const s = await db().shipper.update({ where: { id: input.id }, data });
  // Disabled: its sessions go now (its keys are refused on their next use: the key's read checks it).
  if (input.disabled) await db().shipperSession.deleteMany({ where: { shipper_id: s.id } });
  return staffView(s, await balanceOf(s.id));
}

export async function shipperById(id: number) {
  const s = await db().shipper.findUnique({ where: { id } });
  if (!s) throw notFound("Shipper not found");
  return s;
}

/** A shipper's language (null: none chosen, the company's). */
export const languageOf = async (id: number) => (await db().shipper.findUnique({ where: { id }, select: { language: true } }))?.language ?? null;

/** The signed-in shipper changes its language (validated by UpdateUserInput; null or empty: the company's). */
export async function updateProfile(shipper: ShipperActor, input: UpdateUserInput) {
  if (input.language === undefined) throw badInput("language is required: give the one to change to");
  return accountView(await db().shipper.update({ where: { id: shipper.id }, data: { language: input.language?.trim() || null } }));
}

// ---- The address book ----

type BookRow = { id: number; address: string; is_default: boolean };
const bookView = (r: BookRow) => ({ ...(JSON.parse(r.address) as Address), id: r.id, is_default: r.is_default });

export async function listAddresses(shipper: ShipperActor) {
  const rows = await db().shipperAddress.findMany({ where: { shipper_id: shipper.id }, orderBy: [{ is_default: "desc" }, { id: "asc" }] });
  return rows.map(bookView);
}

const readBookAddress = async (raw: unknown): Promise<Address> => located(toAddress(await validated(AddressInput, raw)));

const MAX_BOOK = 500;
export async function addAddress(shipper: ShipperActor, raw: unknown) {
  const a = await readBookAddress(raw);
  const isDefault = asObject(raw).is_default === true;
  return db().$transaction(async (tx) => {
    if ((await tx.shipperAddress.count({ where: { shipper_id: shipper.id } })) >= MAX_BOOK)
      throw conflict(`The address book holds at most ${MAX_BOOK} addresses`);
    const first = (await tx.shipperAddress.count({ where: { shipper_id: shipper.id } })) === 0;
    if (isDefault) await tx.shipperAddress.updateMany({ where: { shipper_id: shipper.id }, data: { is_default: false } });
    return bookView(await tx.shipperAddress.create({ data: { shipper_id: shipper.id, address: JSON.stringify(a), is_default: isDefault || first } }));
  });
}

const idOf = (raw: unknown) => {
  const id = Number(asObject(raw).id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw badInput("id must be a whole number");
  return id;
};

/** Another shipper's address is not found (404), never forbidden. */
async function ownAddress(shipper: ShipperActor, id: number) {
  const row = await db().shipperAddress.findFirst({ where: { id, shipper_id: shipper.id } });
  if (!row) throw notFound("Address not found");
  return row;
}

export async function updateAddress(shipper: ShipperActor, raw: unknown) {
  const id = idOf(raw);
  const row = await ownAddress(shipper, id);
  const { id: _id, is_default, ...fields } = asObject(raw);
  const merged = { ...(JSON.parse(row.address) as Record<string, unknown>), ...fields };
  // New place, new coordinates: the old ones (or the city's) do not follow a changed address.
  if (!("latitude" in fields) && (fields.city !== undefined || fields.country !== undefined || fields.line1 !== undefined)) {
    merged.latitude = null;
    merged.longitude = null;
  }
  const a = await readBookAddress(merged);
  return db().$transaction(async (tx) => {
    if (is_default === true) await tx.shipperAddress.updateMany({ where: { shipper_id: shipper.id }, data: { is_default: false } });
    return bookView(
      await tx.shipperAddress.update({ where: { id }, data: { address: JSON.stringify(a), ...(typeof is_default === "boolean" ? { is_default } : {}) } }),
    );
  });
}

export async function deleteAddress(shipper: ShipperActor, raw: unknown) {
  const id = idOf(raw);
  await ownAddress(shipper, id);
  await db().shipperAddress.delete({ where: { id } });
}

/** An address of the shipper's own book (bookings' and pickups' address_id). */
export async function bookAddress(shipperId: number, id: number): Promise<Address> {
  const row = await db().shipperAddress.findFirst({ where: { id, shipper_id: shipperId } });
  if (!row) throw notFound("Address not found");
  return JSON.parse(row.address) as Address;
}

// ---- Its own API keys ----

const keyView = (k: { id: number; name: string; prefix: string; created_at: Date; last_used_at: Date | null }, key: string | null = null) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  key,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
});

export async function listKeys(shipper: ShipperActor) {
  await flushShipperKeyUse();
  const rows = await db().shipperKey.findMany({ where: { shipper_id: shipper.id, revoked_at: null }, orderBy: { id: "asc" } });
  return rows.map((k) => keyView(k));
}

const MAX_KEYS = 20;
export async function createKey(shipper: ShipperActor, name: string) {
  if ((await db().shipperKey.count({ where: { shipper_id: shipper.id, revoked_at: null } })) >= MAX_KEYS)
    throw conflict(`At most ${MAX_KEYS} keys: revoke one first`);
  const key = `sk_${crypto.randomBytes(30).toString("base64url")}`;
  const row = await db().shipperKey.create({ data: { shipper_id: shipper.id, name: name.trim(), prefix: key.slice(0, 8), key_hash: sha256(key) } });
  return keyView(row, key);
}

export async function revokeKey(shipper: ShipperActor, raw: unknown) {
  const id = idOf(raw);
  const { count } = await db().shipperKey.updateMany({ where: { id, shipper_id: shipper.id, revoked_at: null }, data: { revoked_at: new Date() } });
  if (!count) throw notFound("API key not found");
}

const revokeKeysOf = async (shipperId: number) =>
  (await db().shipperKey.updateMany({ where: { shipper_id: shipperId, revoked_at: null }, data: { revoked_at: new Date() } })).count;

/** Every key of the shipper stops at once (a leaked key, a shop that changed hands). */
export async function revokeAllKeys(shipper: ShipperActor) {
  return { revoked: await revokeKeysOf(shipper.id) };
}
