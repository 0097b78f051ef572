// Cash on delivery at scale (issue 38, contract section 12): the bench's `cod` section. The fill (fillCod, called by
// bench-fill.ts's fill when asked for cod) adds to the dated year (datedPlan) a collection on every fifth parcel
// (200 000 at 1 000 000), their ledger entries, the couriers' daily cash-ups and the shippers' monthly remittances,
// written straight with the drivers in batches like the parcels, then each account's balance (CodBalance) recounted
// from the entries as postEntries would have kept it; the section (codSection) then times the balances and
// a month's ledger pages as the owner, while another client looks a parcel up every 20 ms.
import { percentile, probeDuring } from "./bench-heavy.js";
import { benchCode, type datedPlan } from "./bench-fill.js";
import { RECOUNT_BALANCES } from "../server/modules/cod/cod.ledger.js";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Target (issue 38): the balances and a month's ledger page, each under this. */
export const COD_MS = 200;
const CURRENCY = "EUR";
/** The couriers of the dated runs (bench-fill.ts: run d*10 + c + 1 is courier 1001 + c's). */
const courierOf = (i: number) => 1001 + (i % 10);
const shipperOf = (i: number) => 1 + (i % 20);

/** Parcel i is due an amount when (i / 10) % 5 === 1 (one parcel in five, every courier's: i % 10 picks the run), of 10.00 to 107.50 EUR. */
export const codDue = (i: number): number | null => (Math.floor(i / 10) % 5 === 1 ? 1000 + (i % 40) * 250 : null);
/** Every fourth collection is paid by card, the rest in cash. */
const isCard = (i: number) => i % 4 === 0;

interface Collection {
  id: number;
  parcel_id: number;
  tracking_code: string;
  shipper_id: number;
  amount: number;
  status: "expected" | "collected" | "settled" | "handed_over" | "remitted";
  method: "cash" | "card" | null;
  collected_at: number | null;
  collected_by: number | null;
  reference: string | null;
  cashup_id: number | null;
  remittance_id: number | null;
}
interface Entry {
  at: number;
  kind: string;
  amount: number;
  debit: string;
  credit: string;
  tracking_code: string | null;
  parcel_id: number | null;
  collection_id: number | null;
  cashup_id: number | null;
  remittance_id: number | null;
  shipper_id: number | null;
  courier_id: number | null;
  note: string | null;
}
interface Cashup {
  id: number;
  courier_id: number;
  expected_amount: number;
  counted_amount: number;
  at: number;
  note: string | null;
}
interface Remittance {
  id: number;
  number: string;
  shipper_id: number;
  to: number;
  total: number;
  created_at: number;
  paid_at: number;
}
interface Line {
  remittance_id: number;
  collection_id: number;
  tracking_code: string;
  collected_at: number;
  method: string;
  amount: number;
}

/**
 * The books of the dated year, as the service would have written them: each due parcel collected at its delivery
 * (cash into its run's courier's hand, or card: settled at once; a delivery still ahead of `now` leaves it expected),
 * each courier's cash of a day counted in at 20:00 that day (every seventh cash-up 1.00 short, with its note and
 * over_short entry) unless within the last two days (still held), and each shipper paid out every 30 days, 14 days
 * after the 30 days end, for its counted-in and card collections of them (a remittance whose pay-out date is still
 * ahead is not made). Entries come in time order.
 */
