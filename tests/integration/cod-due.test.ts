import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { code, fails, ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { booking, setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";

// What is due (contract section 12) through both doors, on SQLite and PostgreSQL by project: cod_amount on a
// parcel (its limits, 409 once out for delivery), the staff view's cod, the public view's cod_due (hidden under
// the privacy tier until unlocked), void on a cancelled parcel, the settings group, and what an edit may not do.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let courier: Client;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  courier = await staffMember(owner, smtp, "courier@due.example", "courier", "cod-due-password-1");
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A new parcel with these extra fields: its staff view. */
async function parcel(extra: Record<string, unknown> = {}) {
  return ok(await owner.post("/api/parcels", { tracking_code: code("DUE"), recipient_name: "Rita Recipient", destination: "Hamburg", ...extra }), 201);
}
const scan = (by: Client, codes: string[], status_code: string, more: Record<string, unknown> = {}) => by.post("/api/scans", { codes, status_code, ...more });
const track = async (c: string, verify?: string) =>
  ok(await new Client(t.url).get(`/api/parcels/${c}${verify ? `?verify=${encodeURIComponent(verify)}` : ""}`));

describe("cod_amount on a parcel", () => {
  it("is a whole number from 1 to cod_max, else 422 naming cod_amount, nothing written (REST and GraphQL)", async () => {
    for (const cod_amount of [12.5, 0, -100, 500_001, true, [1250], { amount: 1 }, 2_147_483_648]) {
      const tracking_code = code("BAD");
      const errors = fails(await owner.post("/api/parcels", { tracking_code, recipient_name: "R", destination: "D", cod_amount }), 422);
      expect(errors.join(" "), String(cod_amount)).toMatch(/^cod_amount/);
      fails(await owner.get(`/api/parcels/${tracking_code}`), 404);
    }
    const g = await owner.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
      i: { tracking_code: code("BADG"), recipient_name: "R", destination: "D", cod_amount: 0 },
    });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(g.errors)).toMatch(/cod_amount/);
    // At cod_max exactly it is taken; past it, 422 naming cod_amount with the limit.
    const p = await parcel({ cod_amount: 500_000 });
    expect(p).toMatchObject({ cod_amount: 500_000, cod_currency: "EUR", cod: { amount: 500_000, currency: "EUR", status: "expected", method: null } });
    const over = fails(await owner.patch("/api/parcels", { id: p.id, cod_amount: 500_001 }), 422);
    expect(over.join(" ")).toMatch(/^cod_amount .*500000/);
  });

  it("the settings group moves cod_max (owner; 422 naming each field; a courier cannot)", async () => {
    const s = ok(await owner.patch("/api/settings", { cod_max: 2000 }));
    expect(s).toMatchObject({ cod_max: 2000, courier_cash_limit: 200_000 });
    expect(
      fails(await owner.post("/api/parcels", { tracking_code: code("MAX"), recipient_name: "R", destination: "D", cod_amount: 2001 }), 422).join(" "),
    ).toMatch(/^cod_amount .*2000/);
    for (const body of [{ cod_max: 0 }, { cod_max: 1.5 }, { courier_cash_limit: -1 }, { cod_max: "x" }])
      expect(fails(await owner.patch("/api/settings", body), 422).join(" ")).toMatch(new RegExp(`^${Object.keys(body)[0]}`));
    fails(await courier.patch("/api/settings", { cod_max: 900_000 }), 403);
    const g = await owner.gql(`mutation { updateCodSettings(input: { cod_max: 500000, courier_cash_limit: 150000 }) { cod_max courier_cash_limit } }`);
    expect(g.data.updateCodSettings).toEqual({ cod_max: 500_000, courier_cash_limit: 150_000 });
    ok(await owner.patch("/api/settings", { courier_cash_limit: 200_000 }));
  });

  it("is changed or removed with its collection until the parcel is out for delivery, then 409", async () => {
    const p = await parcel({ cod_amount: 1250 });
    let v = ok(await owner.patch("/api/parcels", { id: p.id, cod_amount: 1500 }));
    expect(v.cod).toMatchObject({ amount: 1500, status: "expected" });
    v = ok(await owner.patch("/api/parcels", { id: p.id, cod_amount: null }));
    expect(v).toMatchObject({ cod_amount: null, cod: null });
    expect((await track(p.tracking_code)).cod_due).toBeNull();
    v = ok(await owner.patch("/api/parcels", { id: p.id, cod_amount: 900 }));
    expect(v.cod).toMatchObject({ amount: 900, status: "expected" });
    // A renamed parcel keeps its collection.
    const renamed = code("REN");
    v = ok(await owner.patch("/api/parcels", { id: p.id, tracking_code: renamed }));
    expect(v.cod).toMatchObject({ amount: 900 });
    ok(await scan(owner, [renamed], "out_for_delivery"));
    for (const cod_amount of [1000, null]) {
      const errors = fails(await owner.patch("/api/parcels", { id: p.id, cod_amount }), 409);
      expect(errors.join(" ")).toMatch(/cod_amount .*out for delivery/);
    }
    const g = await owner.gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { id } }`, { i: { id: p.id, cod_amount: 1000 } });
    expect(g.errors?.[0].extensions.code).toBe("CONFLICT");
    // The same amount again changes nothing and is not refused; other fields still change.
    expect(ok(await owner.patch("/api/parcels", { id: p.id, cod_amount: 900, sender_name: "Shop" })).cod).toMatchObject({ amount: 900, status: "expected" });
    // The staff view in both doors, the list too.
    const list = ok(await owner.get(`/api/parcels?search=${renamed}`));
    expect(list.data[0].cod).toMatchObject({ amount: 900, currency: "EUR", status: "expected", collected_amount: null, cashup_id: null, remittance_id: null });
    const a = await owner.gql(`{ adminParcel(trackingCode: "${renamed}") { cod_amount cod { amount currency status method collected_by } } }`);
    expect(a.data.adminParcel).toEqual({ cod_amount: 900, cod: { amount: 900, currency: "EUR", status: "expected", method: null, collected_by: null } });
  });

  it("an edit cannot deliver a parcel with an amount due (422 naming cod), by PATCH or a history entry", async () => {
    const p = await parcel({ cod_amount: 700 });
    expect(fails(await owner.patch("/api/parcels", { id: p.id, status_code: "delivered" }), 422).join(" ")).toMatch(/^cod/);
    expect(
      fails(await owner.post("/api/activities", { parcel_id: p.id, title: "Delivered", description: "by hand", status_code: "delivered" }), 422).join(" "),
    ).toMatch(/^cod/);
    expect((await track(p.tracking_code)).status_code).not.toBe("delivered");
  });
});

describe("the public view", () => {
  it("shows cod_due while expected, none under the privacy tier until unlocked (REST and GraphQL), none once cancelled: void", async () => {
    const open = await parcel({ cod_amount: 1250 });
    expect((await track(open.tracking_code)).cod_due).toEqual({ amount: 1250, currency: "EUR" });
    const gql = await new Client(t.url).gql(`{ parcel(trackingCode: "${open.tracking_code}") { cod_due { amount currency } } }`);
    expect(gql.data.parcel.cod_due).toEqual({ amount: 1250, currency: "EUR" });
    const raw = (await new Client(t.url).get(`/api/parcels/${open.tracking_code}`)).text;
    expect(raw).not.toMatch(/cod_amount|cod_currency/);

    const locked = await parcel({ cod_amount: 3000, protect_details: true, recipient_postcode: "20354" });
    const seen = await track(locked.tracking_code);
    expect(seen.details_protected).toBe(true);
    expect(seen.cod_due).toBeNull();
    expect((await new Client(t.url).get(`/api/parcels/${locked.tracking_code}`)).text).not.toMatch(/3000|30\.00/);
    const g = await new Client(t.url).gql(`{ parcel(trackingCode: "${locked.tracking_code}") { details_protected cod_due { amount } } }`);
    expect(g.data.parcel).toEqual({ details_protected: true, cod_due: null });
    expect((await track(locked.tracking_code, "20354")).cod_due).toEqual({ amount: 3000, currency: "EUR" });
    const many = ok(await new Client(t.url).get(`/api/track?codes=${locked.tracking_code},${open.tracking_code}`));
    expect(many.map((r: { parcel: { cod_due: unknown } }) => r.parcel.cod_due)).toEqual([null, { amount: 1250, currency: "EUR" }]);

    // Cancelled before collection: void, and no longer due on the tracking page; taken back: due again.
    ok(await scan(owner, [open.tracking_code], "cancelled"));
    expect((await track(open.tracking_code)).cod_due).toBeNull();
    expect(ok(await owner.get(`/api/parcels?search=${open.tracking_code}`)).data[0].cod).toMatchObject({ status: "void" });
    ok(await owner.patch("/api/parcels", { id: open.id, status_code: "pending" }));
    expect(ok(await owner.get(`/api/parcels?search=${open.tracking_code}`)).data[0].cod).toMatchObject({ status: "expected" });
    expect((await track(open.tracking_code)).cod_due).toEqual({ amount: 1250, currency: "EUR" });
    // Returned to the sender: void as well.
    const back = await parcel({ cod_amount: 400 });
    ok(await scan(owner, [back.tracking_code], "returned_to_sender"));
    expect(ok(await owner.get(`/api/parcels?search=${back.tracking_code}`)).data[0].cod).toMatchObject({ status: "void" });
    // A void amount asks for nothing at the door.
    const d = ok(await scan(courier, [back.tracking_code], "delivered"));
    expect(d[0].error?.code ?? null).not.toBe("COD_REFUSED");
  });
});

describe("the delivery day", () => {
  it("each delivery stop carries cod_due (the board in both doors)", async () => {
    const p = await parcel({ cod_amount: 2250 });
    const plain = await parcel();
    const date = new Date().toISOString().slice(0, 10);
    const board = ok(await owner.get(`/api/dispatch?date=${date}`));
    const stop = (c: string) => board.unassigned.find((s: { tracking_code: string }) => s.tracking_code === c);
    expect(stop(p.tracking_code).cod_due).toEqual({ amount: 2250, currency: "EUR" });
    expect(stop(plain.tracking_code).cod_due).toBeNull();
    const g = await owner.gql(`{ dispatch(date: "${date}") { unassigned { tracking_code cod_due { amount currency } } } }`);
    const gs = g.data.dispatch.unassigned.find((s: { tracking_code: string }) => s.tracking_code === p.tracking_code);
    expect(gs.cod_due).toEqual({ amount: 2250, currency: "EUR" });
  });
});

describe("a parcel with ledger entries", () => {
  it("cannot be deleted (409); one with only an amount due can, its collection with it", async () => {
    const plain = await parcel({ cod_amount: 100 });
    ok(await owner.delete("/api/parcels", { id: plain.id }));
    const p = await parcel({ cod_amount: 800 });
    const d = ok(await scan(courier, [p.tracking_code], "delivered", { cod: { amount: 800, method: "card", reference: "T-1" } }));
    expect(d[0].cod).toMatchObject({ status: "settled", method: "card", collected_amount: 800 });
    expect(fails(await owner.delete("/api/parcels", { id: p.id }), 409).join(" ")).toMatch(/ledger/);
    const g = await owner.gql(`mutation { deleteParcel(id: ${p.id}) }`);
    expect(g.errors?.[0].extensions.code).toBe("CONFLICT");
    expect(ok(await owner.get(`/api/parcels?search=${p.tracking_code}`)).total).toBe(1);
    // The delivery that collected cannot be undone by deleting or changing its entry (409).
    const entry = ok(await owner.get(`/api/parcels?search=${p.tracking_code}`)).data[0].history.find(
      (a: { status_code: string }) => a.status_code === "delivered",
    );
    expect(fails(await courier.delete("/api/activities", { id: entry.id }), 409).join(" ")).toMatch(/cash on delivery/);
    expect(fails(await owner.patch("/api/activities", { id: entry.id, parcel_id: p.id, status_code: "in_transit" }), 409).join(" ")).toMatch(
      /cash on delivery/,
    );
  });
});

describe("cod_amount on a booking", () => {
  it("is checked like a parcel's (422 naming cod_amount, nothing booked); the parcel carries it; collected, it is owed to the shipper", async () => {
    await setUpZonedRates(owner);
    const shop = await verifiedShipper(t.url, smtp);
    for (const cod_amount of [0, -5, 12.5, 500_001]) {
      const r = await shop.post("/api/bookings", booking({ cod_amount }));
      expect(fails(r, 422).join(" "), String(cod_amount)).toMatch(/cod_amount/);
    }
    expect(ok(await shop.get("/api/bookings")).total).toBe(0);
    const b = ok(await shop.post("/api/bookings", booking({ cod_amount: 4200 })), 201);
    const p = ok(await owner.get(`/api/parcels?search=${b.tracking_code}`)).data[0];
    expect(p).toMatchObject({ cod_amount: 4200, cod: { amount: 4200, status: "expected" } });
    expect((await track(b.tracking_code)).cod_due).toEqual({ amount: 4200, currency: "EUR" });
    const [r] = ok(await scan(courier, [b.tracking_code], "delivered", { cod: { amount: 4200, method: "cash" } }));
    expect(r.cod).toMatchObject({ status: "collected" });
    const entries = ok(await owner.get(`/api/cod/ledger?tracking_code=${b.tracking_code}`)).data;
    expect(entries.map((e: { debit: string; credit: string }) => e.credit)).toEqual([`shipper:${shop.id}`]);
    const owed = ok(await owner.get("/api/cod/balances")).shippers.find((s: { shipper_id: number }) => s.shipper_id === shop.id);
    expect(owed).toMatchObject({ owed: 4200 });
    expect(ok(await owner.get(`/api/cod/ledger?shipper_id=${shop.id}`)).total).toBe(1);
  });
});
