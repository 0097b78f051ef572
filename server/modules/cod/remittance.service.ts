import type { Actor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { badInput, conflict, forbidden, notFound } from "../../core/errors.js";
import { asJob, jobCaller } from "../../core/jobs.js";
import { randomToken } from "../../core/tokens.js";
import { validated, withNumbers } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { formatMoney, MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { ACCOUNTS, shipperAccount } from "../../../shared/modules/cod/cod.codes.js";
import { dayRange } from "../booking/booking.service.js";
import { oneAtATime } from "../booking/shipper-queue.js";
import { pageOf } from "../common/paging.js";
import { drawInThread } from "../invoice/pdf-thread.js";
import { localNow } from "../rates/pricing.rules.js";
import { getSettings } from "../settings/settings.service.js";
import { postEntries, type NewEntry } from "./cod.ledger.js";
import { lostRace } from "./cashup.service.js";
import { RemittanceInput, RemittanceListArgs, UpdateRemittanceInput } from "./remittance.type.js";

/**
 * Remittances (contract section 12): a shipper's cash-on-delivery collections paid out to it. One takes every
 * collection of the shipper that is handed_over (cash counted in) or settled (card), collected up to `to`, on no
 * other remittance, in one currency (the oldest's), and with offset_statements its open statements of that
 * currency. Both are claimed in the remittance's transaction by conditional updates (remittance_id still null),
 * so a collection or a statement is never on two remittances: of two made at once for one shipper, the second is
 * 409. Paying it posts `remitted` (the net: debit shipper:ID, credit bank) and one `offset` per statement (debit
 * shipper:ID, credit statements), so what the shipper is owed falls by the whole collected total; its
 * collections become remitted and its statements paid with the remittance's number as their reference.
 * Cancelling an open one frees its collections and statements; its lines stay on it (CodRemittanceLine).
 */

/** Where a remittance's PDF is read (the staff with cod, or its shipper's session). */
export const remittancePdfUrl = (id: number) => `/api/cod/remittances/${id}.pdf`;
const REMITTABLE = ["handed_over", "settled"];
const CHUNK = 500;
const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));
const money = (n: number, currency: string) => formatMoney(n, currency, "en-GB");

interface Offset {
  statement_id: number;
  statement_number: string;
  amount: number;
}
const offsetsOf = (json: string): Offset[] => {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as Offset[]) : [];
  } catch {
    return [];
  }
};

type RemittanceRow = Awaited<ReturnType<ReturnType<typeof db>["codRemittance"]["findUniqueOrThrow"]>>;
type LineRow = { remittance_id: number; tracking_code: string; collected_at: Date; method: string; amount: number };

async function views(rows: RemittanceRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lines, shippers] = await Promise.all([
    db().codRemittanceLine.findMany({ where: { remittance_id: { in: ids } }, orderBy: { id: "asc" } }),
    db().shipper.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.shipper_id))] } }, select: { id: true, name: true, company: true } }),
  ]);
  const byRemittance = new Map<number, LineRow[]>();
  for (const l of lines) byRemittance.set(l.remittance_id, [...(byRemittance.get(l.remittance_id) ?? []), l]);
  const names = new Map(shippers.map((s) => [s.id, s.company || s.name]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    shipper_id: r.shipper_id,
    shipper_name: names.get(r.shipper_id) ?? null,
    lines: (byRemittance.get(r.id) ?? []).map((l) => ({ tracking_code: l.tracking_code, collected_at: l.collected_at, method: l.method, amount: l.amount })),
    total_collected: r.total_collected,
    offsets: offsetsOf(r.offsets).map((o) => ({ statement_number: o.statement_number, amount: o.amount })),
    net: r.net,
    currency: r.currency,
    status: r.status,
    paid_reference: r.paid_reference,
    paid_at: r.paid_at,
    to: r.to,
    pdf_url: remittancePdfUrl(r.id),
    created_at: r.created_at,
  }));
}
const viewOf = async (id: number) => (await views([await db().codRemittance.findUniqueOrThrow({ where: { id } })]))[0];

/** `to` as an instant: a day is the whole day in the site's time zone; nothing is now. */
function upTo(to: string | null | undefined): Date {
  const s = to?.trim();
  if (!s) return new Date();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return new Date(dayRange(undefined, s).lt!.getTime() - 1);
  return new Date(s);
}

const memberId = (caller: Actor | null) => {
  if (caller?.kind !== "member") throw forbidden("A remittance is made by a member of the staff");
  return caller.id;
};

