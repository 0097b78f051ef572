import { randomUUID } from "node:crypto";
import pg from "pg";
import { config, readEnv } from "../../core/config.js";
import { db, pgTable, provider, sqliteWriter } from "../../db/index.js";
import { numberedParams, prismaDate } from "../../db/direct.js";
import { pgTarget } from "../../db/migrate.js";
import type { SqliteWriter } from "../../db/sqlite-writer.js";
import {
  LocalDays,
  REPORT_CODES,
  bookingFacts,
  cellDelta,
  parcelFacts,
  rollupFingerprint,
  runFacts,
  type BookingIn,
  type Facts,
  type ParcelIn,
  type StopIn,
} from "./reports.rollup.rules.js";

/**
 * The daily roll-ups (docs/reports.md "How it reads"): ReportCell holds the reports' sums by local day and filter,
 * the histogram of first deliveries' hours (the median and 90th percentile) among them.
 *
 * Exactness: database triggers (migration report_rollups) mark, in the writing transaction itself, every parcel,
 * parcel-less booking and run a write touches (ReportDirty). A recount reads the marked ones' raw rows, computes
 * their facts (reports.rollup.rules.ts), applies new cells minus the stored facts' cells, stores the new facts and
 * removes the marks, all in one transaction: the cells are always the sum of the facts, and a mark is removed
 * only with its recount. Nothing is lost between a write and its recount (a crash leaves the mark), and a recount
 * repeated changes nothing. A report first recounts what is marked; with too much marked (a bulk import still
 * being recounted) or roll-ups not built for this TIME_ZONE and version, it reads the raw data (REPORTS_SOURCE=raw
 * always does).
 *
 * SQLite: each recount runs synchronously on Prisma's own connection (SqliteWriter), a few hundred marks at a time,
 * so no other statement runs inside it. PostgreSQL: its own small pool, each recount under an advisory lock, so
 * two processes never recount at once.
 */

type Row = Record<string, unknown>;
type Step = { sql: string; params: unknown[]; write?: boolean };
/** A unit of work as SQL steps: SQLite runs it synchronously, PostgreSQL with awaits, the same code. */
type Work<T> = Generator<Step, T, Row[]>;

/**
 * Marks recounted per transaction: on SQLite a batch runs synchronously on the server's thread (400: some tens of
 * milliseconds), on PostgreSQL the database does the work and a batch only waits for it.
 */
const batchSize = () => (provider() === "postgresql" ? 2000 : 400);
const ADVISORY = 7_274_391;

interface Dialect {
  onPg: boolean;
  t(name: string): string;
  /** `col` in the list bound as the one parameter `list(ids)`. */
  inList(col: string): string;
  list(ids: readonly number[]): unknown;
  /** A timestamp column as epoch milliseconds (PostgreSQL) or its text (SQLite), read back with `ms`. */
  ts(col: string): string;
  num(expr: string): string;
}
function dialect(): Dialect {
  const onPg = provider() === "postgresql";
  return onPg
    ? {
        onPg,
        t: pgTable,
        inList: (col) => `${col} = ANY(?::int[])`,
        list: (ids) => [...ids],
        ts: (col) => `(extract(epoch from ${col}) * 1000)::float8`,
        num: (e) => `(${e})::float8`,
      }
    : {
        onPg,
        t: (n) => `"${n}"`,
        inList: (col) => `${col} IN (SELECT value FROM json_each(?))`,
        list: (ids) => JSON.stringify(ids),
        ts: (col) => col,
        num: (e) => e,
      };
}
const ms = (v: unknown): number | null =>
  v === null || v === undefined ? null : typeof v === "number" ? v : v instanceof Date ? v.getTime() : prismaDate(String(v)).getTime();
const int = (v: unknown) => Number(v ?? 0);

let pool: pg.Pool | undefined;
function pgPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: pgTarget(config().databaseUrl).connectionString, max: 2 });
    pool.on("error", () => {});
  }
  return pool;
}

