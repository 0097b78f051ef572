import { config } from "../../core/config.js";
import { badInput, forbidden, notFound } from "../../core/errors.js";
import { currentCall } from "../../core/actor.js";
import { can } from "../../../shared/core/permissions.js";
import { db, direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";
import { withDerivedTime } from "../parcel/history.js";
import type { EntryData, EntryPlace, EntryPlan, EntryTx, ParcelState } from "../parcel/entry-plan.js";
import { refuseDeliveryWithoutCollection, refuseUndoOfCollection } from "../cod/cod.collect.js";
import { parcelWrites, type ParcelWrites } from "../parcel/parcel.writes.js";
import { STATUS_RULES } from "../../../shared/modules/parcel/status.codes.js";
import { isStatusCode } from "../parcel/status.rules.js";
import { DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON } from "../../../shared/modules/activity/activity.codes.js";
import type { CreateActivityInput, UpdateActivityInput } from "./activity.input.js";

export type { EntryData, EntryPlace, EntryPlan, ParcelState };

export async function getActivity(id: number) {
  const a = await db().activity.findUnique({ where: { id } });
  if (!a) throw notFound("Activity not found");
  return withDerivedTime(a);
}

const blank = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

export function createActivity(input: CreateActivityInput) {
  return parcelWrites((w) => addActivity(w, input));
}

/**
 * A history entry as createActivity adds it, in a unit of parcel writes of the caller's (its events go out when the
 * unit ends). A delivered entry on a parcel with cash on delivery expected needs its collection (`collect`, from
 * cod.collect.ts deliveryCod: a proof of delivery passes it), written in the entry's transaction; else 422 naming cod.
 */
export async function addActivity(w: ParcelWrites, input: CreateActivityInput, collect?: (tx: EntryTx) => Promise<void>) {
  const [state] = await parcelStates([input.parcel_id]);
  if (!state) throw notFound("Parcel not found");
  if (!collect && blank(input.status_code) === "delivered") await refuseDeliveryWithoutCollection(state.id);
  const [added] = await w.addEntries([
    withCollection(
      collect,
      planEntry(state, {
        title: input.title.trim(),
        description: input.description.trim(),
        icon: input.icon,
        color: input.color,
        status_code: blank(input.status_code),
        status_reason: blank(input.status_reason),
        created_at: input.created_at ? new Date(input.created_at) : new Date(),
      }),
    ),
  ]);
  return added.activity;
}

const withCollection = (collect: ((tx: EntryTx) => Promise<void>) | undefined, plan: EntryPlan): EntryPlan =>
  collect ? { ...plan, inTransaction: collect } : plan;

/** The parcels' states in two reads, whatever their number (in the order of the ids found). */
export async function parcelStates(ids: number[] | { codes: string[] }): Promise<ParcelState[]> {
  // One parcel (a request per entry or per scanned code): one prepared read instead of two compiled queries.
  const single = Array.isArray(ids)
    ? ids.length === 1
      ? { column: "id" as const, value: ids[0] }
      : null
    : ids.codes.length === 1
      ? { column: "tracking_code" as const, value: ids.codes[0] }
      : null;
  if (single && config().directReads) {
    const one = await parcelState(single.column, single.value);
    if (one !== undefined) return one ? [one] : [];
  }
  const where = Array.isArray(ids) ? { id: { in: ids } } : { tracking_code: { in: ids.codes } };
  const rows = await db().parcel.findMany({
    where,
    select: { id: true, tracking_code: true, recipient_name: true, recipient_language: true, status_code: true, status_reason: true },
  });
  if (!rows.length) return [];
  const newest = await db().activity.groupBy({ by: ["parcel_id"], where: { parcel_id: { in: rows.map((r) => r.id) } }, _max: { created_at: true } });
  const at = new Map(newest.map((n) => [n.parcel_id, n._max.created_at]));
  return rows.map((r) => ({ ...r, newest: at.get(r.id) ?? null }));
}

/** One parcel's state in one prepared read; undefined when the driver cannot say. */
async function parcelState(column: "id" | "tracking_code", value: number | string): Promise<ParcelState | null | undefined> {
  const d = direct();
  const [P, A] = [d.table("Parcel"), d.table("Activity")];
  try {
    const [row] = await d.rows(
      `SELECT p."id", p."tracking_code", p."recipient_name", p."recipient_language", p."status_code", p."status_reason", a."created_at" AS "newest" FROM ${P} p
       LEFT JOIN ${A} a ON a."id" = (SELECT x."id" FROM ${A} x WHERE x."parcel_id" = p."id" ORDER BY x."created_at" DESC LIMIT 1)
       WHERE p."${column}" = ?`,
      [value],
    );
    return row ? (row as unknown as ParcelState) : null;
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/**
 * Plans one history entry against its parcel as it stands: a status picks the entry's icon and colour
 * unless given; the entry moves the parcel's status when it is the newest and carries one (a back-dated
 * entry records the past), and its place; it remembers the status it replaced, which deleting it restores.
 */
export function planEntry(state: ParcelState, data: EntryData, place: EntryPlace = {}): EntryPlan {
  const status = isStatusCode(data.status_code) ? STATUS_RULES[data.status_code] : undefined;
  const newest = !state.newest || state.newest <= data.created_at;
  const moves = !!data.status_code && newest && (data.status_code !== state.status_code || data.status_reason !== state.status_reason);
  const parcel: EntryPlan["parcel"] = {};
  if (moves) Object.assign(parcel, { status_code: data.status_code, status_reason: data.status_reason });
  // A new failed attempt ends the recipient's earlier choice of a day or the depot (it was for the attempt before).
  if (newest && data.status_code === "delivery_failed") Object.assign(parcel, { reschedule_choice: null, reschedule_date: null, rescheduled_at: null });
  if (newest && place.current_location) parcel.current_location = place.current_location;
  if (newest && place.latitude != null && place.longitude != null) {
    Object.assign(parcel, { map_current_latitude: place.latitude, map_current_longitude: place.longitude });
  }
  return {
    state,
    data,
    parcel,
    newest,
    moves,
    row: {
      parcel_id: state.id,
      title: data.title,
      description: data.description,
      icon: data.icon || status?.icon || DEFAULT_ACTIVITY_ICON,
      color: data.color || status?.color || DEFAULT_ACTIVITY_COLOR,
      status_code: data.status_code,
      status_reason: data.status_reason,
      created_at: data.created_at,
      scan_id: data.scan_id ?? null,
      replaced_status_code: moves ? state.status_code : null,
      replaced_status_reason: moves ? state.status_reason : null,
    },
  };
}

export async function updateActivity(input: UpdateActivityInput) {
  const existing = await db().activity.findUnique({ where: { id: input.id } });
  if (!existing) throw notFound("Activity not found");
  mayChange(existing, "change");
  if (input.parcel_id !== undefined && input.parcel_id !== existing.parcel_id) {
    throw badInput("parcel_id must be the parcel this activity belongs to");
  }
  const data: Record<string, unknown> = {};
  for (const k of ["title", "description", "icon", "color"] as const) {
    const v = input[k];
    if (typeof v === "string" && v !== "") data[k] = v.trim();
  }
  // Present but blank clears the status of this entry; absent leaves it.
  if (input.status_code !== undefined) data.status_code = blank(input.status_code);
  if (input.status_reason !== undefined) data.status_reason = blank(input.status_reason);
  if (input.created_at) data.created_at = new Date(input.created_at);
  // Cash on delivery: a delivery is recorded with its collection, and one that collected is not taken back.
  if (data.status_code !== undefined && data.status_code !== existing.status_code) {
    if (data.status_code === "delivered") await refuseDeliveryWithoutCollection(existing.parcel_id);
    if (existing.status_code === "delivered") await refuseUndoOfCollection(existing.parcel_id);
  }
  return parcelWrites((w) => w.changeEntry(input.id, data));
}

/**
 * Changing or deleting another's entry needs history:edit, which API keys never have: a key
 * changes and deletes only the entries it added, and a member without history:edit may take back
 * (delete) their own (a courier's undo of a scan). Both doors come through here.
 */
function mayChange(a: { created_by_kind: string | null; created_by_id: number | null }, what: "change" | "remove") {
  const actor = currentCall()?.actor;
  if (!actor) return;
  if (actor.kind === "member" && can(actor.role, "history:edit")) return;
  if (a.created_by_kind === actor.kind && a.created_by_id === actor.id) return;
  throw forbidden(
    actor.kind === "member"
      ? `Your role (${actor.role}) lacks the permission history:edit: you may only ${what} entries you added`
      : `This API key may only ${what} the history entries it added`,
  );
}

/**
 * Deletes an entry. When it gave the parcel its status (its newest entry with one), the parcel takes
 * back the status of the newest remaining entry with one, or else the status this entry replaced:
 * undoing a scan puts the parcel back where it was.
 */
export async function deleteActivity(id: number) {
  const a = await db().activity.findUnique({ where: { id } });
  if (!a) throw notFound("Activity not found");
  mayChange(a, "remove");
  if (a.status_code === "delivered") await refuseUndoOfCollection(a.parcel_id);
  await parcelWrites((w) => w.deleteEntry(a));
}
