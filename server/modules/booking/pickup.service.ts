import type { Actor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { badInput, conflict, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { addressLine, asObject, located, parseAddress, samePlace, toAddress, type Address } from "../address/address.rules.js";
import { problems, validated, withNumbers } from "../../core/validation.js";
import { PickupInput, PickupListArgs } from "./pickup.type.js";
import { isWorkingDay, localNow } from "../rates/pricing.rules.js";
import { getSettings } from "../settings/settings.service.js";
import { bookAddress } from "../shipper/shipper.service.js";
import { oneAtATime, shipperKey } from "./shipper-queue.js";

/**
 * Pickups (section 10): a window of at least two hours on a working day, not in the past, and a
 * same-day request only before the setting pickup_cutoff (default 14:00, the site's time zone).
 */

export interface PickupWindow {
  date: string;
  from: string;
  to: string;
}
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
export const MIN_WINDOW_MINUTES = 120;

type PickupRow = { id: number; shipper_id: number; date: string; from: string; to: string; address: string; status: string; created_at: Date };
export const pickupView = (p: PickupRow, bookingIds?: number[]) => ({
  id: p.id,
  shipper_id: p.shipper_id,
  date: p.date,
  from: p.from,
  to: p.to,
  address: JSON.parse(p.address) as Address,
  ...(bookingIds ? { booking_ids: bookingIds } : {}),
  status: p.status,
  created_at: p.created_at,
});

/**
 * A validated window (PickupWindowInput's fields) against now and the cut-off: at least two hours, a
 * working day, not past, a same-day one before the cut-off. Messages name the fields under `prefix` ("pickup.").
 */
export async function windowProblems(w: PickupWindow, prefix: string, now = new Date()): Promise<string[]> {
  const out: string[] = [];
  const local = localNow(now, config().timeZone);
  if (minutes(w.to) - minutes(w.from) < MIN_WINDOW_MINUTES) out.push(`${prefix}to must be at least ${MIN_WINDOW_MINUTES / 60} hours after ${prefix}from`);
  if (w.date < local.date) out.push(`${prefix}date must not be in the past`);
  else if (!isWorkingDay(w.date)) out.push(`${prefix}date must be a working day (Monday to Friday)`);
  else if (w.date === local.date) {
    const cutoff = (await getSettings()).pickup_cutoff;
    if (local.time >= cutoff) out.push(`${prefix}date is today, and same-day pickups must be asked for before ${cutoff}: choose the next working day`);
    else if (minutes(w.to) <= minutes(local.time)) out.push(`${prefix}to has passed already today`);
  }
  return out;
}

/** A validated window, trimmed. */
export const toWindow = (w: PickupWindow): PickupWindow => ({ date: w.date.trim(), from: w.from.trim(), to: w.to.trim() });

/** The most pickups a shipper may have open at once (requested, for today or later). */
export const MAX_OPEN_PICKUPS = 20;

/**
 * A pickup for bookings of one shipper, within MAX_OPEN_PICKUPS. Only the lock, the count and the
 * pickup's insert run in the transaction: the audit reads the rows an update changes on another
 * connection (server/db/audit.ts), which a transaction holding its own would wait for (issue 35). The
 * bookings are claimed after it (only while without a pickup), and a failed claim removes the pickup.
 */
export async function createPickupFor(shipperId: number, w: PickupWindow, address: Address, bookingIds: number[], now = new Date()) {
  const today = localNow(now, config().timeZone).date;
  return oneAtATime(shipperKey(shipperId), async () => {
    const p = await db().$transaction(async (tx) => {
      // Writing the shipper's row holds it until commit, so two requests at once cannot both pass the cap.
      await tx.shipper.update({ where: { id: shipperId }, data: { updated_at: new Date() }, select: { id: true } });
      const open = await tx.pickup.count({ where: { shipper_id: shipperId, status: "requested", date: { gte: today } } });
      if (open >= MAX_OPEN_PICKUPS)
        throw conflict(`This shipper has ${open} open pickups, the most at once: put more bookings in one pickup, or wait until one is collected`);
      return tx.pickup.create({ data: { shipper_id: shipperId, date: w.date, from: w.from, to: w.to, address: JSON.stringify(address) } });
    });
    const { count } = await db().booking.updateMany({
      where: { id: { in: bookingIds }, shipper_id: shipperId, cancelled_at: null, pickup_id: null },
      data: { pickup_id: p.id },
    });
    if (count !== bookingIds.length) {
      await db().booking.updateMany({ where: { pickup_id: p.id }, data: { pickup_id: null } });
      await db().pickup.delete({ where: { id: p.id } });
      throw conflict("A booking of booking_ids is cancelled or has a pickup already");
    }
    return p;
  });
}

/** The bookings of a pickup request: the shipper's own (another's: 404), each not cancelled, without a pickup and not picked up yet. */
async function pickableBookings(shipperId: number, ids: number[]) {
  const rows = await db().booking.findMany({
    where: { id: { in: ids }, shipper_id: shipperId },
    select: { id: true, cancelled_at: true, pickup_id: true, parcel: { select: { status_code: true, sender_address: true } } },
    orderBy: { id: "asc" },
  });
  // Another shipper's booking does not exist for this one (404).
  if (rows.length !== ids.length) throw notFound("Booking not found");
  for (const b of rows) {
    if (b.cancelled_at) throw conflict(`The booking ${b.id} is cancelled`);
    if (b.pickup_id) throw conflict(`The booking ${b.id} has a pickup already`);
    const status = b.parcel ? (b.parcel.status_code ?? "pending") : "gone";
    if (status !== "pending") throw conflict(`The booking ${b.id} is past its pickup (its parcel is ${status.replace(/_/g, " ")})`);
  }
  return rows.map((b) => parseAddress(b.parcel!.sender_address));
}

/**
 * POST /api/pickups: a shipper for its own bookings; staff give shipper_id. At least one booking, and the
 * address is the sender they were priced from (a pickup elsewhere would ship on a route nobody paid for).
 */
export async function createPickup(raw: unknown, caller: Actor | null) {
  const body = asObject(raw);
  let shipperId: number;
  if (caller?.kind === "shipper") shipperId = caller.id;
  else {
    if (body.shipper_id === undefined || body.shipper_id === null) throw badInput("shipper_id is required");
    const id = body.shipper_id;
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) throw badInput("shipper_id must be a whole number");
    if (!(await db().shipper.findUnique({ where: { id: id as number }, select: { id: true } }))) throw badInput("shipper_id names no shipper");
    shipperId = id as number;
  }
  const { value: i, messages } = await problems(PickupInput, body);
  // The window's own checks first, as its fields come first (once they are well formed).
  const window = messages.some((m) => /^(date|from|to) /.test(m)) ? null : toWindow(i);
  const errors = [...(window ? await windowProblems(window, "") : []), ...messages];
  if (errors.length || !window) throw badInput(errors);
  const byId = i.address_id !== undefined && i.address_id !== null;
  const address = byId ? await bookAddress(shipperId, i.address_id!) : await located(toAddress(i.address!));
  const ids = i.booking_ids;
  const bookingIds = [...new Set(ids as number[])];
  const senders = await pickableBookings(shipperId, bookingIds);
  const from = senders[0];
  if (!from || senders.some((s) => !s || !samePlace(s, from))) throw badInput("booking_ids ship from several sender addresses: ask for one pickup per address");
  if (!samePlace(address, from))
    throw badInput(
      `${byId ? "address_id" : "address"} must be the sender address these bookings were priced from (${addressLine(from)}): book again to ship from elsewhere`,
    );
  const p = await createPickupFor(shipperId, window, address, bookingIds);
  return pickupView(p, bookingIds);
}

/** A booking cancelled: its pickup, left with no booking to collect, is cancelled too (off the dispatch board). */
export async function dropEmptyPickup(pickupId: number) {
  await db().pickup.updateMany({ where: { id: pickupId, status: "requested", bookings: { none: { cancelled_at: null } } }, data: { status: "cancelled" } });
}

/** GET /api/pickups?date=: staff all, a shipper its own; with their bookings. */
export async function listPickups(caller: Actor | null, raw: Record<string, unknown>) {
  const i = await validated(PickupListArgs, withNumbers(raw, ["shipper_id"]));
  const date = i.date?.trim();
  const shipperId = caller?.kind === "shipper" ? caller.id : i.shipper_id;
  const rows = await db().pickup.findMany({
    where: { ...(date ? { date } : {}), ...(shipperId ? { shipper_id: shipperId } : {}) },
    orderBy: [{ date: "asc" }, { from: "asc" }, { id: "asc" }],
    take: 1000,
  });
  const bookings = await db().booking.findMany({ where: { pickup_id: { in: rows.map((p) => p.id) } }, select: { id: true, pickup_id: true } });
  return rows.map((p) =>
    pickupView(
      p,
      bookings.filter((b) => b.pickup_id === p.id).map((b) => b.id),
    ),
  );
}
