/**
 * Roles, their permissions and the API-key scopes: pure data (the roles' names from ./roles.ts), so the control
 * panel reads the same table (client/control/roles.ts) the server enforces (server/core/access.ts).
 */
import { ROLES, type Role } from "./roles.js";
export { ROLES, type Role };

/** What a role may do. An operation needs one permission (or is public). */
export const PERMISSIONS = {
  /** See parcels and find one by its code. */
  "parcels:read": ["owner", "dispatcher", "courier"],
  /** Create, change and delete parcels, their images and maps; import, export, labels, the stale list. */
  "parcels:write": ["owner", "dispatcher"],
  /** Add history entries: by hand, by scanning, a delivery with its proof. */
  "history:write": ["owner", "dispatcher", "courier"],
  /** Change or delete any history entry (a member may always undo an entry of their own). */
  "history:edit": ["owner", "dispatcher"],
  /** Content pages and testimonials. */
  "content:write": ["owner", "dispatcher"],
  invoices: ["owner", "dispatcher"],
  /** The delivery day: the dispatch board, runs (make, change, start any), couriers' positions. */
  dispatch: ["owner", "dispatcher"],
  /** Send e-mail, read the outbox. */
  mail: ["owner", "dispatcher"],
  settings: ["owner"],
  staff: ["owner"],
  "api-keys": ["owner"],
  webhooks: ["owner"],
  audit: ["owner"],
  /** Shippers (business customers): their accounts, credit limits, bookings, pickups and statements. */
  shippers: ["owner", "dispatcher"],
  /** The owner's dashboard: the figures of a period (parcels, deliveries, failures, revenue, couriers). */
  reports: ["owner", "dispatcher"],
  /** Zones, services and rate cards. */
  rates: ["owner"],
  /** Cash on delivery (contract section 12): read the ledger, balances, collections, cash-ups and remittances;
   * count a courier's cash in (a cash-up, never of oneself). */
  cod: ["owner", "dispatcher"],
  /** Cash on delivery's money moves: reverse a ledger entry, make, pay and cancel remittances to shippers. */
  "cod:manage": ["owner"],
  /** One's own account: password, two-step sign-in. */
  account: ["owner", "dispatcher", "courier"],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

/** What an API key may be given. A key never gets a permission beyond these. */
export const SCOPES = ["tracking:read", "parcels:read", "parcels:write", "history:write"] as const;
export type Scope = (typeof SCOPES)[number];

export const isRole = (v: unknown): v is Role => typeof v === "string" && (ROLES as readonly string[]).includes(v);

/** What a member's role allows, by permission. */
export const can = (role: Role, permission: Permission) => (PERMISSIONS[permission] as readonly Role[]).includes(role);
