import crypto from "node:crypto";
import argon2 from "argon2";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { config } from "../../core/config.js";
import { badInput, conflict, notFound } from "../../core/errors.js";
import { sha256 } from "../../core/tokens.js";
import { db, direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";
import { deleteSessionsOf } from "../session/session.service.js";
import type { ConfirmTotpInput, TeamPolicyInput, TotpProofInput } from "./totp.input.js";
import { twoStepNotice } from "../admin/account-mail.js";
import { trySecret } from "../admin/attempts.js";
import { companyName } from "../settings/settings.service.js";

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s steps; one step of drift each way. */
const PERIOD = 30;
const DRIFT = 1;
const RECOVERY_CODES = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** The issuer (the company's name) only labels the app's entry: checking a code does not need it. */
const totpOf = (secret: string, email: string, issuer = config().companyName) =>
  new OTPAuth.TOTP({ issuer, label: email, algorithm: "SHA1", digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

const member = async (adminId: number) => {
  const a = await db().admin.findUnique({ where: { id: adminId } });
  if (!a) throw notFound("The account no longer exists");
  return a;
};
type Member = Awaited<ReturnType<typeof member>>;

const digitsOf = (code: string) => code.replace(/\s/g, "");
/** Recovery codes are compared without case, spaces or dashes. */
const normRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecovery = (code: string) => sha256(normRecovery(code));

function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/**
 * Checks a code of the member's authenticator app and remembers its time step, so the same code
 * (or an older one) never works twice: the claim is one conditional update, atomic across processes.
 */

/** Whether the owner requires two-step sign-in of every member (TeamPolicy, one row). */
/** Read on every signed-in request of a member without two-step sign-in: a prepared read (a compiled Prisma query costs 1-2 ms of CPU). */
async function totpRequiredForAll(): Promise<boolean> {
  if (config().directReads) {
    const d = direct();
    try {
      const [r] = await d.rows(`SELECT "require_totp" FROM ${d.table("TeamPolicy")} WHERE "id" = 1`, []);
      return Boolean(r?.require_totp);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
    }
  }
  const p = await db().teamPolicy.findUnique({ where: { id: 1 } });
  return p?.require_totp ?? false;
}

/**
 * A member who must use two-step sign-in (the owner requires it) and has not set it up: the
 * session is limited to the account operations until then (authorize() enforces it).
 */
export async function mustSetUpTotp(member: { totp_enabled?: boolean }): Promise<boolean> {
  return member.totp_enabled === false && (await totpRequiredForAll());
}

async function checkTotpCode(a: Pick<Member, "id" | "email" | "totp_secret">, code: string, field: string): Promise<void> {
  if (!a.totp_secret) throw badInput(`${field}: two-step sign-in is not set up`);
  const now = Date.now();
  const delta = totpOf(a.totp_secret, a.email).validate({ token: digitsOf(code), timestamp: now, window: DRIFT });
  if (delta === null) throw badInput(`${field} is incorrect`);
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  const claimed = await db().admin.updateMany({
    where: { id: a.id, OR: [{ totp_last_step: null }, { totp_last_step: { lt: step } }] },
    data: { totp_last_step: step },
  });
  if (claimed.count !== 1) throw badInput(`${field} was already used: wait for the next code of your app`);
}

/** Uses up one recovery code (single use even under races: only the update that still sees it unused wins). */
async function useRecoveryCode(adminId: number, code: string): Promise<void> {
  const used = await db().recoveryCode.updateMany({
    where: { admin_id: adminId, code_hash: hashRecovery(code), used_at: null },
    data: { used_at: new Date() },
  });
  if (used.count !== 1) throw badInput("recovery_code is incorrect or was already used");
}

/**
 * The second step of signing in for a member with two-step sign-in on: a code of the app or a
 * recovery code. False when neither was sent (the caller answers totp_required). Wrong codes are
 * counted by the sign-in limits the password check already charged for this call.
 */
export async function secondStep(a: Member, input: { totp_code?: string | null; recovery_code?: string | null }): Promise<boolean> {
  if (!a.totp_enabled) return true;
  if (input.recovery_code) {
    await useRecoveryCode(a.id, input.recovery_code);
    return true;
  }
  if (input.totp_code) {
    await checkTotpCode(a, input.totp_code, "totp_code");
    return true;
  }
  return false;
}

export async function totpStatus(adminId: number) {
  const a = await member(adminId);
  return {
    enabled: a.totp_enabled,
    required: await totpRequiredForAll(),
    pending: !a.totp_enabled && Boolean(a.totp_secret),
    recovery_codes_left: a.totp_enabled ? await db().recoveryCode.count({ where: { admin_id: adminId, used_at: null } }) : 0,
  };
}

/** The current password, tried under the sign-in limits: a session alone cannot change two-step sign-in. */
const passwordChecked = (a: Member, password: string, client: string) =>
  trySecret(a.email, client, "session", async () => {
    if (!(await argon2.verify(a.password_hash, password).catch(() => false))) throw badInput("password is incorrect");
  });

/** A new secret, stored but not enabled until confirmed with a code (a second set-up replaces it). */
export async function setUpTotp(adminId: number, input: TotpProofInput, client: string) {
  const a = await member(adminId);
  if (a.totp_enabled) throw conflict("Two-step sign-in is already on: turn it off first to set up another app");
  await passwordChecked(a, input.password, client);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db().admin.update({ where: { id: a.id }, data: { totp_secret: secret, totp_last_step: null } });
  const otpauth_uri = totpOf(secret, a.email, await companyName()).toString();
  const svg = await QRCode.toString(otpauth_uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { otpauth_uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, secret };
}

async function newRecoveryCodes(adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db().$transaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { admin_id: adminId } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ admin_id: adminId, code_hash: hashRecovery(c) })) });
  });
  return codes;
}

