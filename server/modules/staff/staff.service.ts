import { config } from "../../core/config.js";
import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { isRole, type Role } from "../../../shared/core/permissions.js";
import { db, pgTable, provider } from "../../db/index.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import { sendSystemMail } from "../mail/mail.service.js";
import { hashPassword } from "../admin/admin.service.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { clearTwoStep } from "../totp/totp.service.js";
import { deleteSessionsOf } from "../session/session.service.js";
import { twoStepNotice } from "../admin/account-mail.js";
import { companyName } from "../settings/settings.service.js";
import { callerLanguageCode, memberLanguageCode, staffLanguage } from "./staff.i18n.js";
import { mailIn } from "../mail/mail.compose.js";
import { readerLanguage } from "../settings/company-language.js";
import type { AcceptInvitationInput, InviteMemberInput, UpdateMemberInput } from "./staff.input.js";

type AdminRow = {
  id: number;
  email: string;
  name: string | null;
  role: string;
  disabled: boolean;
  password_hash: string;
  totp_enabled: boolean;
  last_sign_in_at: Date | null;
  created_at: Date;
};
type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

const normEmail = (e: string) => e.trim().toLowerCase();
/** A name as kept: trimmed, none when empty; `undefined` (not given) stays so. */
const normName = (n: string | null | undefined) => (n === undefined ? undefined : n?.trim() || null);
const roleOf = (r: string): Role => (isRole(r) ? r : "courier");

/** The member as the staff screen and `GET /api/staff` show it (never the password or TOTP secret). */
const toMember = (a: AdminRow) => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: roleOf(a.role),
  disabled: a.disabled,
  invited: a.password_hash === "",
  totp_enabled: a.totp_enabled,
  last_sign_in_at: a.last_sign_in_at,
  created_at: a.created_at,
});
export type Member = ReturnType<typeof toMember>;

/** A member who can act as owner now: the owner role, a password set, not disabled. */
const activeOwner = (a: AdminRow) => a.role === "owner" && !a.disabled && a.password_hash !== "";

export function listStaff(args: PageArgs) {
  const where = args.search ? { email: { contains: normEmail(args.search) } } : {};
  return pageOf(
    args,
    () => db().admin.count({ where }),
    async (skip, take) => (await db().admin.findMany({ where, orderBy: [{ created_at: "asc" }, { id: "asc" }], skip, take })).map(toMember),
  );
}

/**
 * Owner changes are serialised: on PostgreSQL the owners' rows are locked for the transaction, so
 * two owners demoting each other at once cannot both succeed (SQLite runs one writer at a time).
 */
async function lockOwners(tx: Tx) {
  if (provider() === "postgresql") {
    await tx.$queryRawUnsafe(`SELECT id FROM ${pgTable("Admin")} WHERE role = 'owner' FOR UPDATE`);
  }
}

/** 409 unless another active owner remains after `member` stops being one. */
async function keepAnOwner(tx: Tx, member: AdminRow, byId: number | null, change: "demoting" | "disabling" | "removing") {
  const others = await tx.admin.count({ where: { role: "owner", disabled: false, password_hash: { not: "" }, id: { not: member.id } } });
  if (others > 0) return;
  const who = byId === member.id ? "you are" : `${member.email} is`;
  throw conflict(
    `${change.charAt(0).toUpperCase()}${change.slice(1)} ${byId === member.id ? "yourself" : member.email} would leave the site without an active owner: ${who} the last one. Make another member owner first`,
  );
}

/** The invitation, in the invitee's language when they chose one (invited again), else the inviting member's, else the company's. */
async function invitationMail(email: string, role: Role, token: string) {
  const company = await companyName();
  const l = staffLanguage(await readerLanguage(await memberLanguageCode({ email }), await callerLanguageCode()));
  const base = config().publicUrl || `http://localhost:${config().port}`;
  const link = `${base}/control/accept.html?token=${encodeURIComponent(token)}`;
  const hours = config().staffInviteHours;
  return mailIn(l, {
    kind: "invitation",
    to: email,
    subject: l.t("invite.subject", { company }),
    paragraphs: [l.t("invite.intro", { company, role: l.t(`roles.${role}`) }), `${l.t("invite.open")}\n${link}`, l.t("invite.then", { email, count: hours })],
    secrets: [token],
  });
}

/**
 * Invites a member by e-mail: an account without a password (it cannot sign in) and a single-use
 * link. Inviting an invited member again sends a fresh link (with the role given now) and voids the
 * old one; an address that already belongs to an active member is a conflict.
 */
