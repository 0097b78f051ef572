import { db, containsText } from "../../db/index.js";
import { ViewCache } from "../../core/cache.js";
import { cacheGeneration, invalidate, onInvalidate, trusted } from "../../core/bus.js";
import { readParcelVersion, readParcelWithHistory } from "./parcel.reader.js";
import { AppError, badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { blankToNull } from "../../core/validation.js";
import { paged, type PageArgs } from "../common/paging.js";
import { withDerivedTime } from "../activity/activity.rules.js";
import { removeImage, saveImage, type IncomingFile } from "../upload/upload.service.js";
import { PARCEL_NULLABLE, type CreateParcelInput, type UpdateParcelInput } from "./parcel.input.js";
import { coarse, FINAL_STATUSES, maskName, maskSecrets, secondFactorMatches, staleAfterDays, STATUS_RULES, townAndCountry, type StatusCode } from "./status.rules.js";
import { limit } from "../../core/ratelimit.js";
import { config } from "../../core/config.js";
import { couldBeProposedCode, proposeCode } from "./tracking-code.js";
import { emitEvent } from "../webhook/webhook.service.js";
import { siteUrl } from "../notification/notification.service.js";

const PRIVATE_FIELDS = [
  "recipient_email", "recipient_phone_number", "sender_email", "recipient_postcode",
  "notify_recipient", "recipient_language", "recipient_unsubscribed", "protect_details",
] as const;
// Internal: the cache's version counter and the unsubscribe secret are nobody's business; the proof's
// columns reach the public only as delivery_proof, the admin's rescheduling switch as reschedule_allowed.
const INTERNAL_FIELDS = [
  "version", "unsubscribe_token", "allow_reschedule", "rescheduled_at", "delivery_receiver_name", "delivery_signature",
  "delivery_photo", "delivery_left_at", "delivered_at", "delivery_recorded_by",
] as const;
export const historyOrder = { orderBy: [{ created_at: "asc" as const }, { id: "asc" as const }] };

type Row = NonNullable<Awaited<ReturnType<typeof findByCode>>>;

function findByCode(code: string) {
  return db().parcel.findUnique({ where: { tracking_code: code }, include: { history: historyOrder } });
}

/** When the parcel last moved: its newest history entry (back-dated ones included), or its creation when it has none. */
const lastEventAt = (row: Row) =>
  row.history.length ? row.history.reduce((t, a) => (a.created_at > t ? a.created_at : t), row.history[0].created_at) : row.created_at;

/** Where an uploaded image is served, relative to the site (webhooks and e-mails make it absolute). */
const imagePath = (name: string | null) => (name ? `/uploads/images/${encodeURIComponent(name)}` : null);

/** The proof of delivery, once one is recorded (server/modules/delivery). */
export function deliveryProofOf(row: {
  delivered_at: Date | null; delivery_receiver_name: string | null; delivery_signature: string | null;
  delivery_photo: string | null; delivery_left_at: string | null;
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
export type DeliveryProofView = NonNullable<ReturnType<typeof deliveryProofOf>>;

export function adminView(row: Row) {
  const { unsubscribe_token: _secret, ...rest } = row;
  return {
    ...rest,
    history: row.history.map(withDerivedTime),
    last_event_at: lastEventAt(row),
    quiet_after_days: staleAfterDays(),
    details_protected: false,
    // Failed attempts are counted from the history, so editing or deleting an entry keeps the count right.
    delivery_attempts: row.history.reduce((n, a) => (a.status_code === "delivery_failed" ? n + 1 : n), 0),
    delivery_proof: deliveryProofOf(row),
    reschedule_allowed: row.allow_reschedule && row.status_code === "delivery_failed",
  };
}

/**
 * The parcel without the recipient's and sender's contact details. With protect_details on,
 * the code alone shows status, history and coarse places (details_protected: true): names
 * masked, image left out, coordinates rounded, places only as town and country, and no e-mail
 * or postcode anywhere in the admin's words (so nothing shown unlocks it); the full view needs
 * the second factor.
 */
export function publicView(row: Row, unlocked = false) {
  const admin = adminView(row);
  const view: Record<string, unknown> = admin;
  for (const f of [...PRIVATE_FIELDS, ...INTERNAL_FIELDS]) delete view[f];
  // Who added an entry is for the control panel only.
  view.history = (view.history as HistoryEntry[]).map((a) => ({ ...a, created_by_kind: null, created_by_name: null }));
  if (row.protect_details && !unlocked) {
    const secret = (t: string | null) => maskSecrets(t, row.recipient_postcode, row.recipient_email);
    view.details_protected = true;
    view.recipient_name = maskName(row.recipient_name);
    view.sender_name = maskName(row.sender_name);
    view.image = null;
    view.delivery_proof = null;
    for (const k of COORDINATES) view[k] = coarse(row[k]);
    for (const k of PLACES) view[k] = townAndCountry(row[k], row.recipient_postcode, row.recipient_email);
    for (const k of FREE_TEXT) view[k] = secret(row[k]);
    view.history = (view.history as HistoryEntry[]).map((a) => ({
      ...a, title: secret(a.title) ?? "", description: secret(a.description) ?? "", status_reason: secret(a.status_reason),
    }));
  }
  // Times as ISO strings, written once here for the life of the cached view: both doors send them as they are.
  view.created_at = row.created_at.toISOString();
  view.updated_at = row.updated_at.toISOString();
  view.last_event_at = admin.last_event_at.toISOString();
  view.history = admin.history.map((a) => ({ ...a, created_at: a.created_at.toISOString(), updated_at: a.updated_at.toISOString() }));
  type Iso<T> = Omit<T, "created_at" | "updated_at"> & { created_at: string; updated_at: string };
  type Admin = Omit<ReturnType<typeof adminView>, (typeof PRIVATE_FIELDS)[number] | (typeof INTERNAL_FIELDS)[number]>;
  return view as Omit<Iso<Admin>, "last_event_at" | "history"> & { last_event_at: string; history: Iso<Admin["history"][number]>[] };
}
const PLACES = ["destination", "pickup_location", "current_location"] as const;
const FREE_TEXT = ["status", "status_reason", "parcel_content", "shipped_via"] as const;
const COORDINATES = [
  "map_current_latitude", "map_current_longitude", "map_pickup_latitude",
  "map_pickup_longitude", "map_destination_latitude", "map_destination_longitude",
] as const;

function normalizeCode(code: unknown): string {
  return typeof code === "string" ? code.trim() : "";
}
const CODE = /^[A-Za-z0-9-]{1,64}$/;

type PublicView = ReturnType<typeof publicView>;
/**
 * Public views by tracking code, shared by both doors, and codes known not to exist. Every write
 * of a parcel or its history calls forgetParcel, which evicts the codes here and, on PostgreSQL,
 * in every other process (server/core/bus.ts). While that cross-process channel is down, a hit
 * is used only when the parcel's version column still matches (one indexed read).
 */
const publicCache = new ViewCache<PublicView>(Number(process.env.PARCEL_CACHE_SIZE || 50_000));
const MISSING = -1;
const missingCache = new ViewCache<true>(Number(process.env.PARCEL_MISSING_CACHE_SIZE || 20_000));
onInvalidate("parcel", (codes) => {
  if (codes === "all") {
    publicCache.clear();
    missingCache.clear();
  } else {
    for (const c of codes) {
      publicCache.delete(c);
      missingCache.delete(c);
    }
  }
});

async function currentVersion(code: string): Promise<number> {
  const direct = await readParcelVersion(code);
  if (direct !== undefined) return direct ?? MISSING;
  const v = await db().parcel.findUnique({ where: { tracking_code: code }, select: { version: true } });
  return v ? v.version : MISSING;
}

/** The row behind a public view: plain driver reads (parcel.reader.ts), else Prisma. */
async function loadRow(code: string): Promise<Row | null> {
  const row = await readParcelWithHistory(code);
  return row === undefined ? findByCode(code) : (row as unknown as Row | null);
}

const serialized = new WeakMap<PublicView, string>();
/** The public view as JSON, serialized once per cached view (the REST door sends it as it is). */
export async function trackParcelJson(code: unknown): Promise<string> {
  const view = await trackParcel(code);
  let json = serialized.get(view);
  if (json === undefined) serialized.set(view, (json = JSON.stringify(view)));
  return json;
}

/** Evicts the codes' cached views here and in every other process; call it after each write of a parcel or its history. */
export function forgetParcel(...codes: string[]): Promise<void> {
  return invalidate("parcel", codes);
}

/** After writes that name no codes (the demo seed). */
export function forgetAllParcels(): Promise<void> {
  return invalidate("parcel", "all");
}

export async function trackParcel(code: unknown): Promise<PublicView> {
  const c = normalizeCode(code);
  if (!c) throw badInput("tracking_code is required");
  // Anything that cannot be a tracking code is simply not found (and never reaches the database),
  // nor can a code of the proposed shape whose check character is wrong.
  if (!CODE.test(c) || !couldBeProposedCode(c, config().trackingPrefix)) throw notFound("Tracking code not found");
  const version = trusted() ? undefined : await currentVersion(c);
  if (version === MISSING || (version === undefined && missingCache.get(c))) throw notFound("Tracking code not found");
  const hit = publicCache.get(c, version);
  if (hit) return hit;
  // A write that lands while this read runs must not leave its old state in the cache.
  const generation = cacheGeneration();
  const row = await loadRow(c);
  const keep = generation === cacheGeneration();
  if (!row) {
    if (keep) missingCache.set(c, true, 0);
    throw notFound("Tracking code not found");
  }
  const view = publicView(row);
  if (keep) publicCache.set(c, view, row.version);
  return view;
}

/** A fresh unguessable code for Create Parcel (the admin may keep or replace it), not yet taken. */
export async function proposeTrackingCode(): Promise<string> {
  for (;;) {
    const code = proposeCode(config().trackingPrefix);
    if (!(await db().parcel.findUnique({ where: { tracking_code: code }, select: { id: true } }))) return code;
  }
}

export async function getParcel(code: unknown) {
  const c = normalizeCode(code);
  const row = CODE.test(c) ? await findByCode(c) : null;
  if (!row) throw notFound("Parcel not found");
  return adminView(row);
}

/** Admin views of several parcels in one read (the webhooks' payloads after a batch of entries). */
export async function parcelViews(ids: number[]) {
  if (!ids.length) return [];
  return (await db().parcel.findMany({ where: { id: { in: ids } }, include: { history: historyOrder } })).map(adminView);
}

export async function getParcelById(id: number) {
  const row = await db().parcel.findUnique({ where: { id }, include: { history: historyOrder } });
  if (!row) throw notFound("Parcel not found");
  return adminView(row);
}

/** The list's search: tracking code, recipient or destination containing the text, case-insensitively. */
export function parcelWhere(search: string | undefined): Record<string, unknown> {
  const s = search?.trim();
  return s ? { OR: [{ tracking_code: containsText(s) }, { recipient_name: containsText(s) }, { destination: containsText(s) }] } : {};
}

export function listParcels(args: PageArgs & { stale_days?: number; to_reschedule?: boolean }) {
  const where = parcelWhere(args.search);
  // Waiting for a new delivery attempt: the last attempt failed (the recipient's choice, if any, is on the parcel).
  if (args.to_reschedule) where.status_code = "delivery_failed";
  if (args.stale_days) {
    // Quiet parcels: still on their way, and nothing new for stale_days days.
    const cutoff = new Date(Date.now() - args.stale_days * 24 * 3600_000);
    where.AND = [
      // Like last_event_at: the newest entry, or the creation when there is none.
      { OR: [{ created_at: { lt: cutoff } }, { history: { some: {} } }] },
      { history: { none: { created_at: { gte: cutoff } } } },
      { OR: [{ status_code: null }, { status_code: { notIn: [...FINAL_STATUSES] } }] },
    ];
  }
  return paged(
    "/api/parcels",
    args,
    () => db().parcel.count({ where }),
    async (skip, take) =>
      (await db().parcel.findMany({ where, skip, take, orderBy: { id: "desc" }, include: { history: historyOrder } })).map(adminView),
    { stale_days: args.stale_days, to_reschedule: args.to_reschedule ? "true" : undefined },
  );
}

/** Business rules of a parcel's fields taken together (create, update and import). */
export function checkMap(merged: { show_map?: string | null; map_current_latitude?: number | null; map_current_longitude?: number | null }) {
  if (merged.show_map !== "yes") return;
  const missing: string[] = [];
  if (merged.map_current_latitude == null) missing.push("map_current_latitude is required when show_map is yes");
  if (merged.map_current_longitude == null) missing.push("map_current_longitude is required when show_map is yes");
  if (missing.length) throw badInput(missing);
}

export function checkWindow(merged: { min_expected_delivery_date?: string | null; max_expected_delivery_date?: string | null }) {
  const { min_expected_delivery_date: a, max_expected_delivery_date: b } = merged;
  if (a && b && a > b) throw badInput("max_expected_delivery_date must not be before min_expected_delivery_date");
}

export async function createParcel(input: CreateParcelInput) {
  const data = blankToNull({ ...input } as Record<string, unknown>, PARCEL_NULLABLE) as unknown as CreateParcelInput;
  data.tracking_code = data.tracking_code.trim();
  checkMap(data);
  checkWindow(data);
  try {
    const row = await db().parcel.create({ data: data as never, include: { history: historyOrder } });
    await forgetParcel(row.tracking_code);
    const view = adminView(row);
    emitEvent("parcel.created", { parcel: view });
    if (row.status_code) statusEvents(view, null);
    return view;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("tracking_code is already taken");
    throw e;
  }
}

export async function updateParcel(input: UpdateParcelInput) {
  const { id, ...rest } = input;
  const existing = await db().parcel.findUnique({ where: { id } });
  if (!existing) throw notFound("Parcel not found");
  const data = blankToNull({ ...rest } as Record<string, unknown>, PARCEL_NULLABLE);
  for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
  if (typeof data.tracking_code === "string") data.tracking_code = data.tracking_code.trim();
  const merged = { ...existing, ...data };
  checkMap(merged);
  checkWindow(merged);
  try {
    const row = await db().parcel.update({ where: { id }, data: { ...data, version: { increment: 1 } }, include: { history: historyOrder } });
    await forgetParcel(existing.tracking_code, row.tracking_code);
    const view = adminView(row);
    if (row.status_code && row.status_code !== existing.status_code) statusEvents(view, null);
    return view;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("tracking_code is already taken");
    throw e;
  }
}

export async function setParcelImage(id: number, file: IncomingFile | null | undefined) {
  const existing = await db().parcel.findUnique({ where: { id } });
  if (!existing) throw notFound("Parcel not found");
  const name = await saveImage(file);
  const row = await db().parcel.update({ where: { id }, data: { image: name, version: { increment: 1 } }, include: { history: historyOrder } });
  await forgetParcel(row.tracking_code);
  if (existing.image) await removeImage(existing.image);
  return adminView(row);
}

export async function deleteParcel(id: number) {
  const existing = await db().parcel.findUnique({ where: { id } });
  if (!existing) throw notFound("Parcel not found");
  await db().parcel.delete({ where: { id } });
  await forgetParcel(existing.tracking_code);
  if (existing.image) await removeImage(existing.image);
}

type AdminView = ReturnType<typeof adminView>;
type HistoryEntry = AdminView["history"][number];

/** The parcel as webhooks carry it: the proof's images as absolute links (never bytes). */
export function forWebhook(parcel: AdminView) {
  const proof = parcel.delivery_proof;
  if (!proof) return parcel;
  const abs = (u: string | null) => (u ? `${siteUrl()}${u}` : null);
  return { ...parcel, delivery_proof: { ...proof, signature_url: abs(proof.signature_url), photo_url: abs(proof.photo_url) } };
}

/** Webhook events of a new status: status.changed, and parcel.delivered when it is delivered. */
export function statusEvents(parcel: AdminView, activity: HistoryEntry | null): void {
  const sent = forWebhook(parcel);
  emitEvent("status.changed", { parcel: sent, activity, status_code: parcel.status_code, status_reason: parcel.status_reason });
  if (parcel.status_code === "delivered") emitEvent("parcel.delivered", { parcel: sent, activity });
}

/**
 * A history entry with a status code moves the parcel's status when it is the newest entry
 * (a back-dated entry records the past). Returns the parcel's admin view and whether the status changed.
 */
export async function applyHistoryStatus(parcelId: number, entry: { status_code: string | null; status_reason: string | null; created_at: Date }) {
  const row = await db().parcel.findUnique({ where: { id: parcelId }, include: { history: historyOrder } });
  if (!row) throw notFound("Parcel not found");
  const newest = row.history.every((a) => a.created_at <= entry.created_at);
  // A new failed attempt ends the recipient's earlier choice (it was for the attempt before).
  const newAttempt = newest && entry.status_code === "delivery_failed" && row.reschedule_choice !== null;
  if (!entry.status_code || !newest || (entry.status_code === row.status_code && entry.status_reason === row.status_reason && !newAttempt)) {
    return { parcel: adminView(row), changed: false };
  }
  const updated = await db().parcel.update({
    where: { id: parcelId },
    data: {
      status_code: entry.status_code,
      status_reason: entry.status_reason,
      ...(newAttempt ? { reschedule_choice: null, reschedule_date: null, rescheduled_at: null } : {}),
      version: { increment: 1 },
    },
    include: { history: historyOrder },
  });
  await forgetParcel(updated.tracking_code);
  return { parcel: adminView(updated), changed: updated.status_code !== row.status_code };
}

/**
 * The public view, unlocked by a second factor (the recipient's postcode or e-mail) when the
 * parcel protects its details. A wrong factor is refused; the anonymous view stays available.
 * Every try on a protected parcel counts against the client (`client`: its address key) and
 * against the parcel itself, so neither many addresses nor many codes in one request help.
 */
export async function trackParcelFor(code: unknown, verify: string | null | undefined, client: string) {
  const view = await trackParcel(code);
  if (!verify || !view.details_protected) return view;
  await limit("verify", client);
  await limit("verify-parcel", view.tracking_code);
  const row = await findByCode(view.tracking_code);
  if (!row) throw notFound("Tracking code not found");
  if (!secondFactorMatches(verify, row.recipient_postcode, row.recipient_email)) {
    throw badInput("verify does not match the recipient's postcode or e-mail address");
  }
  return publicView(row, true);
}

export const MAX_CODES = 20;
/** Splits "A,B C" into distinct codes: 1 to 20 of them. */
export function splitCodes(raw: unknown): string[] {
  const list = typeof raw === "string" ? raw.split(/[\s,;]+/).filter(Boolean) : Array.isArray(raw) ? raw.filter((c): c is string => typeof c === "string") : [];
  const codes = [...new Set(list.map((c) => c.trim()).filter(Boolean))];
  if (!codes.length) throw badInput("codes is required: one to 20 tracking codes");
  if (codes.length > MAX_CODES) throw badInput(`codes must hold at most ${MAX_CODES} tracking codes`);
  return codes;
}

/** How many codes a look-up asks for (what its limit charges); a list that is not valid counts once and is refused later. */
export function countCodes(raw: unknown): number {
  try {
    return splitCodes(raw).length;
  } catch {
    return 1;
  }
}

/** Several codes at once: each with its public view or its error, in the order asked. */
export async function trackMany(codes: string[], verify: string | null | undefined, client: string) {
  return Promise.all(
    codes.map(async (tracking_code) => {
      try {
        return { tracking_code, parcel: await trackParcelFor(tracking_code, verify, client), error: null };
      } catch (e) {
        // Too many guesses stops the whole request (429 with Retry-After), like a single look-up.
        if (!(e instanceof AppError) || e.status >= 500 || e.status === 429) throw e;
        return { tracking_code, parcel: null, error: e.messages[0] };
      }
    }),
  );
}

/** The recipient's unsubscribe link: stops status e-mails for this parcel. */
export async function unsubscribeRecipient(code: unknown, token: unknown) {
  const c = normalizeCode(code);
  const t = typeof token === "string" ? token.trim() : "";
  if (!CODE.test(c) || !/^[A-Za-z0-9_-]{16,100}$/.test(t)) throw notFound("This unsubscribe link is not valid");
  const row = await db().parcel.findFirst({ where: { tracking_code: c, unsubscribe_token: t }, select: { id: true } });
  if (!row) throw notFound("This unsubscribe link is not valid");
  await db().parcel.update({ where: { id: row.id }, data: { recipient_unsubscribed: true } });
  return { tracking_code: c, unsubscribed: true };
}

export { STATUS_RULES, type StatusCode };
