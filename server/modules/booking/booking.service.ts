import type { Actor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { badInput, conflict, forbidden, isUniqueViolation, notFound, paymentRequired } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { checkCodAmount, collectionsOf, collectionView, type CollectionRow } from "../cod/cod.collect.js";
import { createActivity } from "../activity/activity.service.js";
import { entryLanguage } from "../activity/entry.language.js";
import { asObject, located, toAddress } from "../address/address.rules.js";
import { problems, validated, withNumbers } from "../../core/validation.js";
import { BookingInput, BookingListArgs } from "./booking.type.js";
import { pageOf, type PagingArgs } from "../common/paging.js";
import { labelsPdfOf } from "../label/label.service.js";
import { createParcel, deleteParcel, proposeTrackingCode } from "../parcel/parcel.service.js";
import type { CreateParcelInput } from "../parcel/parcel.input.js";
import { localNow, type Line } from "../rates/pricing.rules.js";
import { priceShipment, toShipment } from "../rates/quote.service.js";
import { bookAddress, balanceOf } from "../shipper/shipper.service.js";
import { createPickupFor, dropEmptyPickup, pickupView, toWindow, windowProblems } from "./pickup.service.js";
import { bodyHash, creditLimitError, IDEMPOTENCY_CONFLICT, idempotencyDecision, idempotencyKeyError } from "./booking.rules.js";
import { oneAtATime, shipperKey } from "./shipper-queue.js";
import { toMajor } from "../../../shared/core/money.js";

/**
 * Bookings (section 10): priced again by the quote's rules and the price kept, the parcel created
 * through the parcel and history services (an unguessable code, a first entry `pending`), the
 * Idempotency-Key per shipper, the credit limit (402), the label, cancelling while pending.
 * Another shipper's booking is 404, never 403.
 */

type BookingRow = Awaited<ReturnType<ReturnType<typeof db>["booking"]["findUniqueOrThrow"]>> & {
  parcel?: { status_code: string | null } | null;
};
const WITH = { parcel: { select: { status_code: true } } } as const;

export const labelUrl = (id: number) => `/api/bookings/${id}/label.pdf`;
const statusOf = (b: BookingRow) => (b.cancelled_at ? "cancelled" : (b.parcel?.status_code ?? "pending"));

/** The services' names by code (a list's page asks once for all of its bookings). */
export async function serviceNames(codes: string[]): Promise<Map<string, string>> {
  const rows = await db().service.findMany({ where: { code: { in: [...new Set(codes)] } }, select: { code: true, name: true } });
  return new Map(rows.map((v) => [v.code, v.name]));
}

/** `cods`: the collections of a page's parcels, read at once (collectionsOf); else this booking's own. */
export async function bookingView(b: BookingRow, names?: Map<string, string>, cods?: Map<number, CollectionRow>) {
  const pickup = b.pickup_id ? await db().pickup.findUnique({ where: { id: b.pickup_id } }) : null;
  const named = names ?? (await serviceNames([b.service]));
  const collection = b.parcel_id === null ? null : (cods ?? (await collectionsOf([b.parcel_id]))).get(b.parcel_id);
  return {
    id: b.id,
    shipper_id: b.shipper_id,
    tracking_code: b.tracking_code,
    status: statusOf(b),
    service: b.service,
    // The service's name now (a deleted service: its code).
    service_name: named.get(b.service) ?? b.service,
    amount: b.amount,
    currency: b.currency,
    breakdown: JSON.parse(b.breakdown) as Line[],
    chargeable_weight_kg: b.chargeable_weight_kg,
    reference: b.reference,
    label_url: labelUrl(b.id),
    pickup: pickup && pickupView(pickup),
    statement_id: b.statement_id,
    cod: collectionView(collection),
    created_at: b.created_at,
  };
}

/** 403 for a shipper whose e-mail is not verified (before the input is validated, on either door). */
export async function bookingGate(caller: Actor | null): Promise<void> {
  if (caller?.kind === "shipper" && !caller.email_verified) throw forbidden("Verify your e-mail address before booking: open the link we sent you");
}

/** The shipper a call books for: the shipper itself, or (staff) the body's shipper_id. */
async function bookingShipper(caller: Actor | null, raw: Record<string, unknown>) {
  if (caller?.kind === "shipper") {
    await bookingGate(caller);
    return db().shipper.findUniqueOrThrow({ where: { id: caller.id } });
  }
  const id = Number(raw.shipper_id);
  if (raw.shipper_id === undefined || raw.shipper_id === null) throw badInput("shipper_id is required (staff book for a shipper)");
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw badInput("shipper_id must be a whole number");
  const s = await db().shipper.findUnique({ where: { id } });
  if (!s) throw badInput("shipper_id names no shipper");
  return s;
}

/** REST's sender { address_id } is BookingInput's sender_address_id (GraphQL's field). */
function bookingShape(body: Record<string, unknown>): { shaped: Record<string, unknown>; byId: boolean } {
  const sender = body.sender;
  if (!sender || typeof sender !== "object" || Array.isArray(sender) || (sender as { address_id?: unknown }).address_id === undefined)
    return { shaped: body, byId: false };
  const { sender: _s, ...rest } = body;
  return { shaped: { ...rest, sender_address_id: (sender as { address_id: unknown }).address_id }, byId: true };
}

/**
 * POST /api/bookings. `key`: the Idempotency-Key header. The booking row is reserved first, in a
 * transaction that holds the shipper (credit limit and key checked there), then the parcel and its
 * first entry are made through their services; a failure there removes the reservation.
 */
export async function createBooking(raw: unknown, caller: Actor | null, key: string | undefined) {
  const body = asObject(raw);
  const keyError = idempotencyKeyError(key);
  if (keyError) throw badInput(keyError);
  const shipper = await bookingShipper(caller, body);
  if (shipper.disabled) throw forbidden("This shipper is disabled");
  const hash = bodyHash(raw);
  if (key) {
    const earlier = await db().booking.findUnique({ where: { shipper_id_idempotency_key: { shipper_id: shipper.id, idempotency_key: key } }, include: WITH });
    if (earlier) return replay(earlier, hash);
  }
  const { shaped, byId } = bookingShape(body);
  const { value: i, messages } = await problems(BookingInput, shaped);
  const errors = byId ? messages.map((m) => m.replace(/^sender_address_id\b/, "sender.address_id")) : messages;
  const window = i.pickup && !errors.some((m) => m.startsWith("pickup")) ? toWindow(i.pickup) : null;
  if (window) errors.push(...(await windowProblems(window, "pickup.")));
  if (errors.length) throw badInput(errors);
  // Cash on delivery (section 12): above 0 and at most cod_max, checked before anything is reserved; the parcel
  // carries it (and its collection) from its creation, the booking keeps it as booked.
  const codAmount = i.cod_amount ?? null;
  if (codAmount !== null) await checkCodAmount(codAmount);
  const service = i.service.trim();
  const contents = i.contents.trim();
  const reference = i.reference?.trim() || null;
  const sender =
    i.sender_address_id !== undefined && i.sender_address_id !== null
      ? await bookAddress(shipper.id, i.sender_address_id)
      : await located(toAddress(i.sender!));
  const recipient = await located(toAddress(i.recipient));
  const shipment = toShipment(i);
  // Priced from the very addresses the parcel is created with (postcodes included), never from a separate route.
  const options = await priceShipment({ from: sender, to: recipient, ...shipment, ship_date: window?.date ?? shipment.ship_date }, shipper.id, {
    from: "sender",
    to: "recipient",
  });
  const option = options.find((o) => o.service === service);
  if (!option) throw badInput(`service: ${service} has no price for this route and weight (ask for a quote)`);

  let booking: BookingRow;
  // Proposed before the transaction: every read inside it goes through `tx`, else each booking would hold one
  // pool connection while waiting for a second (a burst of them took the pool from everyone; issue 35).
  const trackingCode = await proposeTrackingCode();
  try {
    booking = await oneAtATime(shipperKey(shipper.id), () =>
      db().$transaction(async (tx) => {
        // Writing the shipper's row holds it until commit, so two bookings at once cannot both pass its credit limit.
        const { credit_limit } = await tx.shipper.update({ where: { id: shipper.id }, data: { updated_at: new Date() }, select: { credit_limit: true } });
        if (credit_limit !== null) {
          const over = creditLimitError(credit_limit, await balanceOf(shipper.id, tx), option.amount, option.currency);
          if (over) throw paymentRequired(over);
        }
        return tx.booking.create({
          data: {
            shipper_id: shipper.id,
            tracking_code: trackingCode,
            service: option.service,
            amount: option.amount,
            currency: option.currency,
            breakdown: JSON.stringify(option.breakdown),
            chargeable_weight_kg: option.chargeable_weight_kg,
            reference,
            idempotency_key: key ?? null,
            cod_amount: codAmount,
            request_hash: hash,
          },
        });
      }),
    );
  } catch (e) {
    // The same key at the same time: the first one made it.
    if (key && isUniqueViolation(e)) {
      const earlier = await db().booking.findUnique({ where: { shipper_id_idempotency_key: { shipper_id: shipper.id, idempotency_key: key } }, include: WITH });
      if (earlier) return replay(earlier, hash);
    }
    throw e;
  }
  let parcelId: number | null = null;
  let pickupId: number | null = null;
  try {
    const parcel = await createParcel({
      tracking_code: booking.tracking_code,
      recipient_name: recipient.name,
      recipient_address: recipient,
      sender_address: sender,
      weight: Math.round(shipment.parcels.reduce((kg, p) => kg + p.weight_kg, 0) * 1000) / 1000,
      parcel_content: contents,
      cod_amount: codAmount,
      shipped_via: option.name,
      ...(shipment.declared_value !== null ? { declared_value: toMajor(shipment.declared_value, option.currency) } : {}),
      min_expected_delivery_date: option.delivery_date_min,
      max_expected_delivery_date: option.delivery_date_max,
    } as unknown as CreateParcelInput);
    parcelId = parcel.id;
    // In the language of the entry's reader (entry.language.ts): the recipient's, else the company's (a shipper is no member).
    const l = await entryLanguage(parcel);
    await createActivity({
      parcel_id: parcel.id,
      title: l.t("history.booked.title"),
      description: l.t("history.booked.description", {
        shipper: shipper.company || shipper.name,
        service: option.name,
        count: shipment.parcels.length,
        weight: option.chargeable_weight_kg,
      }),
      icon: "radio_button_unchecked",
      color: "gold",
      status_code: "pending",
    } as never);
    pickupId = window ? (await createPickupFor(shipper.id, window, sender, [booking.id])).id : null;
    booking = await db().booking.update({ where: { id: booking.id }, data: { parcel_id: parcel.id, pickup_id: pickupId }, include: WITH });
  } catch (e) {
    await db()
      .booking.delete({ where: { id: booking.id } })
      .catch(() => undefined);
    if (parcelId !== null) await deleteParcel(parcelId).catch(() => undefined);
    // A pickup left without its one booking would stay on the dispatch board.
    if (pickupId !== null)
      await db()
        .pickup.delete({ where: { id: pickupId } })
        .catch(() => undefined);
    throw e;
  }
  return bookingView(booking);
}

function replay(earlier: BookingRow, hash: string) {
  if (idempotencyDecision(earlier, hash) === "conflict") throw conflict(IDEMPOTENCY_CONFLICT);
  return bookingView(earlier);
}

/** A booking the caller may see: its shipper's, or any for the staff; else 404. */
export async function ownBooking(caller: Actor | null, id: number): Promise<BookingRow> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound("Booking not found");
  const b = await db().booking.findUnique({ where: { id }, include: WITH });
  if (!b || (caller?.kind === "shipper" && b.shipper_id !== caller.id)) throw notFound("Booking not found");
  return b;
}

