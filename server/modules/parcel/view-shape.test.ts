import { describe, expect, it } from "vitest";
import { Prisma } from "../../db/generated/sqlite/browser.js";
import { adminView, publicView, type HistoryEntry } from "./view-shape.js";
import type { ParcelRow } from "./parcel.reader.js";
import { coarse, maskName, maskSecrets, townAndCountry } from "./status.rules.js";
import { publicPlace } from "../address/address.rules.js";

/**
 * The public view is built field by field for speed (it is made on every cache miss of a look-up); here
 * it is held to its definition: the admin view, the private and internal fields deleted, the privacy
 * tier applied, times as ISO text; the same keys in the same order (JSON text compared).
 */
function publicByDefinition(row: ParcelRow, unlocked: boolean, live: { window: unknown } | null) {
  const view: Record<string, unknown> = adminView(row);
  const left = ["recipient_email", "recipient_phone_number", "sender_email", "recipient_postcode", "notify_recipient", "recipient_language"];
  left.push("recipient_unsubscribed", "protect_details", "version", "unsubscribe_token", "reschedule_token_hash", "allow_reschedule");
  left.push("rescheduled_at", "delivery_receiver_name", "delivery_signature", "delivery_photo", "delivery_left_at", "delivered_at", "delivery_recorded_by");
  left.push("destination_located", "cod_amount", "cod_currency", "recipient_channels");
  for (const f of left) delete view[f];
  view.recipient_address = publicPlace(view.recipient_address as never);
  view.sender_address = publicPlace(view.sender_address as never);
  let history = (view.history as HistoryEntry[]).map((a) => ({ ...a, created_by_kind: null, created_by_name: null }));
  const masked = row.protect_details && !unlocked;
  if (masked) {
    const secret = (t: string | null) => maskSecrets(t, row.recipient_postcode, row.recipient_email);
    view.details_protected = true;
    view.recipient_name = maskName(row.recipient_name);
    view.sender_name = maskName(row.sender_name);
    view.image = null;
    view.delivery_proof = null;
    view.cod_due = null;
    for (const k of ["current", "pickup", "destination"] as const)
      for (const c of ["latitude", "longitude"] as const) view[`map_${k}_${c}`] = coarse(row[`map_${k}_${c}`]);
    for (const k of ["destination", "pickup_location", "current_location"] as const)
      view[k] = townAndCountry(row[k], row.recipient_postcode, row.recipient_email);
    for (const k of ["status", "status_reason", "parcel_content", "shipped_via"] as const) view[k] = secret(row[k]);
    history = history.map((a) => ({ ...a, title: secret(a.title) ?? "", description: secret(a.description) ?? "", status_reason: secret(a.status_reason) }));
  }
  view.live = !live ? null : masked ? { window: live.window } : live;
  view.created_at = row.created_at.toISOString();
  view.updated_at = row.updated_at.toISOString();
  view.last_event_at = (view.last_event_at as Date).toISOString();
  view.history = history.map((a) => ({ ...a, created_at: a.created_at.toISOString(), updated_at: a.updated_at.toISOString() }));
  return view;
}

const at = (s: string) => new Date(`2026-11-${s}Z`);
function row(over: Partial<ParcelRow> = {}): ParcelRow {
  // Every column, in the model's order, with a value of its kind (the shape both readers give).
  const r: Record<string, unknown> = {};
  for (const f of Object.values(Prisma.ParcelScalarFieldEnum)) r[f] = `${f} text`;
  Object.assign(r, {
    id: 7,
    version: 3,
    recipient_email: "ana@example.com",
    recipient_postcode: "10115",
    recipient_address: JSON.stringify({ line1: "Hauptstr. 1", postcode: "10115", city: "Berlin", country: "DE" }),
    sender_address: null,
    status: "In transit to 10115 Berlin, ana@example.com will be told",
    status_code: "delivery_failed",
    map_current_latitude: 52.52437,
    map_current_longitude: 13.41053,
    map_pickup_latitude: null,
    map_pickup_longitude: null,
    map_destination_latitude: 48.1351,
    map_destination_longitude: 11.582,
    protect_details: false,
    notify_recipient: true,
    recipient_unsubscribed: false,
    allow_reschedule: true,
    created_at: at("01T08:00:00"),
    updated_at: at("03T09:30:00"),
    last_event_at: at("03T09:30:00"),
    rescheduled_at: null,
    delivered_at: at("04T10:00:00"),
    delivery_signature: "sig.png",
    delivery_photo: null,
  });
  const history = [1, 2, 3].map((i) => {
    const a: Record<string, unknown> = {};
    for (const f of Object.values(Prisma.ActivityScalarFieldEnum)) a[f] = `${f} ${i}`;
    return Object.assign(a, {
      id: i,
      parcel_id: 7,
      status_code: i === 2 ? "delivery_failed" : "in_transit",
      description: `Left a card; call ana@example.com or 10115 (${i})`,
      created_at: at(`0${i}T0${i}:15:00`),
      updated_at: at(`0${i}T0${i}:16:00`),
    });
  });
  return { ...r, history, ...over } as unknown as ParcelRow;
}

describe("publicView", () => {
  const live = { window: { from: "10:00", to: "12:00" }, stops_before: 2, courier: { latitude: 1, longitude: 2 } } as never;
  for (const [name, r, unlocked, l] of [
    ["a parcel", row(), false, null],
    ["a parcel with its live part", row(), false, live],
    ["under the privacy tier", row({ protect_details: true }), false, live],
    ["under the privacy tier, unlocked", row({ protect_details: true }), true, live],
    ["with no history", row({ history: [] }), false, null],
  ] as const) {
    it(`is the admin view without what is private, key for key (${name})`, () => {
      expect(JSON.stringify(publicView(r, unlocked, l))).toBe(JSON.stringify(publicByDefinition(r, unlocked, l)));
    });
  }

  it("shows nothing private and does not change the row", () => {
    const r = row({ protect_details: true });
    const before = JSON.stringify(r);
    const text = JSON.stringify(publicView(r));
    expect(JSON.stringify(r)).toBe(before);
    for (const hidden of ["ana@example.com", "10115", "unsubscribe_token text", "reschedule_token_hash text", "sig.png", "created_by_id", "scan_id 1"])
      expect(text).not.toContain(hidden);
    expect(JSON.stringify(publicView(row()))).not.toContain("recipient_phone_number text");
  });

  it("shows cash on delivery as cod_due while it is to be collected, never locked, never the columns", () => {
    const due = { cod_amount: 1250, cod_currency: "EUR", status_code: "out_for_delivery" };
    const open = publicView(row(due));
    expect(open.cod_due).toEqual({ amount: 1250, currency: "EUR" });
    expect(Object.keys(open)).not.toContain("cod_amount");
    expect(Object.keys(open)).not.toContain("cod_currency");
    expect(publicView(row({ ...due, protect_details: true })).cod_due).toBeNull();
    expect(publicView(row({ ...due, protect_details: true }), true).cod_due).toEqual({ amount: 1250, currency: "EUR" });
    for (const status_code of ["delivered", "cancelled", "returned_to_sender"]) expect(publicView(row({ ...due, status_code })).cod_due).toBeNull();
    expect(publicView(row({ cod_amount: null, cod_currency: null })).cod_due).toBeNull();
  });
});
