import type { db } from "../../db/index.js";
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
 * Returns the entries as stored, in the order given.
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
  return stored;
}
