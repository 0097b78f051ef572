// Issue 35, the shipper's holes, through both doors on both databases: one shipper's parallel
// bookings holding the others' requests (1), a booking or pickup priced on another route than the
// parcel takes (2). The amounts (3) and control characters: holes-booking-amounts.test.ts.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import type { SmtpPeer } from "../helpers/smtp.js";
import { BERLIN, booking, HAMBURG, HEL, ISLAND, PRICE, setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";
import { fails, ok } from "../fixtures/rest.js";
import { MAX_OPEN_PICKUPS } from "../../server/modules/booking/pickup.service.js";

let app: MailApp;
let t: TestApp;
let admin: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  // A small pool: a transaction that waits for a second connection while holding one stalls as soon as a few run at once.
  app = await startAppWithMail({ RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC", PG_POOL_MAX: "4" });
  ({ t, admin, smtp } = app);
  await setUpZonedRates(admin);
});
afterAll(() => app?.close());

const shipper = () => verifiedShipper(t.url, smtp);
const DAY = "2030-01-07";
const BOOK = `mutation($input: BookingInput!) { createBooking(input: $input) { id amount } }`;
const QUOTE = `mutation($input: QuoteInput!) { quote(input: $input) { options { service amount } } }`;
const PICKUP = `mutation($input: PickupInput!) { createPickup(input: $input) { id booking_ids } }`;

describe("1. one shipper's parallel bookings", () => {
  it("20 at once by its key: each 201 or a clear 4xx (credit limit, idempotency), never 500; another shipper meanwhile answers promptly", async () => {
    const a = await shipper();
    const b = await shipper();
    const price = ok(await a.post("/api/quotes", { from: BERLIN, to: HAMBURG, parcels: [{ weight_kg: 1 }] }))[0].amount as number;
    ok(await admin.patch("/api/shippers", { id: a.id, credit_limit: price * 12 }));
    ok(await b.post("/api/bookings", booking()), 201);
    // The same calls of the other shipper alone: the bound below is a multiple of it (a loaded host slows both).
    const t0 = Date.now();
    await Promise.all([b.get("/api/bookings"), b.post("/api/bookings", booking({ reference: "alone" }))]);
    const alone = Date.now() - t0;
    const started = Date.now();
    const burst = Promise.all(
      Array.from({ length: 20 }, (_, i) => a.post("/api/bookings", booking({ reference: `burst-${i}` }), i < 4 ? { "idempotency-key": "same-key" } : {})),
    );
    // Another shipper's unrelated calls while the burst runs: a list and a booking.
    await new Promise((r) => setTimeout(r, 30));
    const asked = Date.now();
    const [list, own] = await Promise.all([b.get("/api/bookings"), b.post("/api/bookings", booking({ reference: "meanwhile" }))]);
    const waited = Date.now() - asked;
    const answers = await burst;
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(answers.filter((r) => r.status >= 500).map((r) => r.text)),
    ).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 402 || s === 409)).toBe(true);
    for (const r of answers.filter((x) => x.status === 402)) expect(fails(r, 402)[0]).toContain("credit limit");
    ok(list);
    ok(own, 201);
    // Held behind the burst's transactions it waited 10 s on PostgreSQL; served beside it, about 5 to 11 times its calls alone.
    expect(waited, `the other shipper waited ${waited} ms, ${alone} ms alone (burst began ${asked - started} ms before)`).toBeLessThan(
      Math.max(5000, 20 * alone),
    );
    // The limit held: at most 12 bookings of a's, and the four with one key made one of them.
    const made = ok(await a.get("/api/bookings?per_page=100"));
    expect(made.total).toBeLessThanOrEqual(12);
    expect(new Set(answers.filter((r, i) => i < 4 && r.status === 201).map((r) => r.json.data.id)).size).toBeLessThanOrEqual(1);
    expect(made.total).toBe(new Set(answers.filter((r) => r.status === 201).map((r) => r.json.data.id)).size);
  });

  it("pickups of several shippers at once (more than the pool's connections): each 201, never 500", async () => {
    const shippers = await Promise.all(Array.from({ length: 8 }, () => shipper()));
    const ids = await Promise.all(shippers.map(async (s) => ok(await s.post("/api/bookings", booking()), 201).id as number));
    const asked = await Promise.all(
      shippers.map((s, i) => s.post("/api/pickups", { date: DAY, from: "09:00", to: "12:00", address: BERLIN, booking_ids: [ids[i]] })),
    );
    expect(asked.map((r) => r.status)).toEqual(asked.map(() => 201));
  });
});

