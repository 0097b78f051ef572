import { AsyncLocalStorage } from "node:async_hooks";
import type { Role, Scope } from "./permissions.js";

/** A signed-in member of the staff, as a session reads it. */
export interface Member {
  id: number;
  email: string;
  role: Role;
  /** Whether the member signs in with a code (read with the session; authorize() limits a member who must and does not). */
  totp_enabled?: boolean;
}

/** The caller of a request: a signed-in member or an API key (anonymous: null). */
export type Actor = ({ kind: "member" } & Member) | { kind: "key"; id: number; name: string; scopes: Scope[]; rateLimit: number };

/** How an actor is named where the staff read it (a member's e-mail, a key's name). */
export const actorName = (actor: Actor | null) => (!actor ? null : actor.kind === "member" ? actor.email : `API key ${actor.name}`);

/** The actor and operation of the code running now (for the audit log and "added by"), set by the doors. */
const current = new AsyncLocalStorage<{ actor: Actor | null; operation: string }>();
export const runAs = <T>(actor: Actor | null, operation: string, fn: () => T): T => current.run({ actor, operation }, fn);
export const currentCall = () => current.getStore();
