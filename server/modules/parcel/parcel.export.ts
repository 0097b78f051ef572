import type { Readable } from "node:stream";
import { config } from "../../core/config.js";
import { Unsupported } from "../../db/direct.js";
import { db, direct, provider } from "../../db/index.js";
import { csvStream } from "../common/csv.js";
import { searchIdsBefore } from "./parcel.service.js";

/**
 * The parcel list as CSV for spreadsheets: one row per parcel (newest first, the list's search
 * applied), every stored field but the image bytes' internals and secrets, history entries counted.
 */
export const CSV_COLUMNS = [
  "tracking_code",
  "recipient_name",
  "recipient_email",
  "recipient_phone_number",
  "recipient_postcode",
  "destination",
  "current_location",
  "status",
  "status_code",
  "status_reason",
  "weight",
  "shipped_via",
  "sender_name",
  "sender_email",
  "pickup_location",
  "parcel_content",
  "declared_value",
  "min_expected_delivery_date",
  "max_expected_delivery_date",
  "show_map",
  "map_zoom",
  "map_current_latitude",
  "map_current_longitude",
  "map_pickup_latitude",
  "map_pickup_longitude",
  "map_destination_latitude",
  "map_destination_longitude",
  "notify_recipient",
  "recipient_language",
  "protect_details",
  "image",
  "history_entries",
  "created_at",
  "updated_at",
] as const;

/** Parcels read per batch: a batch is a few milliseconds of the event loop, then other requests are answered. */
const EXPORT_BATCH = 1000;
const FIELDS = ["id", ...CSV_COLUMNS.filter((c) => c !== "history_entries")];
const PG_INT_MAX = 2147483647;

type Row = Record<string, unknown>;

/**
 * The whole list, without a search, on the driver (server/db/direct.ts): Prisma's `_count` of the
 * history read every history entry for each batch (472 s for a million parcels), and Prisma's own
 * cost per row is most of what is left.
 */
async function directBatch(before: number, size: number): Promise<Row[]> {
  const d = direct();
  const count = provider() === "postgresql" ? `COUNT(*)::int` : `COUNT(*)`;
  return d.rows(
    `SELECT ${FIELDS.map((f) => `p."${f}"`).join(", ")}, (SELECT ${count} FROM ${d.table("Activity")} a WHERE a."parcel_id" = p."id") AS "history_entries" ` +
      `FROM ${d.table("Parcel")} p WHERE p."id" < ? ORDER BY p."id" DESC LIMIT ?`,
    [before, size],
  );
}

/** Through Prisma: a search (the list's own conditions), or with DIRECT_READS=false. */
async function prismaBatch(search: string | undefined, before: number, size: number): Promise<Batch> {
  const s = search?.trim();
  const select = Object.fromEntries(FIELDS.map((f) => [f, true]));
  let rows: Row[];
  let next: number | null;
  if (s) {
    // A search finds its ids by SQL (parcel.service.ts, the list's own condition), then Prisma reads their rows
    // (a parcel deleted in between is left out; the next batch starts below the last id found all the same).
    const ids = await searchIdsBefore(s, before, size);
    next = ids.length < size ? null : ids[ids.length - 1];
    rows = [];
    for (let i = 0; i < ids.length; i += 500)
      rows.push(...((await db().parcel.findMany({ where: { id: { in: ids.slice(i, i + 500) } }, orderBy: { id: "desc" }, select })) as Row[]));
  } else {
    rows = (await db().parcel.findMany({ where: { id: { lt: before } }, orderBy: { id: "desc" }, take: size, select })) as Row[];
    next = nextBefore(rows, size);
  }
  if (!rows.length) return { rows, next };
  const byId = new Map<number, number>();
  // In slices: SQLite takes at most 999 parameters a query.
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id as number);
    for (const c of await db().activity.groupBy({ by: ["parcel_id"], where: { parcel_id: { in: ids } }, _count: { _all: true } }))
      byId.set(c.parcel_id, c._count._all);
  }
  for (const r of rows) r.history_entries = byId.get(r.id as number) ?? 0;
  return { rows, next };
}

/** A batch's rows, and the id the next batch starts below (null after the last). */
interface Batch {
  rows: Row[];
  next: number | null;
}
const nextBefore = (rows: Row[], size: number) => (rows.length < size ? null : (rows[rows.length - 1].id as number));

let directUnavailable = false;

/** Keyset paging on the id, newest first: each batch starts below the last id of the one before. */
async function* exportBatches(search: string | undefined): AsyncGenerator<Row[]> {
  const plain = !search?.trim();
  let before = PG_INT_MAX;
  for (;;) {
    let batch: Batch | undefined;
    if (plain && config().directReads && !directUnavailable) {
      try {
        const rows = await directBatch(before, EXPORT_BATCH);
        batch = { rows, next: nextBefore(rows, EXPORT_BATCH) };
      } catch (e) {
        if (!(e instanceof Unsupported)) throw e;
        console.warn(`the parcel export reads through Prisma: ${e.message} has no plain reading`);
        directUnavailable = true;
      }
    }
    batch ??= await prismaBatch(search, before, EXPORT_BATCH);
    if (batch.rows.length) yield batch.rows;
    if (batch.next === null) return;
    before = batch.next;
  }
}

/** The CSV as a stream, and the file name it is offered under. */
export function parcelsCsv(search?: string): { filename: string; stream: Readable } {
  return { filename: `parcels-${new Date().toISOString().slice(0, 10)}.csv`, stream: csvStream(CSV_COLUMNS, exportBatches(search)) };
}
