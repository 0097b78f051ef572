import { config } from "../../core/config.js";
import { badInput, forbidden, notFound } from "../../core/errors.js";
import { currentCall } from "../../core/actor.js";
import { can } from "../../core/permissions.js";
import { author, recordWrites } from "../../db/audit.js";
import { db, direct, sqliteWriter } from "../../db/index.js";
import { prismaDate, Unsupported } from "../../db/direct.js";
import { sqliteTime, type SqliteWriter } from "../../db/sqlite-writer.js";
import { notifyRecipient } from "../notification/notification.service.js";
import { withDerivedTime } from "../parcel/history.js";
import { statusEvents } from "../parcel/parcel.events.js";
import { applyHistoryStatus, parcelUpdates, parcelViews, touchParcel } from "../parcel/parcel.service.js";
import { forgetParcel } from "../parcel/view-cache.js";
import { STATUS_RULES } from "../parcel/status.codes.js";
import { isStatusCode } from "../parcel/status.rules.js";
import { emitEvent, listensTo } from "../webhook/webhook.service.js";
import { stopsFollowEntries } from "../dispatch/dispatch.service.js";
import { DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON } from "./activity.codes.js";
import type { CreateActivityInput, UpdateActivityInput } from "./activity.input.js";

export async function getActivity(id: number) {
  const a = await db().activity.findUnique({ where: { id } });
  if (!a) throw notFound("Activity not found");
  return withDerivedTime(a);
}

const blank = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

export async function createActivity(input: CreateActivityInput) {
  const [state] = await parcelStates([input.parcel_id]);
  if (!state) throw notFound("Parcel not found");
  const added = await addEntry(state, {
    title: input.title.trim(),
    description: input.description.trim(),
    icon: input.icon,
    color: input.color,
    status_code: blank(input.status_code),
    status_reason: blank(input.status_reason),
    created_at: input.created_at ? new Date(input.created_at) : new Date(),
  });
  await afterEntries([added]);
  return added.activity;
}

