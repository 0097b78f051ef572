/**
 * The staff's roles, a module of their own: the public pages' app (client/state/store.tsx) needs the names only,
 * and a module the app imports goes whole into the app's chunk on every first load with every export any screen
 * uses (the permissions' table, ./permissions.ts, stays with the control panel's chunks).
 */
export const ROLES = ["owner", "dispatcher", "courier"] as const;
export type Role = (typeof ROLES)[number];
