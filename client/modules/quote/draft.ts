import type { ParcelDraft, PlaceDraft } from "./shipment";

/**
 * What "Ship now" carries from /quote to the new shipment: the quote's places, parcels and service, and the
 * name and company typed at sign-up (the sender). It must outlive the sign-in or sign-up and the mailed
 * verification link, which opens in another tab: so it is kept in localStorage (shared by the site's tabs),
 * for as long as that link works. A booking, a sign-out or a new Ship now replaces or drops it.
 */
export interface ShipmentDraft {
  from?: PlaceDraft;
  to?: PlaceDraft;
  parcels?: ParcelDraft[];
  service?: string;
  sender?: { name: string; company: string };
}

const KEY = "courier-shipment-draft";
/** The verification link's lifetime (VERIFY_HOURS on the server). */
const KEEP_MS = 72 * 3600_000;
const MAX_PARCELS = 50;
const MAX_TEXT = 200;

/** The store, or none (private mode, a server render): the shipment then starts empty. */
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const defaultStore = (): Store | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

// What is read back is checked field by field: the store is the visitor's to change, and an older build may have written it.
const text = (v: unknown): string => (typeof v === "string" ? v.slice(0, MAX_TEXT) : "");
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const place = (v: unknown): PlaceDraft | undefined => {
  const o = obj(v);
  return o ? { country: text(o.country), postcode: text(o.postcode), city: text(o.city) } : undefined;
};
const parcel = (v: unknown): ParcelDraft => {
  const o = obj(v) ?? {};
  return { weight_kg: text(o.weight_kg), length_cm: text(o.length_cm), width_cm: text(o.width_cm), height_cm: text(o.height_cm) };
};

function parse(raw: string | null, now: number): ShipmentDraft | null {
  if (!raw) return null;
  let o: Record<string, unknown> | null;
  try {
    o = obj(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!o || typeof o.saved_at !== "number" || !(now - o.saved_at < KEEP_MS && o.saved_at <= now)) return null;
  const d: ShipmentDraft = {};
  const from = place(o.from);
  const to = place(o.to);
  if (from && to) Object.assign(d, { from, to });
  if (Array.isArray(o.parcels) && o.parcels.length) d.parcels = o.parcels.slice(0, MAX_PARCELS).map(parcel);
  if (typeof o.service === "string") d.service = text(o.service);
  const sender = obj(o.sender);
  if (sender) d.sender = { name: text(sender.name), company: text(sender.company) };
  return Object.keys(d).length ? d : null;
}

/** The kept draft, if any and not older than the verification link. */
export function readDraft(store = defaultStore(), now = Date.now()): ShipmentDraft | null {
  try {
    return parse(store?.getItem(KEY) ?? null, now);
  } catch {
    return null;
  }
}

function write(d: ShipmentDraft, store: Store | null, now: number): void {
  try {
    store?.setItem(KEY, JSON.stringify({ ...d, saved_at: now }));
  } catch {
    /* full or refused: the shipment starts empty */
  }
}

/** Ship now: this quote, replacing any other (a sender typed at an earlier sign-up stays). */
export function saveQuoteDraft(q: Required<Pick<ShipmentDraft, "from" | "to" | "parcels" | "service">>, store = defaultStore(), now = Date.now()): void {
  const sender = readDraft(store, now)?.sender;
  write({ ...q, ...(sender ? { sender } : {}) }, store, now);
}

/** The sign-up: the name and company just typed, for the sender of the first shipment. */
export function saveSenderDraft(sender: { name: string; company: string }, store = defaultStore(), now = Date.now()): void {
  write({ ...readDraft(store, now), sender }, store, now);
}

/** Booked, or signed out: nothing is carried any more. */
export function dropDraft(store = defaultStore()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** Whether a quote waits for its booking (the sign-in and sign-up say why they are asked). */
export const hasQuote = (d: ShipmentDraft | null): boolean => Boolean(d?.from && d.to && d.parcels?.length);
