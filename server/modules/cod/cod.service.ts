import type { Readable } from "node:stream";
import { currentCall } from "../../core/actor.js";
import { badInput, conflict, notFound } from "../../core/errors.js";
import { isUniqueViolation } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { csvStream } from "../common/csv.js";
import { pageOf, type Page } from "../common/paging.js";
import { getSettings } from "../settings/settings.service.js";
import { ACCOUNTS, FIXED_ACCOUNTS, parseAccount } from "../../../shared/modules/cod/cod.codes.js";
import { postEntries } from "./cod.ledger.js";
import { undoCollections } from "./cod.reversal.js";
import { ReversalInput, type LedgerArgs } from "./cod.input.js";

/**
 * The books of cash on delivery (contract section 12): the ledger as a list and a file, the balances, reversals.
 * Entries are written by postEntries (cod.ledger.ts) only; collection at the door is cod.collect.ts.
 */

type EntryRow = Awaited<ReturnType<ReturnType<typeof db>["codEntry"]["findFirstOrThrow"]>>;

/** The ledger's wire shape (the filter ids and the links between rows stay internal). */
export function entryView(e: EntryRow) {
  return {
    id: e.id,
    at: e.at,
    kind: e.kind,
    amount: e.amount,
    currency: e.currency,
    debit: e.debit,
    credit: e.credit,
    tracking_code: e.tracking_code,
    cashup_id: e.cashup_id,
    remittance_id: e.remittance_id,
    member_id: e.member_id,
    note: e.note,
    reverses: e.reverses,
  };
}
export type EntryView = ReturnType<typeof entryView>;

/** A date alone means its whole day (UTC): `from` its start, `to` its end. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
function moment(value: string, field: "from" | "to"): Date {
  const d = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) throw badInput(`${field} must be an ISO 8601 date or date-time`);
  if (field === "to" && DATE_ONLY.test(value)) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

function ledgerWhere(args: LedgerArgs) {
  const where: Record<string, unknown> = {};
  const from = args.from ? moment(args.from, "from") : undefined;
  const to = args.to ? moment(args.to, "to") : undefined;
  if (from && to && from > to) throw badInput("from must not be after to");
  if (from || to) where.at = { ...(from ? { gte: from } : {}), ...(to ? (DATE_ONLY.test(args.to!) ? { lt: to } : { lte: to }) : {}) };
  if (args.shipper_id) where.shipper_id = args.shipper_id;
  if (args.courier_id) where.courier_id = args.courier_id;
  if (args.tracking_code?.trim()) where.tracking_code = args.tracking_code.trim();
  return where;
}

const NEWEST_FIRST = [{ at: "desc" as const }, { id: "desc" as const }];

/** GET /api/cod/ledger: the filtered entries, newest first, paged (section 3). */
export async function listLedger(args: LedgerArgs): Promise<Page<EntryView>> {
  const where = ledgerWhere(args);
  return pageOf(
    args,
    () => db().codEntry.count({ where }),
    async (skip, take) => (await db().codEntry.findMany({ where, orderBy: NEWEST_FIRST, skip, take })).map(entryView),
  );
}

const LEDGER_CSV_COLUMNS = [
  "id",
  "at",
  "kind",
  "amount",
  "currency",
  "debit",
  "credit",
  "tracking_code",
  "cashup_id",
  "remittance_id",
  "member_id",
  "note",
  "reverses",
] as const;

/** The whole filtered ledger as CSV (newest first, by keyset batches), and its file name. Bad filters throw before any byte. */
export function ledgerCsv(args: LedgerArgs): { filename: string; stream: Readable } {
  const where = ledgerWhere(args);
  async function* batches() {
    let cursor: { at: Date; id: number } | null = null;
    for (;;) {
      const page: EntryRow[] = await db().codEntry.findMany({
        where: cursor ? { AND: [where, { OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }] }] } : where,
        orderBy: NEWEST_FIRST,
        take: 1000,
      });
      if (!page.length) return;
      yield page.map(entryView) as unknown as Record<string, unknown>[];
      const last = page[page.length - 1];
      cursor = { at: last.at, id: last.id };
      if (page.length < 1000) return;
    }
  }
  return { filename: `cod-ledger-${new Date().toISOString().slice(0, 10)}.csv`, stream: csvStream(LEDGER_CSV_COLUMNS, batches()) };
}

/**
 * Each account's debits less its credits in `currency`: the rows of CodBalance, which the ledger's single writer
 * (postEntries) keeps in every posting's transaction (a few rows an account, however long the ledger).
 */
export async function accountSums(currency: string): Promise<Map<string, number>> {
  const rows = await db().codBalance.findMany({ where: { currency }, select: { account: true, balance: true } });
  return new Map(rows.map((r) => [r.account, Number(r.balance)]));
}

