import argon2 from "argon2";
import { config } from "../../core/config.js";
import { badInput, forbidden, isUniqueViolation } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { limit } from "../../core/ratelimit.js";
import { sendSystemMail } from "../mail/mail.service.js";
import { CreateAdminInput, type ChangePasswordInput, type ResetPasswordInput, type SendPinInput, type SignInInput } from "./admin.input.js";
import { deleteSessionsOf, randomToken, sha256, type SessionAdmin } from "./session.service.js";

const HASH = { type: argon2.argon2id as 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const FIRST_ADMIN = "first_admin";
const normEmail = (e: string) => e.trim().toLowerCase();
// Verifying against a real hash when the account is unknown keeps the timing the same.
let dummyHash: Promise<string> | undefined;

export const hashPassword = (p: string) => argon2.hash(p, HASH);

export async function adminExists(): Promise<boolean> {
  const claim = await db().oneTimeClaim.findUnique({ where: { name: FIRST_ADMIN } });
  return claim !== null || (await db().admin.count()) > 0;
}

/**
 * The one-time link: only while no admin was ever created. Checked before validation, and
 * claimed atomically (a primary key) so two processes cannot both succeed.
 */
export async function createFirstAdmin(raw: unknown): Promise<SessionAdmin> {
  if (await adminExists()) throw forbidden("An admin account already exists; this link can only be used once");
  const input = await validated(CreateAdminInput, raw);
  const password_hash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      await tx.oneTimeClaim.create({ data: { name: FIRST_ADMIN } });
      const a = await tx.admin.create({ data: { email: normEmail(input.email), password_hash } });
      return { id: a.id, email: a.email };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw forbidden("An admin account already exists; this link can only be used once");
    throw e;
  }
}

export async function verifyCredentials(input: SignInInput): Promise<SessionAdmin> {
  await limit("signin-account", normEmail(input.email));
  const admin = await db().admin.findUnique({ where: { email: normEmail(input.email) } });
  dummyHash ??= hashPassword(randomToken());
  const ok = await argon2.verify(admin?.password_hash ?? (await dummyHash), input.password).catch(() => false);
  if (!admin || !ok) throw badInput("email or password is incorrect");
  return { id: admin.id, email: admin.email };
}

function checkConfirm(a: string, b: string) {
  if (a !== b) throw badInput("confirm_new_password must match new_password");
}

export async function changePassword(adminId: number, input: ChangePasswordInput): Promise<void> {
  checkConfirm(input.new_password, input.confirm_new_password);
  const admin = await db().admin.findUnique({ where: { id: adminId } });
  if (!admin || !(await argon2.verify(admin.password_hash, input.password).catch(() => false))) {
    throw badInput("password is incorrect");
  }
  await db().admin.update({ where: { id: adminId }, data: { password_hash: await hashPassword(input.new_password) } });
  await deleteSessionsOf(adminId);
}

/** Sends a reset token when the e-mail has an account; the answer is the same either way. */
export async function sendPin(input: SendPinInput): Promise<void> {
  await limit("pin-account", normEmail(input.email));
  const admin = await db().admin.findUnique({ where: { email: normEmail(input.email) } });
  if (!admin) return;
  const token = randomToken(18);
  const minutes = config().resetTokenMinutes;
  await db().passwordReset.create({
    data: { admin_id: admin.id, token_hash: sha256(token), expires_at: new Date(Date.now() + minutes * 60_000) },
  });
  const base = config().publicUrl;
  const link = `${base}/control/password.html?email=${encodeURIComponent(admin.email)}&token=${encodeURIComponent(token)}`;
  await sendSystemMail({
    kind: "reset",
    to: admin.email,
    subject: "Your password reset token",
    text: `Someone asked to reset the password of the control panel account ${admin.email}.\n\nYour token: ${token}\n\nEnter it on the reset screen with your new password${base ? `, or open ${link}` : ""}.\nThe token works once and expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
  }).catch(() => undefined);
}

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  checkConfirm(input.new_password, input.confirm_new_password);
  const invalid = () => badInput("password_token is invalid or expired");
  const reset = await db().passwordReset.findUnique({ where: { token_hash: sha256(input.password_token.trim()) }, include: { admin: true } });
  if (!reset || reset.used_at || reset.expires_at.getTime() < Date.now() || reset.admin.email !== normEmail(input.email)) throw invalid();
  const password_hash = await hashPassword(input.new_password);
  // Single use even under races: only the update that still sees used_at null wins.
  const claimed = await db().passwordReset.updateMany({ where: { id: reset.id, used_at: null }, data: { used_at: new Date() } });
  if (claimed.count !== 1) throw invalid();
  await db().admin.update({ where: { id: reset.admin_id }, data: { password_hash } });
  await deleteSessionsOf(reset.admin_id);
}