/** Runs a unit of work in one transaction (see the file's comment). */
async function transaction<T>(work: (d: Dialect) => Work<T>): Promise<T> {
  const d = dialect();
  if (!d.onPg) {
    const w = sqliteWriter();
    if (!w) throw new Error("the SQLite writer is not open");
    return w.transaction(() => {
      const g = work(d);
      let r: IteratorResult<Step, T> = g.next();
      while (!r.done) {
        const step: Step = r.value;
        const s: ReturnType<SqliteWriter["statement"]> = w.statement(step.sql);
        const out: Row[] = step.write ? (s.run(...step.params), []) : (s.all(...step.params) as Row[]);
        r = g.next(out);
      }
      return r.value;
    });
  }
  const client = await pgPool().connect();
  try {
    await client.query("BEGIN");
    // Per schema: the servers of other schemas in the same database (?schema=) keep roll-ups of their own.
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [ADVISORY, pgTarget(config().databaseUrl).schema ?? "public"]);
    const g = work(d);
    let r: IteratorResult<Step, T> = g.next();
    while (!r.done) {
      const res = await client.query(numberedParams(r.value.sql), r.value.params);
      r = g.next(res.rows as Row[]);
    }
    await client.query("COMMIT");
    return r.value;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

export interface Mark {
  kind: "p" | "b" | "r";
  id: number;
}

/**
 * Takes marks off (before anything is read: see `unmark`), then recounts the parcels, bookings and runs
 * (inside a transaction): new facts, the cells' difference.
 */
function* recount(d: Dialect, days: LocalDays, marks: readonly Mark[], unmarked = false): Work<number> {
  const ids = { p: [] as number[], b: [] as number[], r: [] as number[] };
  for (const m of marks) ids[m.kind].push(m.id);
  const T = d.t;
  if (!unmarked)
    for (const kind of ["p", "b", "r"] as const) if (ids[kind].length) yield unmark(d, `"kind" = ? AND ${d.inList(`"id"`)}`, [kind, d.list(ids[kind])]);
  const now = new Map<string, Facts | null>();
  if (ids.p.length) {
    const L = d.list(ids.p);
    const parcels = yield {
      sql: `SELECT "id", ${d.ts(`"created_at"`)} AS "at", "max_expected_delivery_date" AS "max" FROM ${T("Parcel")} WHERE ${d.inList(`"id"`)}`,
      params: [L],
    };
    const codes = REPORT_CODES.map((c) => `'${c}'`).join(", ");
    const entries = yield {
      sql: `SELECT "id", "parcel_id", "status_code", "status_reason", ${d.ts(`"created_at"`)} AS "at" FROM ${T("Activity")} WHERE ${d.inList(`"parcel_id"`)} AND "status_code" IN (${codes})`,
      params: [L],
    };
    const bookings = yield {
      sql: `SELECT "parcel_id", "shipper_id", "service", "amount", "currency", ${d.ts(`"created_at"`)} AS "at", CASE WHEN "cancelled_at" IS NULL THEN 0 ELSE 1 END AS "cancelled"
        FROM ${T("Booking")} WHERE ${d.inList(`"parcel_id"`)}`,
      params: [L],
    };
    const couriers = yield {
      sql: `SELECT DISTINCT s."parcel_id", r."courier_id" FROM ${T("Stop")} s JOIN ${T("Run")} r ON r."id" = s."run_id" WHERE ${d.inList(`s."parcel_id"`)}`,
      params: [L],
    };
    const by = new Map<number, ParcelIn>();
    for (const p of parcels)
      by.set(int(p.id), { created_at: ms(p.at)!, max_expected_delivery_date: (p.max as string | null) || null, entries: [], bookings: [], couriers: [] });
    for (const e of entries)
      by.get(int(e.parcel_id))?.entries.push({ id: int(e.id), code: String(e.status_code), reason: (e.status_reason as string | null) ?? null, at: ms(e.at)! });
    for (const b of bookings) by.get(int(b.parcel_id))?.bookings.push(bookingIn(b));
    for (const c of couriers) by.get(int(c.parcel_id))?.couriers.push(int(c.courier_id));
    for (const id of ids.p) {
      const p = by.get(id);
      now.set(`p${id}`, p ? parcelFacts(p, days) : null);
    }
  }
  if (ids.b.length) {
    const rows = yield {
      sql: `SELECT "id", "parcel_id", "shipper_id", "service", "amount", "currency", ${d.ts(`"created_at"`)} AS "at", CASE WHEN "cancelled_at" IS NULL THEN 0 ELSE 1 END AS "cancelled"
        FROM ${T("Booking")} WHERE ${d.inList(`"id"`)}`,
      params: [d.list(ids.b)],
    };
    const by = new Map(rows.map((b) => [int(b.id), b]));
    for (const id of ids.b) {
      const b = by.get(id);
      // A booking with a parcel counts with its parcel.
      now.set(`b${id}`, b && b.parcel_id === null ? bookingFacts(bookingIn(b), days) : null);
    }
  }
  if (ids.r.length) {
    const L = d.list(ids.r);
    const runs = yield { sql: `SELECT "id", "date", "courier_id", ${d.ts(`"started_at"`)} AS "at" FROM ${T("Run")} WHERE ${d.inList(`"id"`)}`, params: [L] };
    const stops = yield { sql: `SELECT "run_id", "status", ${d.ts(`"done_at"`)} AS "at" FROM ${T("Stop")} WHERE ${d.inList(`"run_id"`)}`, params: [L] };
    const of = new Map<number, StopIn[]>();
    for (const s of stops) {
      const list = of.get(int(s.run_id)) ?? [];
      list.push({ status: String(s.status), done_at: ms(s.at) });
      of.set(int(s.run_id), list);
    }
    const by = new Map(runs.map((r) => [int(r.id), r]));
    for (const id of ids.r) {
      const r = by.get(id);
      now.set(`r${id}`, r ? runFacts({ date: String(r.date), courier_id: int(r.courier_id), started_at: ms(r.at), stops: of.get(id) ?? [] }) : null);
    }
  }
  const old = new Map<string, Facts>();
  for (const kind of ["p", "b", "r"] as const) {
    if (!ids[kind].length) continue;
    const rows = yield { sql: `SELECT "id", "facts" FROM ${T("ReportFact")} WHERE "kind" = ? AND ${d.inList(`"id"`)}`, params: [kind, d.list(ids[kind])] };
    for (const r of rows) old.set(`${kind}${int(r.id)}`, JSON.parse(String(r.facts)) as Facts);
  }
  const keys = [...new Set([...now.keys()])];
  const delta = cellDelta(keys.map((k) => ({ old: old.get(k) ?? null, now: now.get(k) ?? null })));
  for (let i = 0; i < delta.length; i += 2000) yield upsertCells(d, delta.slice(i, i + 2000));
  for (const kind of ["p", "b", "r"] as const) {
    if (!ids[kind].length) continue;
    const L = d.list(ids[kind]);
    yield { sql: `DELETE FROM ${T("ReportFact")} WHERE "kind" = ? AND ${d.inList(`"id"`)}`, params: [kind, L], write: true };
    const kept = ids[kind].flatMap((id) => {
      const f = now.get(`${kind}${id}`);
      return f ? [[id, JSON.stringify(f)] as [number, string]] : [];
    });
    if (kept.length) yield insertFacts(d, kind, kept);
  }
  return marks.length;
}

function bookingIn(b: Row): BookingIn {
  return {
    shipper_id: int(b.shipper_id),
    service: String(b.service),
    amount: int(b.amount),
    currency: String(b.currency),
    created_at: ms(b.at)!,
    cancelled: int(b.cancelled) === 1,
  };
}

function upsertCells(d: Dialect, cells: { dim: string; day: string; measure: string; n: number; amount: number }[]): Step {
  const T = d.t("ReportCell");
  const set = `ON CONFLICT ("dim", "day", "measure") DO UPDATE SET "n" = c."n" + excluded."n", "amount" = c."amount" + excluded."amount"`;
  if (d.onPg)
    return {
      sql: `INSERT INTO ${T} AS c ("dim", "day", "measure", "n", "amount") SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[]) ${set}`,
      params: [cells.map((c) => c.dim), cells.map((c) => c.day), cells.map((c) => c.measure), cells.map((c) => c.n), cells.map((c) => c.amount)],
      write: true,
    };
  return {
    sql: `INSERT INTO ${T} AS c ("dim", "day", "measure", "n", "amount")
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?) WHERE true ${set}`,
    params: [JSON.stringify(cells.map((c) => [c.dim, c.day, c.measure, c.n, c.amount]))],
    write: true,
  };
}
function insertFacts(d: Dialect, kind: string, rows: [number, string][]): Step {
  const T = d.t("ReportFact");
  if (d.onPg)
    return {
      sql: `INSERT INTO ${T} ("kind", "id", "facts") SELECT ?, * FROM unnest(?::int[], ?::text[])`,
      params: [kind, rows.map((r) => r[0]), rows.map((r) => r[1])],
      write: true,
    };
  return {
    sql: `INSERT INTO ${T} ("kind", "id", "facts") SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)`,
    params: [kind, JSON.stringify(rows)],
    write: true,
  };
}
/**
 * Deletes marks before their rows are read, so no write is missed. PostgreSQL: a write marks with an upsert that
 * locks the mark until it commits; the marks a write still holds are skipped (recounted next time), and a write
 * marking again what a recount has taken off waits for the recount's commit, then marks anew. SQLite: one writer
 * at a time (a recount's transaction is one synchronous step on the writing connection).
 */
function unmark(d: Dialect, where: string, params: unknown[], limit?: number): Step {
  const T = d.t("ReportDirty");
  if (d.onPg)
    return {
      sql: `DELETE FROM ${T} WHERE ("kind", "id") IN (SELECT "kind", "id" FROM ${T} WHERE ${where} ORDER BY "kind", "id"${limit ? ` LIMIT ${limit}` : ""} FOR UPDATE SKIP LOCKED) RETURNING "kind", "id"`,
      params,
    };
  return {
    sql: `DELETE FROM ${T} WHERE rowid IN (SELECT rowid FROM ${T} WHERE ${where} ORDER BY "kind", "id"${limit ? ` LIMIT ${limit}` : ""}) RETURNING "kind", "id"`,
    params,
  };
}

/** One batch of marks recounted; answers how many (0: nothing was marked). */
function* drainBatch(d: Dialect, days: LocalDays, limit: number): Work<number> {
  const rows = yield unmark(d, "true", [], Math.floor(limit));
  if (!rows.length) return 0;
  return yield* recount(
    d,
    days,
    rows.map((r) => ({ kind: String(r.kind) as Mark["kind"], id: int(r.id) })),
    true,
  );
}

let localDays: LocalDays | undefined;
const daysOf = () => (localDays?.timeZone === config().timeZone ? localDays : (localDays = new LocalDays(config().timeZone)));

/** One drain at a time in this process (a report and the timer share it). */
let draining: Promise<boolean> | undefined;
/**
 * Recounts what is marked, at most `maxBatches` batches; answers whether nothing is left marked. Each batch is
 * its own transaction: between two, the server answers other requests.
 */
export function drain(maxBatches = Infinity): Promise<boolean> {
  const marked = async () => (await db().$queryRawUnsafe<Row[]>(`SELECT 1 AS "x" FROM ${dialect().t("ReportDirty")} LIMIT 1`)).length > 0;
  const run = async () => {
    // Nothing marked (the usual case for a report): no transaction at all.
    if (!(await marked())) return true;
    for (let i = 0; i < maxBatches; i++) {
      const n = await transaction((d) => drainBatch(d, daysOf(), batchSize()));
      if (n < batchSize()) return true;
      await new Promise((r) => setImmediate(r));
    }
    return !(await marked());
  };
  const p = (draining ?? Promise.resolve(true)).catch(() => true).then(run);
  draining = p;
  return p;
}

interface State {
  fingerprint: string;
  build: string;
  ready: boolean;
  /** When the build last made progress (ms). */
  updated: number;
}
async function readState(): Promise<State | null> {
  const d = dialect();
  const rows = await db().$queryRawUnsafe<Row[]>(
    `SELECT "fingerprint", "build", "ready", ${d.ts(`"updated_at"`)} AS "at" FROM ${d.t("ReportState")} WHERE "id" = 1`,
  );
  const r = rows[0];
  return r ? { fingerprint: String(r.fingerprint), build: String(r.build), ready: r.ready === true || int(r.ready) === 1, updated: ms(r.at) ?? 0 } : null;
}
/** A timestamp parameter as the column stores it (UTC). */
const stamp = (d: Dialect) => (d.onPg ? new Date().toISOString() : new Date().toISOString().replace("Z", "+00:00"));
/** A build that made no progress for this long died with its process: another takes over. */
const STALE_BUILD_MS = 30_000;

/** Whether the reports may read the roll-ups: built for this TIME_ZONE and version, and (after a short drain) nothing marked. */
export async function rollupsUsable(): Promise<boolean> {
  if (rollupSource() === "raw") return false;
  const s = await readState();
  if (!s || !s.ready || s.fingerprint !== rollupFingerprint(config().timeZone)) return false;
  // A few batches: a report after a burst of writes waits for their recount; a bulk import reads raw meanwhile.
  return drain(12);
}

/** REPORTS_SOURCE: rollups (the default) or raw (every figure from the raw data, the reference implementation). */
export const rollupSource = (): "raw" | "rollups" => (readEnv("REPORTS_SOURCE") === "raw" ? "raw" : "rollups");

let building: Promise<void> | undefined;
/**
 * Rebuilds every roll-up for this TIME_ZONE and version: clears them, then recounts every parcel, parcel-less
 * booking and run a batch at a time (writes meanwhile are marked and recounted as usual; a recount is idempotent).
 * The state says ready at the end, unless another process started a newer build meanwhile.
 */
export function rebuild(): Promise<void> {
  building ??= (async () => {
    const token = randomUUID();
    const fingerprint = rollupFingerprint(config().timeZone);
    await transaction(function* (d): Work<void> {
      const T = d.t;
      for (const t of ["ReportCell", "ReportFact"]) yield { sql: d.onPg ? `TRUNCATE ${T(t)}` : `DELETE FROM ${T(t)}`, params: [], write: true };
      // Every mark too: everything is recounted below, and what is written from now on is marked again.
      yield { sql: `DELETE FROM ${T("ReportDirty")}`, params: [], write: true };
      yield { sql: `DELETE FROM ${T("ReportState")}`, params: [], write: true };
      yield {
        sql: `INSERT INTO ${T("ReportState")} ("id", "fingerprint", "build", "ready", "updated_at") VALUES (1, ?, ?, ?, ?)`,
        params: [fingerprint, token, d.onPg ? false : 0, stamp(d)],
        write: true,
      };
    });
    for (const [kind, table, where] of [
      ["p", "Parcel", ""],
      ["b", "Booking", ` AND "parcel_id" IS NULL`],
      ["r", "Run", ""],
    ] as const) {
      let after = 0;
      for (;;) {
        const d = dialect();
        const rows = await db().$queryRawUnsafe<Row[]>(
          (d.onPg ? numberedParams : (s: string) => s)(`SELECT "id" FROM ${d.t(table)} WHERE "id" > ?${where} ORDER BY "id" LIMIT ${batchSize()}`),
          after,
        );
        if (!rows.length) break;
        const ids = rows.map((r) => int(r.id));
        after = ids[ids.length - 1];
        const still = await transaction(function* (d): Work<boolean> {
          const s = yield { sql: `SELECT "build" FROM ${d.t("ReportState")} WHERE "id" = 1`, params: [] };
          if (s[0]?.build !== token) return false;
          yield { sql: `UPDATE ${d.t("ReportState")} SET "updated_at" = ? WHERE "id" = 1`, params: [stamp(d)], write: true };
          yield* recount(
            d,
            daysOf(),
            ids.map((id) => ({ kind, id })),
          );
          return true;
        });
        if (!still) return;
        await new Promise((r) => setImmediate(r));
      }
    }
    await drain();
    await transaction(function* (d): Work<void> {
      yield { sql: `UPDATE ${d.t("ReportState")} SET "ready" = ? WHERE "id" = 1 AND "build" = ?`, params: [d.onPg ? true : 1, token], write: true };
    });
  })().finally(() => {
    building = undefined;
  });
  return building;
}

let timer: NodeJS.Timeout | undefined;
/**
 * Started with the server: rebuilds when the roll-ups were counted for another TIME_ZONE or version, or never
 * (a database copied in, restored from an older version), in the background; then recounts what is marked every
 * second. Errors are logged, never thrown: the reports read raw until the roll-ups are usable.
 */
export function startRollups(log: { error(o: object, m: string): void }): void {
  if (rollupSource() === "raw" || timer) return;
  const check = async () => {
    try {
      provider();
    } catch {
      return; // no database open (a process that only builds the routes, e.g. the API description)
    }
    try {
      const s = await readState();
      const wrong = !s || s.fingerprint !== rollupFingerprint(config().timeZone) || (!s.ready && Date.now() - s.updated > STALE_BUILD_MS);
      if (wrong || building) {
        if (!building) void rebuild().catch((err) => log.error({ err }, "report roll-ups: the rebuild failed"));
        return;
      }
      await drain(12);
    } catch (err) {
      log.error({ err }, "report roll-ups: a recount failed");
    }
  };
  void check();
  let busy = false;
  timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void check().finally(() => (busy = false));
  }, 1000);
  timer.unref();
}

export async function stopRollups(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await building?.catch(() => {});
  await draining?.catch(() => {});
  await pool?.end().catch(() => {});
  pool = undefined;
}
