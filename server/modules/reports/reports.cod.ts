import { config } from "../../core/config.js";
import { addDays, previousPeriod, startOfDay } from "./reports.rules.js";
import type { ReportArgs } from "./reports.args.js";
import type { Sql } from "./reports.sql.js";

/**
 * The dashboard's cash on delivery (api-contract.md section 14's `cod`, issue 38's ledger): read from the ledger's
 * entries (CodEntry, append-only, integer minor units), in the site's currency, for a period and the one before it.
 * docs/reports.md ("cod") states the definitions; in short:
 *
 * - `collected`: the `collected` entries posted in the period, less the `reversed` entries posted in the period that
 *   undo a `collected` entry (whenever that was posted): what the period added to the money taken at the door.
 * - Without a filter, the balances at the period's end (its last local day's midnight) as the ledger holds them:
 *   `held_by_couriers` the courier accounts' debits less credits, `depot_cash` depot_cash's, `owed_to_shippers` the
 *   shipper accounts' credits less debits; each is the balance now less what entries at or after the end moved.
 * - With a filter (shipper_id: the collections whose entries name it; courier_id: the collections that member took; service: collections of
 *   parcels booked with it) the collections' own money is followed to the end: each `collected` entry posted before the
 *   end and not reversed before it is the courier's while its cash-up is not done by then, the depot's once it is (the
 *   cash-up's difference, a courier's count, belongs to no collection), and owed to its shipper until the remittance
 *   that holds it is paid.
 */

export interface CodFigures {
  collected: number;
  held_by_couriers: number;
  depot_cash: number;
  owed_to_shippers: number;
}

const filtered = (f: ReportArgs) => !!(f.shipper_id || f.courier_id || f.service);

/** The parcels whose collections the filters keep, as `e."parcel_id" IN (...)` conditions, with their parameters. */
function collectionFilter(q: Sql, f: ReportArgs): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.shipper_id) {
    // The shipper the entry itself names (a collection credits shipper:ID, its reversal debits it: CodEntry.shipper_id),
    // read through the (shipper_id, at) index: a shipper's entries together, not one look-up per parcel of its
    // collections (cold at 1 000 000 parcels: 750 -> 255 ms). It also keeps a reversed collection's two entries with
    // the shipper they named, where the collection itself forgets its shipper when reversed.
    parts.push(`e."shipper_id" = ?`);
    params.push(f.shipper_id);
  }
  if (f.courier_id) {
    parts.push(`e."parcel_id" IN (SELECT fc."parcel_id" FROM ${q.table("CodCollection")} fc WHERE fc."collected_by" = ?)`);
    params.push(f.courier_id);
  }
  if (f.service) {
    // From the entry to its parcel's booking (Booking's parcel_id index): the set of a service's parcels is a third of
    // every booking, read whole for each summary (a scan at 100 000 parcels, 3 to 4 times slower).
    parts.push(`EXISTS (SELECT 1 FROM ${q.table("Booking")} fb WHERE fb."parcel_id" = e."parcel_id" AND fb."service" = ?)`);
    params.push(f.service);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(""), params };
}

const num = (q: Sql, expr: string) => (q.onPg ? `(${expr})::float8` : expr);
const int = (v: unknown) => Number(v ?? 0);

/** `collected` of the current period (cur 1) and the previous one (cur 0): posted collections less reversals of them. */
async function collectedOf(q: Sql, f: ReportArgs, currency: string, prevStart: number, start: number, end: number) {
  const cf = collectionFilter(q, f);
  const rows = await q.rows(
    `SELECT CASE WHEN e."at" >= ? THEN 1 ELSE 0 END AS "cur",
       ${num(q, `sum(CASE WHEN e."kind" = 'collected' THEN e."amount" WHEN o."kind" = 'collected' THEN -e."amount" ELSE 0 END)`)} AS "n"
     FROM ${q.table("CodEntry")} e LEFT JOIN ${q.table("CodEntry")} o ON o."id" = e."reverses"
     WHERE e."at" >= ? AND e."at" < ? AND e."currency" = ? AND e."kind" IN ('collected', 'reversed')${cf.sql} GROUP BY 1`,
    [q.at(start), q.at(prevStart), q.at(end), currency, ...cf.params],
  );
  const by = new Map(rows.map((r) => [int(r.cur), int(r.n)]));
  return { current: by.get(1) ?? 0, previous: by.get(0) ?? 0 };
}

/**
 * The three balances at each of `ends`: today's (CodBalance, the rows the ledger's writer keeps per account and
 * currency) less what the entries at or after each end moved (a range of the `at` index).
 */