/** What a new history entry needs to know of its parcel; addEntry keeps it current. */
export interface ParcelState {
  id: number;
  tracking_code: string;
  recipient_name: string;
  status_code: string | null;
  status_reason: string | null;
  /** The newest entry's time, null without history. */
  newest: Date | null;
}

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
    select: { id: true, tracking_code: true, recipient_name: true, status_code: true, status_reason: true },
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
      `SELECT p."id", p."tracking_code", p."recipient_name", p."status_code", p."status_reason", a."created_at" AS "newest" FROM ${P} p
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

export interface EntryData {
  title: string;
  description: string;
  icon?: string | null;
  color?: string | null;
  status_code: string | null;
  status_reason: string | null;
  created_at: Date;
  /** The client's id of the scan: a second entry with the same id on the parcel is refused (unique). */
  scan_id?: string | null;
}
/** What the entry says of the parcel's whereabouts: applied only when it is the parcel's newest entry. */
export interface EntryPlace {
  current_location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}
export interface AddedEntry {
  parcel_id: number;
  tracking_code: string;
  activity: Entry;
  /** The parcel's status code moved (its events and the recipient's notice follow). */
  status_changed: boolean;
}

/** One entry as it will be written, and what it changes on its parcel (planEntry). */
export interface EntryPlan {
  state: ParcelState;
  data: EntryData;
  row: {
    parcel_id: number;
    title: string;
    description: string;
    icon: string;
    color: string;
    status_code: string | null;
    status_reason: string | null;
    created_at: Date;
    scan_id: string | null;
    replaced_status_code: string | null;
    replaced_status_reason: string | null;
  };
  /** The parcel's columns the entry sets (besides its version and updated_at). */
  parcel: Record<string, string | number | null>;
  newest: boolean;
  moves: boolean;
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

/**
 * Writes planned entries (of distinct parcels) in one transaction: the entries in one statement, the
 * parcels' changes in one statement per kind of change, each parcel's version moved. Nothing is
 * written when any fails (a taken scan_id throws the database's unique violation). The states
 * follow the written entries. Side effects wait for afterEntries, so a batch pays them once.
 */
export async function writeEntries(plans: EntryPlan[]): Promise<AddedEntry[]> {
  if (!plans.length) return [];
  if (new Set(plans.map((p) => p.state.id)).size !== plans.length) throw new Error("writeEntries takes one entry per parcel");
  const writer = config().directReads ? sqliteWriter() : undefined;
  const rows = writer ? await writeOnSqlite(writer, plans, new Date()) : await writeWithPrisma(plans);
  const byParcel = new Map(rows.map((r) => [r.parcel_id, r]));
  return plans.map((p) => {
    const { state, data } = p;
    const changed = p.moves && data.status_code !== state.status_code;
    if (p.moves) Object.assign(state, { status_code: data.status_code, status_reason: data.status_reason });
    if (p.newest) state.newest = data.created_at;
    return { parcel_id: state.id, tracking_code: state.tracking_code, activity: withDerivedTime(byParcel.get(state.id)!), status_changed: changed };
  });
}

async function writeWithPrisma(plans: EntryPlan[]) {
  const changes = new Map<string, number[]>();
  for (const p of plans) {
    const key = JSON.stringify(p.parcel);
    changes.set(key, [...(changes.get(key) ?? []), p.state.id]);
  }
  const [rows] = await db().$transaction([
    db().activity.createManyAndReturn({ data: plans.map((p) => p.row) }),
    ...parcelUpdates(
      [...changes].map(([key, ids]) => ({ ids, data: JSON.parse(key) })),
      new Date(),
    ),
  ]);
  return rows;
}

type ActivityRow = Awaited<ReturnType<typeof writeWithPrisma>>[number];
const ACTIVITY_COLUMNS = [
  "parcel_id",
  "title",
  "description",
  "icon",
  "color",
  "status_code",
  "status_reason",
  "created_by_kind",
  "created_by_id",
  "created_by_name",
  "scan_id",
  "replaced_status_code",
  "replaced_status_reason",
  "created_at",
  "updated_at",
] as const;
const q = (c: string) => `"${c}"`;
const sqlValue = (v: unknown) => (v instanceof Date ? sqliteTime(v) : typeof v === "boolean" ? Number(v) : (v ?? null));

/**
 * The same writes as writeWithPrisma, with prepared statements in one transaction on SQLite
 * (server/db/sqlite-writer.ts), recorded in the audit log as the Prisma extension records them.
 */
async function writeOnSqlite(w: SqliteWriter, plans: EntryPlan[], at: Date): Promise<ActivityRow[]> {
  const by = author() ?? { created_by_kind: null, created_by_id: null, created_by_name: null };
  const insert = w.statement(`INSERT INTO "Activity" (${ACTIVITY_COLUMNS.map(q).join(", ")}) VALUES (${ACTIVITY_COLUMNS.map(() => "?").join(", ")})`);
  const audit: Parameters<typeof recordWrites>[0] = [];
  const rows = await w.transaction(() =>
    plans.map((p) => {
      const values = { ...p.row, ...by, updated_at: at };
      const id = Number(insert.run(ACTIVITY_COLUMNS.map((c) => sqlValue(values[c]))).lastInsertRowid);
      const row = { id, ...values } as ActivityRow;
      audit.push({ model: "Activity", operation: "create", id, before: null, after: row });
      const set = Object.keys(p.parcel);
      let before: Record<string, unknown> | null = null;
      if (set.length) {
        before = w.statement(`SELECT ${set.map(q).join(", ")} FROM "Parcel" WHERE "id" = ?`).get(p.state.id) as Record<string, unknown>;
        if (typeof before?.rescheduled_at === "string") before.rescheduled_at = prismaDate(before.rescheduled_at);
      }
      w.statement(`UPDATE "Parcel" SET ${[...set.map((k) => `${q(k)} = ?`), `"updated_at" = ?`, `"version" = "version" + 1`].join(", ")} WHERE "id" = ?`).run(
        ...set.map((k) => sqlValue(p.parcel[k])),
        sqliteTime(at),
        p.state.id,
      );
      if (before) audit.push({ model: "Parcel", operation: "updateMany", id: p.state.id, before, after: { ...before, ...p.parcel } });
      return row;
    }),
  );
  recordWrites(audit);
  return rows;
}

/** One entry: the same path as a batch of one. */
async function addEntry(state: ParcelState, data: EntryData, place: EntryPlace = {}): Promise<AddedEntry> {
  return (await writeEntries([planEntry(state, data, place)]))[0];
}

/**
 * What follows new entries, once for all of them: the parcels' cached views go (one message to the
 * other processes), third parties hear of each entry and each status change, the recipients are told.
 */
export async function afterEntries(added: AddedEntry[]): Promise<void> {
  if (!added.length) return;
  await forgetParcel(...new Set(added.map((a) => a.tracking_code)));
  // A delivered, picked-up or failed entry settles the parcel's stop on a started run (server/modules/dispatch).
  await stopsFollowEntries(added).catch((e) => console.error("run stops could not follow the history:", (e as Error).message));
  for (const a of added) if (a.status_changed) notifyRecipient(a.parcel_id, a.activity);
  // The payloads (each parcel with its whole history) are read only when a hook will carry them.
  if (!(await listensTo(added.some((a) => a.status_changed) ? ["history.added", "status.changed", "parcel.delivered"] : ["history.added"]))) return;
  const views = new Map((await parcelViews([...new Set(added.map((a) => a.parcel_id))])).map((v) => [v.id, v]));
  for (const a of added) {
    const parcel = views.get(a.parcel_id);
    if (!parcel) continue; // deleted meanwhile
    emitEvent("history.added", { parcel, activity: a.activity });
    if (a.status_changed) statusEvents(parcel, a.activity);
  }
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
  const a = await db().activity.update({ where: { id: input.id }, data });
  const activity = withDerivedTime(a);
  await afterHistoryChange(activity);
  return activity;
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
  await db().activity.delete({ where: { id } });
  const parcel = await db().parcel.findUnique({ where: { id: a.parcel_id }, select: { status_code: true, status_reason: true } });
  if (!parcel) return;
  let restore: { status_code: string | null; status_reason: string | null } | null = null;
  if (a.status_code && parcel.status_code === a.status_code && parcel.status_reason === a.status_reason) {
    const before = await db().activity.findFirst({
      where: { parcel_id: a.parcel_id, status_code: { not: null } },
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      select: { status_code: true, status_reason: true, created_at: true },
    });
    if (!before || before.created_at <= a.created_at) {
      const target = before ?? (a.replaced_status_code ? { status_code: a.replaced_status_code, status_reason: a.replaced_status_reason } : null);
      if (target && (target.status_code !== parcel.status_code || target.status_reason !== parcel.status_reason)) restore = target;
    }
  }
  await touchParcel(a.parcel_id, restore ?? undefined);
  if (restore) {
    const [view] = await parcelViews([a.parcel_id]);
    if (view) emitEvent("status.changed", { parcel: view, activity: null, status_code: view.status_code, status_reason: view.status_reason });
  }
}

type Entry = Awaited<ReturnType<typeof getActivity>>;

/**
 * An edited entry is a change of the parcel (its version and cached view), may move its
 * normalised status, and then tells third parties and the recipient.
 */
async function afterHistoryChange(activity: Entry) {
  await touchParcel(activity.parcel_id);
  const { parcel, changed } = await applyHistoryStatus(activity.parcel_id, activity);
  if (changed) {
    statusEvents(parcel, activity);
    notifyRecipient(parcel.id, activity);
  }
}
