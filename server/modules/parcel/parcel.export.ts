import { Readable } from "node:stream";
import { db } from "../../db/index.js";
import { parcelWhere } from "./parcel.service.js";

/**
 * The parcel list as CSV for spreadsheets: one row per parcel (newest first, the list's search
 * applied), every stored field but the image bytes' internals and secrets, history entries counted.
 * Streamed in batches, so a million parcels never sit in memory at once. Text cells that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) are prefixed with ' (CSV
 * injection); numbers and dates are written as they are.
 */
export const CSV_COLUMNS = [
  "tracking_code", "recipient_name", "recipient_email", "recipient_phone_number", "recipient_postcode", "destination",
  "current_location", "status", "status_code", "status_reason", "weight", "shipped_via", "sender_name", "sender_email",
  "pickup_location", "parcel_content", "declared_value", "min_expected_delivery_date", "max_expected_delivery_date",
  "show_map", "map_zoom", "map_current_latitude", "map_current_longitude", "map_pickup_latitude", "map_pickup_longitude",
  "map_destination_latitude", "map_destination_longitude", "notify_recipient", "recipient_language", "protect_details",
  "image", "history_entries", "created_at", "updated_at",
] as const;

const BATCH = 1000;

export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function* rows(search: string | undefined): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${CSV_COLUMNS.join(",")}\r\n`;
  const where = parcelWhere(search);
  let cursor: number | undefined;
  for (;;) {
    const batch = await db().parcel.findMany({
      where,
      orderBy: { id: "desc" },
      take: BATCH,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      include: { _count: { select: { history: true } } },
    });
    if (batch.length === 0) return;
    let out = "";
    for (const p of batch) {
      const row = { ...p, history_entries: p._count.history } as Record<string, unknown>;
      out += CSV_COLUMNS.map((c) => csvCell(row[c])).join(",") + "\r\n";
    }
    yield out;
    if (batch.length < BATCH) return;
    cursor = batch[batch.length - 1].id;
  }
}

/** The CSV as a stream, and the file name it is offered under. */
export function parcelsCsv(search?: string): { filename: string; stream: Readable } {
  return { filename: `parcels-${new Date().toISOString().slice(0, 10)}.csv`, stream: Readable.from(rows(search)) };
}