async function ledgerBalances(q: Sql, currency: string, ends: number[]) {
  const e = q.table("CodEntry");
  const courier = `$ >= 'courier:' AND $ < 'courier;'`;
  const shipper = `$ >= 'shipper:' AND $ < 'shipper;'`;
  const depot = `$ = 'depot_cash'`;
  const balance = (cond: string) => num(q, `COALESCE(sum(CASE WHEN ${cond.replace(/\$/g, `"account"`)} THEN "balance" ELSE 0 END), 0)`);
  const [now] = await q.rows(
    `SELECT ${balance(courier)} AS "held", ${balance(depot)} AS "depot", -${balance(shipper)} AS "owed" FROM ${q.table("CodBalance")} WHERE "currency" = ?`,
    [currency],
  );
  const since = Math.min(...ends);
  const moved = (col: "debit" | "credit", cond: string) => `sum(CASE WHEN "at" >= ? AND ${cond.replace(/\$/g, `"${col}"`)} THEN "amount" ELSE 0 END)`;
  const cols: string[] = [];
  const params: unknown[] = [];
  ends.forEach((end, k) => {
    const at = q.at(end);
    cols.push(
      `${num(q, `${moved("debit", courier)} - ${moved("credit", courier)}`)} AS "held${k}"`,
      `${num(q, `${moved("debit", depot)} - ${moved("credit", depot)}`)} AS "depot${k}"`,
      `${num(q, `${moved("credit", shipper)} - ${moved("debit", shipper)}`)} AS "owed${k}"`,
    );
    params.push(at, at, at, at, at, at);
  });
  const [later] = await q.rows(`SELECT ${cols.join(", ")} FROM ${e} WHERE "at" >= ? AND "currency" = ?`, [...params, q.at(since), currency]);
  return ends.map((_, k) => ({
    held_by_couriers: int(now.held) - int(later[`held${k}`]),
    depot_cash: int(now.depot) - int(later[`depot${k}`]),
    owed_to_shippers: int(now.owed) - int(later[`owed${k}`]),
  }));
}

/** The three balances at each of `ends` for the filtered collections, following each collection's own money. */
async function collectionBalances(q: Sql, f: ReportArgs, currency: string, ends: number[]) {
  const cf = collectionFilter(q, f);
  const cols: string[] = [];
  const params: unknown[] = [];
  ends.forEach((end, k) => {
    const at = q.at(end);
    // Posted before the end and not undone before it.
    const live = `e."at" < ? AND (x."id" IS NULL OR x."at" >= ?)`;
    const cash = `e."debit" >= 'courier:' AND e."debit" < 'courier;'`;
    cols.push(
      `${num(q, `sum(CASE WHEN ${live} AND ${cash} AND (u."id" IS NULL OR u."at" >= ?) THEN e."amount" ELSE 0 END)`)} AS "held${k}"`,
      `${num(q, `sum(CASE WHEN ${live} AND ${cash} AND u."at" < ? THEN e."amount" ELSE 0 END)`)} AS "depot${k}"`,
      `${num(q, `sum(CASE WHEN ${live} AND e."credit" >= 'shipper:' AND e."credit" < 'shipper;' AND (r."paid_at" IS NULL OR r."paid_at" >= ?) THEN e."amount" ELSE 0 END)`)} AS "owed${k}"`,
    );
    params.push(at, at, at, at, at, at, at, at, at);
  });
  const [row] = await q.rows(
    `SELECT ${cols.join(", ")}
     FROM ${q.table("CodEntry")} e
       JOIN ${q.table("CodCollection")} c ON c."id" = e."collection_id"
       LEFT JOIN ${q.table("CodEntry")} x ON x."reverses" = e."id"
       LEFT JOIN ${q.table("CodCashup")} u ON u."id" = c."cashup_id"
       LEFT JOIN ${q.table("CodRemittance")} r ON r."id" = c."remittance_id" AND r."status" = 'paid'
     WHERE e."kind" = 'collected' AND e."currency" = ? AND e."at" < ?${cf.sql}`,
    [...params, currency, q.at(Math.max(...ends)), ...cf.params],
  );
  return ends.map((_, k) => ({ held_by_couriers: int(row?.[`held${k}`]), depot_cash: int(row?.[`depot${k}`]), owed_to_shippers: int(row?.[`owed${k}`]) }));
}

/** The `cod` block of [from, to] and of the period of equal length before it. */
export async function codFigures(q: Sql, f: ReportArgs, currency: string): Promise<{ current: CodFigures; previous: CodFigures }> {
  const tz = config().timeZone;
  const prev = previousPeriod(f.from, f.to);
  const prevStart = startOfDay(prev.from, tz);
  const start = startOfDay(f.from, tz);
  const end = startOfDay(addDays(f.to, 1), tz);
  const collected = await collectedOf(q, f, currency, prevStart, start, end);
  const [atEnd, atPrevEnd] = filtered(f) ? await collectionBalances(q, f, currency, [end, start]) : await ledgerBalances(q, currency, [end, start]);
  return { current: { collected: collected.current, ...atEnd }, previous: { collected: collected.previous, ...atPrevEnd } };
}
