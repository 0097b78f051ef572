import { expect } from "vitest";
import { ok } from "../fixtures/rest.js";
import type { Client } from "./http.js";
import { booking, type TestShipper } from "./shippers.js";

/**
 * Shared by the cash-on-delivery tests (contract section 12): collecting at the door through the scan door, and
 * the books checked against themselves: every balance GET /api/cod/balances answers equals the sum of the
 * ledger's entries for its account, and the accounts sum to zero per currency.
 */

/**
 * A booking of `shop` (its parcel pending) with `cod` due (null: none), as the shipper books it: its tracking code.
 * The booking answers its parcel's collection as `cod`; the collection at the door then credits the shop.
 */
export async function bookedWithCod(shop: TestShipper, cod: number | null): Promise<string> {
  const b = ok(await shop.post("/api/bookings", booking(cod === null ? {} : { cod_amount: cod })), 201);
  if (cod === null) expect(b.cod).toBeNull();
  else expect(b.cod).toMatchObject({ amount: cod, status: "expected", remittance_id: null });
  return b.tracking_code as string;
}

/** A `delivered` scan by `courier` that collects `amount` by `method` (card: with a receipt reference). */
export async function collect(courier: Client, code: string, amount: number, method: "cash" | "card" = "cash") {
  return courier.post("/api/scans", {
    codes: [code],
    status_code: "delivered",
    cod: { amount, method, ...(method === "card" ? { reference: `RCPT-${code}` } : {}) },
  });
}

export interface Entry {
  id: number;
  kind: string;
  amount: number;
  currency: string;
  debit: string;
  credit: string;
  tracking_code: string | null;
  cashup_id: number | null;
  remittance_id: number | null;
  member_id: number | null;
  note: string | null;
}

/** Every ledger entry (all pages), oldest first. */
export async function ledger(staff: Client, query = ""): Promise<Entry[]> {
  const all: Entry[] = [];
  for (let page = 1; ; page++) {
    const d = ok(await staff.get(`/api/cod/ledger?per_page=100&page=${page}${query ? `&${query}` : ""}`));
    all.push(...(d.data as Entry[]));
    if (page >= d.last_page) break;
  }
  return all.sort((a, b) => a.id - b.id);
}

/** Each account's debits less its credits, from the entries. */
export function sums(entries: Entry[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of entries) {
    m.set(e.debit, (m.get(e.debit) ?? 0) + e.amount);
    m.set(e.credit, (m.get(e.credit) ?? 0) - e.amount);
  }
  return m;
}

/**
 * Checks GET /api/cod/balances against the ledger (one currency, the site's): each courier's cash_held, the fixed
 * accounts and each shipper's owed are the sums of their entries, and everything sums to zero. Returns both.
 */
export async function checkBooks(staff: Client) {
  const entries = await ledger(staff);
  const s = sums(entries);
  const b = ok(await staff.get("/api/cod/balances"));
  for (const e of entries) expect(e.currency).toBe(b.currency);
  for (const c of b.couriers as { courier_id: number; cash_held: number }[])
    expect(c.cash_held, `courier:${c.courier_id}`).toBe(s.get(`courier:${c.courier_id}`) ?? 0);
  for (const sh of b.shippers as { shipper_id: number; owed: number }[])
    expect(sh.owed, `shipper:${sh.shipper_id}`).toBe(-(s.get(`shipper:${sh.shipper_id}`) ?? 0));
  for (const k of ["depot_cash", "card_clearing", "over_short", "bank", "statements", "company"]) expect(b[k], k).toBe(s.get(k) ?? 0);
  // Every account with entries is shown.
  for (const [account, n] of s) {
    if (n === 0) continue;
    const [kind, id] = account.split(":");
    if (kind === "courier")
      expect(
        (b.couriers as { courier_id: number }[]).some((c) => c.courier_id === Number(id)),
        account,
      ).toBe(true);
    if (kind === "shipper")
      expect(
        (b.shippers as { shipper_id: number }[]).some((c) => c.shipper_id === Number(id)),
        account,
      ).toBe(true);
  }
  const total =
    (b.couriers as { cash_held: number }[]).reduce((n, c) => n + c.cash_held, 0) +
    ["depot_cash", "card_clearing", "over_short", "bank", "statements", "company"].reduce((n, k) => n + (b[k] as number), 0) -
    (b.shippers as { owed: number }[]).reduce((n, c) => n + c.owed, 0);
  expect(total, "the accounts sum to zero").toBe(0);
  return { entries, balances: b, sums: s };
}