export function codBooks(n: number, plan: ReturnType<typeof datedPlan>, history: number, now: number) {
  const collections: Collection[] = [];
  const cashups = new Map<string, Cashup>();
  const remittances = new Map<string, Remittance>();
  const lines: Line[] = [];
  const entries: Entry[] = [];
  const heldFrom = now - 2 * DAY;
  for (let i = 0; i < n; i++) {
    const amount = codDue(i);
    if (amount === null) continue;
    const c: Collection = {
      id: collections.length + 1,
      parcel_id: i + 1,
      tracking_code: benchCode(i),
      shipper_id: shipperOf(i),
      amount,
      status: "expected",
      method: null,
      collected_at: null,
      collected_by: null,
      reference: null,
      cashup_id: null,
      remittance_id: null,
    };
    collections.push(c);
    if (plan.entryCode(i, history) !== "delivered") continue;
    const at = plan.entryAt(i, history);
    if (at > now) continue;
    const courier = courierOf(i);
    const day = Math.floor((at - plan.base) / DAY);
    Object.assign(c, { collected_at: at, collected_by: courier, method: isCard(i) ? "card" : "cash", status: isCard(i) ? "settled" : "collected" });
    if (c.method === "card") c.reference = `RCPT-${i}`;
    const base = { tracking_code: c.tracking_code, parcel_id: c.parcel_id, collection_id: c.id, cashup_id: null, remittance_id: null, note: null };
    entries.push({
      ...base,
      at,
      kind: "collected",
      amount,
      debit: c.method === "card" ? "card_clearing" : `courier:${courier}`,
      credit: `shipper:${c.shipper_id}`,
      shipper_id: c.shipper_id,
      courier_id: c.method === "card" ? null : courier,
    });
    if (c.method === "cash") {
      const cashupAt = plan.base + day * DAY + 20 * HOUR;
      if (cashupAt > heldFrom || cashupAt < at) continue;
      const key = `${day}\t${courier}`;
      let cu = cashups.get(key);
      if (!cu) cashups.set(key, (cu = { id: 0, courier_id: courier, expected_amount: 0, counted_amount: 0, at: cashupAt, note: null }));
      cu.expected_amount += amount;
      c.status = "handed_over";
      (c as Collection & { cashup_key: string }).cashup_key = key;
    }
    const bucket = Math.floor(day / 30);
    const bucketEnd = plan.base + (bucket + 1) * 30 * DAY;
    const paidAt = bucketEnd + 14 * DAY;
    if (paidAt > now) continue;
    const key = `${bucket}\t${c.shipper_id}`;
    let r = remittances.get(key);
    if (!r) remittances.set(key, (r = { id: 0, number: "", shipper_id: c.shipper_id, to: bucketEnd, total: 0, created_at: paidAt - DAY, paid_at: paidAt }));
    r.total += amount;
    c.status = "remitted";
    (c as Collection & { remittance_key: string }).remittance_key = key;
  }
  // Ids in time order, as the service would have given them.
  let id = 0;
  for (const cu of [...cashups.values()].sort((a, b) => a.at - b.at || a.courier_id - b.courier_id)) {
    cu.id = ++id;
    cu.counted_amount = cu.id % 7 === 0 ? cu.expected_amount - 100 : cu.expected_amount;
    if (cu.id % 7 === 0) cu.note = "1.00 short: counted twice, still short";
    entries.push({
      ...noLinks,
      at: cu.at,
      kind: "handed_over",
      amount: cu.expected_amount,
      debit: "depot_cash",
      credit: `courier:${cu.courier_id}`,
      cashup_id: cu.id,
      courier_id: cu.courier_id,
      note: cu.note,
    });
    if (cu.id % 7 === 0)
      entries.push({ ...noLinks, at: cu.at, kind: "over_short", amount: 100, debit: "over_short", credit: "depot_cash", cashup_id: cu.id, note: cu.note });
  }
  id = 0;
  const perMonth = new Map<string, number>();
  for (const r of [...remittances.values()].sort((a, b) => a.created_at - b.created_at || a.shipper_id - b.shipper_id)) {
    r.id = ++id;
    const month = new Date(r.created_at).toISOString().slice(0, 7).replace("-", "");
    perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    r.number = `RM-${month}-${String(perMonth.get(month)).padStart(6, "0")}`;
    entries.push({
      ...noLinks,
      at: r.paid_at,
      kind: "remitted",
      amount: r.total,
      debit: `shipper:${r.shipper_id}`,
      credit: "bank",
      remittance_id: r.id,
      shipper_id: r.shipper_id,
    });
  }
  for (const c of collections as (Collection & { cashup_key?: string; remittance_key?: string })[]) {
    if (c.cashup_key) c.cashup_id = cashups.get(c.cashup_key)!.id;
    if (c.remittance_key) {
      c.remittance_id = remittances.get(c.remittance_key)!.id;
      lines.push({
        remittance_id: c.remittance_id,
        collection_id: c.id,
        tracking_code: c.tracking_code,
        collected_at: c.collected_at!,
        method: c.method!,
        amount: c.amount,
      });
    }
    delete c.cashup_key;
    delete c.remittance_key;
  }
  entries.sort((a, b) => a.at - b.at);
  return {
    collections,
    cashups: [...cashups.values()].sort((a, b) => a.id - b.id),
    remittances: [...remittances.values()].sort((a, b) => a.id - b.id),
    lines,
    entries,
  };
}
const noLinks = {
  tracking_code: null,
  parcel_id: null,
  collection_id: null,
  cashup_id: null,
  remittance_id: null,
  shipper_id: null,
  courier_id: null,
  note: null,
};

