import type { Actor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { badInput, conflict, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { addressLine, asObject, located, parseAddress, readAddress, Reader, samePlace, type Address } from "../address/address.rules.js";
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
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
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

/** Reads { date, from, to } (messages under `prefix`) and checks the window against now and the cut-off. */
export async function readWindow(r: Reader, _prefix: string, now = new Date()): Promise<PickupWindow | null> {
  const before = r.errors.length;
  const date = r.text("date", true, 10);
  if (date && (!DATE.test(date) || !new Date(`${date}T00:00:00Z`).toISOString().startsWith(date))) r.fail("date", "must be a date as YYYY-MM-DD");
  const from = r.text("from", true, 5);
  if (from && !TIME.test(from)) r.fail("from", "must be a time as HH:MM");
  const to = r.text("to", true, 5);
  if (to && !TIME.test(to)) r.fail("to", "must be a time as HH:MM");
  if (r.errors.length > before) return null;
  const local = localNow(now, config().timeZone);
  if (minutes(to!) - minutes(from!) < MIN_WINDOW_MINUTES) r.fail("to", `must be at least ${MIN_WINDOW_MINUTES / 60} hours after ${r.name("from")}`);
  if (date! < local.date) r.fail("date", "must not be in the past");
  else if (!isWorkingDay(date!)) r.fail("date", "must be a working day (Monday to Friday)");
  else if (date === local.date) {
    const cutoff = (await getSettings()).pickup_cutoff;
    if (local.time >= cutoff) r.fail("date", `is today, and same-day pickups must be asked for before ${cutoff}: choose the next working day`);
    else if (minutes(to!) <= minutes(local.time)) r.fail("to", "has passed already today");
  }
  return r.errors.length > before ? null : { date: date!, from: from!, to: to! };
}

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
  const r = new Reader(body, "");
  let shipperId: number;
  if (caller?.kind === "shipper") shipperId = caller.id;
  else {
    const id = r.int("shipper_id", true, 1, 2_147_483_647);
    if (id === null || !(await db().shipper.findUnique({ where: { id }, select: { id: true } })))
      throw badInput(r.errors.length ? r.errors : "shipper_id names no shipper");
    shipperId = id;
  }
  const window = await readWindow(r, "");
  let address: Address | null = null;
  const byId = body.address_id !== undefined && body.address_id !== null;
  if (byId) {
    const id = r.int("address_id", true, 1, 2_147_483_647);
    if (id !== null) address = await bookAddress(shipperId, id);
  } else {
    const ar = r.object("address", true);
    const a = ar && readAddress(ar);
    if (ar) r.errors.push(...ar.errors);
    address = a && (await located(a));
  }
  const ids = body.booking_ids;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > 500 || ids.some((i) => !Number.isInteger(i) || i < 1 || i > 2_147_483_647))
    r.fail("booking_ids", "must list 1 to 500 of the shipper's bookings that are not picked up yet");
  if (r.errors.length || !window || !address) throw badInput(r.errors.length ? r.errors : "address is required");
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
  const r = new Reader(raw, "");
  const date = r.text("date", false, 10);
  if (date && !DATE.test(date)) r.fail("date", "must be a date as YYYY-MM-DD");
  const shipperId = caller?.kind === "shipper" ? caller.id : r.int("shipper_id", false, 1, 2_147_483_647);
  if (r.errors.length) throw badInput(r.errors);
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
