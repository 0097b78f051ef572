import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper, type TestShipper } from "../helpers/shippers.js";
import { bookedWithCod, checkBooks, collect, ledger, type Entry } from "../helpers/cod.js";

// Reversals and the collections they recorded (contract section 12, docs/cod.md "Reversals"), on SQLite and
// PostgreSQL by project: a reversed `collected` entry makes its collection expected again (the courier no longer
// holds it, it can be collected again), a reversed `handed_over` entry gives the cash-up's collections back to their
// courier; a reversal that would leave a collection counted in or paid out is 409 with nothing written; a reversal
// racing a cash-up of the same cash leaves the books and the collections agreeing. One server per file.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let courier: Client;
let shop: TestShipper;
let courierId = 0;
const PASSWORD = "cod-reversal-password-1";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  courier = await staffMember(owner, smtp, "c@reversal.example", "courier", PASSWORD);
  const staff = ok(await owner.get("/api/staff"));
  courierId = (staff.data as { id: number; email: string }[]).find((m) => m.email === "c@reversal.example")!.id;
  await setUpZonedRates(owner);
  shop = await verifiedShipper(t.url, smtp);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const codOf = async (code: string) => ok(await owner.get(`/api/parcels?search=${code}`)).data[0].cod;
const held = async () => {
  const c = (ok(await owner.get("/api/cod/balances")).couriers as { courier_id: number; cash_held: number; collections: number }[]).find(
    (x) => x.courier_id === courierId,
  );
  return { cash: c?.cash_held ?? 0, collections: c?.collections ?? 0 };
};
const reverse = (entry: Entry, note: string) => owner.post("/api/cod/reversals", { entry_id: entry.id, note });
const entryOf = async (code: string, kind: string) => (await ledger(owner, `tracking_code=${code}`)).filter((e) => e.kind === kind).at(-1)!;
const cashup = (counted_amount: number, note?: string) => owner.post("/api/cod/cashups", { courier_id: courierId, counted_amount, ...(note ? { note } : {}) });

