import { Prisma } from "../../db/generated/sqlite/browser.js";
import type { Activity, Parcel } from "../../db/generated/sqlite/client.js";
import { db, direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";
import { config } from "../../core/config.js";
import { historyOrder } from "./history.js";

/**
 * How a parcel is read by its tracking code for the public views (see ARCHITECTURE.md): two
 * prepared statements on the driver (server/db/direct.ts), since a cache miss of a tracking look-up
 * then costs a few hundredths of what Prisma's query compilation does; Prisma when plain reads
 * cannot give Prisma's types for some column.
 */

/** A parcel row with its history oldest first, as `findUnique({ include: { history } })` returns it. */
export type ParcelRow = Parcel & { history: Activity[] };

// Every scalar field in the model's order (the same in both generated clients), so a row has
// the fields, types and key order Prisma would give it.
const PARCEL_FIELDS = Object.values(Prisma.ParcelScalarFieldEnum);
const ACTIVITY_FIELDS = Object.values(Prisma.ActivityScalarFieldEnum);
const cols = (fields: string[]) => fields.map((f) => `"${f}"`).join(", ");

let unavailable = false;

/** The parcel with its history through Prisma (the admin's reads, and the fallback of the plain reads). */
export function findByCode(code: string): Promise<ParcelRow | null> {
  return db().parcel.findUnique({ where: { tracking_code: code }, include: { history: historyOrder } });
}

/** The parcel with its history oldest first, or null when no parcel has the code. */
export async function readParcelWithHistory(code: string): Promise<ParcelRow | null> {
  if (unavailable || !config().directReads) return findByCode(code);
  const d = direct();
  try {
    // Both at once, the history by the parcel's code: one round trip's wait on PostgreSQL, not two.
    const [[parcel], history] = await Promise.all([
      d.rows(`SELECT ${cols(PARCEL_FIELDS)} FROM ${d.table("Parcel")} WHERE "tracking_code" = ?`, [code]),
      d.rows(
        `SELECT ${cols(ACTIVITY_FIELDS)} FROM ${d.table("Activity")} WHERE "parcel_id" = (SELECT "id" FROM ${d.table("Parcel")} WHERE "tracking_code" = ?) ORDER BY "created_at" ASC, "id" ASC`,
        [code],
      ),
    ]);
    if (!parcel) return null;
    // A write between the two reads (the parcel renamed or replaced): read again through Prisma, consistently.
    if (history.some((h) => h.parcel_id !== parcel.id)) return findByCode(code);
    return { ...parcel, history } as unknown as ParcelRow;
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    console.warn(`tracking look-ups read through Prisma: ${e.message} has no plain reading`);
    unavailable = true;
    return findByCode(code);
  }
}

/** The parcel's version column (moved by every write of it or its history), or null when no parcel has the code. */
export async function readParcelVersion(code: string): Promise<number | null> {
  if (unavailable || !config().directReads)
    return (await db().parcel.findUnique({ where: { tracking_code: code }, select: { version: true } }))?.version ?? null;
  const d = direct();
  const [row] = await d.rows(`SELECT "version" FROM ${d.table("Parcel")} WHERE "tracking_code" = ?`, [code]);
  return row ? (row.version as number) : null;
}

/** The parcel's stop that is pending on a started run (the delivery day's live part), or null; by its id or its code. */
export type LiveStop = { id: number; run_id: number; seq: number; window_from: Date | null; window_to: Date | null };
export async function readLiveStop(parcel: { id: number } | { code: string }): Promise<LiveStop | null> {
  const viaPrisma = () =>
    db().stop.findFirst({
      where: { ...("id" in parcel ? { parcel_id: parcel.id } : { parcel: { tracking_code: parcel.code } }), status: "pending", run: { status: "started" } },
      select: { id: true, run_id: true, seq: true, window_from: true, window_to: true },
    });
  // Every public look-up's cache miss asks this (most parcels are on no run): a prepared statement, as above;
  // by the code, it is read at the same time as the parcel (cachedPublicView).
  if (unavailable || !config().directReads) return viaPrisma();
  const d = direct();
  try {
    const which = "id" in parcel ? `?` : `(SELECT "id" FROM ${d.table("Parcel")} WHERE "tracking_code" = ?)`;
    const [row] = await d.rows(
      `SELECT s."id", s."run_id", s."seq", s."window_from", s."window_to" FROM ${d.table("Stop")} s JOIN ${d.table("Run")} r ON r."id" = s."run_id" WHERE s."parcel_id" = ${which} AND s."status" = 'pending' AND r."status" = 'started' LIMIT 1`,
      ["id" in parcel ? parcel.id : parcel.code],
    );
    return (row as unknown as LiveStop | undefined) ?? null;
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    return viaPrisma();
  }
}

/** Parcels with their histories by id, in the order of `ids` (a list's page): two prepared statements, else Prisma. */
export async function readParcelsWithHistory(ids: number[]): Promise<ParcelRow[]> {
  if (!ids.length) return [];
  const viaPrisma = async () => {
    const rows = await db().parcel.findMany({ where: { id: { in: ids } }, include: { history: historyOrder } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  if (unavailable || !config().directReads) return viaPrisma();
  const d = direct();
  const list = ids.map(() => "?").join(", ");
  try {
    const parcels = await d.rows(`SELECT ${cols(PARCEL_FIELDS)} FROM ${d.table("Parcel")} WHERE "id" IN (${list})`, ids);
    const history = await d.rows(
      `SELECT ${cols(ACTIVITY_FIELDS)} FROM ${d.table("Activity")} WHERE "parcel_id" IN (${list}) ORDER BY "parcel_id", "created_at" ASC, "id" ASC`,
      ids,
    );
    const byId = new Map(parcels.map((p) => [p.id as number, { ...p, history: [] as unknown[] }]));
    for (const a of history) byId.get(a.parcel_id as number)?.history.push(a);
    return ids.flatMap((id) => (byId.get(id) as unknown as ParcelRow | undefined) ?? []);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    console.warn(`parcel lists read through Prisma: ${e.message} has no plain reading`);
    unavailable = true;
    return viaPrisma();
  }
}
