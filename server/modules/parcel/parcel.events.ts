import type { Activity } from "../../db/generated/sqlite/client.js";
import { EventChannel } from "../../core/events.js";
import { db } from "../../db/index.js";
import { historyOrder, type withDerivedTime } from "./history.js";
import { adminView, type AdminView } from "./view-shape.js";

/**
 * What the parcel's writes announce (server/core/events.ts). Only the unit of parcel writes
 * (parcel.writes.ts) publishes them, once its statements are committed, in this order: the views
 * (awaited: every process has forgotten them when the write returns), then parcel.created,
 * history.added, status.changed, proof.recorded, parcel.deleted. Subscribers, registered by
 * server/subscribers.ts: the view cache (view-cache.ts), dispatch (its stops follow the history;
 * runs that lost a stop), notification (the recipient's e-mail on a status an entry gave) and webhooks.
 */

/** A history entry as the views show it. */
export type HistoryEntry = ReturnType<typeof withDerivedTime<Activity>>;
/** A parcel an event is about. */
export interface ParcelRef {
  parcel_id: number;
  tracking_code: string;
}
export interface AddedEntry extends ParcelRef {
  activity: HistoryEntry;
  /** The parcel's status code moved (a status.changed follows). */
  status_changed: boolean;
}
/**
 * Why a status moved: a history entry (the recipient is told), an edit of the parcel (or its creation
 * with one), an import, or an undone entry that gave the status back (no parcel.delivered then).
 */
export type StatusCause = "entry" | "edit" | "import" | "undo";
export interface StatusChange extends ParcelRef {
  status_code: string;
  status_reason: string | null;
  /** The entry that gave it, or null. */
  activity: HistoryEntry | null;
  cause: StatusCause;
  /** The parcel as the write returned it, when it did; else ParcelViews reads it. */
  view?: AdminView;
}

export interface ParcelEvents {
  /** The codes' cached public views are stale (every write). */
  "views.changed": { codes: string[] };
  /**
   * The codes' live part changed (a run's stop, window or courier position), or what a live stream of
   * them may show (the parcel's privacy tier, the parcel gone): their views are stale, their live streams wake.
   */
  "live.changed": { codes: string[] };
  /** `imported`: by the CSV import (webhooks queue those in one batch). */
  "parcel.created": { parcels: (ParcelRef & { view?: AdminView; imported: boolean })[]; views: ParcelViews };
  /** New history entries, in the order written (a batch of scans: hundreds). */
  "history.added": { entries: AddedEntry[]; views: ParcelViews };
  "status.changed": { changes: StatusChange[]; views: ParcelViews };
  /** A proof of delivery was recorded; status_code as it was then (already "delivered": no status.changed follows). */
  "proof.recorded": ParcelRef & { status_code: string | null; views: ParcelViews };
  /** The parcel and its history are gone; `runs`: the planned or started runs that had a stop for it. */
  "parcel.deleted": ParcelRef & { runs: number[] };
}

export const parcelEvents = new EventChannel<ParcelEvents>("parcel");

/**
 * The admin views of a unit's parcels, read after its writes, once for all the unit's events and their
 * subscribers (a subscriber asks only when it needs them: webhooks, only when a hook listens).
 */
export class ParcelViews {
  private readonly read = new Map<number, Promise<Map<number, AdminView>>>();

  /** The views of these parcels by id; a parcel deleted meanwhile is absent. */
  async of(ids: number[]): Promise<Map<number, AdminView>> {
    const missing = [...new Set(ids)].filter((id) => !this.read.has(id));
    if (missing.length) {
      const rows = db()
        .parcel.findMany({ where: { id: { in: missing } }, include: { history: historyOrder } })
        .then((list) => new Map(list.map((r) => [r.id, adminView(r)])));
      // A failed read fails each subscriber that awaits it, and no other.
      rows.catch(() => {});
      for (const id of missing) this.read.set(id, rows);
    }
    const out = new Map<number, AdminView>();
    for (const id of ids) {
      const view = (await this.read.get(id)!).get(id);
      if (view) out.set(id, view);
    }
    return out;
  }
}
