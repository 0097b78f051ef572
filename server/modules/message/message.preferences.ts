import { badInput, notFound } from "../../core/errors.js";
import { findByCode } from "../parcel/parcel.reader.js";
import { parcelWrites } from "../parcel/parcel.writes.js";
import { normalizeCode } from "../parcel/tracking-code.js";
import { checkSecondFactor } from "../parcel/tracking.js";
import type { MessagePreferencesInput } from "./message.input.js";

/**
 * PATCH /api/parcels/{code}/preferences: the recipient chooses the channels and the language of this
 * parcel's messages on the tracking page, once the privacy tier is unlocked: the second factor (the
 * recipient's postcode or e-mail) is required for every parcel, as for a reschedule (the code alone is
 * printed on the label). Messages queued after the choice follow it (a message is sent in the language
 * and on the channels read when it goes out).
 */
export async function savePreferences(rawCode: unknown, input: MessagePreferencesInput, client: string) {
  const code = normalizeCode(rawCode);
  const row = code ? await findByCode(code) : null;
  if (!row) throw notFound("Tracking code not found");
  const verify = input.verify?.trim();
  if (!verify) throw badInput("verify is required: the recipient's postcode or e-mail address");
  await checkSecondFactor(row, verify, client);
  const data: { recipient_channels?: string; recipient_language?: string } = {};
  if (input.channels !== undefined) data.recipient_channels = input.channels.join(",");
  if (input.language !== undefined) data.recipient_language = input.language;
  // Through the parcel's one write path (its version and cached views move: the staff view shows the language).
  if (Object.keys(data).length) await parcelWrites((w) => w.updateParcel(row, data));
  const saved = {
    tracking_code: row.tracking_code,
    recipient_channels: data.recipient_channels ?? (row as { recipient_channels?: string | null }).recipient_channels ?? null,
    recipient_language: data.recipient_language ?? row.recipient_language,
  };
  return {
    tracking_code: saved.tracking_code,
    channels: saved.recipient_channels == null ? null : saved.recipient_channels.split(",").filter(Boolean),
    language: saved.recipient_language,
  };
}
