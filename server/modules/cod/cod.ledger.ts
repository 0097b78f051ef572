import { pgTable, provider, type db } from "../../db/index.js";
import { isAmount } from "../../../shared/core/money.js";
import { COD_ENTRY_KINDS, parseAccount, type CodEntryKind } from "../../../shared/modules/cod/cod.codes.js";

/** A transaction's client (the entries are posted with the write they record, never on their own). */
export type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/** One ledger entry to post: `amount` (> 0, smallest unit) moves from `credit` to `debit`. */
export interface NewEntry {
  kind: CodEntryKind;
  amount: number;
  currency: string;
  debit: string;
  credit: string;
  tracking_code?: string | null;
  parcel_id?: number | null;
  collection_id?: number | null;
  cashup_id?: number | null;
  remittance_id?: number | null;
  /** The member who posted it (null: an API key or the system). */
  member_id?: number | null;
  note?: string | null;
  /** The entry a `reversed` entry undoes. */
  reverses?: number | null;
  /** When; default now (the database's clock as Prisma sends it). */
  at?: Date;
}

/** The ids the ledger's filters read, taken from the accounts (courier:ID, shipper:ID). */
function ids(e: NewEntry): { shipper_id: number | null; courier_id: number | null } {
  let shipper_id: number | null = null;
  let courier_id: number | null = null;
  for (const name of [e.debit, e.credit]) {
    const a = parseAccount(name);
    if (a && a.kind === "shipper") shipper_id = a.id;
    if (a && a.kind === "courier") courier_id = a.id;
  }
  return { shipper_id, courier_id };
}

/**
 * The one way into the ledger (contract section 12): posts `entries` inside the caller's transaction `tx`, so
 * they stand or fall with the write they record. Each is checked as the books need it (a known kind, two
 * different known accounts, a positive whole amount, a currency): a wrong entry is a programming error and throws
 * before anything is written. Entries are only ever added; the database refuses an UPDATE or DELETE of one
 * (triggers of the migration `cod`), and a `reversed` entry can be posted once per entry (reverses is unique).
 * Each account's balance (CodBalance) moves in the same transaction (addToBalances). Returns the entries as stored,
 * in the order given.
 */
export async function postEntries(tx: Tx, entries: NewEntry[]) {
  for (const e of entries) {
    if (!(COD_ENTRY_KINDS as readonly string[]).includes(e.kind)) throw new Error(`cod ledger: unknown kind ${e.kind}`);
    if (!isAmount(e.amount) || e.amount <= 0) throw new Error(`cod ledger: amount ${e.amount} must be a whole number above 0`);
    if (!/^[A-Z]{3}$/.test(e.currency)) throw new Error(`cod ledger: currency ${e.currency} is not an ISO 4217 code`);
    if (!parseAccount(e.debit) || !parseAccount(e.credit)) throw new Error(`cod ledger: unknown account in ${e.debit} / ${e.credit}`);
    if (e.debit === e.credit) throw new Error(`cod ledger: ${e.debit} on both sides`);
    if ((e.kind === "reversed") !== (e.reverses != null)) throw new Error("cod ledger: a reversed entry, and only one, names the entry it reverses");
  }
  const stored = [];
  for (const e of entries) {
    stored.push(
      await tx.codEntry.create({
        data: {
          kind: e.kind,
          amount: e.amount,
          currency: e.currency,
          debit: e.debit,
          credit: e.credit,
          tracking_code: e.tracking_code ?? null,
          parcel_id: e.parcel_id ?? null,
          collection_id: e.collection_id ?? null,
          cashup_id: e.cashup_id ?? null,
          remittance_id: e.remittance_id ?? null,
          member_id: e.member_id ?? null,
          note: e.note ?? null,
          reverses: e.reverses ?? null,
          ...ids(e),
          ...(e.at ? { at: e.at } : {}),
        },
      }),
    );
  }
  await addToBalances(tx, entries);
  return stored;
}

/**
 * CodBalance recounted from the whole ledger (each account's debits less its credits per currency), as the migration
 * cod_balances filled it: for a writer that bypasses postEntries (the bench's bulk fill), after its inserts.
 */
export const RECOUNT_BALANCES = [
  `DELETE FROM "CodBalance"`,
  `INSERT INTO "CodBalance" ("account", "currency", "balance")
   SELECT "account", "currency", sum("amount") FROM (
     SELECT "debit" AS "account", "currency", CAST("amount" AS BIGINT) AS "amount" FROM "CodEntry"
     UNION ALL
     SELECT "credit", "currency", -CAST("amount" AS BIGINT) FROM "CodEntry"
   ) "moves"
   GROUP BY "account", "currency"`,
];

/** The table's name as raw SQL writes it (PostgreSQL: in the connection's schema). */
const balanceTable = () => (provider() === "postgresql" ? pgTable("CodBalance") : `"CodBalance"`);

/** PostgreSQL's transaction-level advisory lock of the balances (any fixed number: 38 and 39, the issues). */
const BALANCES_LOCK = 3839;

/**
 * What `entries` move, added to CodBalance (balance = debits less credits, per account and currency): summed per
 * account and currency first, then one upsert each, in sorted order. On PostgreSQL an upsert holds its row until the
 * transaction ends: two postings at once take their common rows (depot_cash, bank, a courier's) in the same order,
 * but a transaction that posts twice (a scan batch collecting several parcels, one posting each) would take a second
 * set after the first and could meet another transaction doing the same the other way round (a deadlock, which the
 * test of many postings at once found). So the first posting of a transaction also takes one advisory lock, held to
 * its end: postings are made one transaction at a time, as SQLite makes every write; postEntries comes last in its
 * transaction (a reversal undoes its collections before posting) so the lock is held briefly and no posting waits
 * for it while holding a row another posting wants. An account moved by nothing (in and out in one posting) still
 * gets its row: the table holds every account and currency the ledger names, as the migration's recount filled it.
 */
async function addToBalances(tx: Tx, entries: NewEntry[]): Promise<void> {
  const moves = new Map<string, { account: string; currency: string; amount: number }>();
  const add = (account: string, currency: string, amount: number) => {
    const key = `${account}\t${currency}`;
    const m = moves.get(key);
    if (m) m.amount += amount;
    else moves.set(key, { account, currency, amount });
  };
  for (const e of entries) {
    add(e.debit, e.currency, e.amount);
    add(e.credit, e.currency, -e.amount);
  }
  const onPg = provider() === "postgresql";
  const sql = `INSERT INTO ${balanceTable()} AS b ("account", "currency", "balance") VALUES (${onPg ? "$1, $2, $3" : "?, ?, ?"})
    ON CONFLICT ("account", "currency") DO UPDATE SET "balance" = b."balance" + excluded."balance"`;
  if (onPg) await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${BALANCES_LOCK})`);
  const ordered = [...moves.values()].sort((a, b) =>
    a.account < b.account ? -1 : a.account > b.account ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0,
  );
  for (const m of ordered) await tx.$executeRawUnsafe(sql, m.account, m.currency, m.amount);
}
