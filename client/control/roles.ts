// What the control panel shows each role: the one table. Who holds a permission comes from the
// server's own table (shared/core/permissions.ts, pure data); which permission each screen and
// section needs is listed once here, matching the operations the screen calls (server/core/access.ts).
import { can, PERMISSIONS, ROLES, type Permission, type Role } from "@shared/core/permissions";

export { can, PERMISSIONS, ROLES, type Permission, type Role };

/** Screens by path prefix (longest match wins) and the permission a member needs to use them. */
export const SCREENS: { prefix: string; permission: Permission; what: string }[] = [
  { prefix: "/control/parcels/create.html", permission: "parcels:write", what: "add parcels" },
  { prefix: "/control/parcels/import.html", permission: "parcels:write", what: "import parcels" },
  { prefix: "/control/parcels/stale.html", permission: "parcels:write", what: "see the stale parcels list" },
  { prefix: "/control/parcels/reschedule.html", permission: "parcels:write", what: "see the parcels to reschedule" },
  { prefix: "/control/parcels/", permission: "parcels:read", what: "see parcels" },
  { prefix: "/control/pages", permission: "content:write", what: "edit pages" },
  { prefix: "/control/reviews", permission: "content:write", what: "edit reviews" },
  { prefix: "/control/email", permission: "mail", what: "send e-mail or read the outbox" },
  { prefix: "/control/messages", permission: "mail", what: "read the messages to recipients" },
  { prefix: "/control/invoice", permission: "invoices", what: "use invoices" },
  { prefix: "/control/settings", permission: "settings", what: "change the settings" },
  { prefix: "/control/webhooks", permission: "webhooks", what: "manage webhooks" },
  { prefix: "/control/staff", permission: "staff", what: "manage the staff" },
  { prefix: "/control/api-keys", permission: "api-keys", what: "manage API keys" },
  { prefix: "/control/audit", permission: "audit", what: "read the audit log" },
  { prefix: "/control/scan", permission: "history:write", what: "scan parcels" },
  { prefix: "/control/dispatch", permission: "dispatch", what: "plan the delivery day" },
  { prefix: "/control/run", permission: "history:write", what: "drive a run" },
  { prefix: "/control/account", permission: "account", what: "use an account" },
  // Shippers and rates (contract section 10).
  { prefix: "/control/shippers", permission: "shippers", what: "manage shippers" },
  { prefix: "/control/bookings", permission: "shippers", what: "see bookings" },
  { prefix: "/control/pickups", permission: "shippers", what: "see pickups" },
  { prefix: "/control/statements", permission: "shippers", what: "use statements" },
  { prefix: "/control/rates", permission: "rates", what: "edit zones, services and rate cards" },
  // Cash on delivery (contract section 12); reversals and remittances inside it are cod:manage's (the owner's).
  { prefix: "/control/cod", permission: "cod", what: "use cash on delivery" },
];
/** Screens under a parcel (/control/parcels/:code/...), by their last part. */
const PARCEL_SCREENS: { suffix: RegExp; permission: Permission; what: string }[] = [
  { suffix: /\/(update|update-map|update-image)$/, permission: "parcels:write", what: "change parcels" },
  { suffix: /\/activities\/create$/, permission: "history:write", what: "add history entries" },
  { suffix: /\/deliver$/, permission: "history:write", what: "record deliveries" },
  { suffix: /\/activities\/\d+$/, permission: "history:edit", what: "change history entries" },
];

/** The permission a control panel path needs (null: any member). */
export function screenRule(pathname: string): { permission: Permission; what: string } | null {
  const parcel = pathname.startsWith("/control/parcels/") ? PARCEL_SCREENS.find((s) => s.suffix.test(pathname)) : undefined;
  if (parcel) return parcel;
  let best: (typeof SCREENS)[number] | null = null;
  for (const s of SCREENS) if (pathname.startsWith(s.prefix) && (!best || s.prefix.length > best.prefix.length)) best = s;
  return best;
}

/** Whether a role may open a control panel path (a link, a tile, a menu entry). */
export function mayOpen(role: Role | null | undefined, pathname: string): boolean {
  const rule = screenRule(pathname);
  return !rule || (!!role && can(role, rule.permission));
}

/** Whether a role holds a permission (buttons inside screens). An unknown role may nothing. */
export const roleCan = (role: Role | null | undefined, permission: Permission) => !!role && can(role, permission);
