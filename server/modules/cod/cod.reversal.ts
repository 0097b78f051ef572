import { conflict } from "../../core/errors.js";
import type { Tx } from "./cod.ledger.js";

/**
 * What a reversal does to the collections its entry recorded (contract section 12, docs/cod.md "Reversals"), run
 * inside the reversal's own transaction just before its entry is posted (postEntries, whose balance rows are
 * its transaction's last locks), so the books and the collections change together or not at all:
 *
 * - a `collected` entry (cash or card): the collection is `expected` again, with nothing of its payment left
 *   (method, amount, time, collector, receipt, request hash, shipper): the courier no longer holds it (cash), the
 *   card clearing no longer has it (card), and it can be collected again. Only while nothing came after the
 *   collection: cash not yet counted in (no cash-up), card on no remittance; else 409 (reverse the cash-up's
 *   `handed_over` entry first, or cancel the remittance), and nothing is written.
 * - a `handed_over` entry: its cash-up's collections are `collected` again by their courier (off the cash-up),
 *   held until the next cash-up. Only while none of them is on a remittance (409: cancel it first).
 * - `over_short`, `remitted`, `offset`: the books only (a count corrected; a pay-out that did not reach the bank).
 *
 * The updates are conditional (the status the entry left), so a cash-up or remittance taking the same collection
 * at the same time either comes first (this answers 409) or finds it no longer there.
 */
export interface ReversedEntry {
  kind: string;
  debit: string;
  collection_id: number | null;
  cashup_id: number | null;
}

const CLEARED = {
  status: "expected",
  method: null,
  collected_amount: null,
  collected_at: null,
  collected_by: null,
  reference: null,
  request_hash: null,
  shipper_id: null,
} as const;

export async function undoCollections(tx: Tx, entry: ReversedEntry): Promise<void> {
  if (entry.kind === "collected" && entry.collection_id !== null) {
    const card = entry.debit === "card_clearing";
    const { count } = await tx.codCollection.updateMany({
      where: card
        ? { id: entry.collection_id, status: "settled", remittance_id: null }
        : { id: entry.collection_id, status: "collected", cashup_id: null, remittance_id: null },
      data: CLEARED,
    });
    if (count) return;
    const c = await tx.codCollection.findUnique({ where: { id: entry.collection_id }, select: { status: true, cashup_id: true, remittance_id: true } });
    if (!c) return;
    const remittance = c.remittance_id === null ? null : await tx.codRemittance.findUnique({ where: { id: c.remittance_id }, select: { number: true } });
    throw conflict(
      c.status === "remitted"
        ? `This collection was paid out to the shipper on remittance ${remittance?.number ?? c.remittance_id}: its money left, the entry stays (nothing was reversed)`
        : c.remittance_id !== null
          ? `This collection is on remittance ${remittance?.number ?? c.remittance_id} (${c.status.replace(/_/g, " ")}): cancel the remittance first, then reverse this entry`
          : c.cashup_id !== null
            ? `This collection's cash was counted in (cash-up ${c.cashup_id}): reverse that cash-up's handed_over entry first, then this one`
            : `This collection is ${c.status.replace(/_/g, " ")} now, not as this entry left it: nothing was reversed`,
    );
  }
  if (entry.kind === "handed_over" && entry.cashup_id !== null) {
    const total = await tx.codCollection.count({ where: { cashup_id: entry.cashup_id } });
    const { count } = await tx.codCollection.updateMany({
      where: { cashup_id: entry.cashup_id, status: "handed_over", remittance_id: null },
      data: { status: "collected", cashup_id: null },
    });
    if (count !== total)
      throw conflict(
        `Some collections of cash-up ${entry.cashup_id} are on a remittance already: cancel the remittance first, then reverse this entry (nothing was reversed)`,
      );
  }
}
