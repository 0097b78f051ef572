import type { FastifyReply, FastifyRequest } from "fastify";
import type { Actor, Member, ShipperActor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { isKeyed, SESSION_COOKIE, USER_COOKIE, type Auth, type Context } from "../../core/context.js";
import { createShipperSession, deleteShipperSession, findShipperSession, isShipperKey, shipperKeyActor } from "../shipper/shipper.auth.js";
import { unauthenticated } from "../../core/errors.js";
import { keyActor } from "../apikey/apikey.auth.js";
import { createSession, deleteSession, findSession } from "../session/session.service.js";
import { mustSetUpTotp } from "../totp/totp.service.js";
import { recordEvent } from "../../db/audit.js";

/**
 * Who makes one request, read lazily: an API key (`Authorization: Bearer`, which wins) or the
 * member of the session cookie. A key is never taken from a cookie or the address, so nothing a
 * browser sends by itself can carry one (no CSRF exposure).
 */
class RequestAuth implements Auth {
  private cached?: Promise<Member | null>;
  private cachedActor?: Promise<Actor | null>;
  private cachedShipper?: Promise<ShipperActor | null>;
  answerHeaders: Record<string, string> = {};
  constructor(
    private readonly req: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  private get token(): string | undefined {
    return this.req.cookies?.[SESSION_COOKIE];
  }

  /** The key of `Authorization: Bearer <key>`, or undefined. */
  private get bearer(): string | undefined {
    return isKeyed(this.req) ? this.req.headers.authorization!.slice(6).trim() : undefined;
  }

  actor(): Promise<Actor | null> {
    const key = this.bearer;
    this.cachedActor ??=
      key !== undefined
        ? (isShipperKey(key) ? shipperKeyActor(key) : keyActor(key)).then(({ actor, headers }) => {
            this.answerHeaders = headers;
            return actor;
          })
        : this.admin().then((m) => (m ? { kind: "member" as const, ...m } : null));
    return this.cachedActor;
  }

  shipper(): Promise<ShipperActor | null> {
    this.cachedShipper ??=
      this.bearer !== undefined ? this.actor().then((a) => (a?.kind === "shipper" ? a : null)) : findShipperSession(this.req.cookies?.[USER_COOKIE]);
    return this.cachedShipper;
  }

  async startShipperSession(shipperId: number): Promise<void> {
    await deleteShipperSession(this.req.cookies?.[USER_COOKIE]);
    const token = await createShipperSession(shipperId);
    this.reply.setCookie(USER_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: config().secureCookies || this.req.protocol === "https",
      path: "/",
      maxAge: config().sessionTtlHours * 3600,
    });
    this.cachedShipper = undefined;
    if (this.req.cookies) this.req.cookies[USER_COOKIE] = token;
  }

  async endShipperSession(): Promise<void> {
    await deleteShipperSession(this.req.cookies?.[USER_COOKIE]);
    this.reply.clearCookie(USER_COOKIE, { path: "/" });
    this.cachedShipper = Promise.resolve(null);
  }

  admin(): Promise<Member | null> {
    this.cached ??= findSession(this.token);
    return this.cached;
  }

  async requireMember(): Promise<Member> {
    const a = await this.admin();
    if (!a) throw unauthenticated();
    return a;
  }

  async startSession(member: Member): Promise<void> {
    await deleteSession(this.token);
    const token = await createSession(member.id);
    this.reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      // Secure when the site is https by configuration or this request came over https (through a trusted proxy).
      secure: config().secureCookies || this.req.protocol === "https",
      path: "/",
      maxAge: config().sessionTtlHours * 3600,
    });
    this.cached = Promise.resolve(member);
    this.cachedActor = undefined;
  }

  async endSession(): Promise<void> {
    const member = this.token ? await this.admin() : null;
    await deleteSession(this.token);
    if (member)
      recordEvent({
        actor: { kind: "member", ...member },
        operation: "account.signOut",
        object_type: "member",
        object_id: member.id,
        changes: { signed_out: [null, true] },
      });
    this.reply.clearCookie(SESSION_COOKIE, { path: "/" });
    this.cached = Promise.resolve(null);
    this.cachedActor = undefined;
  }

  async totpSetupPending(): Promise<boolean> {
    const m = await this.admin();
    return !!m && (await mustSetUpTotp(m));
  }
}

/** The context both doors hand to their handlers and resolvers: the request, its reply and its caller. */
export function contextOf(req: FastifyRequest, reply: FastifyReply): Context {
  return { req, reply, auth: new RequestAuth(req, reply) };
}
