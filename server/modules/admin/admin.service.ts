import crypto from "node:crypto";
import argon2 from "argon2";
import { config } from "../../core/config.js";
import { AppError, badInput, forbidden, isUniqueViolation } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { sendSystemMail } from "../mail/mail.service.js";
import {
  CreateAdminInput,
  type ChangePasswordInput,
  type UpdateAccountInput,
  type ResetPasswordInput,
  type SendPinInput,
  type SignInInput,
} from "./admin.input.js";
import type { Member } from "../../core/actor.js";
import type { Auth } from "../../core/context.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { deleteSessionsOf } from "../session/session.service.js";
import type { Role } from "../../../shared/core/permissions.js";
import { clearTwoStep, secondStep } from "../totp/totp.service.js";
import { recordEvent } from "../../db/audit.js";
import { mailInBackground, twoStepNotice } from "./account-mail.js";
import { staffLanguage } from "../staff/staff.i18n.js";
import { mailIn } from "../mail/mail.compose.js";
import { readerLanguage } from "../settings/company-language.js";
import { resetMailAllowed, trySecret } from "./attempts.js";

export { settleAccountMail } from "./account-mail.js";

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

const SETUP_PREFIX = "setup_token:";

/**
 * The first-admin link's token while no admin exists: ADMIN_SETUP_TOKEN, else 128 random bits kept
 * in the database (so every process prints and accepts the same link, across restarts). Null
 * once an admin exists.
 */
async function setupToken(): Promise<string | null> {
  if (await adminExists()) return null;
  if (config().adminSetupToken) return config().adminSetupToken;
  const stored = () =>
    db().oneTimeClaim.findMany({ where: { name: { startsWith: SETUP_PREFIX } }, orderBy: [{ created_at: "asc" }, { name: "asc" }], take: 1 });
  let [row] = await stored();
  if (!row) {
    await db()
      .oneTimeClaim.create({ data: { name: SETUP_PREFIX + randomToken(16) } })
      .catch(() => undefined);
    [row] = await stored();
  }
  return row ? row.name.slice(SETUP_PREFIX.length) : null;
}

/** The link to print at start while no admin exists. */
export async function setupLink(): Promise<string | null> {
  const token = await setupToken();
  if (!token) return null;
  const base = config().publicUrl || `http://localhost:${config().port}`;
  return `${base}/cp/signup?token=${encodeURIComponent(token)}`;
}

const sameText = (a: string, b: string) => {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/** 403 once an admin exists, or without the printed setup token (checked before the input is validated). */
export async function firstAdminGate(raw: unknown): Promise<void> {
  const exists = () => forbidden("An admin account already exists; this link can only be used once");
  if (await adminExists()) throw exists();
  const given = (raw as { token?: unknown } | null)?.token;
  const token = await setupToken();
  if (!token) throw exists();
  if (typeof given !== "string" || !sameText(given.trim(), token)) {
    throw forbidden("token is missing or wrong: open the setup link the server printed at start (or set ADMIN_SETUP_TOKEN)");
  }
}

/**
 * The one-time link: only while no admin was ever created, and only with the setup token the
 * server printed. Both are checked before validation (403 before 422, nothing hashed for a
 * wrong token), and the claim is atomic (a primary key) so two processes cannot both succeed.
 */
export async function createFirstAdmin(raw: unknown): Promise<Member> {
  await firstAdminGate(raw);
  const input = await validated(CreateAdminInput, raw);
  const password_hash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      await tx.oneTimeClaim.create({ data: { name: FIRST_ADMIN } });
      // The first member is the owner.
      const a = await tx.admin.create({ data: { email: normEmail(input.email), password_hash, role: "owner" } });
      await tx.oneTimeClaim.deleteMany({ where: { name: { startsWith: SETUP_PREFIX } } });
      return { id: a.id, email: a.email, role: "owner" as const };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw forbidden("An admin account already exists; this link can only be used once");
    throw e;
  }
}

