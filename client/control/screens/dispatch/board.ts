// Pure helpers of the dispatch board: stop keys, wire inputs, colours, moves within a list.
import type { AdminDispatchQuery, RunStopInput } from "../../../generated/graphql";
import { clockRange } from "../../time";

export type StopLike = { tracking_code?: string | null; pickup_id?: number | null };
/** A run as the board's query reads it (its card reads the whole run). */
export type BoardRun = AdminDispatchQuery["dispatch"]["runs"][number];
export type FreeStop = AdminDispatchQuery["dispatch"]["unassigned"][number];

/** One key per stop to be (a parcel by its code, a pickup by its id): selection, list keys, drag ids. */
export const stopKey = (s: StopLike): string => (s.tracking_code ? s.tracking_code : `pickup:${s.pickup_id}`);

/** The stop as the run inputs name it. */
export const stopInput = (s: StopLike): RunStopInput => (s.tracking_code ? { tracking_code: s.tracking_code } : { pickup_id: s.pickup_id });

/** A run's colour on the map and on its card, by its place on the board (distinct on light and dark tiles). */
export const RUN_COLOURS = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#db2777", "#65a30d"];
export const runColour = (index: number) => RUN_COLOURS[index % RUN_COLOURS.length]!;

/** The list with the item at `from` moved to `to` (both in range; otherwise the list as it is). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** Today in the browser's time zone, as YYYY-MM-DD (the board's default date). */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export const isDate = (s: string | null | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** "12.4 km · 1 h 05 min" */
export function roundText(km: number, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${km.toLocaleString(undefined, { maximumFractionDigits: 1 })} km · ${h ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`}`;
}

/** What a pickup stop collects and when its shipper asked for it: "Pickup: 2 parcels · asked for 09:00 – 12:00". */
export function pickupText(s: { kind?: string; contents?: string | null; window?: { from: string; to: string } | null }): string | null {
  if (s.kind !== "pickup") return null;
  return [s.contents, s.window ? `asked for ${clockRange(s.window.from, s.window.to)}` : null].filter(Boolean).join(" · ") || null;
}

/** A member a run may go to, as the board names them: by name, the e-mail only where they have none. */
export const courierName = (c: { name?: string | null; email: string }) => c.name || c.email;
/** "Ann Smith (courier)" */
export const courierOption = (c: { name?: string | null; email: string; role: string }) => `${courierName(c)} (${c.role})`;

/** What the board throws when no courier is chosen (shown under the field). */
export const COURIER_MISSING = "courier_id is required";
/** A message about the courier field in the field's own words: "Choose a courier". */
export const courierText = (message: string) =>
  message.startsWith("courier_id must be") ? "Choose an active courier or dispatcher: this member can no longer take runs" : "Choose a courier";

export const hasPoint = (s: { address: { latitude?: number | null; longitude?: number | null } }) => s.address.latitude != null && s.address.longitude != null;
