import type { Activity } from "../../db/generated/sqlite/client.js";
import { config } from "../../core/config.js";
import { notFound } from "../../core/errors.js";
import { author, recordWrites } from "../../db/audit.js";
import { db, sqliteWriter } from "../../db/index.js";
import { prismaDate } from "../../db/direct.js";
import { sqliteTime, type SqliteWriter } from "../../db/sqlite-writer.js";
import type { EntryPlan } from "../activity/activity.service.js";
import { runsLostStops, stopsFollowEntries } from "../dispatch/dispatch.service.js";
import { notifyRecipient } from "../notification/notification.service.js";
import { emitEvent, emitEvents, listensTo } from "../webhook/webhook.service.js";
import { historyOrder, withDerivedTime } from "./history.js";
import { forWebhook, statusEvents } from "./parcel.events.js";
import { findByCode } from "./parcel.reader.js";
import { adminView, type AdminView } from "./view-shape.js";
import { forgetParcel } from "./view-cache.js";

/**
 * The parcel's write rules, in one place. Every write of a parcel row or of its history (the
 * Parcel and Activity tables) goes through a unit of work of this module, `parcelWrites`, whose
 * methods are the only code that writes those tables (tests/unit/parcel-writes.test.ts fails on any
 * other). Each method:
 * - moves the parcel's version (the view cache's check while the invalidation channel is down)
 *   in the same statement as its change;
 * - notes the tracking codes whose cached public views must go;
 * - notes the events the write causes: webhooks (parcel.created, status.changed, parcel.delivered,
 *   history.added) and the recipient's e-mail on a new status.
 * When the unit's work ends (each method's statements are committed by then), the noted codes are
 * forgotten here and in every other process in one message (server/core/bus.ts), then the events
 * go out. The unit adds no database round trip: it only collects what the writes already return.
 *
 *   const view = await parcelWrites((w) => w.updateParcel(existing, { status: "Held" }));
 *
 * Callers never bump versions, forget cached views or send these events themselves. The unit's
 * methods commit their own statements: do not call them inside an interactive Prisma transaction.
 * The one write that skips the rules is setUnviewedParcelFields (link secrets and the
 * unsubscribe switch: no view the cache keeps and no event shows them).
 */

type Row = Record<string, unknown>;
/** A history entry as the views show it. */
export type HistoryEntry = ReturnType<typeof withDerivedTime<Activity>>;
export interface AddedEntry {
  parcel_id: number;
  tracking_code: string;
  activity: HistoryEntry;
  /** The parcel's status code moved (its events and the recipient's notice follow). */
  status_changed: boolean;
}
/** What a parcel write needs to know of the row as it was. */
export interface ParcelBefore {
  id: number;
  tracking_code: string;
  status_code: string | null;
}
/** A row of the CSV import: the parcel's data to create, or the changed fields of an existing parcel. */
export interface ImportWrite {
  create?: Row;
  update?: { id: number; data: Row; before: ParcelBefore };
}

/**
 * Runs `work` with a unit of parcel writes; once it ends (also when it throws: what was committed
 * stays committed), the written parcels' cached views are forgotten and their events sent.
 */
export async function parcelWrites<T>(work: (w: ParcelWrites) => Promise<T>): Promise<T> {
  const w = new ParcelWrites();
  try {
    return await work(w);
  } finally {
    await w.settle();
  }
}

export class ParcelWrites {
  private readonly codes = new Set<string>();
  private readonly entries: AddedEntry[] = [];
  private readonly importedEvents: { code: string; before: ParcelBefore | null }[] = [];
  private readonly after: (() => void | Promise<void>)[] = [];

  /** A new parcel: parcel.created, and its status's events when it has one. */
  async createParcel(data: Row): Promise<AdminView> {
    const row = await db().parcel.create({ data: data as never, include: { history: historyOrder } });
    this.codes.add(row.tracking_code);
    const view = adminView(row);
    this.after.push(() => {
      emitEvent("parcel.created", { parcel: view });
      if (row.status_code) statusEvents(view, null);
    });
    return view;
  }

  /** A change of a parcel's own fields (a renamed code forgets both codes): a new status's events. */
  async updateParcel(before: ParcelBefore, data: Row): Promise<AdminView> {
    const row = await db().parcel.update({ where: { id: before.id }, data: { ...data, version: { increment: 1 } }, include: { history: historyOrder } });
    this.codes.add(before.tracking_code).add(row.tracking_code);
    const view = adminView(row);
    if (row.status_code && row.status_code !== before.status_code) this.after.push(() => statusEvents(view, null));
    return view;
  }