type Books = ReturnType<typeof codBooks>;
type Col = [name: string, pgType: string, value: (row: never) => unknown];
const col = <T>(name: string, pgType: string, value: (row: T) => unknown): Col => [name, pgType, value as (row: never) => unknown];
const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Each table's columns: its name, PostgreSQL's array type for unnest, and the value of a row. */
function tables(books: Books, nowIso: string): [string, Col[], unknown[]][] {
  return [
    [
      "CodCollection",
      [
        col<Collection>("id", "int", (c) => c.id),
        col<Collection>("parcel_id", "int", (c) => c.parcel_id),
        col<Collection>("tracking_code", "text", (c) => c.tracking_code),
        col<Collection>("shipper_id", "int", (c) => c.shipper_id),
        col<Collection>("amount", "int", (c) => c.amount),
        col<Collection>("currency", "text", () => CURRENCY),
        col<Collection>("status", "text", (c) => c.status),
        col<Collection>("method", "text", (c) => c.method),
        col<Collection>("collected_amount", "int", (c) => (c.collected_at === null ? null : c.amount)),
        col<Collection>("collected_at", "timestamp", (c) => time(c.collected_at)),
        col<Collection>("collected_by", "int", (c) => c.collected_by),
        col<Collection>("reference", "text", (c) => c.reference),
        col<Collection>("cashup_id", "int", (c) => c.cashup_id),
        col<Collection>("remittance_id", "int", (c) => c.remittance_id),
        col<Collection>("created_at", "timestamp", () => nowIso),
        col<Collection>("updated_at", "timestamp", () => nowIso),
      ],
      books.collections,
    ],
    [
      "CodCashup",
      [
        col<Cashup>("id", "int", (c) => c.id),
        col<Cashup>("courier_id", "int", (c) => c.courier_id),
        col<Cashup>("expected_amount", "int", (c) => c.expected_amount),
        col<Cashup>("counted_amount", "int", (c) => c.counted_amount),
        col<Cashup>("difference", "int", (c) => c.counted_amount - c.expected_amount),
        col<Cashup>("currency", "text", () => CURRENCY),
        col<Cashup>("note", "text", (c) => c.note),
        col<Cashup>("member_id", "int", () => 1),
        col<Cashup>("at", "timestamp", (c) => time(c.at)),
      ],
      books.cashups,
    ],
    [
      "CodRemittance",
      [
        col<Remittance>("id", "int", (r) => r.id),
        col<Remittance>("number", "text", (r) => r.number),
        col<Remittance>("shipper_id", "int", (r) => r.shipper_id),
        col<Remittance>("to", "timestamp", (r) => time(r.to)),
        col<Remittance>("total_collected", "int", (r) => r.total),
        col<Remittance>("net", "int", (r) => r.total),
        col<Remittance>("currency", "text", () => CURRENCY),
        col<Remittance>("status", "text", () => "paid"),
        col<Remittance>("paid_reference", "text", (r) => `BANK-${r.number}`),
        col<Remittance>("paid_at", "timestamp", (r) => time(r.paid_at)),
        col<Remittance>("member_id", "int", () => 1),
        col<Remittance>("created_at", "timestamp", (r) => time(r.created_at)),
        col<Remittance>("updated_at", "timestamp", (r) => time(r.paid_at)),
      ],
      books.remittances,
    ],
    [
      "CodRemittanceLine",
      [
        col<Line>("remittance_id", "int", (l) => l.remittance_id),
        col<Line>("collection_id", "int", (l) => l.collection_id),
        col<Line>("tracking_code", "text", (l) => l.tracking_code),
        col<Line>("collected_at", "timestamp", (l) => time(l.collected_at)),
        col<Line>("method", "text", (l) => l.method),
        col<Line>("amount", "int", (l) => l.amount),
      ],
      books.lines,
    ],
    [
      "CodEntry",
      [
        col<Entry>("at", "timestamp", (e) => time(e.at)),
        col<Entry>("kind", "text", (e) => e.kind),
        col<Entry>("amount", "int", (e) => e.amount),
        col<Entry>("currency", "text", () => CURRENCY),
        col<Entry>("debit", "text", (e) => e.debit),
        col<Entry>("credit", "text", (e) => e.credit),
        col<Entry>("tracking_code", "text", (e) => e.tracking_code),
        col<Entry>("parcel_id", "int", (e) => e.parcel_id),
        col<Entry>("collection_id", "int", (e) => e.collection_id),
        col<Entry>("cashup_id", "int", (e) => e.cashup_id),
        col<Entry>("remittance_id", "int", (e) => e.remittance_id),
        col<Entry>("shipper_id", "int", (e) => e.shipper_id),
        col<Entry>("courier_id", "int", (e) => e.courier_id),
        col<Entry>("member_id", "int", (e) => (e.kind === "collected" ? e.courier_id : 1)),
        col<Entry>("note", "text", (e) => e.note),
      ],
      books.entries,
    ],
  ];
}

const BATCH = 10_000;

