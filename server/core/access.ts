import { runAs, runIn, type Actor, type Call } from "./actor.js";
import { recordCall, type CallObjectType } from "../db/audit.js";
import { clientKey } from "./client-address.js";
import type { Context } from "./context.js";
import { forbidden, SessionRequired, unauthenticated } from "./errors.js";
import { can, type Permission, type Scope } from "../../shared/core/permissions.js";
import { limit } from "./ratelimit.js";

/**
 * Who may do what: the one table both doors read. Every GraphQL query and mutation (the @Op
 * decorator, server/graphql/guards.ts) and every REST route (`op` in its route spec,
 * server/rest/route.ts) names an operation declared here; tests/integration/access.test.ts fails
 * when one does not, or names one that is not here. The roles, permissions and scopes are pure
 * data in permissions.ts (the control panel reads them too); the caller in actor.ts.
 */

export interface Operation {
  /** Anyone (limits still apply), shippers only, or members whose role has this permission. */
  access: "public" | "shipper" | Permission;
  /**
   * Shippers may call it too (section 10): by their session only, or by session or one of their own
   * API keys. With access a permission, a member with it may call it as well (the staff's side).
   */
  shipper?: "session" | "key";
  /** API keys with this scope may call it too. */
  scope?: Scope;
  /** An abuse limit per client address (server/core/ratelimit.ts rules); `perItem`: counted once per item (codes). */
  limit?: { rule: string; perItem?: boolean; staffExempt?: boolean };
  /**
   * true: its writes are recorded in the audit log under its name (server/db/audit.ts). `{ call }`:
   * each call is recorded once, about that object type, though it writes nothing audited (files
   * and mail going out); the call names what it was about with noteCall() (runCall, allow).
   */
  audited?: boolean | { call: CallObjectType };
}

const op = (access: Operation["access"], more: Omit<Operation, "access"> = {}): Operation => ({ access, ...more });
const write = (access: Permission, scope?: Scope): Operation => ({ access, scope, audited: true });
/** A shipper's own call: by its session, or (key) by one of its API keys too; `staff`: members with that permission as well. */
const shipperOp = (by: "session" | "key", staff?: Permission, audited = false): Operation => ({ access: staff ?? "shipper", shipper: by, audited });

