import type { Actor } from "../../core/actor.js";
import { badInput, conflict, forbidden } from "../../core/errors.js";
import { validated, withNumbers } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { formatMoney, MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { ACCOUNTS, courierAccount } from "../../../shared/modules/cod/cod.codes.js";
import { oneAtATime } from "../booking/shipper-queue.js";
import { pageLink, pageOf } from "../common/paging.js";
import { getSettings } from "../settings/settings.service.js";
import { postEntries } from "./cod.ledger.js";
import { memberNames } from "./cod.collect.js";
import { CashupInput, CashupListArgs } from "./cashup.type.js";

/**
 * Cash-ups (contract section 12): a courier's cash counted in at the depot. One takes every cash collection of
 * the courier not yet handed over, claimed in its transaction by a conditional update (status still
 * `collected`, on no cash-up), so a collection recorded while the cash-up runs is either in it or left for the
 * next, never lost nor counted twice; two cash-ups of one courier at once: the second finds nothing left (422).
 * Entries: handed_over (debit depot_cash, credit courier:ID, the expected amount) and, for a difference,
 * over_short (depot_cash and over_short, by its sign).
 */

/**
 * A transaction that lost to another at the same time (PostgreSQL's deadlock or write conflict between two
 * processes, Prisma's P2034): 409, try again; nothing of it was written.
 */
export const lostRace = (what: string) => (e: unknown) => {
  if ((e as { code?: string }).code === "P2034") throw conflict(`${what} met another change of the same rows at the same time: try again`);
  throw e;
};

const member = (caller: Actor | null) => (caller?.kind === "member" ? caller : null);

type CashupRow = Awaited<ReturnType<ReturnType<typeof db>["codCashup"]["findUniqueOrThrow"]>>;

async function views(rows: CashupRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [collections, names] = await Promise.all([
    db().codCollection.findMany({ where: { cashup_id: { in: ids } }, select: { cashup_id: true, tracking_code: true }, orderBy: { id: "asc" } }),
    memberNames(rows.flatMap((r) => [r.courier_id, r.member_id])),
  ]);
  const codes = new Map<number, string[]>();
  for (const c of collections) codes.set(c.cashup_id!, [...(codes.get(c.cashup_id!) ?? []), c.tracking_code]);
  return rows.map((r) => ({
    id: r.id,
    courier_id: r.courier_id,
    courier_name: names.get(r.courier_id) ?? null,
    expected_amount: r.expected_amount,
    counted_amount: r.counted_amount,
    difference: r.difference,
    currency: r.currency,
    collections: codes.get(r.id) ?? [],
    note: r.note,
    member_id: r.member_id,
    member_name: names.get(r.member_id) ?? null,
    at: r.at,
  }));
}

export async function createCashup(caller: Actor | null, raw: unknown) {
  const by = member(caller);
  // A member of the staff counts the cash: an API key never does (the access table gives keys no cod scope).
  if (!by) throw forbidden("A cash-up is made by a member of the staff");
  const i = await validated(CashupInput, raw);
  if (i.courier_id === by.id) throw forbidden("Nobody counts their own cash in: another member makes your cash-up");
  const note = i.note?.trim() || null;
  const courier = await db().admin.findUnique({ where: { id: i.courier_id }, select: { id: true, name: true, email: true } });
  if (!courier) throw badInput("courier_id names no member of the staff");
  // The currency of the courier's oldest cash not yet counted in (a change of the site's currency leaves older
  // cash in the old one: a cash-up counts one currency; a second takes the rest).
  const oldest = await db().codCollection.findFirst({
    where: { collected_by: courier.id, method: "cash", status: "collected", cashup_id: null },
    orderBy: { collected_at: "asc" },
    select: { currency: true },
  });
  const nothing = () => badInput(`courier_id: ${courier.name || courier.email} holds no cash collection to hand over`);
  if (!oldest) throw nothing();
  const currency = oldest.currency;
  const id = await oneAtATime(`cashup:${courier.id}`, () =>
    db().$transaction(async (tx) => {
      const c = await tx.codCashup.create({
        data: { courier_id: courier.id, expected_amount: 0, counted_amount: i.counted_amount, difference: 0, currency, note, member_id: by.id },
      });
      const claimed = await tx.codCollection.updateMany({
        where: { collected_by: courier.id, method: "cash", status: "collected", cashup_id: null, currency },
        data: { status: "handed_over", cashup_id: c.id },
      });
      if (!claimed.count) throw nothing();
      const taken = await tx.codCollection.findMany({ where: { cashup_id: c.id }, select: { collected_amount: true, amount: true } });
      const expected = taken.reduce((n, t) => n + (t.collected_amount ?? t.amount), 0);
      if (expected > MAX_AMOUNT_MINOR) throw badInput(`courier_id: the cash to hand over (${expected}) is past the largest amount kept (${MAX_AMOUNT_MINOR})`);
      const difference = i.counted_amount - expected;
      if (difference !== 0 && !note)
        throw badInput(
          `note is required: ${formatMoney(i.counted_amount, currency, "en-GB")} counted against ${formatMoney(expected, currency, "en-GB")} expected (a difference of ${formatMoney(difference, currency, "en-GB")})`,
        );
      await tx.codCashup.update({ where: { id: c.id }, data: { expected_amount: expected, difference } });
      const common = { currency, cashup_id: c.id, member_id: by.id, note };
      await postEntries(tx, [
        ...(expected > 0 ? [{ ...common, kind: "handed_over" as const, amount: expected, debit: ACCOUNTS.depotCash, credit: courierAccount(courier.id) }] : []),
        ...(difference > 0 ? [{ ...common, kind: "over_short" as const, amount: difference, debit: ACCOUNTS.depotCash, credit: ACCOUNTS.overShort }] : []),
        ...(difference < 0 ? [{ ...common, kind: "over_short" as const, amount: -difference, debit: ACCOUNTS.overShort, credit: ACCOUNTS.depotCash }] : []),
      ]);
      return c.id;
    }),
  ).catch(lostRace("This cash-up"));
  const [view] = await views([await db().codCashup.findUniqueOrThrow({ where: { id } })]);
  return view;
}

export interface CashupFilter {
  page?: number;
  per_page?: number;
  courier_id?: number;
}
export async function readCashupFilter(raw: Record<string, unknown>): Promise<CashupFilter> {
  const i = await validated(CashupListArgs, withNumbers(raw, ["page", "per_page", "courier_id"]));
  return { page: i.page, per_page: i.per_page, courier_id: i.courier_id };
}

/** Cash-ups, newest first (courier_id). */
export async function listCashups(f: CashupFilter) {
  const where = f.courier_id ? { courier_id: f.courier_id } : {};
  const page = await pageOf(
    f,
    () => db().codCashup.count({ where }),
    (skip, take) => db().codCashup.findMany({ where, skip, take, orderBy: { id: "desc" } }),
  );
  return { ...page, data: await views(page.data) };
}
export const linkCashups = pageLink<CashupFilter>("/api/cod/cashups", (f) => ({ courier_id: f.courier_id }));

/** The cash a courier holds: the balance of courier:ID (its debits less its credits) in `currency`, as CodBalance keeps it. */
export async function cashHeld(courierId: number, currency: string): Promise<number> {
  const row = await db().codBalance.findUnique({ where: { account_currency: { account: courierAccount(courierId), currency } }, select: { balance: true } });
  return Number(row?.balance ?? 0);
}

/**
 * The rule of courier_cash_limit (contract section 12): a courier holding more cash than the setting is given
 * no new run (409 naming it) until a cash-up. Dispatch calls it where a run is made or given to a courier.
 */
export async function mustBeWithinCashLimit(courierId: number): Promise<void> {
  const s = await getSettings();
  const held = await cashHeld(courierId, s.currency);
  if (held > s.courier_cash_limit)
    throw conflict(
      `courier_cash_limit: this courier holds ${formatMoney(held, s.currency, "en-GB")} in cash, more than the limit of ${formatMoney(s.courier_cash_limit, s.currency, "en-GB")}: count their cash in (a cash-up) before giving them a new run`,
    );
}
