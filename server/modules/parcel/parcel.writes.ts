import type { Activity } from "../../db/generated/sqlite/client.js";
import { config } from "../../core/config.js";
import { notFound } from "../../core/errors.js";
import { author, recordWrites } from "../../db/audit.js";
import { db, sqliteWriter } from "../../db/index.js";
import { prismaDate } from "../../db/direct.js";
import { sqliteTime, type SqliteWriter } from "../../db/sqlite-writer.js";
import { historyOrder, withDerivedTime } from "./history.js";
import type { EntryPlan } from "./entry-plan.js";
import { parcelEvents, ParcelViews, type AddedEntry, type HistoryEntry, type ParcelRef, type StatusCause, type StatusChange } from "./parcel.events.js";
import { adminView, type AdminView } from "./view-shape.js";

/**
 * The parcel's write rules, in one place. Every write of a parcel row or of its history (the
 * Parcel and Activity tables) goes through a unit of work of this module, `parcelWrites`, whose
 * methods are the only code that writes those tables (tests/unit/parcel-writes.test.ts fails on any
 * other). Each method:
 * - moves the parcel's version (the view cache's check while the invalidation channel is down)
 *   in the same statement as its change;
 * - notes the tracking codes whose cached public views must go (and those whose live part changed);
 * - notes what happened: a parcel created or deleted, history added, a status changed, a proof recorded.
 * When the unit's work ends (each method's statements are committed by then), it publishes these as
 * the parcel's events (parcel.events.ts): first the stale views, which the view cache forgets here and
 * in every other process before the write returns (server/core/bus.ts), then the rest, which dispatch,
 * notification and webhooks subscribe to. The unit adds no database round trip: it only collects what
 * the writes already return (a subscriber reads what it needs, and only when it needs it).
 *
 *   const view = await parcelWrites((w) => w.updateParcel(existing, { status: "Held" }));
 *
 * Callers never bump versions, forget cached views or publish these events themselves. The unit's
 * methods commit their own statements: do not call them inside an interactive Prisma transaction.
 * The one write that skips the rules is setUnviewedParcelFields (link secrets and the
 * unsubscribe switch: no view the cache keeps and no event shows them).
 */