const passwordIs = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);

/**
 * The password, then for a member with two-step sign-in on the code (or a recovery code) of the
 * same call. Without a code such a member gets `totp_required` and no session (the doors start
 * one only without it). Wrong passwords and codes count against the sign-in limits (attempts.ts);
 * each sign-in, right or wrong, is recorded in the audit log.
 */
export async function verifyCredentials(input: SignInInput, client: string): Promise<Member & { totp_required?: true }> {
  const email = normEmail(input.email);
  const admin = await db().admin.findUnique({ where: { email } });
  dummyHash ??= hashPassword(randomToken());
  try {
    return await trySecret(email, client, "signin", async () => {
      // An invited member without a password yet, or a disabled one, fails like a wrong password (same work, same answer).
      const ok = await passwordIs(admin?.password_hash || (await dummyHash!), input.password);
      if (!admin || !ok || !admin.password_hash || admin.disabled) throw badInput("email or password is incorrect");
      if (!(await secondStep(admin, input))) return { id: admin.id, email: admin.email, role: admin.role as Role, totp_required: true as const };
      await db().admin.update({ where: { id: admin.id }, data: { last_sign_in_at: new Date() } });
      const member = { id: admin.id, email: admin.email, role: admin.role as Role };
      recordEvent({
        actor: { kind: "member", ...member },
        operation: "account.signIn",
        object_type: "member",
        object_id: admin.id,
        changes: {
          signed_in_with: [null, input.recovery_code ? "recovery_code" : input.totp_code && admin.totp_enabled ? "totp_code" : "password"],
          client: [null, client],
        },
      });
      return member;
    });
  } catch (e) {
    if (e instanceof AppError && e.code === "BAD_USER_INPUT") {
      // An unknown address is kept as a hash (a pattern of guesses shows; no actor or object is made up for it).
      recordEvent({
        operation: "account.signIn.failed",
        object_type: "member",
        object_id: admin?.id ?? null,
        changes: { failure: [null, e.messages.join("; ")], client: [null, client], ...(admin ? {} : { email_sha256: [null, sha256(email).slice(0, 16)] }) },
      });
    }
    throw e;
  }
}

function checkConfirm(a: string, b: string) {
  if (a !== b) throw badInput("confirm_new_password must match new_password");
}

/** The current password is tried under the sign-in limits (a stolen session cannot guess it). */
export async function changePassword(adminId: number, input: ChangePasswordInput, client: string): Promise<void> {
  checkConfirm(input.new_password, input.confirm_new_password);
  const admin = await db().admin.findUnique({ where: { id: adminId } });
  if (!admin) throw badInput("password is incorrect");
  await trySecret(admin.email, client, "session", async () => {
    if (!(await passwordIs(admin.password_hash, input.password))) throw badInput("password is incorrect");
  });
  await db().admin.update({ where: { id: adminId }, data: { password_hash: await hashPassword(input.new_password) } });
  await deleteSessionsOf(adminId);
  await voidResetTokens(adminId);
}

/** A new password voids every reset token still outstanding for the account. */
const voidResetTokens = (adminId: number) => db().passwordReset.updateMany({ where: { admin_id: adminId, used_at: null }, data: { used_at: new Date() } });

/**
 * Sends a reset token when the e-mail has an account with a password. The answer is the same, in
 * the same time, either way: the look-up and the mail happen after the caller has its answer. An
 * invited member who has not set a password gets none: only the invitation's link (with its
 * expiry) lets them in.
 */
export async function sendPin(input: SendPinInput, client: string): Promise<void> {
  const email = normEmail(input.email);
  if (await resetMailAllowed(email, client)) mailInBackground(() => mailPin(email), "reset");
}

