import type { TFunction } from "i18next";
import { fieldLabel, readableMessage } from "../../fieldLabels";
import { number } from "../../time";
import { codMessage, NS } from "./cod";

/** The columns of the export, as the import reads them (server/modules/parcel/parcel.export.ts CSV_COLUMNS), with what each takes. */
export const IMPORT_COLUMNS: [column: string, note: string | null][] = [
  ["tracking_code", "code"],
  ["recipient_name", "required"],
  ["recipient_email", null],
  ["recipient_phone_number", null],
  ["recipient_postcode", null],
  ["destination", "required"],
  ["current_location", null],
  ["status", null],
  ["status_code", "status"],
  ["status_reason", null],
  ["weight", "number"],
  ["shipped_via", null],
  ["sender_name", null],
  ["sender_email", null],
  ["pickup_location", null],
  ["parcel_content", null],
  ["declared_value", "number"],
  ["cod_amount", "cod"],
  ["min_expected_delivery_date", "date"],
  ["max_expected_delivery_date", "date"],
  ["show_map", "yesNo"],
  ["map_zoom", "zoom"],
  ["map_current_latitude", "number"],
  ["map_current_longitude", "number"],
  ["map_pickup_latitude", "number"],
  ["map_pickup_longitude", "number"],
  ["map_destination_latitude", "number"],
  ["map_destination_longitude", "number"],
  ["notify_recipient", "bool"],
  ["recipient_language", "language"],
  ["protect_details", "bool"],
  ["image", "ignored"],
  ["history_entries", "ignored"],
  ["created_at", "ignored"],
  ["updated_at", "ignored"],
];

const COLUMN = /^([a-z][a-z0-9_]*) /;
const TWICE = /^tracking_code (\S+) is already on row (\d+) of this file$/;
const CELLS = /^the row has (\d+) cells, the header (\d+)$/;

/**
 * One of the server's per-row messages in the member's language, the column named as the CSV names it and as the
 * screens label it ("… (column cod_amount)"); the import's own refusals and cash on delivery's said in full, the rest
 * with their fields named in the language (readableMessage).
 */
export function rowError(t: TFunction, message: string, currency: string): string {
  let m = TWICE.exec(message);
  if (m) return t("import.errors.twice", { ns: NS, code: m[1], row: number(Number(m[2])) });
  m = CELLS.exec(message);
  if (m) return t("import.errors.cells", { ns: NS, cells: number(Number(m[1])), header: number(Number(m[2])) });
  if (message === "tracking_code is already taken") return t("import.errors.taken", { ns: NS, field: fieldLabel("tracking_code"), column: "tracking_code" });
  if (message === "the parcel was deleted meanwhile; please import the row again") return t("import.errors.deleted", { ns: NS });
  const column = COLUMN.exec(message)?.[1];
  const text = codMessage(t, message, currency, "minor") ?? readableMessage(message);
  return column && column !== "the" ? t("import.errors.column", { ns: NS, text, column }) : text;
}
