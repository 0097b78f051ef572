import crypto from "node:crypto";
import { config } from "../../core/config.js";
import { db } from "../../db/index.js";

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");

export interface SessionAdmin {
  id: number;
  email: string;
}

/** Creates a server-side session; the caller puts the returned token in the cookie. */
export async function createSession(adminId: number): Promise<string> {
  const token = randomToken();
  const expires_at = new Date(Date.now() + config().sessionTtlHours * 3600_000);
  await db().session.create({ data: { id: sha256(token), admin_id: adminId, expires_at } });
  return token;
}

export async function findSession(token: string | undefined): Promise<SessionAdmin | null> {
  if (!token || token.length > 100) return null;
  const s = await db().session.findUnique({ where: { id: sha256(token) }, include: { admin: { select: { id: true, email: true } } } });
  if (!s) return null;
  if (s.expires_at.getTime() < Date.now()) {
    await db().session.deleteMany({ where: { id: s.id } });
    return null;
  }
  return s.admin;
}

export async function deleteSession(token: string | undefined): Promise<void> {
  if (token && token.length <= 100) await db().session.deleteMany({ where: { id: sha256(token) } });
}

export async function deleteSessionsOf(adminId: number): Promise<void> {
  await db().session.deleteMany({ where: { admin_id: adminId } });
}
