import type { LiveState } from "../dispatch/live.js";
import { addDerivedTime, copyWithout, INTERNAL_ENTRY_FIELDS, withDerivedTime } from "./history.js";
import { parseAddress, publicPlace } from "../address/address.rules.js";
import type { ParcelRow } from "./parcel.reader.js";
import { coarse, maskName, maskSecrets, staleAfterDays, townAndCountry } from "./status.rules.js";
import { codDueOf } from "../../../shared/modules/cod/cod.rules.js";

/**
 * What a parcel row looks like to the admin (adminView) and to anyone with its code (publicView):
 * pure functions of the row, no reads. The public view is what the view cache keeps (view-cache.ts).
 */

const PRIVATE_FIELDS = [
  "recipient_email",
  "recipient_phone_number",
  "sender_email",
  "recipient_postcode",
  "notify_recipient",
  "recipient_language",
  "recipient_unsubscribed",
  "protect_details",
  // The recipient's message channels (contract section 13): theirs, not anyone's with the code.
  "recipient_channels",
] as const;
// Internal: the cache's version counter and the link secrets are nobody's business; the proof's
// columns reach the public only as delivery_proof, the admin's rescheduling switch as reschedule_allowed.
const INTERNAL_FIELDS = [
  "version",
  "unsubscribe_token",
  "reschedule_token_hash",
  "allow_reschedule",
  "rescheduled_at",
  "delivery_receiver_name",
  "delivery_signature",
  "delivery_photo",
  "delivery_left_at",
  "delivered_at",
  "delivery_recorded_by",
  // How the destination's point was found (exact or only its city): for the staff's board.
  "destination_located",
  // Cash on delivery: the public sees cod_due (while due, and not under the privacy tier) instead.
  "cod_amount",
  "cod_currency",
] as const;
const PLACES = ["destination", "pickup_location", "current_location"] as const;
const FREE_TEXT = ["status", "status_reason", "parcel_content", "shipped_via"] as const;
const COORDINATES = [
  "map_current_latitude",
  "map_current_longitude",
  "map_pickup_latitude",
  "map_pickup_longitude",
  "map_destination_latitude",
  "map_destination_longitude",
] as const;

/** When the parcel last moved: its newest history entry (back-dated ones included), or its creation when it has none. */
const lastEventAt = (row: ParcelRow) =>
  row.history.length ? row.history.reduce((t, a) => (a.created_at > t ? a.created_at : t), row.history[0].created_at) : row.created_at;

/** Where an uploaded image is served, relative to the site (webhooks and e-mails make it absolute). */
const imagePath = (name: string | null) => (name ? `/uploads/images/${encodeURIComponent(name)}` : null);

/** The proof of delivery, once one is recorded (server/modules/delivery). */
export function deliveryProofOf(row: {
  delivered_at: Date | null;
  delivery_receiver_name: string | null;
  delivery_signature: string | null;
  delivery_photo: string | null;
  delivery_left_at: string | null;
}) {
  if (!row.delivered_at) return null;
  return {
    receiver_name: row.delivery_receiver_name,
    signature_url: imagePath(row.delivery_signature),
    photo_url: imagePath(row.delivery_photo),
    delivered_at: row.delivered_at,
    left_at: row.delivery_left_at,
  };
}

const SECRETS = new Set(["unsubscribe_token", "reschedule_token_hash"]);
/** What the public view leaves out of the row (the history entries' own fields are left out by INTERNAL_ENTRY_FIELDS). */
const NOT_PUBLIC = new Set<string>([...PRIVATE_FIELDS, ...INTERNAL_FIELDS, ...SECRETS]);

/** The parcel's derived fields, the same in both views. */
function derived(row: ParcelRow) {
  return {
    last_event_at: lastEventAt(row),
    quiet_after_days: staleAfterDays(),
    // Failed attempts are counted from the history, so editing or deleting an entry keeps the count right.
    delivery_attempts: row.history.reduce((n, a) => (a.status_code === "delivery_failed" ? n + 1 : n), 0),
    delivery_proof: deliveryProofOf(row),
    reschedule_allowed: row.allow_reschedule && row.status_code === "delivery_failed",
    // Cash on delivery: what the recipient is to pay at the door, while it is still to be collected.
    cod_due: codDueOf(row),
  };
}