export async function createRemittance(caller: Actor | null, raw: unknown) {
  const by = memberId(caller);
  const i = await validated(RemittanceInput, raw);
  const shipper = await db().shipper.findUnique({ where: { id: i.shipper_id }, select: { id: true, name: true } });
  if (!shipper) throw badInput("shipper_id names no shipper");
  const to = upTo(i.to);
  const free = { shipper_id: shipper.id, status: { in: REMITTABLE }, remittance_id: null, collected_at: { lte: to } };
  // One per shipper at a time in this process (the database's claims hold across processes).
  const id = await oneAtATime(`remittance:${shipper.id}`, () =>
    db().$transaction(async (tx) => {
      const oldest = await tx.codCollection.findFirst({ where: free, orderBy: [{ collected_at: "asc" }, { id: "asc" }], select: { currency: true } });
      if (!oldest) {
        const open = await tx.codRemittance.findFirst({ where: { shipper_id: shipper.id, status: "open" }, orderBy: { id: "desc" }, select: { number: true } });
        if (open) throw conflict(`${shipper.name}'s collections are on the open remittance ${open.number}: pay or cancel it first`);
        throw badInput(`shipper_id: nothing to pay ${shipper.name}: no collection handed over or settled up to ${to.toISOString()} is on no remittance`);
      }
      const currency = oldest.currency;
      const collections = await tx.codCollection.findMany({
        where: { ...free, currency },
        orderBy: [{ collected_at: "asc" }, { id: "asc" }],
        select: { id: true, tracking_code: true, collected_at: true, method: true, amount: true, collected_amount: true },
      });
      const amountOf = (c: (typeof collections)[number]) => c.collected_amount ?? c.amount;
      const total = collections.reduce((n, c) => n + amountOf(c), 0);
      if (total > MAX_AMOUNT_MINOR)
        throw badInput(`to takes in collections that total ${total}, past the largest amount kept (${MAX_AMOUNT_MINOR}): pay out up to an earlier day`);
      const r = await tx.codRemittance.create({
        data: { number: `tmp-${randomToken(12)}`, shipper_id: shipper.id, to, total_collected: total, net: total, currency, member_id: by },
      });
      let claimed = 0;
      for (const chunk of chunks(collections))
        claimed += (
          await tx.codCollection.updateMany({
            where: { id: { in: chunk.map((c) => c.id) }, remittance_id: null, status: { in: REMITTABLE } },
            data: { remittance_id: r.id },
          })
        ).count;
      if (claimed !== collections.length) throw conflict(`Some of ${shipper.name}'s collections were put on another remittance meanwhile: try again`);
      let offsets: Offset[] = [];
      if (i.offset_statements) {
        const open = await tx.statement.findMany({
          where: { shipper_id: shipper.id, status: "open", remittance_id: null, currency },
          orderBy: { id: "asc" },
          select: { id: true, number: true, total: true },
        });
        offsets = open.map((s) => ({ statement_id: s.id, statement_number: s.number, amount: s.total }));
        if (open.length) {
          const taken = await tx.statement.updateMany({
            where: { id: { in: open.map((s) => s.id) }, status: "open", remittance_id: null },
            data: { remittance_id: r.id },
          });
          if (taken.count !== open.length) throw conflict(`Some of ${shipper.name}'s open statements were paid or deducted meanwhile: try again`);
        }
      }
      const deducted = offsets.reduce((n, o) => n + o.amount, 0);
      const net = total - deducted;
      if (net < 0)
        throw badInput(
          `offset_statements: ${shipper.name}'s open statements (${money(deducted, currency)}) are more than the collections (${money(total, currency)}): the net would be ${money(net, currency)}`,
        );
      for (const chunk of chunks(collections))
        await tx.codRemittanceLine.createMany({
          data: chunk.map((c) => ({
            remittance_id: r.id,
            collection_id: c.id,
            tracking_code: c.tracking_code,
            collected_at: c.collected_at!,
            method: c.method ?? "cash",
            amount: amountOf(c),
          })),
        });
      const month = localNow(r.created_at, config().timeZone).date.slice(0, 7).replace("-", "");
      await tx.codRemittance.update({
        where: { id: r.id },
        data: { number: `RM-${month}-${String(r.id).padStart(6, "0")}`, offsets: JSON.stringify(offsets), net },
      });
      return r.id;
    }),
  ).catch(lostRace("This remittance"));
  return viewOf(id);
}

