import type { FastifyReply, FastifyRequest } from "fastify";
import { config } from "./config.js";
import type { Actor, Member, ShipperActor } from "./actor.js";

export const SESSION_COOKIE = "courier_sid";
/** The shipper's session cookie (section 10: a session of its own, never the staff's). */
export const USER_COOKIE = "courier_uid";

/** Whether a request names an API key: `Authorization: Bearer ...` (the only place a key is read from). */
export const isKeyed = (req: FastifyRequest): boolean => /^bearer\s/i.test(req.headers.authorization ?? "");

/**
 * Who makes one request, read lazily: an API key (`Authorization: Bearer`, which wins) or the
 * member of the session cookie. Made per request by server/modules/admin/request-auth.ts.
 */
export interface Auth {
  /** The caller: a key (its limit counted once a request), a member, or null. */
  actor(): Promise<Actor | null>;
  /** The shipper of this request: its API key (`Authorization: Bearer sk_...`) or its session cookie. */
  shipper(): Promise<ShipperActor | null>;
  startShipperSession(shipperId: number): Promise<void>;
  endShipperSession(): Promise<void>;
  /** The signed-in member of the session cookie (an API key is none). */
  admin(): Promise<Member | null>;
  requireMember(): Promise<Member>;
  /** Starts a fresh session (any earlier one of this client is dropped: rotation at sign-in). */
  startSession(member: Member): Promise<void>;
  endSession(): Promise<void>;
  /** Whether the signed-in member must set up two-step sign-in before anything but their own account. */
  totpSetupPending(): Promise<boolean>;
  /** Headers every answer to this request carries once actor() has read its key (X-RateLimit-*); the doors set them. */
  readonly answerHeaders: Record<string, string>;
}

export interface Context {
  req: FastifyRequest;
  reply: FastifyReply;
  auth: Auth;
}

/** The site's address: PUBLIC_URL, else how this request reached it (its scheme as a trusted proxy reports it). */
export const siteBase = (req: FastifyRequest): string => config().publicUrl || `${req.protocol}://${req.host}`;