export function adminView(row: ParcelRow) {
  const d = derived(row);
  const { unsubscribe_token: _secret, reschedule_token_hash: _hash, ...rest } = row;
  return {
    ...rest,
    // The channels the recipient chose on the tracking page (kept comma-separated): null while they chose none.
    recipient_channels: row.recipient_channels == null ? null : row.recipient_channels.split(",").filter(Boolean),
    recipient_address: parseAddress(row.recipient_address),
    sender_address: parseAddress(row.sender_address),
    history: row.history.map(withDerivedTime),
    last_event_at: d.last_event_at,
    quiet_after_days: d.quiet_after_days,
    details_protected: false,
    delivery_attempts: d.delivery_attempts,
    delivery_proof: d.delivery_proof,
    reschedule_allowed: d.reschedule_allowed,
    cod_due: d.cod_due,
  };
}
export type AdminView = ReturnType<typeof adminView>;
export type HistoryEntry = AdminView["history"][number];

/**
 * The parcel without the recipient's and sender's contact details. With protect_details on,
 * the code alone shows status, history and coarse places (details_protected: true): names
 * masked, image left out, coordinates rounded, places only as town and country, and no e-mail
 * or postcode anywhere in the admin's words (so nothing shown unlocks it); the full view needs
 * the second factor.
 *
 * Built on every cache miss of a look-up, so it is written for speed: the admin view's fields in the
 * same order, copied once (no spreads, rest destructuring or deletes, which cost several times as much
 * and leave the cached object slow to read for every hit). view-shape.test.ts holds it equal to the
 * admin view with the private fields taken out.
 */
export function publicView(row: ParcelRow, unlocked = false, live: LiveState | null = null) {
  const masked = row.protect_details && !unlocked;
  const secret = (t: string | null) => maskSecrets(t, row.recipient_postcode, row.recipient_email);
  const d = derived(row);
  const view = copyWithout(row, NOT_PUBLIC);
  // The privacy tier: of a structured address, only its city and country.
  view.recipient_address = publicPlace(parseAddress(row.recipient_address));
  view.sender_address = publicPlace(parseAddress(row.sender_address));
  view.history = row.history.map((a) => {
    const e = addDerivedTime(copyWithout(a, INTERNAL_ENTRY_FIELDS), a.created_at);
    // Who added an entry is for the control panel only.
    e.created_by_kind = null;
    e.created_by_name = null;
    if (masked) {
      e.title = secret(a.title) ?? "";
      e.description = secret(a.description) ?? "";
      e.status_reason = secret(a.status_reason);
    }
    e.created_at = a.created_at.toISOString();
    e.updated_at = a.updated_at.toISOString();
    return e;
  });
  // Times as ISO strings, written once here for the life of the cached view: both doors send them as they are.
  view.created_at = row.created_at.toISOString();
  view.updated_at = row.updated_at.toISOString();
  view.last_event_at = d.last_event_at.toISOString();
  view.quiet_after_days = d.quiet_after_days;
  view.details_protected = masked;
  view.delivery_attempts = d.delivery_attempts;
  view.delivery_proof = masked ? null : d.delivery_proof;
  view.reschedule_allowed = d.reschedule_allowed;
  // Under the privacy tier the code alone does not tell what is to be paid.
  view.cod_due = masked ? null : d.cod_due;
  if (masked) {
    view.recipient_name = maskName(row.recipient_name);
    view.sender_name = maskName(row.sender_name);
    view.image = null;
    for (const k of COORDINATES) view[k] = coarse(row[k]);
    for (const k of PLACES) view[k] = townAndCountry(row[k], row.recipient_postcode, row.recipient_email);
    for (const k of FREE_TEXT) view[k] = secret(row[k]);
  }
  // The delivery day (api-contract.md section 11): under the privacy tier without the second factor, the window alone.
  view.live = !live ? null : masked ? { window: live.window } : live;
  type Iso<T> = Omit<T, "created_at" | "updated_at"> & { created_at: string; updated_at: string };
  type Admin = Omit<AdminView, (typeof PRIVATE_FIELDS)[number] | (typeof INTERNAL_FIELDS)[number]>;
  return view as Omit<Iso<Admin>, "last_event_at" | "history"> & { last_event_at: string; history: Iso<Admin["history"][number]>[]; live: LiveState | null };
}
export type PublicView = ReturnType<typeof publicView>;