  /** Deletes a parcel and (by cascade) its history. */
  async deleteParcel(before: { id: number; tracking_code: string }): Promise<void> {
    // Its stops go with it (cascade): their runs are routed again, or finish when nothing is left.
    const runs = await db().stop.findMany({ where: { parcel_id: before.id, run: { status: { in: ["planned", "started"] } } }, select: { run_id: true } });
    await db().parcel.delete({ where: { id: before.id } });
    this.codes.add(before.tracking_code);
    if (runs.length) this.after.push(() => runsLostStops(runs.map((r) => r.run_id)));
  }

  /**
   * Records the proof of delivery unless one is already recorded (two couriers at once: one wins);
   * true when this one was. On a parcel already delivered (its "Delivered" entry written before, e.g.
   * by a scan) parcel.delivered goes out once more, now with the proof.
   */
  async claimDeliveryProof(
    parcel: ParcelBefore,
    proof: {
      delivery_receiver_name: string | null;
      delivery_signature: string | null;
      delivery_photo: string | null;
      delivery_left_at: string | null;
      delivered_at: Date;
      delivery_recorded_by: string | null;
    },
  ): Promise<boolean> {
    const { count } = await db().parcel.updateMany({ where: { id: parcel.id, delivered_at: null }, data: { ...proof, version: { increment: 1 } } });
    if (!count) return false;
    this.codes.add(parcel.tracking_code);
    if (parcel.status_code === "delivered") {
      this.after.push(async () => {
        const row = await findByCode(parcel.tracking_code);
        if (!row) return; // deleted meanwhile
        const view = adminView(row);
        const entry = view.history.filter((a) => a.status_code === "delivered").at(-1) ?? null;
        emitEvent("parcel.delivered", { parcel: forWebhook(view), activity: entry });
      });
    }
    return true;
  }

  /** The recipient's choice after a failed attempt: a new delivery day or the depot (date null). */
  async saveRescheduleChoice(parcel: { id: number; tracking_code: string }, choice: string, date: string | null, at: Date): Promise<void> {
    await db().parcel.update({
      where: { id: parcel.id },
      data: { reschedule_choice: choice, reschedule_date: date, rescheduled_at: at, version: { increment: 1 } },
    });
    this.codes.add(parcel.tracking_code);
  }

  /**
   * Writes planned history entries (of distinct parcels, planEntry in the activity module) in one
   * transaction: the entries in one statement, the parcels' changes in one statement per kind of
   * change, each parcel's version moved. Nothing is written when any fails (a taken scan_id throws
   * the database's unique violation). The plans' states follow the written entries. The events of
   * all the unit's entries go out once, when it ends: history.added for each entry, status.changed
   * (and parcel.delivered) and the recipient's e-mail for each that moved its parcel's status.
   */
  async addEntries(plans: EntryPlan[]): Promise<AddedEntry[]> {
    if (!plans.length) return [];
    if (new Set(plans.map((p) => p.state.id)).size !== plans.length) throw new Error("addEntries takes one entry per parcel");
    const writer = config().directReads ? sqliteWriter() : undefined;
    const rows = writer ? await entriesOnSqlite(writer, plans, new Date()) : await entriesWithPrisma(plans);
    const byParcel = new Map(rows.map((r) => [r.parcel_id, r]));
    const added = plans.map((p) => {
      const { state, data } = p;
      const changed = p.moves && data.status_code !== state.status_code;
      if (p.moves) Object.assign(state, { status_code: data.status_code, status_reason: data.status_reason });
      if (p.newest) state.newest = data.created_at;
      return { parcel_id: state.id, tracking_code: state.tracking_code, activity: withDerivedTime(byParcel.get(state.id)!), status_changed: changed };
    });
    for (const a of added) this.codes.add(a.tracking_code);
    this.entries.push(...added);
    return added;
  }

  /**
   * A change that shows in the codes' public views without a write of the parcel or its history (a
   * run's stop, window or courier position: the view's `live` part): their cached views go.
   */
  liveChanged(...codes: string[]): void {
    for (const c of codes) this.codes.add(c);
  }

  /**
   * Changes a history entry. It is a change of the parcel (its version and cached view), and may move
   * its status (when it is the newest entry with one): then status.changed and the recipient's e-mail.
   */
  async changeEntry(id: number, data: Row): Promise<HistoryEntry> {
    const activity = withDerivedTime(await db().activity.update({ where: { id }, data }));
    await this.touch(activity.parcel_id);
    const { parcel, changed } = await this.applyHistoryStatus(activity.parcel_id, activity);
    if (changed) {
      this.after.push(() => {
        statusEvents(parcel, activity);
        notifyRecipient(parcel.id, activity);
      });
    }
    return activity;
  }

