// Pure helpers of the dispatch board: stop keys, wire inputs, colours, moves within a list.
import type { TFunction } from "i18next";
import type { AdminDispatchQuery, RunStopInput } from "../../../generated/graphql";
import { STATUS_RULES } from "@shared/modules/parcel/status.codes";
import { clockRange, day, number } from "../../time";

/** The dispatch board's texts (client/i18n/locales/control/control-dispatch/<code>.json). */
export const DISPATCH_NS = "control-dispatch";

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

/** A plural text's options ("3 stops": `t("stops", countOf(3))`): `t` chooses the form by `count`, shown in the language's digits. */
export const countOf = (count: number, values: Record<string, string> = {}) => ({ count, replace: { ...values, count: number(count) } });

/** "12.4 km · 1 h 05 min", in the control panel's language. */
export function roundText(t: TFunction, km: number, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const time = h ? t("hoursMinutes", { h: number(h), m: number(m, { minimumIntegerDigits: 2 }) }) : t("minutes", { m: number(m) });
  return t("round", { km: number(km, { maximumFractionDigits: 1 }), time });
}

/** What a pickup stop collects and when its shipper asked for it: "Pickup: 2 parcels · asked for 09:00 – 12:00". */
export function pickupText(t: TFunction, s: { kind?: string; contents?: string | null; window?: { from: string; to: string } | null }): string | null {
  if (s.kind !== "pickup") return null;
  return [s.contents, s.window ? t("askedFor", { range: clockRange(s.window.from, s.window.to) }) : null].filter(Boolean).join(" · ") || null;
}

/** A member a run may go to, as the board names them: by name, the e-mail only where they have none. */
export const courierName = (c: { name?: string | null; email: string }) => c.name || c.email;
/** "Ann Smith (courier)", the role in the language. */
export const courierOption = (t: TFunction, c: { name?: string | null; email: string; role: string }) =>
  t("courierOption", { name: courierName(c), role: t(`role.${c.role}`, { defaultValue: c.role }) });

/** What the board throws when no courier is chosen (shown under the field). */
export const COURIER_MISSING = "courier_id is required";
/** A message about the courier field in the field's own words: "Choose a courier". */
export const courierText = (t: TFunction, message: string) => (message.startsWith("courier_id must be") ? t("courierGone") : t("chooseCourier"));

/** A parcel's status as the board shows it: "In transit", "Pending". */
export const statusText = (t: TFunction, code: string) => t(`status.${code}`, { defaultValue: code.replace(/_/g, " ") });

/**
 * Why a parcel cannot go on a run, in the language: the server says it in English words (notPlannable in
 * shared/modules/dispatch/plannable.ts, which a run's 422 shares); each of its reasons has its text here, and one
 * this list does not know yet is shown as the server says it.
 */
export function blockedText(t: TFunction, reason: string): string {
  const fixed: Record<string, string> = {
    "On hold: release it first": "blocked.onHold",
    "Exception: resolve it first": "blocked.exception",
    "Waits at a pickup point for its recipient": "blocked.atPickupPoint",
    "Its recipient collects it at the depot": "blocked.atDepot",
    "No point on the map: place the destination to plan it": "blocked.noPoint",
  };
  if (fixed[reason]) return t(fixed[reason]);
  let m = /^(.+): its journey is over$/.exec(reason);
  const status = m && Object.entries(STATUS_RULES).find(([, r]) => r.label === m![1])?.[0];
  if (m) return t("blocked.over", { status: status ? statusText(t, status) : m[1] });
  m = /^Its recipient chose (\d{4}-\d{2}-\d{2})$/.exec(reason);
  if (m) return t("blocked.otherDay", { date: day(m[1], { weekday: "short", day: "numeric", month: "short", year: "numeric" }) });
  m = /^Still at its shipper: pickup (\d+) collects it first$/.exec(reason);
  if (m) return t("blocked.atShipper", { id: number(Number(m[1]), { useGrouping: false }) });
  return reason;
}

export const hasPoint = (s: { address: { latitude?: number | null; longitude?: number | null } }) => s.address.latitude != null && s.address.longitude != null;