/** { id, status: "paid", paid_reference } or { id, status: "cancelled" } while open. */
export async function updateRemittance(caller: Actor | null, raw: unknown) {
  const by = memberId(caller);
  const i = await validated(UpdateRemittanceInput, raw);
  const reference = i.paid_reference?.trim() || null;
  if (i.status === "paid" && !reference) throw badInput("paid_reference is required to mark a remittance paid");
  const r = await db().codRemittance.findUnique({ where: { id: i.id } });
  if (!r) throw notFound("Remittance not found");
  const now = new Date();
  await oneAtATime(`remittance:${r.shipper_id}`, () =>
    db().$transaction(async (tx) => {
      const changed = await tx.codRemittance.updateMany({
        where: { id: r.id, status: "open" },
        data: i.status === "paid" ? { status: "paid", paid_reference: reference, paid_at: now } : { status: "cancelled", cancelled_at: now },
      });
      if (!changed.count) throw conflict(`Remittance ${r.number} is ${(await tx.codRemittance.findUniqueOrThrow({ where: { id: r.id } })).status} already`);
      const offsets = offsetsOf(r.offsets);
      if (i.status === "cancelled") {
        await tx.codCollection.updateMany({ where: { remittance_id: r.id, status: { not: "remitted" } }, data: { remittance_id: null } });
        await tx.statement.updateMany({ where: { remittance_id: r.id, status: "open" }, data: { remittance_id: null } });
        return;
      }
      const lines = await tx.codRemittanceLine.count({ where: { remittance_id: r.id } });
      const remitted = await tx.codCollection.updateMany({ where: { remittance_id: r.id, status: { in: REMITTABLE } }, data: { status: "remitted" } });
      if (remitted.count !== lines) throw conflict(`Some collections of ${r.number} changed meanwhile (a reversal?): cancel it and make a new one`);
      if (offsets.length) {
        const paid = await tx.statement.updateMany({
          where: { id: { in: offsets.map((o) => o.statement_id) }, remittance_id: r.id, status: "open" },
          data: { status: "paid", paid_reference: r.number, paid_at: now },
        });
        if (paid.count !== offsets.length) throw conflict(`A statement deducted on ${r.number} was paid meanwhile: cancel this remittance and make a new one`);
      }
      const account = shipperAccount(r.shipper_id);
      const common = { currency: r.currency, remittance_id: r.id, member_id: by };
      const entries: NewEntry[] = [];
      if (r.net > 0) entries.push({ ...common, kind: "remitted", amount: r.net, debit: account, credit: ACCOUNTS.bank, note: reference });
      for (const o of offsets)
        if (o.amount > 0) entries.push({ ...common, kind: "offset", amount: o.amount, debit: account, credit: ACCOUNTS.statements, note: o.statement_number });
      await postEntries(tx, entries);
    }),
  ).catch(lostRace(`Remittance ${r.number}`));
  return viewOf(r.id);
}

export interface RemittanceFilter {
  page?: number;
  per_page?: number;
  shipper_id?: number;
  status?: string;
}
export async function readRemittanceFilter(raw: Record<string, unknown>): Promise<RemittanceFilter> {
  const i = await validated(RemittanceListArgs, withNumbers(raw, ["page", "per_page", "shipper_id"]));
  return { page: i.page, per_page: i.per_page, shipper_id: i.shipper_id, status: i.status?.trim() || undefined };
}

/** Staff: all (shipper_id, status); a shipper: its own. Newest first. */
export async function listRemittances(caller: Actor | null, f: RemittanceFilter) {
  const where: { shipper_id?: number; status?: string } = {};
  if (caller?.kind === "shipper") where.shipper_id = caller.id;
  else if (f.shipper_id) where.shipper_id = f.shipper_id;
  if (f.status) where.status = f.status;
  const page = await pageOf(
    f,
    () => db().codRemittance.count({ where }),
    (skip, take) => db().codRemittance.findMany({ where, skip, take, orderBy: { id: "desc" } }),
  );
  return { ...page, data: await views(page.data) };
}

export function linkRemittances(page: Awaited<ReturnType<typeof listRemittances>>, f: RemittanceFilter, path: string) {
  let next: string | null = null;
  if (page.current_page < page.last_page) {
    const q = new URLSearchParams({ page: String(page.current_page + 1), per_page: String(page.per_page) });
    for (const k of ["shipper_id", "status"] as const) if (f[k] !== undefined) q.set(k, String(f[k]));
    next = `${path}?${q}`;
  }
  return { ...page, next_page_url: next };
}

/** The remittance's PDF, drawn in a PDF thread: the staff's, or its shipper's own (404 for another's). */
export function remittancePdfOf(caller: Actor | null, id: number): Promise<{ pdf: Buffer; number: string }> {
  return asJob("documents", jobCaller(caller), async () => {
    const r = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await db().codRemittance.findUnique({ where: { id } }) : null;
    if (!r || (caller?.kind === "shipper" && r.shipper_id !== caller.id)) throw notFound("Remittance not found");
    const [view, shipper, settings] = await Promise.all([viewOf(r.id), db().shipper.findUniqueOrThrow({ where: { id: r.shipper_id } }), getSettings()]);
    const pdf = await drawInThread({
      kind: "remittance",
      remittance: {
        ...view,
        lines: view.lines.map((l) => ({ ...l, date: localNow(l.collected_at, config().timeZone).date })),
        shipper: { name: shipper.name, company: shipper.company, email: shipper.email },
      },
      language: shipper.language,
      company: {
        name: settings.company_name,
        contact_email: settings.contact_email,
        contact_phone: settings.contact_phone,
        contact_address: settings.contact_address,
      },
    });
    return { pdf, number: r.number };
  });
}