/** Writes the books into a SQLite database (better-sqlite3, one transaction per batch). */
export function writeCodSqlite(db: import("better-sqlite3").Database, books: Books): void {
  const nowIso = new Date().toISOString();
  for (const [table, cols, rows] of tables(books, nowIso)) {
    const insert = db.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c[0]}"`).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`);
    const stamp = (v: unknown, type: string) => (type === "timestamp" && typeof v === "string" ? v.replace("Z", "+00:00") : v);
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) insert.run(...cols.map(([, type, value]) => stamp(value(rows[i] as never), type)));
    });
    for (let i = 0; i < rows.length; i += BATCH) batch(i, Math.min(rows.length, i + BATCH));
  }
  // The balances postEntries would have kept, recounted from the entries just written.
  db.transaction(() => RECOUNT_BALANCES.forEach((statement) => db.exec(statement)))();
}

/** Writes the books into PostgreSQL (one INSERT ... SELECT FROM unnest(arrays) per batch), then sets the sequences. */
export async function writeCodPg(c: import("pg").Client, books: Books): Promise<void> {
  const nowIso = new Date().toISOString();
  for (const [table, cols, rows] of tables(books, nowIso)) {
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      const arrays = cols.map(([, , value]) => part.map((r) => value(r as never)));
      await c.query(
        `INSERT INTO "${table}" (${cols.map((x) => `"${x[0]}"`).join(", ")}) SELECT * FROM unnest(${cols.map(([, type], k) => `$${k + 1}::${type}[]`).join(", ")})`,
        arrays,
      );
    }
    await c.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST(1, (SELECT COALESCE(max("id"), 0) FROM "${table}")))`);
  }
  // The balances postEntries would have kept, recounted from the entries just written.
  for (const statement of RECOUNT_BALANCES) await c.query(statement);
}

export interface CodRow {
  call: string;
  path: string;
  calls: number;
  first_ms: number;
  p50_ms: number;
  max_ms: number;
  rows: number;
  lookups: number;
  lookup_p99: number;
  lookup_max: number;
  failed: number;
  limit_ms: number;
  pass: boolean;
}

/** Times `calls` GETs of `path` one after another as the owner, with a look-up every 20 ms beside them. */
async function measure(base: string, cookie: string, code: string, call: string, path: string, calls: number): Promise<CodRow & { last_page: number }> {
  const times: number[] = [];
  let rows = 0;
  let lastPage = 1;
  const probed = await probeDuring(base, code, async () => {
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await r.text();
      times.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${body.slice(0, 300)}`);
      const data = (JSON.parse(body) as { data: { data?: unknown[]; last_page?: number; couriers?: unknown[]; shippers?: unknown[] } }).data;
      rows = data.data ? data.data.length : (data.couriers?.length ?? 0) + (data.shippers?.length ?? 0);
      lastPage = data.last_page ?? 1;
    }
  });
  const round = (v: number) => Math.round(v * 10) / 10;
  const row = {
    call,
    path,
    calls,
    first_ms: round(times[0]),
    p50_ms: round(percentile(times, 50)),
    max_ms: round(Math.max(...times)),
    rows,
    lookups: probed.lookups.length,
    lookup_p99: round(percentile(probed.lookups, 99)),
    lookup_max: round(Math.max(0, ...probed.lookups)),
    failed: probed.failed,
    limit_ms: COD_MS,
  };
  // The target is each call's time; the look-ups beside them are printed (the reports section holds them to 100 ms).
  return { ...row, pass: row.max_ms <= COD_MS, last_page: lastPage };
}

/**
 * The section against a running server: the balances, a month's ledger (the 30 days ending today) first page and a
 * later page (the 50th of 20, 1 000 entries in, or the last when fewer), and the same month for one courier: each 7 times (the median and the
 * slowest printed, the first cold call included).
 */
export async function codSection(base: string, cookie: string, code: string, now = Date.now()): Promise<CodRow[]> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const month = `from=${day(now - 29 * DAY)}&to=${day(now)}`;
  const calls = Number(process.env.BENCH_COD_CALLS || 7);
  const balances = await measure(base, cookie, code, "balances", "/api/cod/balances", calls);
  const first = await measure(base, cookie, code, "a month's ledger, first page", `/api/cod/ledger?${month}&per_page=20`, calls);
  // A later page: the 50th (1 000 entries in), or the month's last when it has fewer.
  const later = Math.max(1, Math.min(50, first.last_page));
  const rows = [
    balances,
    first,
    await measure(base, cookie, code, `a month's ledger, page ${later} of ${first.last_page}`, `/api/cod/ledger?${month}&page=${later}&per_page=20`, calls),
    await measure(base, cookie, code, "a month's ledger, one courier", `/api/cod/ledger?${month}&courier_id=1003`, calls),
  ];
  return rows.map(({ last_page: _, ...r }) => r);
}