describe("1. statements of several shippers at once", () => {
  it("more than the pool's connections: each 201, never 500", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const s = ok(await admin.post("/api/shippers", { name: `Billed ${i}`, email: `billed-${i}@shop.example` }), 201);
      ok(await admin.post("/api/bookings", booking({ shipper_id: s.id })), 201);
      ids.push(s.id);
    }
    const made = await Promise.all(ids.map((id) => admin.post("/api/statements", { shipper_id: id, from: "2000-01-01", to: "2100-12-31" })));
    expect(made.map((r) => r.status)).toEqual(made.map(() => 201));
  });
});

describe("2. the price of the route the parcel takes", () => {
  it("a place of a country zoned by postcode without one is 422 naming it: booking and quote, both doors", async () => {
    const a = await shipper();
    const { postcode: _, ...island } = ISLAND;
    expect(fails(await a.post("/api/bookings", booking({ recipient: island })), 422)).toEqual(["recipient.postcode is required: DE is priced by postcode"]);
    const { postcode: __, ...berlin } = BERLIN;
    expect(fails(await a.post("/api/bookings", booking({ sender: berlin, recipient: island })), 422)).toEqual([
      "sender.postcode is required: DE is priced by postcode",
      "recipient.postcode is required: DE is priced by postcode",
    ]);
    const g = await a.gql(BOOK, { input: booking({ recipient: island }) });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].message).toContain("recipient.postcode is required");
    expect(fails(await a.post("/api/quotes", { from: BERLIN, to: { country: "DE", city: "Sassnitz" }, parcels: [{ weight_kg: 1 }] }), 422)).toEqual([
      "to.postcode is required: DE is priced by postcode",
    ]);
    const gq = await a.gql(QUOTE, { input: { from: { country: "DE", postcode: "10117" }, to: { country: "DE" }, parcels: [{ weight_kg: 1 }] } });
    expect(gq.errors?.[0].message).toContain("to.postcode is required");
    // A country zoned by country alone needs none; nothing was booked above.
    expect(ok(await a.post("/api/quotes", { from: BERLIN, to: { country: "FR" }, parcels: [{ weight_kg: 1 }] }))).toEqual([]);
    expect(ok(await a.get("/api/bookings")).total).toBe(0);
  });

  it("the narrowest zone of the postcode prices it, however the postcode is written: the remote price, both doors", async () => {
    const a = await shipper();
    // 18546 is in North (10000-29999) and in Islands (185): the island's remote price, not North's.
    const island = ok(await a.post("/api/bookings", booking({ recipient: ISLAND })), 201);
    expect(island.amount).toBe(PRICE.remote);
    expect(island.breakdown.map((l: { code: string }) => l.code)).toEqual(["base", "remote"]);
    expect((await a.gql(BOOK, { input: booking({ recipient: ISLAND, reference: "g" }) })).data.createBooking.amount).toBe(PRICE.remote);
    // Poland's postcodes are written 84-150: the range 84150-84150 holds it.
    expect(ok(await a.post("/api/bookings", booking({ recipient: HEL })), 201).amount).toBe(PRICE.remote);
    expect(ok(await a.post("/api/quotes", { from: BERLIN, to: { country: "PL", postcode: "84-150" }, parcels: [{ weight_kg: 1 }] }))[0].amount).toBe(
      PRICE.remote,
    );
    expect(ok(await a.post("/api/bookings", booking()), 201).amount).toBe(PRICE.north);
    // The parcel carries the very address it was priced by.
    const parcel = (
      await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { recipient_address { postcode city } } }`, { c: island.tracking_code })
    ).data.adminParcel;
    expect(parcel.recipient_address).toMatchObject({ postcode: "18546", city: "Sassnitz" });
  });

  it("a pickup is at the sender its bookings were priced from (422 naming address or address_id), both doors", async () => {
    const a = await shipper();
    const bk = ok(await a.post("/api/bookings", booking()), 201);
    const at = (address: unknown, extra: Record<string, unknown> = {}) => ({ date: DAY, from: "09:00", to: "12:00", address, booking_ids: [bk.id], ...extra });
    expect(fails(await a.post("/api/pickups", at(ISLAND)), 422)[0]).toMatch(
      /^address must be the sender address these bookings were priced from \(Ada GmbH, Unter den Linden 1, 10117 Berlin, Germany\)/,
    );
    const home = ok(await a.c.post("/api/users/addresses", ISLAND), 201);
    expect(fails(await a.post("/api/pickups", { ...at(undefined), address_id: home.id }), 422)[0]).toMatch(/^address_id must be the sender address/);
    const g = await a.gql(PICKUP, { input: at(ISLAND) });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].message).toMatch(/address must be the sender address/);
    // The same place written otherwise, another contact: taken.
    const same = { ...BERLIN, name: "Front desk", line1: "unter den linden  1", line2: "Hof 2", city: "BERLIN", phone: "+49 30 123456" };
    expect(ok(await a.post("/api/pickups", at(same)), 201)).toMatchObject({ booking_ids: [bk.id], status: "requested" });
    // Bookings from two senders: one pickup per address.
    const fromHamburg = ok(await a.post("/api/bookings", booking({ sender: { ...HAMBURG, postcode: "14050", city: "Berlin" } })), 201);
    const fromBerlin = ok(await a.post("/api/bookings", booking()), 201);
    expect(fails(await a.post("/api/pickups", at(BERLIN, { booking_ids: [fromBerlin.id, fromHamburg.id] })), 422)).toEqual([
      "booking_ids ship from several sender addresses: ask for one pickup per address",
    ]);
  });

  it("a pickup needs a booking not picked up yet; a cancelled one leaves the dispatch board; open pickups are capped", async () => {
    const a = await shipper();
    const at = (ids: number[]) => ({ date: DAY, from: "09:00", to: "12:00", address: BERLIN, booking_ids: ids });
    expect(fails(await a.post("/api/pickups", at([])), 422)).toEqual(["booking_ids must list 1 to 500 of the shipper's bookings that are not picked up yet"]);
    expect((await a.gql(PICKUP, { input: at([]) })).errors?.[0].message).toMatch(/^booking_ids must list 1 to 500/);
    fails(await admin.post("/api/pickups", { ...at([]), shipper_id: a.id }), 422);
    // Picked up already: 409.
    const moved = ok(await a.post("/api/bookings", booking()), 201);
    const parcel = ok(await admin.get(`/api/parcels/${moved.tracking_code}`));
    ok(
      await admin.post("/api/activities", {
        parcel_id: parcel.id,
        title: "Picked up",
        description: "x",
        icon: "local_shipping",
        color: "green",
        status_code: "picked_up",
      }),
      201,
    );
    expect(fails(await a.post("/api/pickups", at([moved.id])), 409)[0]).toMatch(/past its pickup \(its parcel is picked up\)/);
    // A pickup whose bookings are all cancelled is cancelled: off the dispatch board.
    const one = ok(await a.post("/api/bookings", booking({ pickup: { date: DAY, from: "09:00", to: "12:00" } })), 201);
    const board = async () => ok(await admin.get(`/api/dispatch?date=${DAY}`)).unassigned.map((s: { pickup_id: number | null }) => s.pickup_id);
    expect(await board()).toContain(one.pickup.id);
    ok(await a.delete("/api/bookings", { id: one.id }));
    expect(await board()).not.toContain(one.pickup.id);
    expect(ok(await a.get(`/api/pickups?date=${DAY}`)).find((p: { id: number }) => p.id === one.pickup.id).status).toBe("cancelled");
    // At most MAX_OPEN_PICKUPS open at once, whichever door asks.
    const ids = [];
    for (let i = 0; i < MAX_OPEN_PICKUPS + 1; i++) ids.push(ok(await a.post("/api/bookings", booking({ reference: `cap-${i}` })), 201).id);
    const asked = await Promise.all(ids.slice(0, MAX_OPEN_PICKUPS).map((id) => a.post("/api/pickups", at([id]))));
    expect(asked.map((r) => r.status)).toEqual(asked.map(() => 201));
    expect(fails(await a.post("/api/pickups", at([ids[MAX_OPEN_PICKUPS]])), 409)[0]).toMatch(/open pickups, the most at once/);
    expect((await a.gql(PICKUP, { input: at([ids[MAX_OPEN_PICKUPS]]) })).errors?.[0].extensions.code).toBe("CONFLICT");
    fails(await a.post("/api/bookings", booking({ pickup: { date: DAY, from: "09:00", to: "12:00" } })), 409);
    expect(ok(await a.get(`/api/pickups?date=${DAY}`)).filter((p: { status: string }) => p.status === "requested")).toHaveLength(MAX_OPEN_PICKUPS);
  });
});