/** Turns two-step sign-in on with the password and a current code; answers the recovery codes (this once). Other sessions end; the member is told by mail. */
export async function confirmTotp(adminId: number, input: ConfirmTotpInput, client: string) {
  const a = await member(adminId);
  if (a.totp_enabled) throw conflict("Two-step sign-in is already on");
  if (!a.totp_secret) throw conflict("Set up two-step sign-in first: there is no secret to confirm");
  await trySecret(a.email, client, "session", async () => {
    if (!(await argon2.verify(a.password_hash, input.password).catch(() => false))) throw badInput("password is incorrect");
    await checkTotpCode(a, input.code, "code");
  });
  const claimed = await db().admin.updateMany({ where: { id: a.id, totp_enabled: false, totp_secret: a.totp_secret }, data: { totp_enabled: true } });
  if (claimed.count !== 1) throw conflict("Two-step sign-in changed meanwhile: reload and try again");
  const recovery_codes = await newRecoveryCodes(a.id);
  await deleteSessionsOf(a.id);
  twoStepNotice(a.email, "on");
  return { recovery_codes };
}

/** Turns it off (the member is told by mail), or drops a set-up not yet confirmed; with the password. */
export async function disableTotp(adminId: number, input: TotpProofInput, client: string): Promise<void> {
  const a = await member(adminId);
  if (!a.totp_enabled && !a.totp_secret) throw conflict("Two-step sign-in is not on");
  if (a.totp_enabled && (await totpRequiredForAll())) throw conflict("The owner requires two-step sign-in for everyone: it cannot be turned off");
  await passwordChecked(a, input.password, client);
  if ((await clearTwoStep(a.id)) && a.totp_enabled) twoStepNotice(a.email, "off");
}

/**
 * Two-step sign-in off for a member: secret, last step and recovery codes gone (a password reset,
 * the owner's reset, turning it off). True when it was on.
 */
export async function clearTwoStep(adminId: number): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const before = await tx.admin.findUnique({ where: { id: adminId }, select: { totp_enabled: true, totp_secret: true } });
    if (!before || (!before.totp_enabled && !before.totp_secret)) return false;
    await tx.admin.update({ where: { id: adminId }, data: { totp_enabled: false, totp_secret: null, totp_last_step: null } });
    await tx.recoveryCode.deleteMany({ where: { admin_id: adminId } });
    return before.totp_enabled;
  });
}

export async function regenerateRecoveryCodes(adminId: number, input: TotpProofInput, client: string) {
  const a = await member(adminId);
  if (!a.totp_enabled) throw conflict("Two-step sign-in is not on");
  await passwordChecked(a, input.password, client);
  return { recovery_codes: await newRecoveryCodes(a.id) };
}

export async function teamPolicy() {
  return { require_totp: await totpRequiredForAll() };
}

/** Requiring it for everyone needs it on the owner's own account first (else that session would be limited at once). */
export async function updateTeamPolicy(adminId: number, input: TeamPolicyInput) {
  if (input.require_totp && !(await member(adminId)).totp_enabled) {
    throw conflict("Turn on two-step sign-in for your own account first");
  }
  const p = await db().teamPolicy.upsert({
    where: { id: 1 },
    create: { id: 1, require_totp: input.require_totp },
    update: { require_totp: input.require_totp },
  });
  return { require_totp: p.require_totp };
}
