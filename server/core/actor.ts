import { AsyncLocalStorage } from "node:async_hooks";
import type { Role, Scope } from "../../shared/core/permissions.js";

/** A signed-in member of the staff, as a session reads it. */
export interface Member {
  id: number;
  email: string;
  role: Role;
  /** Whether the member signs in with a code (read with the session; authorize() limits a member who must and does not). */
  totp_enabled?: boolean;
}

/**
 * A shipper (server/modules/shipper): by its session cookie, or by one of its own API keys (key_id).
 * Never a member of the staff: authorize() lets it call only operations declared for shippers.
 */
export interface ShipperActor {
  kind: "shipper";
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  key_id: number | null;
}

/** The caller of a request: a signed-in member, an API key, or a shipper (anonymous: null). */
export type Actor = ({ kind: "member" } & Member) | { kind: "key"; id: number; name: string; scopes: Scope[]; rateLimit: number } | ShipperActor;

/** How an actor is named where the staff read it (a member's e-mail, a key's name, a shipper's e-mail). */
export const actorName = (actor: Actor | null) =>
  !actor ? null : actor.kind === "member" ? actor.email : actor.kind === "shipper" ? `shipper ${actor.email}` : `API key ${actor.name}`;

/** What one call was about, for its audit entry (operations audited per call, server/core/access.ts). */
export interface CallNote {
  object_type: string;
  object_id: string | null;
  /** Counts, a subject, filters: never a message's body or a password. */
  what: Record<string, unknown>;
}

/** The actor and operation of the code running now (for the audit log and "added by"), set by the doors. */
export interface Call {
  actor: Actor | null;
  operation: string;
  noted?: CallNote;
}
const current = new AsyncLocalStorage<Call>();
export const runIn = <T>(call: Call, fn: () => T): T => current.run(call, fn);
export const runAs = <T>(actor: Actor | null, operation: string, fn: () => T): T => runIn({ actor, operation }, fn);
export const currentCall = () => current.getStore();
/** Names what the running call is about; its operation's audit entry carries it (runCall, server/core/access.ts). */
export function noteCall(note: CallNote): void {
  const call = current.getStore();
  if (call) call.noted = note;
}
