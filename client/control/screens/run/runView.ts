// What the courier's run screen shows, worked out from the server's runs: pure functions (runView.test.ts).
import type { CourierRunFieldsFragment, CourierRunsQuery } from "../../../generated/graphql";
import { clock, clockRange } from "../../time";

export type CourierRun = CourierRunFieldsFragment;
export type CourierStop = CourierRun["stops"][number];
export type RunItem = CourierRunsQuery["runs"][number];

/** Today on the phone's calendar (YYYY-MM-DD): the date a dispatcher gives the run. */
export function localDate(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

const ORDER: Record<string, number> = { started: 0, planned: 1, finished: 2 };

/** The member's own runs (a dispatcher sees every courier's), a started one first, then planned, then finished. */
export function ownRuns<R extends RunItem>(runs: readonly R[], member: string): R[] {
  const me = member.trim().toLowerCase();
  return runs.filter((r) => r.courier_email?.toLowerCase() === me).sort((a, b) => (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3) || a.id - b.id);
}

/** The stop the courier heads to: the first one still pending, in the run's order. */
export const nextStop = (run: CourierRun) => run.stops.find((s) => s.status === "pending") ?? null;

/**
 * A directions link for the phone's maps: by coordinates when the stop has them, else by its address. The
 * https form opens the maps app on Android and iOS alike (a geo: link is Android's only).
 */
export function mapsUrl(address: CourierStop["address"]): string {
  const to = address.latitude != null && address.longitude != null ? `${address.latitude},${address.longitude}` : address.text;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}`;
}

export const hhmm = clock;

/** "10:15 – 11:15" */
export const windowText = (w: CourierStop["window"]) => (w ? clockRange(w.from, w.to) : "");
