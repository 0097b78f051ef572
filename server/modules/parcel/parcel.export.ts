import type { Readable } from "node:stream";
import { csvStream } from "../common/csv.js";
import { parcelBatches } from "./parcel.service.js";

/**
 * The parcel list as CSV for spreadsheets: one row per parcel (newest first, the list's search
 * applied), every stored field but the image bytes' internals and secrets, history entries counted.
 */
export const CSV_COLUMNS = [
  "tracking_code", "recipient_name", "recipient_email", "recipient_phone_number", "recipient_postcode", "destination",
  "current_location", "status", "status_code", "status_reason", "weight", "shipped_via", "sender_name", "sender_email",
  "pickup_location", "parcel_content", "declared_value", "min_expected_delivery_date", "max_expected_delivery_date",
  "show_map", "map_zoom", "map_current_latitude", "map_current_longitude", "map_pickup_latitude", "map_pickup_longitude",
  "map_destination_latitude", "map_destination_longitude", "notify_recipient", "recipient_language", "protect_details",
  "image", "history_entries", "created_at", "updated_at",
] as const;

/** The CSV as a stream, and the file name it is offered under. */
export function parcelsCsv(search?: string): { filename: string; stream: Readable } {
  return { filename: `parcels-${new Date().toISOString().slice(0, 10)}.csv`, stream: csvStream(CSV_COLUMNS, parcelBatches(search, 1000)) };
}
