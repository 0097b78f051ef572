import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { code, fails, form, ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { checkBooks, ledger } from "../helpers/cod.js";
import { db, pgTable, provider } from "../../server/db/index.js";

// Collection at the door and the ledger (contract section 12) through both doors, on SQLite and PostgreSQL by
// project: a delivered scan, a proof of delivery and the run screen's Deliver (a scan with scan_ids) must carry
// the payment when an amount is due; cash and card entries; the same request again and at once; reversals; the
// ledger's filters, CSV and 405; the database refusing any change of an entry; who may do what.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let dispatcher: Client;
let courier: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  dispatcher = await staffMember(owner, smtp, "disp@collect.example", "dispatcher", "cod-collect-password-1");
  courier = await staffMember(owner, smtp, "courier@collect.example", "courier", "cod-collect-password-1");
  const staff = ok(await owner.get("/api/staff")) as { data?: { id: number; email: string }[] } | { id: number; email: string }[];
  for (const m of Array.isArray(staff) ? staff : staff.data!) ids[m.email] = m.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A parcel with `cod` due, out for delivery: its code and id. */
async function due(cod: number) {
  const p = ok(await owner.post("/api/parcels", { tracking_code: code("COL"), recipient_name: "Rita", destination: "Hamburg", cod_amount: cod }), 201);
  ok(await owner.post("/api/scans", { codes: [p.tracking_code], status_code: "out_for_delivery" }));
  return { code: p.tracking_code as string, id: p.id as number };
}
const deliver = (by: Client, codes: string[], more: Record<string, unknown> = {}) => by.post("/api/scans", { codes, status_code: "delivered", ...more });
const staffView = async (c: string) => ok(await owner.get(`/api/parcels?search=${c}`)).data[0];

describe("collection at the door", () => {
  it("a delivered scan without the payment, with another amount or a card without reference: refused per code naming cod, nothing written", async () => {
    const p = await due(1250);
    const before = (await ledger(owner)).length;
    for (const [more, pattern] of [
      [{}, /^cod is required: collect 12\.50 EUR before delivering/],
      [{ cod: { amount: 1200, method: "cash" } }, /^cod\.amount must be 1250 .*collect 12\.50 EUR before delivering/],
      [{ cod: { amount: 1250, method: "card" } }, /^cod\.reference is required for card/],
    ] as const) {
      const [r] = ok(await deliver(courier, [p.code], more));
      expect(r).toMatchObject({ code: p.code, activity: null, error: { code: "COD_REFUSED" } });
      expect(r.error.message).toMatch(pattern);
    }
    // A malformed payment is the request's own 422, naming the nested field.
    expect(fails(await deliver(courier, [p.code], { cod: { amount: 12.5, method: "cash" } }), 422).join(" ")).toMatch(/^cod\.amount/);
    expect(fails(await deliver(courier, [p.code], { cod: { amount: 1250, method: "cheque" } }), 422).join(" ")).toMatch(/^cod\.method/);
    expect(fails(await deliver(courier, [p.code], { cod: "1250" }), 422).join(" ")).toMatch(/^cod/);
    expect(fails(await owner.post("/api/scans", { codes: [p.code], status_code: "in_transit", cod: { amount: 1250, method: "cash" } }), 422).join(" ")).toMatch(
      /^cod/,
    );
    // GraphQL: the same refusal in the per-code error.
    const g = await courier.gql(
      `mutation { scanParcels(input: { codes: ["${p.code}"], status_code: "delivered" }) { code activity { id } error { code message } cod { status } } }`,
    );
    expect(g.data.scanParcels[0]).toMatchObject({ activity: null, error: { code: "COD_REFUSED" }, cod: null });
    expect(g.data.scanParcels[0].error.message).toMatch(/collect 12\.50 EUR before delivering/);
    // Nothing was written: still out for delivery, still expected, no entry.
    const v = await staffView(p.code);
    expect(v.status_code).toBe("out_for_delivery");
    expect(v.cod).toMatchObject({ status: "expected", collected_amount: null });
    expect((await ledger(owner)).length).toBe(before);
  });

  it("cash: collected, courier:ID debited, company credited (no shipper); the same request again answers the same collection, another is 409", async () => {
    const p = await due(2000);
    const pay = { cod: { amount: 2000, method: "cash" } };
    const [r] = ok(await deliver(courier, [p.code], pay));
    expect(r.error).toBeNull();
    expect(r.activity).toMatchObject({ status_code: "delivered" });
    expect(r.cod).toMatchObject({ amount: 2000, status: "collected", method: "cash", collected_amount: 2000, collected_by: ids["courier@collect.example"] });
    // Who collected it by name (the member's name, else their e-mail), the same through both doors.
    const collector = { collected_by: ids["courier@collect.example"], collected_by_name: "courier@collect.example" };
    expect(r.cod).toMatchObject(collector);
    expect((await staffView(p.code)).cod).toMatchObject(collector);
    const byGql = await owner.gql(`{ adminParcel(trackingCode: "${p.code}") { cod { collected_by collected_by_name } } }`);
    expect(byGql.data.adminParcel.cod).toEqual(collector);
    // Named, the member is shown by the name.
    ok(await owner.patch("/api/staff", { id: collector.collected_by, name: "Kim Kurier" }));
    expect((await staffView(p.code)).cod.collected_by_name).toBe("Kim Kurier");
    ok(await owner.patch("/api/staff", { id: collector.collected_by, name: null }));
    const entries = (await ledger(owner, `tracking_code=${p.code}`)).map((e) => [e.kind, e.amount, e.currency, e.debit, e.credit, e.member_id]);
    expect(entries).toEqual([["collected", 2000, "EUR", `courier:${ids["courier@collect.example"]}`, "company", ids["courier@collect.example"]]]);
    // The phone's queue sends it again: the same collection, the same entry, nothing new.
    const [again] = ok(await deliver(courier, [p.code], pay));
    expect(again).toMatchObject({ error: null, activity: { id: r.activity.id }, cod: { status: "collected", collected_at: r.cod.collected_at } });
    // A different payment for it: 409 in its error; nothing new.
    const [other] = ok(await deliver(courier, [p.code], { cod: { amount: 2000, method: "card", reference: "X" } }));
    expect(other.error).toMatchObject({ code: "COD_CONFLICT" });
    expect(await ledger(owner, `tracking_code=${p.code}`)).toHaveLength(1);
    // Without a payment a delivered parcel is just already delivered.
    expect(ok(await deliver(courier, [p.code]))[0].error.code).toBe("ALREADY_DELIVERED");
    // The public view no longer asks for it.
    expect(ok(await new Client(t.url).get(`/api/parcels/${p.code}`)).cod_due).toBeNull();
  });

  it("card: settled at once on card_clearing, its receipt kept; Deliver's scan_ids replayed answer the first entry", async () => {
    const p = await due(990);
    const body = { cod: { amount: 990, method: "card", reference: "  RCPT-77 " }, scan_ids: ["run-stop-1"] };
    const [r] = ok(await deliver(courier, [p.code], body));
    expect(r.cod).toMatchObject({ status: "settled", method: "card", collected_amount: 990 });
    const [again] = ok(await deliver(courier, [p.code], body));
    expect(again).toMatchObject({ error: null, activity: { id: r.activity.id }, cod: { status: "settled" } });
    const [e] = await ledger(owner, `tracking_code=${p.code}`);
    expect(e).toMatchObject({ kind: "collected", amount: 990, debit: "card_clearing", credit: "company", note: "card receipt RCPT-77" });
  });

  it("the same collection sent twice at once: one collection, one entry, one delivered entry", async () => {
    for (const pass of [0, 1]) {
      const p = await due(1500 + pass);
      const body = { cod: { amount: 1500 + pass, method: "cash" }, ...(pass ? { scan_ids: ["same-tap"] } : {}) };
      // From three members' phones (one member runs one batch of scans at a time: a second of theirs meanwhile is 429).
      const answers = await Promise.all([deliver(courier, [p.code], body), deliver(dispatcher, [p.code], body), deliver(owner, [p.code], body)]);
      const rows = answers.map((a) => ok(a)[0]);
      for (const row of rows) expect(row.error, JSON.stringify(row)).toBeNull();
      expect(new Set(rows.map((row) => row.activity.id)).size).toBe(1);
      expect(await ledger(owner, `tracking_code=${p.code}`)).toHaveLength(1);
      const v = await staffView(p.code);
      expect(v.history.filter((a: { status_code: string }) => a.status_code === "delivered")).toHaveLength(1);
    }
    // Two different payments at once: one wins, the other is 409 (COD_CONFLICT), never two entries.
    const p = await due(600);
    const [a, b] = await Promise.all([
      deliver(courier, [p.code], { cod: { amount: 600, method: "cash" } }),
      deliver(dispatcher, [p.code], { cod: { amount: 600, method: "card", reference: "R" } }),
    ]);
    const codes = [ok(a)[0], ok(b)[0]].map((row) => row.error?.code ?? "ok").sort();
    expect(codes).toEqual(["COD_CONFLICT", "ok"]);
    expect(await ledger(owner, `tracking_code=${p.code}`)).toHaveLength(1);
  });

  it("a scan of several codes answers each: collected where right, refused naming cod where not", async () => {
    const a = await due(500);
    const b = await due(700);
    const plain = ok(await owner.post("/api/parcels", { tracking_code: code("PLN"), recipient_name: "P", destination: "D" }), 201).tracking_code;
    const rows = ok(await deliver(courier, [a.code, b.code, plain], { cod: { amount: 500, method: "cash" } }));
    expect(rows[0]).toMatchObject({ code: a.code, error: null, cod: { status: "collected" } });
    expect(rows[1]).toMatchObject({ code: b.code, activity: null, error: { code: "COD_REFUSED" } });
    expect(rows[1].error.message).toMatch(/^cod\.amount must be 700/);
    // Nothing is due on the third: a payment for it is refused rather than booked out of nowhere.
    expect(rows[2]).toMatchObject({ code: plain, activity: null, error: { code: "COD_REFUSED" } });
    expect(ok(await deliver(courier, [plain]))[0]).toMatchObject({ error: null, cod: null });
  });

  it("a failed attempt may say cod_not_ready; the amount stays expected", async () => {
    const p = await due(800);
    const [r] = ok(await owner.post("/api/scans", { codes: [p.code], status_code: "delivery_failed", status_reason: "cod_not_ready" }));
    expect(r.activity).toMatchObject({ status_code: "delivery_failed", status_reason: "cod_not_ready" });
    expect((await staffView(p.code)).cod.status).toBe("expected");
  });

  it("a proof of delivery carries the payment (multipart: JSON text; GraphQL: an object); without it 422 naming cod, nothing written", async () => {
    const p = await due(1250);
    const missing = fails(await courier.post(`/api/parcels/${p.code}/delivery-proof`, form({ receiver_name: "Rita" })), 422);
    expect(missing.join(" ")).toMatch(/^cod is required: collect 12\.50 EUR before delivering/);
    const wrong = fails(
      await courier.post(`/api/parcels/${p.code}/delivery-proof`, form({ receiver_name: "Rita", cod: JSON.stringify({ amount: 1, method: "cash" }) })),
      422,
    );
    expect(wrong.join(" ")).toMatch(/^cod\.amount/);
    expect(fails(await courier.post(`/api/parcels/${p.code}/delivery-proof`, form({ receiver_name: "Rita", cod: "{nope" })), 422).join(" ")).toMatch(/^cod/);
    let v = await staffView(p.code);
    expect(v).toMatchObject({ status_code: "out_for_delivery", delivery_proof: null, cod: { status: "expected" } });
    ok(
      await courier.post(`/api/parcels/${p.code}/delivery-proof`, form({ receiver_name: "Rita", cod: JSON.stringify({ amount: 1250, method: "cash" }) })),
      201,
    );
    v = await staffView(p.code);
    expect(v).toMatchObject({ status_code: "delivered", cod: { status: "collected", method: "cash", collected_amount: 1250 } });
    expect(await ledger(owner, `tracking_code=${p.code}`)).toHaveLength(1);
    // GraphQL's proof takes the object.
    const q = await due(300);
    const g = await courier.gql(`mutation($c: String!, $i: RecordDeliveryInput) { recordDelivery(trackingCode: $c, input: $i) { receiver_name } }`, {
      c: q.code,
      i: { receiver_name: "Neighbour", cod: { amount: 300, method: "card", reference: "GQL-1" } },
    });
    expect(g.errors).toBeUndefined();
    expect((await staffView(q.code)).cod).toMatchObject({ status: "settled", method: "card" });
  });
});

describe("the ledger", () => {
  it("balances equal the sums of the ledger and sum to zero; filters, paging and CSV", async () => {
    const { balances, entries } = await checkBooks(owner);
    expect(entries.length).toBeGreaterThan(5);
    const c = ids["courier@collect.example"];
    expect(balances.couriers.find((x: { courier_id: number }) => x.courier_id === c)).toMatchObject({ name: "courier@collect.example" });
    const g = await dispatcher.gql(`{ codBalances { currency company card_clearing couriers { courier_id cash_held collections } } }`);
    expect(g.data.codBalances).toMatchObject({ currency: "EUR", company: balances.company, card_clearing: balances.card_clearing });
    // Filters: by courier, by code, by time; paged with next_page_url keeping them.
    const byCourier = ok(await owner.get(`/api/cod/ledger?courier_id=${c}&per_page=2`));
    expect(byCourier.total).toBe(entries.filter((e) => e.debit === `courier:${c}` || e.credit === `courier:${c}`).length);
    expect(byCourier.next_page_url).toBe(`/api/cod/ledger?page=2&per_page=2&courier_id=${c}`);
    expect(ok(await owner.get(`/api/cod/ledger?from=2000-01-01&to=2000-01-02`)).total).toBe(0);
    expect(ok(await owner.get(`/api/cod/ledger?from=${new Date(Date.now() - 3600_000).toISOString()}`)).total).toBe(entries.length);
    for (const q of ["from=yesterday", "to=2026-13-01", "courier_id=x", "shipper_id=0", "per_page=1000", "format=xml"])
      expect(fails(await owner.get(`/api/cod/ledger?${q}`), 422).join(" "), q).toMatch(new RegExp(`^${q.split("=")[0]}`));
    expect(fails(await owner.get(`/api/cod/ledger?from=2026-02-03&to=2026-02-01`), 422).join(" ")).toMatch(/^from/);
    const gl = await owner.gql(`{ codLedger(courier_id: ${c}, per_page: 100) { total data { id kind debit credit amount } } }`);
    expect(gl.data.codLedger.total).toBe(byCourier.total);
    // CSV: a header, one row per entry, formula-safe.
    const csv = await owner.get(`/api/cod/ledger?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,at,kind,amount,currency,debit,credit,tracking_code,cashup_id,remittance_id,member_id,note,reverses");
    expect(lines).toHaveLength(entries.length + 1);
  });

  it("reversals: owner only, swapped debit and credit naming the entry, once (409), not of a reversal; books still balance", async () => {
    const p = await due(450);
    ok(await deliver(courier, [p.code], { cod: { amount: 450, method: "cash" } }));
    const [entry] = await ledger(owner, `tracking_code=${p.code}`);
    fails(await courier.post("/api/cod/reversals", { entry_id: entry.id, note: "mistake" }), 403);
    fails(await dispatcher.post("/api/cod/reversals", { entry_id: entry.id, note: "mistake" }), 403);
    fails(await new Client(t.url).post("/api/cod/reversals", { entry_id: entry.id, note: "mistake" }), 401);
    const gd = await dispatcher.gql(`mutation { reverseCodEntry(input: { entry_id: ${entry.id}, note: "x" }) { id } }`);
    expect(gd.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(fails(await owner.post("/api/cod/reversals", { entry_id: entry.id }), 422).join(" ")).toMatch(/^note/);
    expect(fails(await owner.post("/api/cod/reversals", { entry_id: "x", note: "n" }), 422).join(" ")).toMatch(/^entry_id/);
    fails(await owner.post("/api/cod/reversals", { entry_id: 999_999, note: "n" }), 404);
    // Two at once: one reversal.
    const both = await Promise.all([
      owner.post("/api/cod/reversals", { entry_id: entry.id, note: "counted twice" }),
      owner.post("/api/cod/reversals", { entry_id: entry.id, note: "counted twice" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(
      fails(
        both.find((r) => r.status === 409)!,
        409,
      ).join(" "),
    ).toMatch(/reversed already/);
    const reversal = both.find((r) => r.status === 201)!.json.data;
    expect(reversal).toMatchObject({ kind: "reversed", amount: 450, debit: entry.credit, credit: entry.debit, reverses: entry.id, note: "counted twice" });
    expect(fails(await owner.post("/api/cod/reversals", { entry_id: entry.id, note: "again" }), 409).join(" ")).toMatch(/reversed already/);
    expect(fails(await owner.post("/api/cod/reversals", { entry_id: reversal.id, note: "undo" }), 409).join(" ")).toMatch(/reversal/);
    await checkBooks(owner);
  });

  it("entries never change: PUT, PATCH and DELETE are 405; the database refuses a raw UPDATE or DELETE", async () => {
    const [e] = await ledger(owner);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      for (const path of ["/api/cod/ledger", `/api/cod/ledger/${e.id}`]) {
        const r = await owner.request(method, path, { id: e.id, amount: 1 });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.json).toMatchObject({ status: "405", data: null });
      }
    }
    const table = provider() === "postgresql" ? pgTable("CodEntry") : `"CodEntry"`;
    await expect(db().$executeRawUnsafe(`UPDATE ${table} SET "amount" = "amount" + 1 WHERE "id" = ${e.id}`)).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`DELETE FROM ${table} WHERE "id" = ${e.id}`)).rejects.toThrow(/append-only/);
    await expect(db().codEntry.update({ where: { id: e.id }, data: { note: "edited" } })).rejects.toThrow(/append-only/);
    if (provider() === "postgresql") await expect(db().$executeRawUnsafe(`TRUNCATE ${table}`)).rejects.toThrow(/append-only/);
    const [still] = await ledger(owner, `tracking_code=${e.tracking_code}`);
    expect(still).toMatchObject({ id: e.id, amount: e.amount, note: e.note });
  });

  it("who reads: owner and dispatcher; a courier, a visitor and a shipper never", async () => {
    ok(await dispatcher.get("/api/cod/ledger"));
    ok(await dispatcher.get("/api/cod/balances"));
    fails(await courier.get("/api/cod/ledger"), 403);
    fails(await courier.get("/api/cod/balances"), 403);
    fails(await courier.get("/api/cod/ledger?format=csv"), 403);
    fails(await new Client(t.url).get("/api/cod/ledger"), 401);
    fails(await new Client(t.url).get("/api/cod/balances"), 401);
    const g = await courier.gql(`{ codLedger { total } }`);
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
  });
});