export async function inviteMember(input: InviteMemberInput): Promise<Member> {
  const email = normEmail(input.email);
  const role = roleOf(input.role);
  const token = randomToken(32);
  const expires_at = new Date(Date.now() + config().staffInviteHours * 3600_000);
  let fresh = false;
  let made: { member: AdminRow; invitationId: number };
  try {
    made = await db().$transaction(async (tx) => {
      let member = await tx.admin.findUnique({ where: { email } });
      if (member && member.password_hash !== "") throw conflict(`email ${email} already belongs to a member of the staff`);
      if (!member) {
        member = await tx.admin.create({ data: { email, password_hash: "", role, name: normName(input.name) ?? null } });
        fresh = true;
      }
      const invitation = await tx.invitation.create({ data: { admin_id: member.id, token_hash: sha256(token), expires_at } });
      return { member, invitationId: invitation.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`email ${email} is being invited already`);
    throw e;
  }
  try {
    await sendSystemMail(await invitationMail(email, role, token));
  } catch (e) {
    // Nothing half-done stays behind: the new link goes, and so does a member invited just now.
    await db().invitation.deleteMany({ where: { id: made.invitationId } });
    if (fresh) await db().admin.deleteMany({ where: { id: made.member.id, password_hash: "" } });
    throw e;
  }
  let member = made.member;
  if (!fresh) {
    // Invited again: the role given now, enabled, and only the newest link works.
    const name = normName(input.name);
    member = await db().admin.update({ where: { id: member.id }, data: { role, disabled: false, ...(name ? { name } : {}) } });
    await db().invitation.updateMany({ where: { admin_id: member.id, used_at: null, id: { not: made.invitationId } }, data: { used_at: new Date() } });
  }
  return toMember(member);
}

/**
 * Changes a member's name, role or disabled switch. A new role or switch ends their sessions at once (every process reads the
 * member on each request too). The site always keeps an active owner (409).
 */
export async function updateMember(input: UpdateMemberInput, byId: number | null): Promise<Member> {
  const updated = await db().$transaction(async (tx) => {
    await lockOwners(tx);
    const member = await tx.admin.findUnique({ where: { id: input.id } });
    if (!member) throw notFound("Member not found");
    const role = input.role !== undefined ? roleOf(input.role) : member.role;
    const disabled = input.disabled ?? member.disabled;
    if (activeOwner(member)) {
      if (role !== "owner") await keepAnOwner(tx, member, byId, "demoting");
      else if (disabled) await keepAnOwner(tx, member, byId, "disabling");
    }
    const name = normName(input.name);
    const renamed = name !== undefined && name !== member.name ? await tx.admin.update({ where: { id: member.id }, data: { name } }) : member;
    // A new name changes no access: the sessions stay.
    if (role === member.role && disabled === member.disabled) return renamed;
    const next = await tx.admin.update({ where: { id: member.id }, data: { role, disabled } });
    await tx.session.deleteMany({ where: { admin_id: member.id } });
    return next;
  });
  return toMember(updated);
}

/**
 * The owner turns a member's two-step sign-in off (a lost phone and no recovery codes): secret and
 * recovery codes go, the member's sessions end, and they are told by mail. Not one's own: that is
 * turned off in My Account, with the password.
 */
export async function resetMemberTotp(id: number, byId: number | null): Promise<Member> {
  const member = await db().admin.findUnique({ where: { id } });
  if (!member) throw notFound("Member not found");
  if (member.id === byId) throw conflict("This is your own account: turn two-step sign-in off in My Account, with your password");
  if (!member.totp_enabled && !member.totp_secret) throw conflict(`${member.email} does not use two-step sign-in`);
  const wasOn = await clearTwoStep(member.id);
  await deleteSessionsOf(member.id);
  if (wasOn) twoStepNotice(member.email, "reset");
  return toMember(await db().admin.findUniqueOrThrow({ where: { id } }));
}

/** Removes a member (their sessions, invitations and recovery codes go with them); never the last active owner. */
export async function deleteMember(id: number, byId: number | null): Promise<void> {
  await db().$transaction(async (tx) => {
    await lockOwners(tx);
    const member = await tx.admin.findUnique({ where: { id } });
    if (!member) throw notFound("Member not found");
    if (activeOwner(member)) await keepAnOwner(tx, member, byId, "removing");
    // A run of the day must keep its courier: it goes to another courier, or is deleted, first.
    const run = await tx.run.findFirst({ where: { courier_id: id, status: { in: ["planned", "started"] } }, select: { id: true, date: true, status: true } });
    if (run) throw conflict(`The member is the courier of run ${run.id} (${run.date}, ${run.status}): give it to another courier or delete it first`);
    await tx.session.deleteMany({ where: { admin_id: id } });
    await tx.admin.delete({ where: { id } });
  });
}

/**
 * The invitee sets a password with the link's token: once, before it expires, while the member is
 * still invited and not disabled. It does not sign in: the member signs in with the new password
 * (the screen takes them there with the e-mail filled in), like any other sign-in with its limits.
 */
export async function acceptInvitation(input: AcceptInvitationInput): Promise<{ email: string; role: Role }> {
  const invalid = () => badInput("token is invalid, already used or expired: ask the owner to invite you again");
  const invitation = await db().invitation.findUnique({ where: { token_hash: sha256(input.token.trim()) }, include: { admin: true } });
  if (!invitation || invitation.used_at || invitation.expires_at.getTime() < Date.now() || invitation.admin.password_hash !== "") throw invalid();
  if (invitation.admin.disabled) throw badInput("token belongs to an invitation the owner withdrew (the member is disabled)");
  const password_hash = await hashPassword(input.password);
  // Single use even under races: only the update that still sees used_at null wins.
  const claimed = await db().invitation.updateMany({ where: { id: invitation.id, used_at: null }, data: { used_at: new Date() } });
  if (claimed.count !== 1) throw invalid();
  const set = await db().admin.updateMany({ where: { id: invitation.admin_id, password_hash: "" }, data: { password_hash } });
  if (set.count !== 1) throw invalid();
  await db().invitation.updateMany({ where: { admin_id: invitation.admin_id, used_at: null }, data: { used_at: new Date() } });
  return { email: invitation.admin.email, role: roleOf(invitation.admin.role) };
}
