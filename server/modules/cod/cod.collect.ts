import { createHash } from "node:crypto";
import { currentCall } from "../../core/actor.js";
import { badInput, conflict } from "../../core/errors.js";
import { db } from "../../db/index.js";
import type { CodCollection } from "../../db/generated/sqlite/client.js";
import { getSettings } from "../settings/settings.service.js";
import { ACCOUNTS, courierAccount, shipperAccount } from "../../../shared/modules/cod/cod.codes.js";
import { COD_LOCKED_STATUSES, COD_TAKEN, paymentProblems, type CodPayment } from "../../../shared/modules/cod/cod.rules.js";
import { postEntries, type Tx } from "./cod.ledger.js";
import { CodPaymentInput } from "./cod.input.js";
import { validated } from "../../core/validation.js";

/**
 * What is due at the door and its collection (contract section 12): the rules every door that sets an amount or
 * delivers a parcel goes through. This file reads and writes only the COD tables and the settings: the parcel's
 * modules (parcel.service, activity, scan, delivery, booking) call it, never the other way round.
 */

/** A collection as read by collectionsOf: with the name of the member who collected it. */
export type CollectionRow = CodCollection & { collected_by_name?: string | null };

/** Members' names by id (the name, else the e-mail): one read. */
export async function memberNames(ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db().admin.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true, email: true } });
  return new Map(rows.map((m) => [m.id, m.name?.trim() || m.email]));
}

/** The staff view of a parcel's collection (`cod` on the parcel), null when nothing was ever due. */
export function collectionView(c: CollectionRow | null | undefined) {
  if (!c) return null;
  return {
    amount: c.amount,
    currency: c.currency,
    status: c.status,
    method: c.method,
    collected_amount: c.collected_amount,
    collected_at: c.collected_at,
    collected_by: c.collected_by,
    collected_by_name: c.collected_by === null ? null : (c.collected_by_name ?? null),
    cashup_id: c.cashup_id,
    remittance_id: c.remittance_id,
  };
}
export type CollectionView = NonNullable<ReturnType<typeof collectionView>>;

/** The collection of each parcel that has one, by parcel id, with its collector's name (a read, and one more for the names). */
export async function collectionsOf(parcelIds: number[]): Promise<Map<number, CollectionRow>> {
  if (!parcelIds.length) return new Map();
  const rows = await db().codCollection.findMany({ where: { parcel_id: { in: [...new Set(parcelIds)] } } });
  const names = await memberNames(rows.flatMap((r) => (r.collected_by === null ? [] : [r.collected_by])));
  return new Map(rows.map((r) => [r.parcel_id, { ...r, collected_by_name: r.collected_by === null ? null : (names.get(r.collected_by) ?? null) }]));
}

/** Adds `cod` (the collection's staff view, or null) to admin views of parcels. */
export async function withCod<T extends { id: number }>(views: T[]): Promise<(T & { cod: CollectionView | null })[]> {
  const byParcel = await collectionsOf(views.map((v) => v.id));
  return views.map((v) => Object.assign(v, { cod: collectionView(byParcel.get(v.id)) }));
}
export const withCodOne = async <T extends { id: number }>(view: T) => (await withCod([view]))[0];

/** cod_amount as sent (a POST or PATCH of a parcel, a booking): a whole number from 1 to the setting cod_max, or null. */
export async function checkCodAmount(amount: unknown): Promise<{ amount: number | null; currency: string }> {
  const s = await getSettings();
  if (amount === null) return { amount: null, currency: s.currency };
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1 || amount > s.cod_max)
    throw badInput(`cod_amount must be a whole number of the currency's smallest unit from 1 to ${s.cod_max} (the setting cod_max), or null for none`);
  return { amount, currency: s.currency };
}

/**
 * The parcel columns and the nested write of its collection for a cod_amount sent on a parcel (undefined: not
 * sent, nothing). On a change (`existing`), 409 once the parcel is out for delivery (or later) or its amount was
 * taken. The collection is created, changed or removed with the parcel's row, in the same statement.
 */