export interface BookingFilter extends PagingArgs {
  shipper_id?: number;
  status?: string;
  from?: string;
  to?: string;
  /** true: only bookings whose parcel has cash on delivery; false: only those without. */
  cod?: boolean;
}

/** The site's local day [from, to] as instants (the time zone's offset read at each end). */
export function dayRange(from?: string, to?: string): { gte?: Date; lt?: Date } {
  const at = (date: string) => {
    const guess = new Date(`${date}T00:00:00Z`);
    const local = localNow(guess, config().timeZone);
    const shown = new Date(`${local.date}T${local.time}:00Z`).getTime();
    return new Date(guess.getTime() - (shown - guess.getTime()));
  };
  const next = (d: string) => new Date(new Date(`${d}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  return { ...(from ? { gte: at(from) } : {}), ...(to ? { lt: at(next(to)) } : {}) };
}

export async function readFilter(raw: Record<string, unknown>): Promise<BookingFilter> {
  // A query string's cod=true or cod=false is the boolean; an empty one is no filter, anything else is refused (422 naming cod).
  const cod = raw.cod === "true" ? true : raw.cod === "false" ? false : raw.cod;
  const i = await validated(BookingListArgs, withNumbers({ ...raw, ...(raw.cod === undefined ? {} : { cod }) }, ["page", "per_page", "shipper_id"]));
  const t = (v: string | undefined) => v?.trim() || undefined;
  return {
    page: i.page,
    per_page: i.per_page,
    shipper_id: i.shipper_id,
    status: t(i.status),
    from: t(i.from),
    to: t(i.to),
    cod: typeof i.cod === "boolean" ? i.cod : undefined,
  };
}

/** A shipper: only its own; staff: all, by shipper_id, status, from, to (days of booking), cod (with cash on delivery or not). */
export async function listBookings(caller: Actor | null, f: BookingFilter) {
  const where: Record<string, unknown> = {};
  if (caller?.kind === "shipper") where.shipper_id = caller.id;
  else if (f.shipper_id) where.shipper_id = f.shipper_id;
  if (f.status === "cancelled") where.cancelled_at = { not: null };
  else if (f.status) Object.assign(where, { cancelled_at: null, parcel: { status_code: f.status } });
  // Cash on delivery: the parcel's collection (the amount as it is now, which staff may have changed since booking).
  if (f.cod !== undefined) where.parcel = { ...(where.parcel as object | undefined), cod_collection: f.cod ? { isNot: null } : { is: null } };
  const range = dayRange(f.from, f.to);
  if (range.gte || range.lt) where.created_at = range;
  const page = await pageOf(
    f,
    () => db().booking.count({ where }),
    (skip, take) => db().booking.findMany({ where, skip, take, orderBy: { id: "desc" }, include: WITH }),
  );
  const [names, cods] = await Promise.all([
    serviceNames(page.data.map((b) => b.service)),
    collectionsOf(page.data.flatMap((b) => (b.parcel_id === null ? [] : [b.parcel_id]))),
  ]);
  return { ...page, data: await Promise.all(page.data.map((b) => bookingView(b, names, cods))) };
}

export function linkBookings(page: Awaited<ReturnType<typeof listBookings>>, f: BookingFilter, path = "/api/bookings") {
  let next: string | null = null;
  if (page.current_page < page.last_page) {
    const q = new URLSearchParams({ page: String(page.current_page + 1), per_page: String(page.per_page) });
    for (const k of ["shipper_id", "status", "from", "to", "cod"] as const) if (f[k] !== undefined) q.set(k, String(f[k]));
    next = `${path}?${q}`;
  }
  return { ...page, next_page_url: next };
}

/** The label of a booking (its shipper or the staff): the existing label with service, sender, recipient, weight and reference. */
export async function bookingLabel(caller: Actor | null, id: number, base: string): Promise<{ pdf: Buffer; code: string }> {
  const b = await ownBooking(caller, id);
  if (!b.parcel_id) throw notFound("Booking not found");
  return { pdf: await labelsPdfOf([b.tracking_code], base, "label", { references: { [b.tracking_code]: b.reference } }), code: b.tracking_code };
}

/** Cancels while the parcel is pending and the booking is not on a statement (409 otherwise): a history entry `cancelled`, never billed. */
export async function cancelBooking(caller: Actor | null, raw: unknown) {
  const id = Number(asObject(raw).id);
  if (!Number.isInteger(id) || id < 1) throw badInput("id must be a whole number");
  const b = await ownBooking(caller, id);
  if (b.cancelled_at) throw conflict("This booking is already cancelled");
  if (statusOf(b) !== "pending") throw conflict(`The parcel is ${statusOf(b)}: only a pending booking can be cancelled`);
  const { count } = await db().booking.updateMany({ where: { id, cancelled_at: null, statement_id: null }, data: { cancelled_at: new Date() } });
  if (!count) throw conflict("This booking is on a statement already and cannot be cancelled");
  if (b.pickup_id) await dropEmptyPickup(b.pickup_id);
  if (b.parcel_id) {
    const l = await entryLanguage(await db().parcel.findUniqueOrThrow({ where: { id: b.parcel_id }, select: { recipient_language: true } }));
    await createActivity({
      parcel_id: b.parcel_id,
      title: l.t("history.status.cancelled"),
      description: l.t("history.cancelled"),
      icon: "pan_tool",
      color: "red",
      status_code: "cancelled",
    } as never);
  }
  return bookingView(await db().booking.findUniqueOrThrow({ where: { id }, include: WITH }));
}
