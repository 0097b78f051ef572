import { config } from "../../core/config.js";
import type { Member } from "../../core/actor.js";
import type { Role } from "../../../shared/core/permissions.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { db, direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";

// Server-side sessions of the staff: the cookie holds a random token, the table its hash.

/**
 * A session ends at the first of: SESSION_TTL_HOURS after sign-in, or SESSION_IDLE_MINUTES after
 * its last use. expires_at holds the earlier of the two and moves on with use (at most one write
 * a minute per session), so every process sees the same deadline.
 */
function deadline(createdAt: number, now: number): Date {
  const c = config();
  return new Date(Math.min(createdAt + c.sessionTtlHours * 3600_000, now + c.sessionIdleMinutes * 60_000));
}
/** How far a use must move the deadline before it is written (a minute, or less for short idle times). */
const extendEveryMs = () => Math.min(60_000, (config().sessionIdleMinutes * 60_000) / 4);

/** Creates a server-side session; the caller puts the returned token in the cookie. */
export async function createSession(adminId: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db().session.create({ data: { id: sha256(token), admin_id: adminId, created_at: new Date(now), expires_at: deadline(now, now) } });
  return token;
}

export async function findSession(token: string | undefined): Promise<Member | null> {
  if (!token || token.length > 100) return null;
  const s = await sessionOf(sha256(token));
  if (!s) return null;
  // A disabled member's sessions end at once, on every process (they are also deleted on disabling).
  if (s.admin.disabled) return null;
  const now = Date.now();
  if (s.expires_at.getTime() < now) {
    await db().session.deleteMany({ where: { id: s.id } });
    return null;
  }
  const next = deadline(s.created_at.getTime(), now);
  if (next.getTime() - s.expires_at.getTime() >= extendEveryMs()) {
    await db().session.updateMany({ where: { id: s.id }, data: { expires_at: next } });
  }
  return { id: s.admin.id, email: s.admin.email, role: s.admin.role as Role, totp_enabled: s.admin.totp_enabled };
}

type SessionRow = {
  id: string;
  expires_at: Date;
  created_at: Date;
  admin: { id: number; email: string; role: string; disabled: boolean; totp_enabled: boolean };
};
/** Read on every signed-in request: a prepared read (a compiled Prisma query costs 1-2 ms of CPU). */
async function sessionOf(id: string): Promise<SessionRow | null> {
  const d = direct();
  try {
    if (!config().directReads) throw new Unsupported("DIRECT_READS=false");
    const [r] = await d.rows(
      `SELECT s."id", s."expires_at", s."created_at", a."id" AS "admin_id", a."email", a."role", a."disabled", a."totp_enabled"
       FROM ${d.table("Session")} s JOIN ${d.table("Admin")} a ON a."id" = s."admin_id" WHERE s."id" = ?`,
      [id],
    );
    if (!r) return null;
    return {
      id: r.id as string,
      expires_at: r.expires_at as Date,
      created_at: r.created_at as Date,
      admin: {
        id: r.admin_id as number,
        email: r.email as string,
        role: r.role as string,
        disabled: r.disabled as boolean,
        totp_enabled: r.totp_enabled as boolean,
      },
    };
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    return db().session.findUnique({
      where: { id },
      include: { admin: { select: { id: true, email: true, role: true, disabled: true, totp_enabled: true } } },
    });
  }
}

export async function deleteSession(token: string | undefined): Promise<void> {
  if (token && token.length <= 100) await db().session.deleteMany({ where: { id: sha256(token) } });
}

export async function deleteSessionsOf(adminId: number): Promise<void> {
  await db().session.deleteMany({ where: { admin_id: adminId } });
}