export async function codAmountWrite(
  sent: unknown,
  existing: { id: number; tracking_code: string; status_code: string | null; cod_amount: number | null } | null,
  trackingCode: string,
): Promise<Record<string, unknown>> {
  if (sent === undefined) return {};
  const { amount, currency } = await checkCodAmount(sent);
  if (!existing) {
    if (amount === null) return { cod_amount: null, cod_currency: null };
    return { cod_amount: amount, cod_currency: currency, cod_collection: { create: { tracking_code: trackingCode, amount, currency } } };
  }
  const current = await db().codCollection.findUnique({ where: { parcel_id: existing.id } });
  if (amount === existing.cod_amount && (amount === null || current?.status === "expected")) return {};
  if ((COD_LOCKED_STATUSES as readonly string[]).includes(existing.status_code ?? ""))
    throw conflict(`cod_amount can no longer be changed or removed: the parcel is ${String(existing.status_code).replace(/_/g, " ")}`);
  if (current && COD_TAKEN.includes(current.status as never))
    throw conflict(`cod_amount can no longer be changed or removed: its collection is ${current.status.replace(/_/g, " ")}`);
  if (amount === null) return { cod_amount: null, cod_currency: null, ...(current ? { cod_collection: { delete: true } } : {}) };
  return {
    cod_amount: amount,
    cod_currency: currency,
    cod_collection: {
      upsert: {
        create: { tracking_code: trackingCode, amount, currency },
        update: { tracking_code: trackingCode, amount, currency, status: "expected" },
      },
    },
  };
}

/** A renamed parcel's collection follows its code (entries keep the code they were posted with). */
export const codRenameWrite = (hasCollection: boolean, trackingCode: string) =>
  hasCollection ? { cod_collection: { update: { tracking_code: trackingCode } } } : {};

/** A parcel whose status is set straight to delivered (an edit, not a delivery) while an amount is expected: 422 naming cod. */
export async function refuseDeliveryWithoutCollection(parcelId: number): Promise<void> {
  const c = await db().codCollection.findUnique({ where: { parcel_id: parcelId } });
  if (c?.status === "expected")
    throw badInput(
      `cod: ${c.amount} ${c.currency} is due on this parcel: record the delivery with its collection (a delivered scan, a proof of delivery or the run screen's Deliver)`,
    );
}

/** A delivered entry changed or deleted while its parcel's cash on delivery is collected: 409 (the money is on the books). */
export async function refuseUndoOfCollection(parcelId: number): Promise<void> {
  const c = await db().codCollection.findUnique({ where: { parcel_id: parcelId } });
  if (c && COD_TAKEN.includes(c.status as never))
    throw conflict(
      `This delivery collected ${c.collected_amount ?? c.amount} ${c.currency} cash on delivery (${c.status.replace(/_/g, " ")}): it cannot be undone; the ledger keeps it (a reversal is the owner's)`,
    );
}

/** A parcel with ledger entries is kept (409): the ledger names it. */
export async function refuseDeleteWithEntries(parcelId: number): Promise<void> {
  const entry = await db().codEntry.findFirst({ where: { parcel_id: parcelId }, select: { id: true } });
  if (entry) throw conflict("This parcel has cash-on-delivery ledger entries and cannot be deleted (the books keep every parcel they name)");
}

/** A delivery's `cod` as sent (an object, or in multipart its JSON text), validated with its fields named cod.amount, ...; null when absent. */
export async function codPaymentOf(raw: unknown): Promise<CodPayment | null> {
  if (raw === undefined || raw === null || raw === "") return null;
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badInput("cod must be an object { amount, method, reference? } (in multipart: that object as JSON text)");
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw badInput("cod must be an object { amount, method, reference? }");
  return validated(CodPaymentInput, value, "cod");
}

/** The SHA-256 of a delivery's payment: the same request again is told apart from a different one. */
export function paymentHash(p: CodPayment): string {
  return createHash("sha256")
    .update(JSON.stringify([p.amount, p.method, p.reference?.trim() || null]))
    .digest("hex");
}

