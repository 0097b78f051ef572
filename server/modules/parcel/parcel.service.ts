import crypto from "node:crypto";
import { db, containsText, direct, provider } from "../../db/index.js";
import { sqliteTime } from "../../db/sqlite-writer.js";
import { config } from "../../core/config.js";
import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { blankToNull } from "../../core/validation.js";
import { pageOf, type PageArgs, type PagingArgs } from "../common/paging.js";
import { removeImage, saveImage, type IncomingFile } from "../upload/upload.service.js";
import { emitEvent } from "../webhook/webhook.service.js";
import { historyOrder } from "./history.js";
import { PARCEL_NULLABLE, type CreateParcelInput, type UpdateParcelInput } from "./parcel.input.js";
import { statusEvents } from "./parcel.events.js";
import { findByCode, readParcelsWithHistory } from "./parcel.reader.js";
import { adminView } from "./view-shape.js";
import { forgetParcel } from "./view-cache.js";
import { FINAL_STATUSES, STATUS_CODES } from "./status.codes.js";
import { CODE_SHAPE, normalizeCode, proposeCode } from "./tracking-code.js";
import { parcelAddressFields } from "../address/address.parcel.js";

/**
 * Parcels for the staff: read, list, create, change, delete. Every write of a parcel row happens
 * here (other modules call the functions at the end: history entries, deliveries, notifications),
 * each moves the row's version and evicts its cached public view (view-cache.ts).
 */

/** A fresh unguessable code for Create Parcel (the admin may keep or replace it), not yet taken. */
export async function proposeTrackingCode(): Promise<string> {
  for (;;) {
    const code = proposeCode(config().trackingPrefix);
    if (!(await db().parcel.findUnique({ where: { tracking_code: code }, select: { id: true } }))) return code;
  }
}

export async function getParcel(code: unknown) {
  const c = normalizeCode(code);
  const row = CODE_SHAPE.test(c) ? await findByCode(c) : null;
  if (!row) throw notFound("Parcel not found");
  return adminView(row);
}

/** Admin views of several parcels in one read (the webhooks' payloads after a batch of entries). */
export async function parcelViews(ids: number[]) {
  if (!ids.length) return [];
  return (await db().parcel.findMany({ where: { id: { in: ids } }, include: { history: historyOrder } })).map(adminView);
}

/** The list's search: tracking code, recipient or destination containing the text, case-insensitively. */
export function parcelWhere(search: string | undefined): Record<string, unknown> {
  const s = search?.trim();
  return s ? { OR: [{ tracking_code: containsText(s) }, { recipient_name: containsText(s) }, { destination: containsText(s) }] } : {};
}

