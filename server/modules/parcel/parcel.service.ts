import crypto from "node:crypto";
import { db, direct, pgTable, provider } from "../../db/index.js";
import { numberedParams, type DirectDb } from "../../db/direct.js";
import { sqliteTime } from "../../db/sqlite-writer.js";
import { config } from "../../core/config.js";
import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { randomToken, sha256 } from "../../core/tokens.js";
import { blankToNull } from "../../core/validation.js";
import { pageOf, type PageArgs, type PagingArgs } from "../common/paging.js";
import { removeImage, saveImage, type IncomingFile } from "../upload/upload.service.js";
import { PARCEL_NULLABLE, type CreateParcelInput, type UpdateParcelInput } from "./parcel.input.js";
import { findByCode, readParcelsWithHistory } from "./parcel.reader.js";
import { adminView } from "./view-shape.js";
import { parcelWrites, setUnviewedParcelFields } from "./parcel.writes.js";
import { FINAL_STATUSES, STATUS_CODES } from "../../../shared/modules/parcel/status.codes.js";
import { CODE_SHAPE, normalizeCode, proposeCode } from "./tracking-code.js";
import { parcelAddressFields } from "../address/address.parcel.js";
import { codAmountWrite, codRenameWrite, refuseDeleteWithEntries, refuseDeliveryWithoutCollection, withCod, withCodOne } from "../cod/cod.collect.js";

/**
 * Parcels for the staff: read, list, create, change, delete. The writes go through parcel.writes.ts
 * (the parcel's write rules: version, cached views, events).
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
  return withCodOne(adminView(row));
}

/** Statuses a parcel can still move on from, named (rather than "not final") so an index on status_code serves them. */
const LIVE_STATUSES = STATUS_CODES.filter((c) => !FINAL_STATUSES.includes(c));
/** A LIKE pattern for text containing `s` as it is: %, _ and the escape character match themselves (ESCAPE '\'). */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, "\\$&")}%`;
/** FTS5 trigrams need 3 characters: shorter searches read every row (their results are most rows anyway). */
const TRIGRAM = 3;
/** Matches read at once with a search's first page (the count of a search with no more is their number). */
const FEW_MATCHES = 1000;

/**
 * The staff's list, newest first: the search (tracking code, recipient or destination containing the
 * text, case-insensitively, every character as itself), parcels waiting for a new delivery attempt,
 * and the stale list (still on their way, no history entry for stale_days days). Each is served by an
 * index at a million parcels: trigrams (SQLite FTS5, PostgreSQL pg_trgm) and (status_code, last_event_at).
 */
export function listParcels(args: PageArgs & { stale_days?: number; to_reschedule?: boolean }) {
  const search = args.search?.trim() || undefined;
  const cutoff = args.stale_days ? new Date(Date.now() - args.stale_days * 24 * 3600_000) : undefined;
  return provider() === "sqlite" ? listOnSqlite(args, search, cutoff) : listBySql(args, search, cutoff);
}

type SqlReader = Pick<DirectDb, "rows" | "longRows" | "table">;
/** The driver's reads (server/db/direct.ts), or Prisma's raw queries with DIRECT_READS=false. */
function sqlReader(): SqlReader {
  if (config().directReads) return direct();
  const onPg = provider() === "postgresql";
  const viaPrisma = (sql: string, params: unknown[]) => db().$queryRawUnsafe<Record<string, unknown>[]>(onPg ? numberedParams(sql) : sql, ...params);
  return { rows: viaPrisma, longRows: viaPrisma, table: (name) => (onPg ? pgTable(name) : `"${name}"`) };
}

/**
 * The search's condition on the parcel `p`: tracking code, recipient or destination containing the
 * text, case-insensitively, every character as itself. On PostgreSQL the code is compared as
 * lower(tracking_code), the expression its trigram index is built on: an index on the column itself
 * would also serve `tracking_code IN (...)`, and the planner took it over the unique index for codes
 * read together (a batch of 50 imported codes: 150-300 ms instead of 0.1 ms).
 */
function searchCondition(search: string): { sql: string; params: string[] } {
  const like = containing(search);
  if (provider() === "postgresql")
    return { sql: `(lower(p."tracking_code") LIKE lower(?) OR p."recipient_name" ILIKE ? OR p."destination" ILIKE ?)`, params: [like, like, like] };
  return {
    sql: `(p."tracking_code" LIKE ? ESCAPE '\\' OR p."recipient_name" LIKE ? ESCAPE '\\' OR p."destination" LIKE ? ESCAPE '\\')`,
    params: [like, like, like],
  };
}

/** The ids of the parcels matching a search, newest first, below an id (the export's keyset paging). */
export async function searchIdsBefore(search: string, before: number, take: number): Promise<number[]> {
  const d = sqlReader();
  const c = searchCondition(search);
  const rows = await d.longRows(`SELECT p."id" FROM ${d.table("Parcel")} p WHERE ${c.sql} AND p."id" < ? ORDER BY p."id" DESC LIMIT ?`, [
    ...c.params,
    before,
    take,
  ]);
  return rows.map((r) => Number(r.id));
}

/**
 * The same list on SQLite: the count and the page's ids by prepared statements (FTS5 MATCH has no
 * Prisma form), then the page's rows. A printable ASCII search is answered by the trigram index alone
 * (it matches exactly what LIKE matches there); other text is checked by LIKE too, which folds ASCII
 * case only, as before.
 */
function listOnSqlite(args: PagingArgs & { to_reschedule?: boolean }, search: string | undefined, cutoff: Date | undefined) {
  const d = sqlReader();
  const phrase = search && [...search].length >= TRIGRAM ? `"${search.replace(/"/g, '""')}"` : undefined;
  if (phrase && /^[\x20-\x7e]+$/.test(search!) && !args.to_reschedule && !cutoff) {
    // One pass of the index for most searches: the newest FEW_MATCHES + 1 matches give the count and the page
    // when there are no more (a whole code, a name); a wider search counts and pages in passes of their own.
    let newest: Promise<Record<string, unknown>[]> | undefined;
    const few = () =>
      (newest ??= d.longRows(`SELECT rowid AS "id" FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ? ORDER BY rowid DESC LIMIT ?`, [phrase, FEW_MATCHES + 1]));
    return pageOf(
      args,
      async () => {
        const ids = await few();
        if (ids.length <= FEW_MATCHES) return ids.length;
        return Number((await d.longRows(`SELECT count(*) AS "n" FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ?`, [phrase]))[0].n);
      },
      async (skip, take) => {
        const ids = await few();
        if (ids.length <= FEW_MATCHES || skip + take <= FEW_MATCHES) return pageRows(ids.slice(skip, skip + take));
        return pageRows(
          await d.longRows(`SELECT rowid AS "id" FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?`, [phrase, take, skip]),
        );
      },
    );
  }
  // The trigram index narrows a longer search; LIKE then checks it as PostgreSQL's search does.
  return listBySql(
    args,
    search,
    cutoff,
    phrase ? { sql: `p."id" IN (SELECT rowid FROM "ParcelSearch" WHERE "ParcelSearch" MATCH ?)`, params: [phrase] } : undefined,
  );
}