type Row = Record<string, unknown>;
type Status = { status_code: string | null; status_reason: string | null };
export type { AddedEntry, HistoryEntry };
/** The fields a live stream of the parcel depends on besides its live part (its privacy tier, its code). */
const LIVE_TERMS = ["protect_details", "recipient_postcode", "recipient_email", "tracking_code"];
const touchesLive = (data: Row) => LIVE_TERMS.some((k) => data[k] !== undefined);
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
 * stays committed), the written parcels' events are published (their cached views forgotten first).
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
  private readonly live = new Set<string>();
  private readonly created: (ParcelRef & { view?: AdminView; imported: boolean })[] = [];
  private readonly entries: AddedEntry[] = [];
  private readonly statuses: StatusChange[] = [];
  private readonly proofs: (ParcelRef & { status_code: string | null })[] = [];
  private readonly deleted: (ParcelRef & { runs: number[] })[] = [];

  /** A new parcel: parcel.created, and status.changed when it has a status. */
  async createParcel(data: Row): Promise<AdminView> {
    const row = await db().parcel.create({ data: data as never, include: { history: historyOrder } });
    this.codes.add(row.tracking_code);
    const view = adminView(row);
    this.created.push({ parcel_id: row.id, tracking_code: row.tracking_code, view, imported: false });
    if (row.status_code) this.moved(view.id, view.tracking_code, view, null, "edit", view);
    return view;
  }

  /** A change of a parcel's own fields (a renamed code forgets both codes): status.changed for a new status. */
  async updateParcel(before: ParcelBefore, data: Row): Promise<AdminView> {
    const row = await db().parcel.update({ where: { id: before.id }, data: { ...data, version: { increment: 1 } }, include: { history: historyOrder } });
    this.codes.add(before.tracking_code).add(row.tracking_code);
    if (touchesLive(data)) this.liveChanged(before.tracking_code, row.tracking_code);
    const view = adminView(row);
    if (row.status_code && row.status_code !== before.status_code) this.moved(view.id, view.tracking_code, view, null, "edit", view);
    return view;
  }

  /** Deletes a parcel and (by cascade) its history: parcel.deleted, with the open runs that had a stop for it. */
  async deleteParcel(before: { id: number; tracking_code: string }): Promise<void> {
    // Its stops go with it (cascade): dispatch routes their runs again, or finishes them when nothing is left.
    const runs = await db().stop.findMany({ where: { parcel_id: before.id, run: { status: { in: ["planned", "started"] } } }, select: { run_id: true } });
    await db().parcel.delete({ where: { id: before.id } });
    this.liveChanged(before.tracking_code);
    this.deleted.push({ parcel_id: before.id, tracking_code: before.tracking_code, runs: [...new Set(runs.map((r) => r.run_id))] });
  }

  /**
   * Records the proof of delivery unless one is already recorded (two couriers at once: one wins);
   * true when this one was: proof.recorded (on a parcel already delivered, its "Delivered" entry
   * written before, e.g. by a scan, webhooks send parcel.delivered once more, now with the proof).
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
    this.proofs.push({ parcel_id: parcel.id, tracking_code: parcel.tracking_code, status_code: parcel.status_code });
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
   * the database's unique violation). The plans' states follow the written entries. All the unit's
   * entries are announced once, when it ends: history.added, and status.changed (cause "entry") for
   * those that moved their parcel's status.
   */
  async addEntries(plans: EntryPlan[]): Promise<AddedEntry[]> {
    if (!plans.length) return [];
    if (new Set(plans.map((p) => p.state.id)).size !== plans.length) throw new Error("addEntries takes one entry per parcel");
    const writer = config().directReads ? sqliteWriter() : undefined;
    // A plan with a write of its own (a COD collection) takes an interactive transaction for the batch.
    const rows = plans.some((p) => p.inTransaction)
      ? await entriesInTransaction(plans)
      : writer
        ? await entriesOnSqlite(writer, plans, new Date())
        : await entriesWithPrisma(plans);
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
    for (const c of codes) this.live.add(c);
  }

  /**
   * Changes a history entry. It is a change of the parcel (its version and cached view), and may move
   * its status (when it is the newest entry with one): then status.changed (cause "entry").
   */
  async changeEntry(id: number, data: Row): Promise<HistoryEntry> {
    const activity = withDerivedTime(await db().activity.update({ where: { id }, data }));
    await this.touch(activity.parcel_id);
    const { parcel, changed } = await this.applyHistoryStatus(activity.parcel_id, activity);
    if (changed) this.moved(parcel.id, parcel.tracking_code, parcel, activity, "entry", parcel);
    return activity;
  }

  /**
   * Deletes a history entry. When it gave the parcel its status (its newest entry with one), the
   * parcel takes back the status of the newest remaining entry with one, or else the status this
   * entry replaced (undoing a scan puts the parcel back where it was): status.changed (cause "undo").
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
    const code = await this.touch(a.parcel_id, restore ?? undefined);
    if (restore) this.moved(a.parcel_id, code, restore, null, "undo");
  }

  /**
   * One batch of the CSV import in one transaction: an UPDATE per changed row (one for rows changed
   * alike), not read back (answers each one's count: 0 when the parcel was deleted meanwhile), then the
   * new rows in one statement (createManyAndReturn, so the audit log records each new parcel with its
   * fields). Nothing is written when any fails. Announced as single writes are, with the unit's other
   * writes when it ends: parcel.created; status.changed (cause "import") when a row sets a new status.
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
      ...(creates.length ? [db().parcel.createManyAndReturn({ data: creates as never, select: { id: true, tracking_code: true } })] : []),
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
    const newIds = new Map(((creates.length ? results[list.length] : []) as { id: number; tracking_code: string }[]).map((r) => [r.tracking_code, r.id]));
    for (const r of rows) {
      if (r.create) this.imported(newIds.get(r.create.tracking_code as string)!, r.create, null);
      else if (r.update && written.get(r.update.id)) this.imported(r.update.id, r.update.data, r.update.before);
    }
    return updates.map((u) => written.get(u.id) ?? 0);
  }

  /** One row of the CSV import alone (after its batch failed as a whole): created, or updated. */
  async importRow(row: ImportWrite): Promise<void> {
    if (row.create) {
      const { id } = await db().parcel.create({ data: row.create as never, select: { id: true } });
      this.imported(id, row.create, null);
    } else if (row.update) {
      const { id, data, before } = row.update;
      await db().parcel.update({ where: { id }, data: { ...data, version: { increment: 1 } } as never, select: { id: true } });
      this.imported(id, data, before);
    }
  }

  /** An imported row written: its code's view goes; a new parcel or a new status is announced. */
  private imported(id: number, data: Row, before: ParcelBefore | null): void {
    const code = before ? before.tracking_code : (data.tracking_code as string);
    this.codes.add(code);
    if (before && touchesLive(data)) this.liveChanged(code);
    if (!before) this.created.push({ parcel_id: id, tracking_code: code, imported: true });
    const status = { status_code: (data.status_code as string | null | undefined) ?? null, status_reason: (data.status_reason as string | undefined) ?? null };
    if (status.status_code !== null && status.status_code !== before?.status_code) this.moved(id, code, status, null, "import");
  }

  /** A parcel's status moved to `to` (a status.changed when it has one). */
  private moved(id: number, code: string, to: Status, activity: HistoryEntry | null, cause: StatusCause, view?: AdminView): void {
    if (to.status_code)
      this.statuses.push({ parcel_id: id, tracking_code: code, status_code: to.status_code, status_reason: to.status_reason, activity, cause, view });
  }

  /**
   * After the unit's writes: the stale views are published first (the view cache forgets them here and,
   * in one message each, in every other process), then what happened, in the order of ParcelEvents.
   */
  async settle(): Promise<void> {
    for (const a of this.entries) if (a.status_changed) this.moved(a.parcel_id, a.tracking_code, a.activity, a.activity, "entry");
    const live = [...this.live];
    const codes = [...this.codes].filter((c) => !this.live.has(c));
    const [created, entries, proofs, deleted] = [this.created.splice(0), this.entries.splice(0), this.proofs.splice(0), this.deleted.splice(0)];
    const statuses = this.statuses.splice(0);
    this.codes.clear();
    this.live.clear();
    await Promise.all([codes.length && parcelEvents.publish("views.changed", { codes }), live.length && parcelEvents.publish("live.changed", { codes: live })]);
    const views = new ParcelViews();
    if (created.length) await parcelEvents.publish("parcel.created", { parcels: created, views });
    if (entries.length) await parcelEvents.publish("history.added", { entries, views });
    if (statuses.length) await parcelEvents.publish("status.changed", { changes: statuses, views });
    for (const p of proofs) await parcelEvents.publish("proof.recorded", { ...p, views });
    for (const d of deleted) await parcelEvents.publish("parcel.deleted", d);
  }

  /**
   * A change of a parcel's history is a change of the parcel: its version and updated_at move, its
   * cached view goes, and `status` (the status an undone entry gives back) is set with them.
   */
  private async touch(parcelId: number, status?: { status_code: string | null; status_reason: string | null }): Promise<string> {
    const p = await db().parcel.update({
      where: { id: parcelId },
      data: { updated_at: new Date(), version: { increment: 1 }, ...(status ? { status_code: status.status_code, status_reason: status.status_reason } : {}) },
      select: { tracking_code: true },
    });
    this.codes.add(p.tracking_code);
    return p.tracking_code;
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

/**
 * The same writes as entriesWithPrisma in one interactive transaction, then each plan's own write
 * (inTransaction) in it: all or nothing.
 */
async function entriesInTransaction(plans: EntryPlan[]) {
  const changes = new Map<string, number[]>();
  for (const p of plans) {
    const key = JSON.stringify(p.parcel);
    changes.set(key, [...(changes.get(key) ?? []), p.state.id]);
  }
  const at = new Date();
  return db().$transaction(async (tx) => {
    const rows = await tx.activity.createManyAndReturn({ data: plans.map((p) => p.row) });
    for (const [key, ids] of changes)
      await tx.parcel.updateMany({ where: { id: { in: ids } }, data: { ...(JSON.parse(key) as Row), updated_at: at, version: { increment: 1 } } });
    for (const p of plans) if (p.inTransaction) await p.inTransaction(tx);
    return rows;
  });
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
