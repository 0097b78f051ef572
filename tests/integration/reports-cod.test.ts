/**
 * The dashboard's cash on delivery (api-contract.md section 14's `cod`, docs/reports.md): a known ledger posted
 * through the ledger's writer (postEntries, which keeps the balances) with explicit times, in TIME_ZONE Europe/Berlin across the periods' day boundaries and the
 * change to summer time, and every figure compared with the values worked out by hand below. Both doors, both
 * databases; the raw reads and the roll-ups' reads (the service's two paths) give the same block.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { signedIn, ok } from "../fixtures/rest.js";
import type { Client } from "../helpers/http.js";

let t: TestApp;
let owner: Client;
const ids = { c1: 0, c2: 0, A: 0, B: 0 };
const Z = (s: string) => new Date(`${s}Z`);
// 2026-03-25..2026-04-03 in Berlin: from 2026-03-24T23:00Z (UTC+1) to 2026-04-03T22:00Z (UTC+2, summer time since the
// 29th); the previous period 2026-03-15..2026-03-24 from 2026-03-14T23:00Z.
const PERIOD = "from=2026-03-25&to=2026-04-03";

beforeAll(async () => {
  t = await startTestApp({ TIME_ZONE: "Europe/Berlin" });
  owner = await signedIn(t);
  const { db } = await import("../../server/db/index.js");
  const { postEntries } = await import("../../server/modules/cod/cod.ledger.js");
  const d = db();
  // Through the ledger's one writer, which keeps the balances (CodBalance) the summary reads.
  const post = async (e: Parameters<typeof postEntries>[1][number]) => (await d.$transaction((tx) => postEntries(tx, [e])))[0];
  const c1 = await d.admin.create({ data: { email: "c1@cod-reports.example", password_hash: "x", role: "courier" } });
  const c2 = await d.admin.create({ data: { email: "c2@cod-reports.example", password_hash: "x", role: "courier" } });
  const A = await d.shipper.create({ data: { name: "Ada GmbH", email: "ada@cod-reports.example", password_hash: "x", email_verified: true } });
  const B = await d.shipper.create({ data: { name: "Bo Ltd", email: "bo@cod-reports.example", password_hash: "x", email_verified: true } });
  Object.assign(ids, { c1: c1.id, c2: c2.id, A: A.id, B: B.id });
  for (const code of ["STD", "EXP"]) await d.service.create({ data: { code, name: code, transit_days_min: 1, transit_days_max: 3 } });

  const acct = { c1: `courier:${c1.id}`, c2: `courier:${c2.id}`, A: `shipper:${A.id}`, B: `shipper:${B.id}` };
  // A parcel due `amount`, its booking (when a shipper booked it) and its collection as taken at the door.
  const parcel = async (n: number, amount: number, shipper: number | null, service: string | null, method: "cash" | "card", by: number, at: string) => {
    const p = await d.parcel.create({
      data: { tracking_code: `COD-${n}`, recipient_name: `R${n}`, destination: "Berlin", cod_amount: amount, cod_currency: "EUR" },
    });
    if (shipper && service)
      await d.booking.create({
        data: {
          shipper_id: shipper,
          parcel_id: p.id,
          tracking_code: `COD-B${n}`,
          service,
          amount: 500,
          currency: "EUR",
          breakdown: "[]",
          chargeable_weight_kg: 1,
          request_hash: `cod-h${n}`,
          cod_amount: amount,
        },
      });
    const c = await d.codCollection.create({
      data: {
        parcel_id: p.id,
        tracking_code: p.tracking_code,
        shipper_id: shipper,
        amount,
        currency: "EUR",
        status: method === "card" ? "settled" : "collected",
        method,
        collected_amount: amount,
        collected_at: Z(at),
        collected_by: by,
      },
    });
    const e = await post({
      at: Z(at),
      kind: "collected",
      amount,
      currency: "EUR",
      debit: method === "card" ? "card_clearing" : `courier:${by}`,
      credit: shipper ? `shipper:${shipper}` : "company",
      tracking_code: p.tracking_code,
      parcel_id: p.id,
      collection_id: c.id,
    });
    return { parcel: p, collection: c, entry: e };
  };
  const reverse = (e: { id: number; amount: number; debit: string; credit: string; parcel_id: number | null; collection_id: number | null }, at: string) =>
    post({
      at: Z(at),
      kind: "reversed",
      amount: e.amount,
      currency: "EUR",
      debit: e.credit,
      credit: e.debit,
      parcel_id: e.parcel_id,
      collection_id: e.collection_id,
      reverses: e.id,
      note: "wrong parcel",
    });
  const cashup = async (courier: number, expected: number, counted: number, at: string, collections: number[]) => {
    const u = await d.codCashup.create({
      data: {
        courier_id: courier,
        expected_amount: expected,
        counted_amount: counted,
        difference: counted - expected,
        currency: "EUR",
        member_id: 1,
        at: Z(at),
      },
    });
    await d.codCollection.updateMany({ where: { id: { in: collections } }, data: { cashup_id: u.id, status: "handed_over" } });
    await post({ at: Z(at), kind: "handed_over", amount: expected, currency: "EUR", debit: "depot_cash", credit: `courier:${courier}`, cashup_id: u.id });
    if (counted < expected)
      await post({
        at: Z(at),
        kind: "over_short",
        amount: expected - counted,
        currency: "EUR",
        debit: "over_short",
        credit: "depot_cash",
        cashup_id: u.id,
        note: "short",
      });
  };

  // P1: 10.00 cash by c1 for Ada on 20 March (previous period), counted in at 23:30 Berlin on the 24th with 1.00 short.
  const p1 = await parcel(1, 1000, A.id, "STD", "cash", c1.id, "2026-03-20T10:00:00");
  await cashup(c1.id, 1000, 900, "2026-03-24T22:30:00", [p1.collection.id]);
  // P2: 25.00 by card for Ada at 00:30 Berlin on the 25th (the period's first hour).
  const p2 = await parcel(2, 2500, A.id, "EXP", "card", c1.id, "2026-03-24T23:30:00");
  // P3: 7.00 cash by c2 for Bo at 23:59 Berlin on the 24th (the previous period's last minute).
  const p3 = await parcel(3, 700, B.id, "STD", "cash", c2.id, "2026-03-24T22:59:00");
  // P4: 12.00 cash by c2 for Bo at 23:59 Berlin on 3 April (summer time: the period's last minute).
  const p4 = await parcel(4, 1200, B.id, "EXP", "cash", c2.id, "2026-04-03T21:59:00");
  // P3 and P4 counted in at 00:01 Berlin on 4 April: after the period.
  await cashup(c2.id, 1900, 1900, "2026-04-03T22:01:00", [p3.collection.id, p4.collection.id]);
  // P5: 4.00 cash by c1 for a parcel no shipper booked (the company's), on the 30th.
  await parcel(5, 400, null, null, "cash", c1.id, "2026-03-30T10:00:00");
  // P6: 6.00 cash by c1 for Ada on the 26th, reversed on the 27th.
  const p6 = await parcel(6, 600, A.id, "STD", "cash", c1.id, "2026-03-26T10:00:00");
  await reverse(p6.entry, "2026-03-27T10:00:00");
  // P7: 3.00 by card by c2 for Bo on 16 March (previous period), reversed on 26 March (this period).
  const p7 = await parcel(7, 300, B.id, "STD", "card", c2.id, "2026-03-16T10:00:00");
  await reverse(p7.entry, "2026-03-26T08:00:00");
  // Ada paid out on 1 April: P1 and P2 (35.00), net of a 5.00 statement: remitted 30.00 and offset 5.00.
  const m = await d.codRemittance.create({
    data: {
      number: "RM-202604-000001",
      shipper_id: A.id,
      to: Z("2026-03-31T22:00:00"),
      total_collected: 3500,
      offsets: "[]",
      net: 3000,
      currency: "EUR",
      status: "paid",
      paid_reference: "BANK-1",
      paid_at: Z("2026-04-01T10:00:00"),
      member_id: 1,
    },
  });
  await d.codCollection.updateMany({ where: { id: { in: [p1.collection.id, p2.collection.id] } }, data: { remittance_id: m.id, status: "remitted" } });
  for (const [kind, amount, credit] of [
    ["remitted", 3000, "bank"],
    ["offset", 500, "statements"],
  ] as const)
    await post({ at: Z("2026-04-01T10:00:00"), kind, amount, currency: "EUR", debit: acct.A, credit, remittance_id: m.id });
  // A ledger in another currency is left out of every figure.
  await post({ at: Z("2026-03-28T10:00:00"), kind: "collected", amount: 99_999, currency: "USD", debit: acct.c1, credit: acct.B });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const COD = "cod { collected held_by_couriers depot_cash owed_to_shippers }";
const gql = (vars: Record<string, unknown>) =>
  owner.gql(
    `query($from: String, $to: String, $shipperId: Int, $courierId: Int, $service: String) {
      reportSummary(from: $from, to: $to, shipperId: $shipperId, courierId: $courierId, service: $service) { ${COD} previous { ${COD} } } }`,
    vars,
  );
const figures = (collected: number, held_by_couriers: number, depot_cash: number, owed_to_shippers: number) => ({
  collected,
  held_by_couriers,
  depot_cash,
  owed_to_shippers,
});

describe("the dashboard's cash on delivery, from the ledger", () => {
  it("gives the period's collections and the balances at its end, and the previous period's, as worked out by hand", async () => {
    // collected in the period: P2 2500 + P4 1200 + P5 400 + P6 600, less the reversals posted in it (P6 600, P7 300): 3800.
    // Previous: P1 1000 + P3 700 (23:59 on the 24th) + P7 300: 2000.
    // At the end (2026-04-03T22:00Z; c2's cash-up at 22:01Z comes after): c1 1000 - 1000 + 400 + 600 - 600 = 400, c2 700 +
    // 1200 = 1900: held 2300; depot 1000 - 100 short = 900; owed Ada 1000 + 2500 + 600 - 600 - 3000 - 500 = 0, Bo 700 +
    // 1200 + 300 - 300 = 1900 (the company's 400 is no shipper's).
    // At the previous end (2026-03-24T23:00Z): c1 0, c2 700; depot 900; owed Ada 1000, Bo 700 + 300 = 2000.
    const cur = figures(3800, 2300, 900, 1900);
    const prev = figures(2000, 700, 900, 2000);
    const rest = ok(await owner.get(`/api/reports/summary?${PERIOD}`));
    expect(rest.cod).toEqual(cur);
    expect(rest.previous.cod).toEqual(prev);
    const q = await gql({ from: "2026-03-25", to: "2026-04-03" });
    expect(q.errors).toBeUndefined();
    expect(q.data.reportSummary).toEqual({ cod: cur, previous: { cod: prev } });
    const csv = (await owner.get(`/api/reports/summary?${PERIOD}&format=csv`)).text.split("\r\n");
    expect(csv).toEqual(
      expect.arrayContaining(["cod.collected,3800,2000", "cod.held_by_couriers,2300,700", "cod.depot_cash,900,900", "cod.owed_to_shippers,1900,2000"]),
    );
  });

  it("moves a collection across the day's boundary with the time zone: one day on, the 23:59 entries change sides", async () => {
    // 2026-03-26..2026-04-04 (previous 2026-03-16..2026-03-25): now P2 (00:30 on the 25th) is the previous period's, and
    // c2's cash-up (00:01 on 4 April) is inside: c2's 1900 moves to the depot.
    // collected: P4 1200 + P5 400 + P6 600 - 600 - 300 = 1300; previous: P1 1000 + P2 2500 + P3 700 + P7 300 = 4500.
    // End (2026-04-04T22:00Z): held c1 400; depot 900 + 1900 = 2800; owed Bo 1900. Previous end (2026-03-25T23:00Z): c1 0,
    // c2 700; depot 900; owed Ada 1000 + 2500, Bo 1000: 4500.
    const r = ok(await owner.get("/api/reports/summary?from=2026-03-26&to=2026-04-04"));
    expect(r.cod).toEqual(figures(1300, 400, 2800, 1900));
    expect(r.previous.cod).toEqual(figures(4500, 700, 900, 4500));
  });

  it("follows the filtered collections' own money: by shipper, by the courier who took it, by service", async () => {
    // Ada (P1, P2, P6): collected P2 2500 + P6 600 - 600; previous P1 1000. At the end P1's cash is the depot's (counted in on
    // the 24th) and paid out with P2 on 1 April; P6 was reversed. At the previous end P1 is counted in and still owed.
    let r = ok(await owner.get(`/api/reports/summary?${PERIOD}&shipper_id=${ids.A}`));
    expect([r.cod, r.previous.cod]).toEqual([figures(2500, 0, 1000, 0), figures(1000, 0, 1000, 1000)]);
    // c2 (P3, P4 cash, P7 card): collected P4 1200 - P7's reversal 300; previous P3 700 + P7 300. Both cash collections are
    // still in c2's hand at the end (counted in one minute after it) and owed to Bo; at the previous end P3 (23:59) and P7.
    r = ok(await owner.get(`/api/reports/summary?${PERIOD}&courier_id=${ids.c2}`));
    expect([r.cod, r.previous.cod]).toEqual([figures(900, 1900, 0, 1900), figures(1000, 700, 0, 1000)]);
    // EXP (P2, P4): collected 2500 + 1200; P2 is paid out, P4 held and owed.
    const q = await gql({ from: "2026-03-25", to: "2026-04-03", service: "EXP" });
    expect(q.errors).toBeUndefined();
    expect(q.data.reportSummary).toEqual({ cod: figures(3700, 1200, 0, 1200), previous: { cod: figures(0, 0, 0, 0) } });
    // Two filters together: Bo's collections that c1 took: none.
    r = ok(await owner.get(`/api/reports/summary?${PERIOD}&shipper_id=${ids.B}&courier_id=${ids.c1}`));
    expect([r.cod, r.previous.cod]).toEqual([figures(0, 0, 0, 0), figures(0, 0, 0, 0)]);
  });

  it("agrees with the ledger's balances for a period ending now, and the raw reads agree with the roll-ups' reads", async () => {
    const b = ok(await owner.get("/api/cod/balances"));
    const today = ok(await owner.get("/api/reports/summary"));
    const held = b.couriers.reduce((n: number, c: { cash_held: number }) => n + c.cash_held, 0);
    const owed = b.shippers.reduce((n: number, s: { owed: number }) => n + s.owed, 0);
    expect([today.cod.held_by_couriers, today.cod.depot_cash, today.cod.owed_to_shippers]).toEqual([held, b.depot_cash, owed]);
    expect([held, b.depot_cash, owed]).toEqual([400, 2800, 1900]);
    const { rollupSummary } = await import("../../server/modules/reports/reports.service.js");
    const { rawSummary } = await import("../../server/modules/reports/reports.raw.js");
    for (const f of [{}, { shipper_id: ids.A }, { courier_id: ids.c2 }, { service: "EXP" }]) {
      const args = { from: "2026-03-25", to: "2026-04-03", ...f };
      const [raw, rolled] = [await rawSummary(args), await rollupSummary(args)];
      expect([rolled.cod, rolled.previous.cod]).toEqual([raw.cod, raw.previous.cod]);
    }
  });
});