/** Raised inside a delivery's transaction when the collection was taken meanwhile (a request sent twice at once). */
export class CollectionTaken extends Error {
  constructor(readonly parcelId: number) {
    super("cod collection taken meanwhile");
  }
}

/** What a delivery of a parcel does about its collection. */
export type DeliveryCod =
  /** Nothing due (or nothing to do): the delivery goes ahead alone. */
  | { kind: "none" }
  /** Refused: 422 (messages naming cod, cod.amount, ...) or 409 (another collection was recorded). */
  | { kind: "refused"; status: 422 | 409; messages: string[] }
  /** The same collection was recorded by this very request before: answer it, write nothing. */
  | { kind: "replay"; collection: CollectionRow }
  /** Collect: this write goes into the delivery's transaction. */
  | { kind: "collect"; write: (tx: Tx) => Promise<void> };

/**
 * The rules of collection at the door for a parcel being delivered (`delivered` scan, proof of delivery, the
 * run screen's Deliver): with an amount expected, the payment must be there and right, else nothing is written;
 * the same payment again answers the collection already made; a different one is 409.
 */
export function deliveryCod(collection: CollectionRow | undefined | null, payment: CodPayment | null | undefined): DeliveryCod {
  if (!collection || collection.status === "void") {
    return payment ? { kind: "refused", status: 422, messages: ["cod: nothing is due on this parcel"] } : { kind: "none" };
  }
  if (collection.status !== "expected") {
    if (!payment) return { kind: "none" };
    if (collection.request_hash === paymentHash(payment)) return { kind: "replay", collection };
    return { kind: "refused", status: 409, messages: [`cod: this parcel's collection is already recorded (${collection.status.replace(/_/g, " ")})`] };
  }
  const problems = paymentProblems(collection, payment);
  if (problems.length) return { kind: "refused", status: 422, messages: problems };
  const p = payment!;
  const actor = currentCall()?.actor;
  const memberId = actor?.kind === "member" ? actor.id : null;
  if (p.method === "cash" && memberId === null)
    return {
      kind: "refused",
      status: 422,
      messages: ["cod.method cash is collected by a member (the courier who then holds it): an API key records card payments only"],
    };
  const hash = paymentHash(p);
  const reference = p.reference?.trim() || null;
  return {
    kind: "collect",
    write: async (tx) => {
      // The shipper whose booking the parcel is, as it stands at the door (a booking cancelled since owes nothing to it).
      const booking = await tx.booking.findFirst({ where: { parcel_id: collection.parcel_id, cancelled_at: null }, select: { shipper_id: true } });
      const shipperId = booking?.shipper_id ?? null;
      const card = p.method === "card";
      const { count } = await tx.codCollection.updateMany({
        where: { id: collection.id, status: "expected" },
        data: {
          status: card ? "settled" : "collected",
          method: p.method,
          collected_amount: p.amount,
          collected_at: new Date(),
          collected_by: memberId,
          reference,
          request_hash: hash,
          shipper_id: shipperId,
        },
      });
      if (!count) throw new CollectionTaken(collection.parcel_id);
      await postEntries(tx, [
        {
          kind: "collected",
          amount: p.amount,
          currency: collection.currency,
          debit: card ? ACCOUNTS.cardClearing : courierAccount(memberId!),
          credit: shipperId !== null ? shipperAccount(shipperId) : ACCOUNTS.company,
          tracking_code: collection.tracking_code,
          parcel_id: collection.parcel_id,
          collection_id: collection.id,
          member_id: memberId,
          note: reference ? `card receipt ${reference}` : null,
        },
      ]);
    },
  };
}

/** After a CollectionTaken: the collection as it now is, replayed when it was this same payment, else 409. */
export async function afterTaken(parcelId: number, payment: CodPayment): Promise<DeliveryCod> {
  const c = await db().codCollection.findUnique({ where: { parcel_id: parcelId } });
  if (c && c.status !== "expected" && c.request_hash === paymentHash(payment)) return { kind: "replay", collection: c };
  return { kind: "refused", status: 409, messages: [`cod: this parcel's collection was recorded meanwhile by another request`] };
}