describe("reversals and the collections", () => {
  it("a reversed cash collection is expected again: the courier no longer holds it, it is collected again", async () => {
    const code = await bookedWithCod(shop, 1250);
    const [scanned] = ok(await collect(courier, code, 1250));
    expect(await held()).toEqual({ cash: 1250, collections: 1 });
    // While collected, the delivery cannot be undone (the money is on the books).
    fails(await owner.delete("/api/activities", { id: scanned.activity.id }), 409);
    const entry = await entryOf(code, "collected");
    const r = ok(await reverse(entry, "wrong parcel scanned"), 201);
    expect(r).toMatchObject({ kind: "reversed", debit: `shipper:${shop.id}`, credit: `courier:${courierId}`, reverses: entry.id });
    expect(await codOf(code)).toMatchObject({ status: "expected", method: null, collected_amount: null, collected_at: null, collected_by: null });
    expect(await held()).toEqual({ cash: 0, collections: 0 });
    // Nothing is left to count in: the cash-up finds nothing (422 naming courier_id).
    expect(fails(await cashup(1250), 422).join(" ")).toMatch(/^courier_id/);
    // The parcel is still delivered (a delivered scan again is refused); the wrong delivery can now be undone, and
    // the same payment again is a new collection (no replay of the reversed one): a new collected entry.
    expect(ok(await collect(courier, code, 1250))[0].error).toMatchObject({ code: "ALREADY_DELIVERED" });
    ok(await owner.delete("/api/activities", { id: scanned.activity.id }));
    const [again] = ok(await collect(courier, code, 1250));
    expect(again.error).toBeNull();
    expect(await codOf(code)).toMatchObject({ status: "collected", collected_by: courierId, collected_amount: 1250 });
    expect((await ledger(owner, `tracking_code=${code}`)).map((e) => e.kind)).toEqual(["collected", "reversed", "collected"]);
    expect(await held()).toEqual({ cash: 1250, collections: 1 });
    await checkBooks(owner);
    ok(await cashup(1250), 201);
  });

  it("a reversed card collection is expected again; once on a remittance: 409, nothing written, until it is cancelled", async () => {
    const code = await bookedWithCod(shop, 800);
    ok(await collect(courier, code, 800, "card"));
    const entry = await entryOf(code, "collected");
    const rm = ok(await owner.post("/api/cod/remittances", { shipper_id: shop.id }), 201);
    const before = (await ledger(owner)).length;
    expect(fails(await reverse(entry, "terminal double charge"), 409).join(" ")).toMatch(new RegExp(`remittance ${rm.number}.*cancel`));
    expect((await ledger(owner)).length).toBe(before);
    expect(await codOf(code)).toMatchObject({ status: "settled", remittance_id: rm.id });
    ok(await owner.request("PATCH", "/api/cod/remittances", { id: rm.id, status: "cancelled" }));
    // Cancelled: the collection is free, the reversal goes through through GraphQL too.
    const g = await owner.gql(`mutation($i: ReversalInput!) { reverseCodEntry(input: $i) { kind reverses } }`, {
      i: { entry_id: entry.id, note: "terminal double charge" },
    });
    expect(g.errors).toBeUndefined();
    expect(g.data.reverseCodEntry).toEqual({ kind: "reversed", reverses: entry.id });
    expect(await codOf(code)).toMatchObject({ status: "expected", method: null, remittance_id: null });
    await checkBooks(owner);
  });

  it("a counted-in collection: its collected entry is 409 until the cash-up's handed_over is reversed, which gives the cash back", async () => {
    const a = await bookedWithCod(shop, 1000);
    const b = await bookedWithCod(shop, 500);
    ok(await collect(courier, a, 1000));
    ok(await collect(courier, b, 500));
    const c = ok(await cashup(1400, "one note missing"), 201);
    expect(c).toMatchObject({ expected_amount: 1500, difference: -100 });
    const collected = await entryOf(a, "collected");
    const before = (await ledger(owner)).length;
    expect(fails(await reverse(collected, "not this one"), 409).join(" ")).toMatch(new RegExp(`cash-up ${c.id}.*handed_over`));
    expect((await ledger(owner)).length).toBe(before);
    expect(await codOf(a)).toMatchObject({ status: "handed_over", cashup_id: c.id });
    // Reverse the cash-up: both collections are the courier's again, off the cash-up.
    const entries = (await ledger(owner)).filter((e) => e.cashup_id === c.id);
    const handed = entries.find((e) => e.kind === "handed_over")!;
    const overShort = entries.find((e) => e.kind === "over_short")!;
    ok(await reverse(handed, "counted in the wrong courier's name"), 201);
    for (const code of [a, b]) expect(await codOf(code)).toMatchObject({ status: "collected", cashup_id: null, collected_by: courierId });
    expect(await held()).toEqual({ cash: 1500, collections: 2 });
    // The over_short entry: the books only (the count is corrected by reversing it too).
    ok(await reverse(overShort, "the count was wrong too"), 201);
    expect(await codOf(a)).toMatchObject({ status: "collected" });
    await checkBooks(owner);
    // Now the collected entry may be reversed; a new cash-up counts what is left.
    ok(await reverse(collected, "not this one"), 201);
    expect(await codOf(a)).toMatchObject({ status: "expected" });
    const again = ok(await cashup(500), 201);
    expect(again).toMatchObject({ expected_amount: 500, difference: 0, collections: [b] });
    await checkBooks(owner);
  });

  it("a cash-up whose collections are on a remittance: its handed_over reversal is 409, nothing written", async () => {
    const code = await bookedWithCod(shop, 2000);
    ok(await collect(courier, code, 2000));
    const c = ok(await cashup(2000), 201);
    const rm = ok(await owner.post("/api/cod/remittances", { shipper_id: shop.id }), 201);
    expect(rm.lines.map((l: { tracking_code: string }) => l.tracking_code)).toContain(code);
    const handed = (await ledger(owner)).find((e) => e.cashup_id === c.id && e.kind === "handed_over")!;
    const before = (await ledger(owner)).length;
    expect(fails(await reverse(handed, "wrong"), 409).join(" ")).toMatch(/remittance/);
    expect((await ledger(owner)).length).toBe(before);
    expect(await codOf(code)).toMatchObject({ status: "handed_over", cashup_id: c.id, remittance_id: rm.id });
    // Paid out: the remittance's own entries are reversed as books only; the collection stays remitted.
    ok(await owner.request("PATCH", "/api/cod/remittances", { id: rm.id, status: "paid", paid_reference: "TR-1" }));
    const remitted = (await ledger(owner)).find((e) => e.remittance_id === rm.id && e.kind === "remitted")!;
    ok(await reverse(remitted, "the transfer bounced"), 201);
    expect(await codOf(code)).toMatchObject({ status: "remitted" });
    await checkBooks(owner);
  });

  it("a reversal racing a cash-up of the same cash: one of them takes it, the collection and the books agree", async () => {
    for (let round = 0; round < 3; round++) {
      const code = await bookedWithCod(shop, 300);
      ok(await collect(courier, code, 300));
      const entry = await entryOf(code, "collected");
      const [rev, cu] = await Promise.all([reverse(entry, "race"), cashup(300)]);
      const status = (await codOf(code)).status;
      if (rev.status === 201) {
        // The reversal came first: the collection is expected and the cash-up found nothing of it.
        expect(cu.status).toBe(422);
        expect(status).toBe("expected");
      } else {
        expect(rev.status).toBe(409);
        expect(cu.status).toBe(201);
        expect(status).toBe("handed_over");
      }
      expect(await held()).toEqual({ cash: 0, collections: 0 });
      await checkBooks(owner);
    }
  });
});