  /**
   * Deletes a history entry. When it gave the parcel its status (its newest entry with one), the
   * parcel takes back the status of the newest remaining entry with one, or else the status this
   * entry replaced (undoing a scan puts the parcel back where it was), and status.changed goes out.
   */
  async deleteEntry(a: Activity): Promise<void> {
    await db().activity.delete({ where: { id: a.id } });
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
    await this.touch(a.parcel_id, restore ?? undefined);
    if (restore) {
      this.after.push(async () => {
        const [view] = await parcelViews([a.parcel_id]);
        if (view) emitEvent("status.changed", { parcel: view, activity: null, status_code: view.status_code, status_reason: view.status_reason });
      });
    }
  }

  /**
   * One batch of the CSV import in one transaction: an UPDATE per changed row (one for rows changed
   * alike), not read back (answers each one's count: 0 when the parcel was deleted meanwhile), then the
   * new rows in one statement (createManyAndReturn, so the audit log records each new parcel with its
   * fields). Nothing is written when any fails. The unit's import events go out in one batch when it
   * ends, as single writes send them: parcel.created; status.changed, and parcel.delivered, when a
   * row sets a new status.
   */
  async importBatch(rows: ImportWrite[]): Promise<number[]> {
    const updates = rows.flatMap((r) => (r.update ? [r.update] : []));
    const creates = rows.flatMap((r) => (r.create ? [r.create] : []));
    // Rows that set the same fields to the same values (a column changed alike in every row) are one statement.
    const groups = new Map<string, { data: Row; ids: number[] }>();
    for (const u of updates) {
      const key = JSON.stringify(Object.entries(u.data).sort(([a], [b]) => (a < b ? -1 : 1)));
      const g = groups.get(key);
      if (g) g.ids.push(u.id);
      else groups.set(key, { data: u.data, ids: [u.id] });
    }
    const list = [...groups.values()];
    const results = await db().$transaction([
      ...list.map((g) =>
        db().parcel.updateMany({
          where: g.ids.length === 1 ? { id: g.ids[0] } : { id: { in: g.ids } },
          data: { ...g.data, version: { increment: 1 } } as never,
        }),
      ),
      ...(creates.length ? [db().parcel.createManyAndReturn({ data: creates as never, select: { id: true } })] : []),
    ]);
    const written = new Map<number, number>();
    const partial: number[] = [];
    list.forEach((g, i) => {
      const { count } = results[i] as { count: number };
      if (count === g.ids.length) for (const id of g.ids) written.set(id, 1);
      else partial.push(...g.ids);
    });
    // Some parcels of a group were deleted meanwhile: which ones.
    if (partial.length) {
      const still = new Set((await db().parcel.findMany({ where: { id: { in: partial } }, select: { id: true } })).map((r) => r.id));
      for (const id of partial) written.set(id, still.has(id) ? 1 : 0);
    }
    for (const r of rows) {
      if (r.create) this.imported(r.create, null);
      else if (r.update && written.get(r.update.id)) this.imported(r.update.data, r.update.before);
    }
    return updates.map((u) => written.get(u.id) ?? 0);
  }

  /** One row of the CSV import alone (after its batch failed as a whole): created, or updated. */
  async importRow(row: ImportWrite): Promise<void> {
    if (row.create) {
      await db().parcel.create({ data: row.create as never, select: { id: true } });
      this.imported(row.create, null);
    } else if (row.update) {
      const { id, data, before } = row.update;
      await db().parcel.update({ where: { id }, data: { ...data, version: { increment: 1 } } as never, select: { id: true } });
      this.imported(data, before);
    }
  }

  /** An imported row written: its code's view goes; a new parcel or a new status is announced. */
  private imported(data: Row, before: ParcelBefore | null): void {
    const code = before ? before.tracking_code : (data.tracking_code as string);
    this.codes.add(code);
    if (!before || (data.status_code != null && data.status_code !== before.status_code)) this.importedEvents.push({ code, before });
  }

  /** After the unit's writes: the cached views go (one message to the other processes), then the events. */
  async settle(): Promise<void> {
    const codes = [...this.codes];
    const entries = this.entries.splice(0);
    const imported = this.importedEvents.splice(0);
    const after = this.after.splice(0);
    this.codes.clear();
    if (codes.length) await forgetParcel(...codes);
    if (entries.length) {
      // A delivered, picked-up or failed entry settles the parcel's stop on a started run (server/modules/dispatch).
      await stopsFollowEntries(entries).catch((e) => console.error("run stops could not follow the history:", (e as Error).message));
      await entryEvents(entries);
    }
    if (imported.length) await importEvents(imported);
    for (const f of after) await f();
  }

  /**
   * A change of a parcel's history is a change of the parcel: its version and updated_at move, its
   * cached view goes, and `status` (the status an undone entry gives back) is set with them.
   */
  private async touch(parcelId: number, status?: { status_code: string | null; status_reason: string | null }): Promise<void> {
    const p = await db().parcel.update({
      where: { id: parcelId },
      data: { updated_at: new Date(), version: { increment: 1 }, ...(status ? { status_code: status.status_code, status_reason: status.status_reason } : {}) },
      select: { tracking_code: true },
    });
    this.codes.add(p.tracking_code);
  }