/** Statuses a parcel can still move on from, named (rather than "not final") so an index on status_code serves them. */
const LIVE_STATUSES = STATUS_CODES.filter((c) => !FINAL_STATUSES.includes(c));
/** A LIKE pattern for text containing `s` as it is: %, _ and the escape character match themselves (ESCAPE '\'). */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, "\\$&")}%`;
/** FTS5 trigrams need 3 characters: shorter searches read every row (their results are most rows anyway). */
const TRIGRAM = 3;

/**
 * The staff's list, newest first: the search (tracking code, recipient or destination containing the
 * text, case-insensitively, every character as itself), parcels waiting for a new delivery attempt,
 * and the stale list (still on their way, no history entry for stale_days days). Each is served by an
 * index at a million parcels: trigrams (SQLite FTS5, PostgreSQL pg_trgm) and (status_code, last_event_at).
 */
export function listParcels(args: PageArgs & { stale_days?: number; to_reschedule?: boolean }) {
  const search = args.search?.trim() || undefined;
  const cutoff = args.stale_days ? new Date(Date.now() - args.stale_days * 24 * 3600_000) : undefined;
  if (provider() === "sqlite") return listOnSqlite(args, search, cutoff);
  const and: Record<string, unknown>[] = [];
  if (search) {
    const text = { contains: search.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" as const };
    and.push({ OR: [{ tracking_code: text }, { recipient_name: text }, { destination: text }] });
  }
  // Waiting for a new delivery attempt: the last attempt failed (the recipient's choice, if any, is on the parcel).
  if (args.to_reschedule) and.push({ status_code: "delivery_failed" });
  if (cutoff) and.push({ last_event_at: { lt: cutoff } }, { OR: [{ status_code: null }, { status_code: { in: LIVE_STATUSES } }] });
  const where = { AND: and };
  return pageOf(
    args,
    () => db().parcel.count({ where }),
    async (skip, take) => pageRows(await db().parcel.findMany({ where, skip, take, orderBy: { id: "desc" }, select: { id: true } })),
  );
}

/**
 * The same list on SQLite: the count and the page's ids by prepared statements (FTS5 MATCH has no
 * Prisma form), then the page's rows. A printable ASCII search is answered by the trigram index alone
 * (it matches exactly what LIKE matches there); other text is checked by LIKE too, which folds ASCII
 * case only, as before.
 */
function listOnSqlite(args: PagingArgs & { to_reschedule?: boolean }, search: string | undefined, cutoff: Date | undefined) {
  const d = config().directReads ? direct() : { rows: (sql: string, params: unknown[]) => db().$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params) };
  const conditions: string[] = [];
  const params: unknown[] = [];
  const phrase = search && [...search].length >= TRIGRAM ? `"${search.replace(/"/g, '""')}"` : undefined;
  if (phrase && /^[\x20-\x7e]+$/.test(search!) && !args.to_reschedule && !cutoff) {
    return pageOf(
      args,
      async () => Number((await d.rows(`SELECT count(*) AS "n" FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ?`, [phrase]))[0].n),
      async (skip, take) =>
        pageRows(
          await d.rows(`SELECT rowid AS "id" FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?`, [phrase, take, skip]),
        ),
    );
  }
  if (search) {
    if (phrase) {
      conditions.push(`p."id" IN (SELECT rowid FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ?)`);
      params.push(phrase);
    }
    conditions.push(`(p."tracking_code" LIKE ? ESCAPE '\\' OR p."recipient_name" LIKE ? ESCAPE '\\' OR p."destination" LIKE ? ESCAPE '\\')`);
    params.push(containing(search), containing(search), containing(search));
  }
  if (args.to_reschedule) conditions.push(`p."status_code" = 'delivery_failed'`);
  if (cutoff) {
    conditions.push(`p."last_event_at" < ?`, `(p."status_code" IS NULL OR p."status_code" IN (${LIVE_STATUSES.map(() => "?").join(", ")}))`);
    params.push(sqliteTime(cutoff), ...LIVE_STATUSES);
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  let counted: Promise<number> | undefined;
  const count = () => (counted ??= d.rows(`SELECT count(*) AS "n" FROM "Parcel" p ${where}`, params).then((r) => Number(r[0].n)));
  return pageOf(args, count, async (skip, take) => {
    let sql = `SELECT p."id" FROM "Parcel" p ${where} ORDER BY p."id" DESC LIMIT ? OFFSET ?`;
    if (cutoff && !search) {
      // The stale list's index finds every match, which must then be sorted; the first pages are
      // found sooner walking the newest rows back, when the matches are not too sparse for it.
      const [total, [{ m }]] = await Promise.all([count(), d.rows(`SELECT max("id") AS "m" FROM "Parcel"`, [])]);
      if (total && ((skip + take) * Number(m)) / total < 20_000) sql = sql.replace(/p\."(last_event_at|status_code)"/g, '+p."$1"');
    }
    return pageRows(await d.rows(sql, [...params, take, skip]));
  });
}