/** The list by SQL on either database: the search, those to reschedule, the stale ones; counted, then a page of ids. */
function listBySql(
  args: PagingArgs & { to_reschedule?: boolean },
  search: string | undefined,
  cutoff: Date | undefined,
  narrow?: { sql: string; params: unknown[] },
) {
  const d = sqlReader();
  const onSqlite = provider() === "sqlite";
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (narrow) {
    conditions.push(narrow.sql);
    params.push(...narrow.params);
  }
  if (search) {
    const c = searchCondition(search);
    conditions.push(c.sql);
    params.push(...c.params);
  }
  if (args.to_reschedule) conditions.push(`p."status_code" = 'delivery_failed'`);
  if (cutoff) {
    conditions.push(`p."last_event_at" < ?`, `(p."status_code" IS NULL OR p."status_code" IN (${LIVE_STATUSES.map(() => "?").join(", ")}))`);
    // A timestamp without a zone holds UTC on both databases.
    params.push(onSqlite ? sqliteTime(cutoff) : cutoff.toISOString().replace("T", " ").replace("Z", ""), ...LIVE_STATUSES);
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const table = d.table("Parcel");
  let counted: Promise<number> | undefined;
  const count = () => (counted ??= d.longRows(`SELECT count(*)${onSqlite ? "" : "::int"} AS "n" FROM ${table} p ${where}`, params).then((r) => Number(r[0].n)));
  return pageOf(args, count, async (skip, take) => {
    let sql = `SELECT p."id" FROM ${table} p ${where} ORDER BY p."id" DESC LIMIT ? OFFSET ?`;
    if (onSqlite && cutoff && !search) {
      // The stale list's index finds every match, which must then be sorted; the first pages are
      // found sooner walking the newest rows back, when the matches are not too sparse for it.
      const [total, [{ m }]] = await Promise.all([count(), d.rows(`SELECT max("id") AS "m" FROM ${table}`, [])]);
      if (total && ((skip + take) * Number(m)) / total < 20_000) sql = sql.replace(/p\."(last_event_at|status_code)"/g, '+p."$1"');
    }
    return pageRows(await d.longRows(sql, [...params, take, skip]));
  });
}

async function pageRows(ids: Record<string, unknown>[]) {
  return withCod((await readParcelsWithHistory(ids.map((r) => Number(r.id)))).map(adminView));
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
  // Cash on delivery: the amount checked against cod_max, its collection created with the parcel (one statement).
  const { cod_amount: cod, ...fields } = data as unknown as Record<string, unknown>;
  const codWrite = await codAmountWrite(cod, null, data.tracking_code);
  try {
    return await withCodOne(await parcelWrites((w) => w.createParcel({ ...fields, ...codWrite })));
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
  Object.assign(data, await parcelAddressFields(data, existing));
  for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
  if (typeof data.tracking_code === "string") data.tracking_code = data.tracking_code.trim();
  const merged = { ...existing, ...data };
  checkMap(merged);
  checkWindow(merged);
  // Cash on delivery: a status set straight to delivered needs the collection's delivery path; cod_amount is
  // changed with its collection in the same statement (409 once out for delivery), a new code followed.
  if (data.status_code === "delivered" && existing.status_code !== "delivered") await refuseDeliveryWithoutCollection(existing.id);
  const { cod_amount: cod, ...fields } = data;
  const code = (fields.tracking_code as string | undefined) ?? existing.tracking_code;
  let codWrite = await codAmountWrite(cod, existing, code);
  if (!("cod_collection" in codWrite) && code !== existing.tracking_code)
    codWrite = { ...codWrite, ...codRenameWrite(!!(await db().codCollection.findUnique({ where: { parcel_id: existing.id }, select: { id: true } })), code) };
  try {
    return await withCodOne(await parcelWrites((w) => w.updateParcel(existing, { ...fields, ...codWrite })));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("tracking_code is already taken");
    throw e;
  }
}

export async function setParcelImage(id: number, file: IncomingFile | null | undefined) {
  const existing = await db().parcel.findUnique({ where: { id } });
  if (!existing) throw notFound("Parcel not found");
  const name = await saveImage(file);
  const view = await parcelWrites((w) => w.updateParcel(existing, { image: name }));
  if (existing.image) await removeImage(existing.image);
  return view;
}

export async function deleteParcel(id: number) {
  const existing = await db().parcel.findUnique({ where: { id } });
  if (!existing) throw notFound("Parcel not found");
  await refuseDeleteWithEntries(existing.id);
  await parcelWrites((w) => w.deleteParcel(existing));
  // Every file the parcel owns goes with it: its image and its proof of delivery (on disk and, on PostgreSQL, in the database).
  for (const name of [existing.image, existing.delivery_signature, existing.delivery_photo]) if (name) await removeImage(name);
}

/** The secret of the parcel's unsubscribe link, made at the first e-mail to the recipient. */
export async function unsubscribeTokenOf(parcel: { id: number; unsubscribe_token: string | null }): Promise<string> {
  if (parcel.unsubscribe_token) return parcel.unsubscribe_token;
  const token = randomToken(24);
  await setUnviewedParcelFields(parcel.id, { unsubscribe_token: token });
  return token;
}

/**
 * A new secret for the reschedule link of a failed-attempt e-mail: only its SHA-256 is kept, so the
 * link of the latest such e-mail is the one that works.
 */
export async function newRescheduleToken(parcelId: number): Promise<string> {
  const token = randomToken(24);
  await setUnviewedParcelFields(parcelId, { reschedule_token_hash: sha256(token) });
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
  await setUnviewedParcelFields(row.id, { recipient_unsubscribed: true });
  return { tracking_code: c, unsubscribed: true };
}
