import type { AdminParcelQuery, UpdateParcelInput } from "../../../generated/graphql";
import type { TFunction } from "i18next";
import { numberOrNull, str, textOrNull } from "../../hooks/values";
import { fieldLabel } from "../../fieldLabels";

type Parcel = AdminParcelQuery["adminParcel"];

export const TEXT_FIELDS = [
  "tracking_code",
  "recipient_name",
  "recipient_email",
  "recipient_phone_number",
  "recipient_postcode",
  "sender_name",
  "sender_email",
  "destination",
  "current_location",
  "pickup_location",
  "status",
  "status_code",
  "status_reason",
  "recipient_language",
  "shipped_via",
  "parcel_content",
  "min_expected_delivery_date",
  "max_expected_delivery_date",
  "show_map",
] as const;
export const NUMBER_FIELDS = [
  "weight",
  "declared_value",
  "map_current_latitude",
  "map_current_longitude",
  "map_pickup_latitude",
  "map_pickup_longitude",
  "map_destination_latitude",
  "map_destination_longitude",
] as const;
/** Switches, edited as "true"/"false" selects and sent as booleans. */
export const BOOL_FIELDS = ["notify_recipient", "protect_details", "allow_reschedule"] as const;
export const MAP_FIELDS = ["show_map", "map_zoom", ...NUMBER_FIELDS.filter((f) => f.startsWith("map_"))] as const;
export const REQUIRED = new Set(["tracking_code", "recipient_name", "destination", "show_map", "map_zoom"]);

export type ParcelValues = Record<(typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | (typeof BOOL_FIELDS)[number] | "map_zoom", string>;

export function valuesOf(p: Parcel): ParcelValues {
  const out = {} as ParcelValues;
  for (const f of TEXT_FIELDS) out[f] = str(p[f]);
  for (const f of NUMBER_FIELDS) out[f] = str(p[f]);
  for (const f of BOOL_FIELDS) out[f] = String(p[f]);
  out.map_zoom = str(p.map_zoom);
  return out;
}

/** The update input for the given fields: blank optional values clear the field (null). */
export function inputOf(id: number, v: Partial<ParcelValues>): UpdateParcelInput {
  const input: Record<string, unknown> = { id };
  for (const [k, raw] of Object.entries(v)) {
    if (raw === undefined) continue;
    if (k === "map_zoom") input[k] = raw.trim() === "" ? undefined : Number(raw);
    else if ((NUMBER_FIELDS as readonly string[]).includes(k)) input[k] = numberOrNull(raw);
    else if ((BOOL_FIELDS as readonly string[]).includes(k)) input[k] = raw === "true";
    else if (REQUIRED.has(k)) input[k] = raw.trim();
    else input[k] = textOrNull(raw);
  }
  return input as unknown as UpdateParcelInput;
}

/** Client-side checks the browser cannot express with step="any" (map_zoom must be whole), named as the field is labelled. */
export function zoomError(t: TFunction, v: string): string | null {
  if (v.trim() === "") return t("messages.required", { ns: "control", field: fieldLabel("map_zoom") });
  const n = Number(v);
  if (!Number.isInteger(n)) return t("update.zoomWhole", { ns: "control-parcels", field: fieldLabel("map_zoom") });
  return null;
}