async function mailPin(email: string): Promise<void> {
  const admin = await db().admin.findUnique({ where: { email } });
  if (!admin || !admin.password_hash) return;
  const token = randomToken(18);
  const minutes = config().resetTokenMinutes;
  await db().passwordReset.create({
    data: { admin_id: admin.id, token_hash: sha256(token), expires_at: new Date(Date.now() + minutes * 60_000) },
  });
  const base = config().publicUrl;
  const link = `${base}/control/password.html?email=${encodeURIComponent(admin.email)}&token=${encodeURIComponent(token)}`;
  // In the member's language (none chosen: the company's).
  const l = staffLanguage(await readerLanguage(admin.language));
  const last = [l.t("reset.expires", { count: minutes }), admin.totp_enabled ? l.t("reset.twoStep") : "", l.t("reset.ignore")];
  await sendSystemMail(
    mailIn(l, {
      kind: "reset",
      to: admin.email,
      subject: l.t("reset.subject"),
      paragraphs: [
        l.t("reset.intro", { email: admin.email }),
        l.t("reset.token", { token }),
        `${base ? l.t("reset.enterLink", { link }) : l.t("reset.enter")}\n${last.filter(Boolean).join(" ")}`,
      ],
      secrets: [token],
    }),
  );
}

/**
 * A new password with the e-mailed token. It also turns two-step sign-in off (the token proves the
 * mailbox, which is what a member who lost the app has left), with a notice mail. An invited
 * member without a password is refused: their way in is the invitation.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  checkConfirm(input.new_password, input.confirm_new_password);
  const invalid = () => badInput("password_token is invalid or expired");
  const reset = await db().passwordReset.findUnique({ where: { token_hash: sha256(input.password_token.trim()) }, include: { admin: true } });
  if (!reset || reset.used_at || reset.expires_at.getTime() < Date.now() || reset.admin.email !== normEmail(input.email) || !reset.admin.password_hash)
    throw invalid();
  const password_hash = await hashPassword(input.new_password);
  // Single use even under races: only the update that still sees used_at null wins.
  const claimed = await db().passwordReset.updateMany({ where: { id: reset.id, used_at: null }, data: { used_at: new Date() } });
  if (claimed.count !== 1) throw invalid();
  const set = await db().admin.updateMany({ where: { id: reset.admin_id, password_hash: { not: "" } }, data: { password_hash } });
  if (set.count !== 1) throw invalid();
  const hadTwoStep = await clearTwoStep(reset.admin_id);
  await deleteSessionsOf(reset.admin_id);
  await voidResetTokens(reset.admin_id);
  if (hadTwoStep) twoStepNotice(reset.admin.email, "cleared");
}

/** A member's own profile: name and control-panel language (null when not set). */
export async function profileOf(adminId: number): Promise<{ name: string | null; language: string | null }> {
  const row = await db().admin.findUnique({ where: { id: adminId }, select: { name: true, language: true } });
  return { name: row?.name ?? null, language: row?.language ?? null };
}

/** A value as kept: trimmed, none when empty; `undefined` (left out) stays so. */
const kept = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/** The signed-in member changes their own name or language (validated by UpdateAccountInput): only what was given. */
export async function updateAccount(adminId: number, input: UpdateAccountInput) {
  const name = kept(input.name);
  const language = kept(input.language);
  // A body naming neither (an empty object, or JSON of another shape: an array, a number) changes nothing: refused.
  if (name === undefined && language === undefined) throw badInput("name or language is required: give the one to change");
  const row = await db().admin.update({
    where: { id: adminId },
    data: { ...(name !== undefined ? { name } : {}), ...(language !== undefined ? { language } : {}) },
  });
  return { email: row.email, role: row.role, name: row.name, language: row.language, totp_enabled: row.totp_enabled };
}

/** `me` (both doors): the signed-in member with their profile and two-step state, or null. */
export async function me(auth: Auth) {
  const a = await auth.admin();
  if (!a) return null;
  const { name, language } = await profileOf(a.id);
  return { email: a.email, role: a.role, name, language, totp_enabled: Boolean(a.totp_enabled), totp_setup_required: await auth.totpSetupPending() };
}