  /**
   * A changed history entry with a status code moves the parcel's status when it is the newest entry
   * (a back-dated entry records the past). Returns the parcel's admin view and whether the status changed.
   */
  private async applyHistoryStatus(parcelId: number, entry: { status_code: string | null; status_reason: string | null; created_at: Date }) {
    const row = await db().parcel.findUnique({ where: { id: parcelId }, include: { history: historyOrder } });
    if (!row) throw notFound("Parcel not found");
    const newest = row.history.every((a) => a.created_at <= entry.created_at);
    // A new failed attempt ends the recipient's earlier choice (it was for the attempt before).
    const newAttempt = newest && entry.status_code === "delivery_failed" && row.reschedule_choice !== null;
    if (!entry.status_code || !newest || (entry.status_code === row.status_code && entry.status_reason === row.status_reason && !newAttempt)) {
      return { parcel: adminView(row), changed: false };
    }
    const updated = await db().parcel.update({
      where: { id: parcelId },
      data: {
        status_code: entry.status_code,
        status_reason: entry.status_reason,
        ...(newAttempt ? { reschedule_choice: null, reschedule_date: null, rescheduled_at: null } : {}),
        version: { increment: 1 },
      },
      include: { history: historyOrder },
    });
    this.codes.add(updated.tracking_code);
    return { parcel: adminView(updated), changed: updated.status_code !== row.status_code };
  }
}

/**
 * Sets fields that no cached view shows and no event carries (the link secrets of the recipient's
 * e-mails, the unsubscribe switch): neither the version nor the cache moves, nothing is announced.
 */
export async function setUnviewedParcelFields(
  parcelId: number,
  data: { unsubscribe_token?: string; reschedule_token_hash?: string; recipient_unsubscribed?: boolean },
): Promise<void> {
  await db().parcel.update({ where: { id: parcelId }, data });
}

/** Admin views of several parcels in one read (the webhooks' payloads after a batch of entries). */
async function parcelViews(ids: number[]) {
  if (!ids.length) return [];
  return (await db().parcel.findMany({ where: { id: { in: ids } }, include: { history: historyOrder } })).map(adminView);
}

/** New entries' events, once for all of them: the recipients are told, third parties hear of each entry and each status change. */
async function entryEvents(added: AddedEntry[]): Promise<void> {
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

/** The import's events, queued together for the batch (webhook.service.ts emitEvents). */
async function importEvents(imported: { code: string; before: ParcelBefore | null }[]): Promise<void> {
  if (!(await db().webhook.count({ where: { active: true } }))) return;
  const rows = await db().parcel.findMany({ where: { tracking_code: { in: imported.map((r) => r.code) } }, include: { history: historyOrder } });
  const byCode = new Map(rows.map((r) => [r.tracking_code, r]));
  const events: Parameters<typeof emitEvents>[0] = [];
  for (const { code, before } of imported) {
    const row = byCode.get(code);
    if (!row) continue;
    const parcel = adminView(row);
    if (!before) events.push({ event: "parcel.created", data: { parcel } });
    if (row.status_code && (!before || row.status_code !== before.status_code)) {
      events.push({ event: "status.changed", data: { parcel, activity: null, status_code: row.status_code, status_reason: row.status_reason } });
      if (row.status_code === "delivered") events.push({ event: "parcel.delivered", data: { parcel, activity: null } });
    }
  }
  emitEvents(events);
}

async function entriesWithPrisma(plans: EntryPlan[]) {
  const changes = new Map<string, number[]>();
  for (const p of plans) {
    const key = JSON.stringify(p.parcel);
    changes.set(key, [...(changes.get(key) ?? []), p.state.id]);
  }
  const at = new Date();
  const [rows] = await db().$transaction([
    db().activity.createManyAndReturn({ data: plans.map((p) => p.row) }),
    ...[...changes].map(([key, ids]) =>
      db().parcel.updateMany({ where: { id: { in: ids } }, data: { ...(JSON.parse(key) as Row), updated_at: at, version: { increment: 1 } } }),
    ),
  ]);
  return rows;
}

type ActivityRow = Awaited<ReturnType<typeof entriesWithPrisma>>[number];
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
 * The same writes as entriesWithPrisma, with prepared statements in one transaction on SQLite
 * (server/db/sqlite-writer.ts; the hottest write, one request per scan), recorded in the audit log
 * as the Prisma extension records them.
 */
async function entriesOnSqlite(w: SqliteWriter, plans: EntryPlan[], at: Date): Promise<ActivityRow[]> {
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