/** GET /api/cod/balances: every account's balance in the site's currency (or `currency`); they sum to zero. */
export async function balances(currencyArg?: string | null) {
  const currency = currencyArg?.trim().toUpperCase() || (await getSettings()).currency;
  if (!/^[A-Z]{3}$/.test(currency)) throw badInput("currency must be an ISO 4217 code such as EUR");
  const [sums, held] = await Promise.all([
    accountSums(currency),
    db().codCollection.groupBy({ by: ["collected_by"], where: { status: "collected", method: "cash", currency }, _count: { _all: true } }),
  ]);
  const couriers = new Map<number, { cash_held: number; collections: number }>();
  const shippers = new Map<number, number>();
  const fixed = Object.fromEntries(FIXED_ACCOUNTS.map((a) => [a, 0])) as Record<(typeof FIXED_ACCOUNTS)[number], number>;
  for (const [name, balance] of sums) {
    const a = parseAccount(name);
    if (!a) continue;
    if (a.kind === "courier") couriers.set(a.id, { cash_held: balance, collections: 0 });
    else if (a.kind === "shipper") shippers.set(a.id, -balance);
    else fixed[a.kind] += balance;
  }
  for (const h of held) {
    if (h.collected_by === null) continue;
    const c = couriers.get(h.collected_by) ?? { cash_held: 0, collections: 0 };
    c.collections = h._count._all;
    couriers.set(h.collected_by, c);
  }
  const [members, shipperRows] = await Promise.all([
    couriers.size ? db().admin.findMany({ where: { id: { in: [...couriers.keys()] } }, select: { id: true, name: true, email: true } }) : [],
    shippers.size ? db().shipper.findMany({ where: { id: { in: [...shippers.keys()] } }, select: { id: true, name: true } }) : [],
  ]);
  const memberName = new Map(members.map((m) => [m.id, m.name?.trim() || m.email]));
  const shipperName = new Map(shipperRows.map((s) => [s.id, s.name]));
  return {
    currency,
    couriers: [...couriers]
      .filter(([, c]) => c.cash_held !== 0 || c.collections !== 0)
      .map(([id, c]) => ({ courier_id: id, name: memberName.get(id) ?? `member ${id}`, ...c }))
      .sort((a, b) => b.cash_held - a.cash_held || a.courier_id - b.courier_id),
    depot_cash: fixed[ACCOUNTS.depotCash],
    card_clearing: fixed[ACCOUNTS.cardClearing],
    over_short: fixed[ACCOUNTS.overShort],
    bank: fixed[ACCOUNTS.bank],
    statements: fixed[ACCOUNTS.statements],
    company: fixed[ACCOUNTS.company],
    shippers: [...shippers]
      .filter(([, owed]) => owed !== 0)
      .map(([id, owed]) => ({ shipper_id: id, name: shipperName.get(id) ?? `shipper ${id}`, owed }))
      .sort((a, b) => b.owed - a.owed || a.shipper_id - b.shipper_id),
  };
}

/**
 * POST /api/cod/reversals (owner): undoes an entry by a new `reversed` entry of the same amount with its debit and
 * credit swapped, naming the one it reverses. An entry is reversed once (409 after: reverses is unique in the
 * database, so two reversals at once make one); a reversal is not itself reversed (409: post the right entry).
 * A collected or handed_over entry's collections follow it (undoCollections, cod.reversal.ts), in the same transaction.
 */
export async function reverseEntry(raw: unknown) {
  const i = await validated(ReversalInput, raw);
  const entry = await db().codEntry.findUnique({ where: { id: i.entry_id } });
  if (!entry) throw notFound("entry_id names no ledger entry");
  if (entry.kind === "reversed") throw conflict("This entry is itself a reversal: it cannot be reversed (post the right entry instead)");
  const done = await db().codEntry.findUnique({ where: { reverses: entry.id }, select: { id: true } });
  if (done) throw conflict(`This entry is reversed already (by entry ${done.id})`);
  const actor = currentCall()?.actor;
  try {
    const [reversal] = await db().$transaction(async (tx) => {
      // The collections the entry recorded follow it (cod.reversal.ts): in this transaction, or nothing is written;
      // first: postEntries is the last write (cod.ledger.ts addToBalances: the balance rows are locked last, so a cash-up
      // taking the same collection at the same time waits for the collection's row instead of deadlocking).
      await undoCollections(tx, entry);
      return postEntries(tx, [
        {
          kind: "reversed",
          amount: entry.amount,
          currency: entry.currency,
          debit: entry.credit,
          credit: entry.debit,
          tracking_code: entry.tracking_code,
          parcel_id: entry.parcel_id,
          collection_id: entry.collection_id,
          cashup_id: entry.cashup_id,
          remittance_id: entry.remittance_id,
          member_id: actor?.kind === "member" ? actor.id : null,
          note: i.note.trim(),
          reverses: entry.id,
        },
      ]);
    });
    return entryView(reversal);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("This entry is reversed already");
    // Two reversals of one entry at once: the second waits for the first's rows, then finds its collections undone
    // already (undoCollections' conflict); the answer is the one the check above gives afterwards.
    const since = await db().codEntry.findUnique({ where: { reverses: entry.id }, select: { id: true } });
    if (since) throw conflict(`This entry is reversed already (by entry ${since.id})`);
    if ((e as { code?: string }).code === "P2034") throw conflict("This reversal met another change of the same rows at the same time: try again");
    throw e;
  }
}
