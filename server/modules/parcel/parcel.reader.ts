import { Prisma } from "../../db/generated/sqlite/browser.js";
import type { Activity, Parcel } from "../../db/generated/sqlite/client.js";
import { db, direct, provider } from "../../db/index.js";
import { pgTimestamp, Unsupported } from "../../db/direct.js";
import { config } from "../../core/config.js";
import { historyOrder } from "./history.js";
import DataLoader from "dataloader";

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
/** The date-times of a parcel and of a history entry (JSON gives them as text; direct-read.test.ts checks the lists). */
const PARCEL_TIMES = ["created_at", "updated_at", "rescheduled_at", "delivered_at", "last_event_at"] as const;
const ACTIVITY_TIMES = ["created_at", "updated_at"] as const;
/** A live stop's fields, as readLiveStop gives them. */
const LIVE_FIELDS = ["id", "run_id", "seq", "window_from", "window_to"] as const;
const cols = (fields: string[]) => fields.map((f) => `"${f}"`).join(", ");

let unavailable = false;

/** The parcel with its history through Prisma (the admin's reads, and the fallback of the plain reads). */
export function findByCode(code: string): Promise<ParcelRow | null> {
  return db().parcel.findUnique({ where: { tracking_code: code }, include: { history: historyOrder } });
}

/**
 * A tracking look-up's cache miss: the parcel with its history and its live stop (or nulls), read by its
 * code. Misses that arrive together (in one turn of the event loop, or while a batch is being read) are
 * read together: a batch is two statements whatever its size (the parcels with their live stops beside
 * them, and their histories, at once), and the next batch waits for the one under way (DataLoader with
 * that schedule). On PostgreSQL the driver's work per statement is most of a miss's cost (measured: 760
 * µs of CPU a miss read alone with three statements, 280 in a burst); a lone miss is read at once.
 */
export async function readTrackedParcel(code: string): Promise<{ row: ParcelRow | null; liveStop: LiveStop | null }> {
  if (unavailable || !config().directReads) {
    const [row, liveStop] = await Promise.all([findByCode(code), readLiveStop({ code })]);
    return { row, liveStop };
  }
  try {
    return await missLoader().load(code);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    console.warn(`tracking look-ups read through Prisma: ${e.message} has no plain reading`);
    unavailable = true;
    return readTrackedParcel(code);
  }
}

/** Batches read at once (each is two statements on the driver). */
const BATCHES_AT_ONCE = 1;
/** Codes in one batch; a statement's list is padded to a power of two, so at most 7 shapes are prepared. */
const BATCH_MAX = 64;
let loader: DataLoader<string, { row: ParcelRow | null; liveStop: LiveStop | null }> | undefined;
let readingNow = 0;
const waitingBatches: (() => void)[] = [];

function missLoader() {
  return (loader ??= new DataLoader(readByCodes, {
    cache: false,
    maxBatchSize: BATCH_MAX,
    // A batch starts at once while fewer than BATCHES_AT_ONCE are being read; else it gathers the misses
    // that come meanwhile and starts when one ends. setImmediate: after this turn's other requests.
    batchScheduleFn: (start) => (readingNow < BATCHES_AT_ONCE ? setImmediate(start) : waitingBatches.push(start)),
  }));
}

async function readByCodes(codes: readonly string[]) {
  readingNow++;
  try {
    const d = direct();
    const padded = [...codes];
    while (padded.length & (padded.length - 1)) padded.push(codes[0]);
    const list = padded.map(() => "?").join(", ");
    // The parcel with its live stop (a pending stop of a started run) beside it, and the histories: two
    // statements on SQLite; one on PostgreSQL, the parcel and its history as JSON (the driver's work per
    // statement and per column is most of a miss there; one statement also reads one snapshot).
    const onPg = provider() === "postgresql";
    const historyJson = `(SELECT json_agg(json_build_object(${ACTIVITY_FIELDS.map((f) => `'${f}', a."${f}"`).join(", ")}) ORDER BY a."created_at", a."id") FROM ${d.table("Activity")} a WHERE a."parcel_id" = p."id") AS "__history"`;
    const [parcels, history] = await Promise.all([
      d.rows(
        `SELECT ${onPg ? `row_to_json(p) AS "__parcel"` : PARCEL_FIELDS.map((f) => `p."${f}"`).join(", ")}, ${LIVE_FIELDS.map((f) => `s."${f}" AS "__live_${f}"`).join(", ")}${onPg ? `, ${historyJson}` : ""} FROM ${d.table("Parcel")} p LEFT JOIN ${d.table("Stop")} s ON s."parcel_id" = p."id" AND s."status" = 'pending' AND s."run_id" IN (SELECT r."id" FROM ${d.table("Run")} r WHERE r."status" = 'started') WHERE p."tracking_code" IN (${list}) ORDER BY p."id", s."id"`,
        padded,
      ),
      onPg
        ? []
        : d.rows(
            `SELECT ${ACTIVITY_FIELDS.map((f) => `a."${f}"`).join(", ")}, p."tracking_code" AS "__code" FROM ${d.table("Activity")} a JOIN ${d.table("Parcel")} p ON p."id" = a."parcel_id" WHERE p."tracking_code" IN (${list}) ORDER BY a."parcel_id", a."created_at" ASC, a."id" ASC`,
            padded,
          ),
    ]);
    const byCode = new Map<string, ParcelRow>();
    const live = new Map<string, LiveStop>();
    for (const r of parcels) {
      // On PostgreSQL the row comes as JSON (one column for the driver to read, not sixty): its date-times as text.
      const row = onPg ? (r.__parcel as Record<string, unknown>) : r;
      if (onPg) for (const f of PARCEL_TIMES) row[f] = pgTimestamp(row[f]);
      const code = row.tracking_code as string;
      if (byCode.has(code)) continue; // a second live stop of the same parcel: the first is its live part
      const parcel: Record<string, unknown> = {};
      for (const f of PARCEL_FIELDS) parcel[f] = row[f];
      const entries = ((r.__history as Record<string, unknown>[] | null | undefined) ?? []).map((a) => {
        for (const f of ACTIVITY_TIMES) a[f] = pgTimestamp(a[f]);
        return a;
      });
      byCode.set(code, { ...parcel, history: entries } as unknown as ParcelRow);
      if (r.__live_id != null) live.set(code, Object.fromEntries(LIVE_FIELDS.map((f) => [f, r[`__live_${f}`]])) as unknown as LiveStop);
    }
    const torn = new Set<string>();
    for (const { __code, ...a } of history) {
      const parcel = byCode.get(__code as string);
      // A write between the reads (the parcel renamed or replaced): that code is read again through Prisma.
      if (!parcel || parcel.id !== a.parcel_id) torn.add(__code as string);
      else parcel.history.push(a as unknown as Activity);
    }
    return Promise.all(
      codes.map(async (code) =>
        torn.has(code)
          ? { row: await findByCode(code), liveStop: await readLiveStop({ code }) }
          : { row: byCode.get(code) ?? null, liveStop: live.get(code) ?? null },
      ),
    );
  } finally {
    readingNow--;
    waitingBatches.shift()?.();
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
