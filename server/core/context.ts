import type { FastifyReply, FastifyRequest } from "fastify";
import { config } from "./config.js";
import { unauthenticated } from "./errors.js";
import { createSession, deleteSession, findSession, type SessionAdmin } from "../modules/admin/session.service.js";

export const SESSION_COOKIE = "courier_sid";

/** The signed-in admin of one request, read lazily from the session cookie. */
export class Auth {
  private cached?: Promise<SessionAdmin | null>;
  constructor(private readonly req: FastifyRequest, private readonly reply: FastifyReply) {}

  get token(): string | undefined {
    return this.req.cookies?.[SESSION_COOKIE];
  }

  admin(): Promise<SessionAdmin | null> {
    this.cached ??= findSession(this.token);
    return this.cached;
  }

  async requireAdmin(): Promise<SessionAdmin> {
    const a = await this.admin();
    if (!a) throw unauthenticated();
    return a;
  }

  /** Starts a fresh session (any earlier one of this client is dropped: rotation at sign-in). */
  async startSession(admin: SessionAdmin): Promise<void> {
    await deleteSession(this.token);
    const token = await createSession(admin.id);
    this.reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      // Secure when the site is https by configuration or this request came over https (through a trusted proxy).
      secure: config().secureCookies || this.req.protocol === "https",
      path: "/",
      maxAge: config().sessionTtlHours * 3600,
    });
    this.cached = Promise.resolve(admin);
  }

  async endSession(): Promise<void> {
    await deleteSession(this.token);
    this.reply.clearCookie(SESSION_COOKIE, { path: "/" });
    this.cached = Promise.resolve(null);
  }
}

export interface Context {
  req: FastifyRequest;
  reply: FastifyReply;
  auth: Auth;
}

/** The site's address: PUBLIC_URL, else how this request reached it (its scheme as a trusted proxy reports it). */
export const siteBase = (req: FastifyRequest): string => config().publicUrl || `${req.protocol}://${req.host}`;

export function contextOf(req: FastifyRequest, reply: FastifyReply): Context {
  return { req, reply, auth: new Auth(req, reply) };
}
