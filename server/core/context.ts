import type { FastifyReply, FastifyRequest } from "fastify";
import { config } from "./config.js";
import { unauthenticated } from "./errors.js";
import { createSession, deleteSession, findSession, type SessionAdmin } from "../modules/admin/session.service.js";
import { keyActor } from "../modules/apikey/apikey.auth.js";
import type { Actor } from "./access.js";

export const SESSION_COOKIE = "courier_sid";

/** Whether a request names an API key: `Authorization: Bearer ...` (the only place a key is read from). */
export const isKeyed = (req: FastifyRequest): boolean => /^bearer\s/i.test(req.headers.authorization ?? "");

/**
 * Who makes one request, read lazily: an API key (`Authorization: Bearer`, which wins) or the
 * member of the session cookie. A key is never taken from a cookie or the address, so nothing a
 * browser sends by itself can carry one (no CSRF exposure).
 */
export class Auth {
  private cached?: Promise<SessionAdmin | null>;
  private cachedActor?: Promise<Actor | null>;
  constructor(private readonly req: FastifyRequest, private readonly reply: FastifyReply) {}

  get token(): string | undefined {
    return this.req.cookies?.[SESSION_COOKIE];
  }

  /** The key of `Authorization: Bearer <key>`, or undefined. */
  get bearer(): string | undefined {
    return isKeyed(this.req) ? this.req.headers.authorization!.slice(6).trim() : undefined;
  }

  /** The caller: a key (its limit counted once a request, headers set), a member, or null. */
  actor(): Promise<Actor | null> {
    const key = this.bearer;
    this.cachedActor ??=
      key !== undefined
        ? keyActor(key, (name, value) => void this.reply.header(name, value))
        : this.admin().then((m) => (m ? { kind: "member" as const, ...m } : null));
    return this.cachedActor;
  }

  /** The signed-in member of the session cookie (an API key is none). */
  admin(): Promise<SessionAdmin | null> {
    this.cached ??= findSession(this.token);
    return this.cached;
  }

  async requireMember(): Promise<SessionAdmin> {
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
    this.cachedActor = undefined;
  }

  async endSession(): Promise<void> {
    await deleteSession(this.token);
    this.reply.clearCookie(SESSION_COOKIE, { path: "/" });
    this.cached = Promise.resolve(null);
    this.cachedActor = undefined;
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