export const OPERATIONS = {
  // The site
  "site.graph": op("public"),
  "site.settings": op("public"),
  "site.settings.admin": op("settings"),
  "settings.update": write("settings"),
  "pages.list": op("public"),
  "pages.get": op("public"),
  "pages.create": write("content:write"),
  "pages.update": write("content:write"),
  "pages.delete": write("content:write"),
  "reviews.list": op("public"),
  "reviews.create": write("content:write"),
  "reviews.delete": write("content:write"),
  // Tracking
  "parcel.track": op("public", { scope: "tracking:read", limit: { rule: "tracking", staffExempt: true } }),
  "parcel.trackMany": op("public", { scope: "tracking:read", limit: { rule: "tracking", perItem: true, staffExempt: true } }),
  // The tracking page's live updates (subscription over graphql-ws): one look-up each (counted when subscribing).
  "parcel.live": op("public", { limit: { rule: "tracking" } }),
  // The recipient's unsubscribe link.
  "parcel.unsubscribe": op("public", { audited: true }),
  // Parcels
  "parcels.list": op("parcels:read", { scope: "parcels:read" }),
  "parcels.get": op("parcels:read", { scope: "parcels:read" }),
  "parcels.export": op("parcels:write", { audited: { call: "parcel" } }),
  "parcels.import": write("parcels:write", "parcels:write"),
  "labels.print": op("parcels:read", { scope: "parcels:read", audited: { call: "parcel" } }),
  "parcels.proposeCode": op("parcels:write", { scope: "parcels:write" }),
  "parcels.create": write("parcels:write", "parcels:write"),
  "parcels.update": write("parcels:write", "parcels:write"),
  "parcels.image": write("parcels:write", "parcels:write"),
  "parcels.delete": write("parcels:write", "parcels:write"),
  // The address search of Create Parcel and Place on map: the geocoder (GEOCODER_URL) or the offline gazetteer.
  "places.search": op("parcels:write", { limit: { rule: "geocode" } }),
  // History
  "activities.get": op("parcels:read", { scope: "parcels:read" }),
  "activities.create": write("history:write", "history:write"),
  "activities.update": write("history:edit", "history:write"),
  "activities.delete": write("history:write", "history:write"),
  "scans.record": write("history:write", "history:write"),
  "delivery.record": write("history:write", "history:write"),
  // The recipient's choice of a new day after a failed attempt (verify where protected).
  "delivery.reschedule": op("public", { limit: { rule: "reschedule" }, audited: true }),
  // The delivery day (server/modules/dispatch). A courier's own run (start, positions, skip, sheet)
  // needs history:write here; the service then lets only its courier, or a member with dispatch, in.
  "dispatch.view": op("dispatch"),
  "runs.list": op("history:write"),
  "runs.get": op("history:write"),
  "runs.create": write("dispatch"),
  "runs.update": write("dispatch"),
  "runs.delete": write("dispatch"),
  "runs.start": write("history:write"),
  "runs.skip": write("history:write"),
  "runs.sheet": op("history:write"),
  // Not audited: a phone posts one every few seconds; the positions are their own record.
  "runs.positions": op("history:write"),
  "runs.positions.list": op("dispatch"),
  // Invoices and mail
  "invoices.list": op("invoices"),
  "invoices.get": op("invoices"),
  "invoices.create": write("invoices"),
  "mail.contact": op("public", { limit: { rule: "contact", staffExempt: true }, audited: true }),
  "mail.send": op("mail", { audited: { call: "mail" } }),
  "mail.outbox": op("mail"),
  // The owner's dashboard (server/modules/reports): figures of a period and its days, JSON or CSV.
  "reports.read": op("reports"),
  // Webhooks
  // Messages to recipients (contract section 13): the list, the owner's test, the providers' signed callbacks.
  "messages.list": op("mail"),
  "messages.test": op("settings", { audited: { call: "mail" } }),
  "messages.twilio": op("public"),
  "messages.whatsapp": op("public"),
  "messages.whatsapp.verify": op("public"),
  "parcel.preferences": op("public", { limit: { rule: "tracking", staffExempt: true } }),
  "webhooks.list": op("webhooks"),
  "webhooks.deliveries": op("webhooks"),
  "webhooks.create": write("webhooks"),
  "webhooks.update": write("webhooks"),
  "webhooks.delete": write("webhooks"),
  "webhooks.ping": op("webhooks"),
  // API keys for third parties
  "apiKeys.list": op("api-keys"),
  "apiKeys.create": write("api-keys"),
  "apiKeys.revoke": write("api-keys"),
  // Accounts
  "account.me": op("public"),
  "account.canCreateAdmin": op("public"),
  "account.createFirst": op("public", { limit: { rule: "setup" }, audited: true }),
  // Every try counts per client; wrong ones per account too (server/modules/admin/attempts.ts).
  "account.signIn": op("public", { limit: { rule: "signin" } }),
  "account.signOut": op("public"),
  "account.userSignOut": op("public"),
  // Shippers (section 10, server/modules/shipper): the spec's `user` session, never the staff's.
  "users.me": op("public"),
  "users.signup": op("public", { limit: { rule: "signup" }, audited: true }),
  "users.verify": op("public", { limit: { rule: "reset" }, audited: true }),
  "users.signIn": op("public", { limit: { rule: "signin" } }),
  "users.sendPin": op("public", { limit: { rule: "pin" } }),
  "users.resetPassword": op("public", { limit: { rule: "reset" }, audited: true }),
  "users.addresses.list": shipperOp("session"),
  "users.addresses.write": shipperOp("session", undefined, true),
  "users.profile": shipperOp("session", undefined, true),
  "users.apiKeys.list": shipperOp("session"),
  "users.apiKeys.write": shipperOp("session", undefined, true),
  "users.apiKeys.revokeAll": shipperOp("session", undefined, true),
  "users.statements": shipperOp("session"),
  "shippers.list": op("shippers"),
  "shippers.create": write("shippers"),
  "shippers.update": write("shippers"),
  // Rates: zones, services, rate cards (read by the staff who book for shippers too).
  "rates.read": op("shippers"),
  "rates.write": write("rates"),
  // The quote: anyone (a shipper or its key is priced on its own card), limited per client.
  "quotes.create": { access: "public", shipper: "key", limit: { rule: "quote" } },
  // Bookings and pickups: the shipper (session or key) for its own, the staff with shippers for all.
  "bookings.create": shipperOp("key", "shippers", true),
  "bookings.list": shipperOp("key", "shippers"),
  "bookings.label": shipperOp("key", "shippers"),
  "bookings.cancel": shipperOp("key", "shippers", true),
  "pickups.create": shipperOp("key", "shippers", true),
  "pickups.list": shipperOp("key", "shippers"),
  // Statements: made, mailed and marked paid by the staff; the shipper reads its own (and their PDFs).
  "statements.list": op("shippers"),
  "statements.create": write("shippers"),
  "statements.update": write("shippers"),
  "statements.mail": op("shippers", { audited: { call: "mail" } }),
  "statements.pdf": shipperOp("session", "shippers"),
  // Cash on delivery's money out (server/modules/cod cashup.*, remittance.*): cash-ups by the owner or a dispatcher
  // (never of oneself, the service), remittances made, paid and cancelled by the owner; the shipper reads its own.
  "cod.cashups.create": write("cod"),
  "cod.cashups.list": op("cod"),
  "cod.remittances.create": write("cod:manage"),
  "cod.remittances.update": write("cod:manage"),
  "cod.remittances.list": op("cod"),
  "cod.remittances.pdf": shipperOp("session", "cod"),
  "users.remittances": shipperOp("session"),
  // Cash on delivery's books (server/modules/cod cod.*): the ledger and balances for the owner and dispatchers, the
  // ledger as a file recorded like every export; reversals by the owner only.
  "cod.ledger": op("cod"),
  "cod.ledger.export": op("cod", { audited: { call: "cod_entry" } }),
  "cod.balances": op("cod"),
  "cod.reversals.create": write("cod:manage"),
  "account.sendPin": op("public", { limit: { rule: "pin" } }),
  "account.resetPassword": op("public", { limit: { rule: "reset" }, audited: true }),
  // A wrong current password counts against the sign-in limits (attempts.ts).
  "account.changePassword": write("account"),
  // One's own name and control-panel language.
  "account.update": write("account"),
  // Staff (server/modules/staff): the owner invites, changes roles, disables and removes members.
  "staff.list": op("staff"),
  "staff.invite": write("staff"),
  "staff.update": write("staff"),
  "staff.delete": write("staff"),
  // Turns a member's two-step sign-in off (a lost phone); the member is told by mail.
  "staff.resetTotp": write("staff"),
  // The invitee's link: sets the password once (each try hashes a password).
  "staff.accept": op("public", { limit: { rule: "accept" }, audited: true }),
  // Two-step sign-in of one's own account: changes need the current password (wrong passwords and
  // codes count against the sign-in limits, server/modules/admin/attempts.ts).
  "account.totp": op("account"),
  "account.totp.setUp": write("account"),
  "account.totp.confirm": write("account"),
  "account.totp.disable": write("account"),
  // Audited per call: the codes are secret rows of their own, not audited.
  "account.totp.recoveryCodes": op("account", { audited: { call: "member" } }),
  // Whether every member must use two-step sign-in.
  "team.policy": op("staff"),
  "team.policy.update": write("staff"),
  // The audit log (reading it is not audited; taking it away as a file is)
  "audit.list": op("audit"),
  "audit.export": op("audit", { audited: { call: "audit" } }),
  "audit.actors": op("audit"),
} satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * Runs a call as its actor (the audit extension and "added by" read it). A call of an operation
 * audited `{ call }` gets its one entry: when it succeeds, or when it fails after noting what it
 * was about (a message that could not be delivered).
 */