async function pageRows(ids: Record<string, unknown>[]) {
  return (await readParcelsWithHistory(ids.map((r) => Number(r.id)))).map(adminView);
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
  Object.assign(data, await parcelAddressFields(data as unknown as Record<string, unknown>));
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
  Object.assign(data, await parcelAddressFields(data));
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
  // Every file the parcel owns goes with it: its image and its proof of delivery (on disk and, on PostgreSQL, in the database).
  for (const name of [existing.image, existing.delivery_signature, existing.delivery_photo]) if (name) await removeImage(name);
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
 * A change of a parcel's history is a change of the parcel: its version and updated_at move, its
 * cached view goes, and `status` (the status an undone entry gives back) is set with them.
 */
export async function touchParcel(parcelId: number, status?: { status_code: string | null; status_reason: string | null }): Promise<void> {
  const p = await db().parcel.update({
    where: { id: parcelId },
    data: { updated_at: new Date(), version: { increment: 1 }, ...(status ? { status_code: status.status_code, status_reason: status.status_reason } : {}) },
    select: { tracking_code: true },
  });
  await forgetParcel(p.tracking_code);
}

/**
 * The statements that set `data` on the parcels of `ids`, moving their version and updated_at, for a
 * transaction of the caller's (new history entries commit with what they change on their parcels).
 * The caller forgets the parcels' cached views once it commits.
 */
export function parcelUpdates(changes: { ids: number[]; data: Record<string, string | number | null> }[], at: Date) {
  return changes.map(({ ids, data }) => db().parcel.updateMany({ where: { id: { in: ids } }, data: { ...data, updated_at: at, version: { increment: 1 } } }));
}

/**
 * One batch of the CSV import in one transaction: an UPDATE per changed row (one for rows changed
 * alike), not read back (answers
 * each one's count: 0 when the parcel was deleted meanwhile), then the new rows in one statement
 * (createManyAndReturn, so the audit log records each new parcel with its fields). Nothing is written
 * when any fails. The caller forgets the written codes' cached views.
 */
export async function writeImportBatch(updates: { id: number; data: Record<string, unknown> }[], creates: Record<string, unknown>[]): Promise<number[]> {
  // Rows that set the same fields to the same values (a column changed alike in every row) are one statement.
  const groups = new Map<string, { data: Record<string, unknown>; ids: number[] }>();
  for (const u of updates) {
    const key = JSON.stringify(Object.entries(u.data).sort(([a], [b]) => (a < b ? -1 : 1)));
    const g = groups.get(key);
    if (g) g.ids.push(u.id);
    else groups.set(key, { data: u.data, ids: [u.id] });
  }
  const list = [...groups.values()];
  const results = await db().$transaction([
    ...list.map((g) =>
      db().parcel.updateMany({ where: g.ids.length === 1 ? { id: g.ids[0] } : { id: { in: g.ids } }, data: { ...g.data, version: { increment: 1 } } as never }),
    ),
    ...(creates.length ? [db().parcel.createManyAndReturn({ data: creates as never, select: { id: true } })] : []),
  ]);
  const written = new Map<number, number>();
  const partial: number[] = [];
  list.forEach((g, i) => {
    const { count } = results[i] as { count: number };
    if (count === g.ids.length) for (const id of g.ids) written.set(id, 1);
    else partial.push(...g.ids);
  });
  // Some parcels of a group were deleted meanwhile: which ones.
  if (partial.length) {
    const still = new Set((await db().parcel.findMany({ where: { id: { in: partial } }, select: { id: true } })).map((r) => r.id));
    for (const id of partial) written.set(id, still.has(id) ? 1 : 0);
  }
  return updates.map((u) => written.get(u.id) ?? 0);
}

/** One row of the CSV import alone (after its batch failed as a whole): created, or updated. */
export async function writeImportRow(row: { create?: Record<string, unknown>; update?: { id: number; data: Record<string, unknown> } }): Promise<void> {
  if (row.create) await db().parcel.create({ data: row.create as never, select: { id: true } });
  else await db().parcel.update({ where: { id: row.update!.id }, data: { ...row.update!.data, version: { increment: 1 } } as never, select: { id: true } });
}

/** Records the proof of delivery unless one is already recorded (two couriers at once: one wins). True when this one was. */
export async function claimDeliveryProof(
  parcelId: number,
  proof: {
    delivery_receiver_name: string | null;
    delivery_signature: string | null;
    delivery_photo: string | null;
    delivery_left_at: string | null;
    delivered_at: Date;
    delivery_recorded_by: string | null;
  },
): Promise<boolean> {
  const { count } = await db().parcel.updateMany({ where: { id: parcelId, delivered_at: null }, data: { ...proof, version: { increment: 1 } } });
  return count > 0;
}

/** The recipient's choice after a failed attempt: a new delivery day or the depot (date null). */
export async function saveRescheduleChoice(parcelId: number, choice: string, date: string | null, at: Date): Promise<void> {
  await db().parcel.update({
    where: { id: parcelId },
    data: { reschedule_choice: choice, reschedule_date: date, rescheduled_at: at, version: { increment: 1 } },
  });
}

/** The secret of the parcel's unsubscribe link, made at the first e-mail to the recipient. */
export async function unsubscribeTokenOf(parcel: { id: number; unsubscribe_token: string | null }): Promise<string> {
  if (parcel.unsubscribe_token) return parcel.unsubscribe_token;
  const token = randomToken(24);
  await db().parcel.update({ where: { id: parcel.id }, data: { unsubscribe_token: token } });
  return token;
}

/**
 * A new secret for the reschedule link of a failed-attempt e-mail: only its SHA-256 is kept, so the
 * link of the latest such e-mail is the one that works.
 */
export async function newRescheduleToken(parcelId: number): Promise<string> {
  const token = randomToken(24);
  await db().parcel.update({ where: { id: parcelId }, data: { reschedule_token_hash: sha256(token) } });
  return token;
}

/** Whether a reschedule link's token is the parcel's (constant time). */
export function rescheduleTokenMatches(token: string, hash: string | null): boolean {
  if (!hash || !/^[A-Za-z0-9_-]{16,100}$/.test(token)) return false;
  return crypto.timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(hash.padEnd(64).slice(0, 64)));
}

/** The recipient's unsubscribe link: stops status e-mails for this parcel. */
export async function unsubscribeRecipient(code: unknown, token: unknown) {
  const c = normalizeCode(code);
  const t = typeof token === "string" ? token.trim() : "";
  if (!CODE_SHAPE.test(c) || !/^[A-Za-z0-9_-]{16,100}$/.test(t)) throw notFound("This unsubscribe link is not valid");
  const row = await db().parcel.findFirst({ where: { tracking_code: c, unsubscribe_token: t }, select: { id: true } });
  if (!row) throw notFound("This unsubscribe link is not valid");
  await db().parcel.update({ where: { id: row.id }, data: { recipient_unsubscribed: true } });
  return { tracking_code: c, unsubscribed: true };
}