export async function runCall<T>(actor: Actor | null, name: OperationName, fn: () => T | Promise<T>): Promise<T> {
  const audited = (OPERATIONS[name] as Operation).audited;
  if (typeof audited !== "object") return runAs(actor, name, fn);
  const call: Call = { actor, operation: name };
  try {
    const out = await runIn(call, fn);
    recordCall(call, audited.call);
    return out;
  } catch (e) {
    if (call.noted) recordCall(call, audited.call);
    throw e;
  }
}

const TOTP_FIRST = "Two-step sign-in is required for every member: set it up in My Account first";

/**
 * Enforces an operation's declaration for one request, in either door: the key's own rate limit,
 * the abuse limit (once per item where declared), then who may call it. Returns the actor. Past a
 * limit it throws RateLimited, whose headers the door adds to the answer.
 */
export async function authorize(ctx: Context, name: OperationName, items = 1): Promise<Actor | null> {
  const o: Operation = OPERATIONS[name];
  const actor = await ctx.auth.actor();
  if (o.limit && !(o.limit.staffExempt && actor && actor.kind !== "shipper")) {
    for (let i = 0; i < (o.limit.perItem ? items : 1); i++) {
      await limit(o.limit.rule, clientKey(ctx.req));
    }
  }
  if (o.shipper) {
    const byKey = actor?.kind === "shipper" ? actor : null;
    if (byKey && o.shipper === "session") throw forbidden("A shipper's API key may not do this: sign in to the shipper's account");
    const shipper = byKey ?? (actor ? null : await ctx.auth.shipper());
    if (o.access === "public") return shipper ?? actor;
    if (o.access === "shipper") {
      if (!shipper) throw new SessionRequired(["user"]);
      return shipper;
    }
    // The staff's side too: a member (or staff key) with the permission; a shipper for its own.
    if (shipper) return shipper;
    if (!actor) throw new SessionRequired(["user", "admin"]);
  } else if (o.access === "shipper") {
    throw new Error(`${name}: access "shipper" needs the shipper declaration`);
  }
  // A shipper's key is nobody on the staff's side: public calls as anyone, the rest refused.
  if (actor?.kind === "shipper") {
    if (o.access === "public") return null;
    throw forbidden("A shipper's API key never reaches the control panel");
  }
  // A key acts within its scopes, also where anyone may call: tracking with a key needs tracking:read.
  if (o.access === "public" && !(actor?.kind === "key" && o.scope)) return actor;
  if (!actor) throw unauthenticated();
  if (actor.kind === "key") {
    if (!o.scope || !actor.scopes.includes(o.scope)) {
      throw forbidden(o.scope ? `This API key lacks the scope ${o.scope}` : "API keys may not do this; it needs a member of the staff");
    }
  } else if (o.access !== "account" && (await ctx.auth.totpSetupPending())) {
    throw forbidden(TOTP_FIRST);
  } else if (o.access !== "public" && !can(actor.role, o.access)) {
    throw forbidden(`Your role (${actor.role}) lacks the permission ${o.access}`);
  }
  return actor;
}
