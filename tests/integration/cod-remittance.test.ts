import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper, type TestShipper } from "../helpers/shippers.js";
import { bookedWithCod, checkBooks, collect, ledger } from "../helpers/cod.js";
import { popplerRead } from "../helpers/pdf.js";

// Remittances: paying shippers their cash-on-delivery collections out (contract section 12), through both doors,
// on SQLite and PostgreSQL by project: what one takes, the statements it deducts, paying and cancelling, two made
// at once, who sees what (the shipper only its own, with the PDF), and the books after each step. One server per file.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let courier2: Client;
let shopA: TestShipper;
let shopB: TestShipper;
let shopC: TestShipper;
const ids: Record<string, number> = {};
const PASSWORD = "cod-remit-password-1";
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  dispatcher = await staffMember(owner, smtp, "disp@remit.example", "dispatcher", PASSWORD);
  courier = await staffMember(owner, smtp, "c1@remit.example", "courier", PASSWORD);
  courier2 = await staffMember(owner, smtp, "c2@remit.example", "courier", PASSWORD);
  const staff = ok(await owner.get("/api/staff"));
  for (const m of staff.data as { id: number; email: string }[]) ids[m.email] = m.id;
  await setUpZonedRates(owner);
  shopA = await verifiedShipper(t.url, smtp);
  shopB = await verifiedShipper(t.url, smtp);
  shopC = await verifiedShipper(t.url, smtp);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const due = (shop: TestShipper, cod?: number) => bookedWithCod(shop, cod ?? null);
const remit = (by: Client, body: Record<string, unknown>) => by.post("/api/cod/remittances", body);
const codOf = async (code: string) => ok(await owner.get(`/api/parcels?search=${code}`)).data[0].cod;
const owed = async (shipperId: number) =>
  (ok(await owner.get("/api/cod/balances")).shippers as { shipper_id: number; owed: number }[]).find((s) => s.shipper_id === shipperId)?.owed ?? 0;
async function pdf(c: Client, url: string) {
  const r = await fetch(t.url + url, { headers: c.cookieHeader() });
  return { status: r.status, type: r.headers.get("content-type"), bytes: Buffer.from(await r.arrayBuffer()) };
}

/** Shop A: a1 cash 50.00 counted in, a2 card 30.00 (settled), a3 cash 20.00 still held by courier 2. */
const A: Record<string, string> = {};

describe("remittances", () => {
  it("set-up: collections of every state; who may not make one; nothing to pay is 422", async () => {
    A.a1 = await due(shopA, 5000);
    A.a2 = await due(shopA, 3000);
    A.a3 = await due(shopA, 2000);
    ok(await collect(courier, A.a1, 5000));
    ok(await collect(courier, A.a2, 3000, "card"));
    ok(await collect(courier2, A.a3, 2000));
    ok(await owner.post("/api/cod/cashups", { courier_id: ids["c1@remit.example"], counted_amount: 5000 }), 201);
    expect(await codOf(A.a2)).toMatchObject({ status: "settled" });
    // Roles: the dispatcher reads but never pays out; a courier, a shipper and nobody neither.
    fails(await remit(dispatcher, { shipper_id: shopA.id }), 403);
    fails(await remit(courier, { shipper_id: shopA.id }), 403);
    fails(await remit(new Client(t.url), { shipper_id: shopA.id }), 401);
    expect([401, 403]).toContain((await shopA.c.post("/api/cod/remittances", { shipper_id: shopA.id })).status);
    expect((await shopA.post("/api/cod/remittances", { shipper_id: shopA.id })).status).toBeGreaterThanOrEqual(401);
    const g = await dispatcher.gql(`mutation { createCodRemittance(input: { shipper_id: ${shopA.id} }) { id } }`);
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
    // Bad input names the field.
    for (const shipper_id of [0, "x", 1.5, 999_999]) expect(fails(await remit(owner, { shipper_id }), 422).join(" ")).toMatch(/shipper_id/);
    for (const to of ["yesterday", "2026-02-30", "2026-01-01T10:00", 5])
      expect(fails(await remit(owner, { shipper_id: shopA.id, to }), 422).join(" ")).toMatch(/^to/);
    expect(fails(await remit(owner, { shipper_id: shopA.id, offset_statements: "yes" }), 422).join(" ")).toMatch(/offset_statements/);
    // Nothing to pay: a shipper with no collection, or none collected up to `to`.
    expect(fails(await remit(owner, { shipper_id: shopC.id }), 422).join(" ")).toMatch(/nothing to pay/);
    expect(fails(await remit(owner, { shipper_id: shopA.id, to: "2020-01-01" }), 422).join(" ")).toMatch(/nothing to pay/);
    expect(ok(await owner.get("/api/cod/remittances")).total).toBe(0);
    await checkBooks(owner);
  });

  it("two made at once for one shipper: one takes the collections, the other is 409; cancelling frees them", async () => {
    const [x, y] = await Promise.all([remit(owner, { shipper_id: shopA.id }), remit(owner, { shipper_id: shopA.id })]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    const r = (x.status === 201 ? x : y).json.data;
    expect(r).toMatchObject({
      shipper_id: shopA.id,
      total_collected: 8000,
      offsets: [],
      net: 8000,
      currency: "EUR",
      status: "open",
      pdf_url: `/api/cod/remittances/${r.id}.pdf`,
    });
    expect(r.number).toMatch(/^RM-\d{6}-\d{6}$/);
    // Exactly the handed-over and the settled ones; the cash still held by its courier is not.
    expect(r.lines.map((l: { tracking_code: string }) => l.tracking_code).sort()).toEqual([A.a1, A.a2].sort());
    expect(r.lines.find((l: { tracking_code: string }) => l.tracking_code === A.a2)).toMatchObject({ method: "card", amount: 3000 });
    expect(await codOf(A.a1)).toMatchObject({ status: "handed_over", remittance_id: r.id });
    // A third while it is open: 409 naming it. Cancelling it frees its collections (its lines stay on it).
    expect(fails(await remit(owner, { shipper_id: shopA.id }), 409).join(" ")).toContain(r.number);
    fails(await dispatcher.patch("/api/cod/remittances", { id: r.id, status: "cancelled" }), 403);
    const cancelled = ok(await owner.patch("/api/cod/remittances", { id: r.id, status: "cancelled" }));
    expect(cancelled).toMatchObject({ status: "cancelled", total_collected: 8000 });
    expect(cancelled.lines).toHaveLength(2);
    expect(await codOf(A.a1)).toMatchObject({ status: "handed_over", remittance_id: null });
    fails(await owner.patch("/api/cod/remittances", { id: r.id, status: "cancelled" }), 409);
    fails(await owner.patch("/api/cod/remittances", { id: r.id, status: "paid", paid_reference: "X" }), 409);
    fails(await owner.patch("/api/cod/remittances", { id: 999_999, status: "cancelled" }), 404);
    // Nothing was posted by any of it.
    expect((await ledger(owner)).filter((e) => e.remittance_id !== null)).toEqual([]);
    await checkBooks(owner);
  });

  it("net of the shipper's open statements; paid: remitted and offset entries, collections remitted, the statement paid with its number", async () => {
    const st = ok(await owner.post("/api/statements", { shipper_id: shopA.id, from: today(), to: today() }), 201);
    expect(st.total).toBeGreaterThan(0);
    expect(st.total).toBeLessThan(8000);
    const r = ok(await remit(owner, { shipper_id: shopA.id, offset_statements: true }), 201);
    expect(r).toMatchObject({ total_collected: 8000, offsets: [{ statement_number: st.number, amount: st.total }], net: 8000 - st.total, status: "open" });
    expect(await owed(shopA.id)).toBe(10_000);
    // While deducted on the open remittance, the statement is not paid by hand (it would be settled twice).
    expect(fails(await owner.patch("/api/statements", { id: st.id, status: "paid", paid_reference: "by hand" }), 409).join(" ")).toContain(r.number);
    // Paying needs its reference; the dispatcher may not.
    expect(fails(await owner.patch("/api/cod/remittances", { id: r.id, status: "paid" }), 422).join(" ")).toMatch(/^paid_reference/);
    expect(fails(await owner.patch("/api/cod/remittances", { id: r.id, status: "refunded" }), 422).join(" ")).toMatch(/^status/);
    fails(await dispatcher.patch("/api/cod/remittances", { id: r.id, status: "paid", paid_reference: "SEPA-1" }), 403);
    const paid = ok(await owner.patch("/api/cod/remittances", { id: r.id, status: "paid", paid_reference: "SEPA-1" }));
    expect(paid).toMatchObject({ status: "paid", paid_reference: "SEPA-1" });
    expect(paid.paid_at).toBeTruthy();
    const posted = (await ledger(owner)).filter((e) => e.remittance_id === r.id);
    expect(posted.map((e) => [e.kind, e.amount, e.debit, e.credit])).toEqual([
      ["remitted", 8000 - st.total, `shipper:${shopA.id}`, "bank"],
      ["offset", st.total, `shipper:${shopA.id}`, "statements"],
    ]);
    // What A is owed fell by the whole collected total: a3's cash, still with its courier, is all that is left.
    expect(await owed(shopA.id)).toBe(2000);
    expect(await codOf(A.a1)).toMatchObject({ status: "remitted", remittance_id: r.id });
    expect(await codOf(A.a2)).toMatchObject({ status: "remitted", remittance_id: r.id });
    expect(await codOf(A.a3)).toMatchObject({ status: "collected", remittance_id: null });
    const statement = (ok(await owner.get(`/api/statements?shipper_id=${shopA.id}`)).data as { id: number; status: string; paid_reference: string }[]).find(
      (s) => s.id === st.id,
    );
    expect(statement).toMatchObject({ status: "paid", paid_reference: r.number });
    fails(await owner.patch("/api/cod/remittances", { id: r.id, status: "cancelled" }), 409);
    fails(await owner.patch("/api/cod/remittances", { id: r.id, status: "paid", paid_reference: "again" }), 409);
    // Audited: made and paid, each under its operation.
    const log = ok(await owner.get(`/api/audit?object_type=cod_remittance&object_id=${r.id}`)).data as { operation: string }[];
    expect(new Set(log.map((e) => e.operation))).toEqual(new Set(["cod.remittances.create", "cod.remittances.update"]));
    // a3 counted in: a new remittance takes it alone (never a1 or a2 again).
    ok(await owner.post("/api/cod/cashups", { courier_id: ids["c2@remit.example"], counted_amount: 2000 }), 201);
    const next = ok(await remit(owner, { shipper_id: shopA.id, offset_statements: true }), 201);
    expect(next.lines.map((l: { tracking_code: string }) => l.tracking_code)).toEqual([A.a3]);
    expect(next).toMatchObject({ total_collected: 2000, offsets: [], net: 2000 });
    // Paid and cancelled at once: one wins, the other is 409, and the books follow the winner.
    const both = await Promise.all([
      owner.patch("/api/cod/remittances", { id: next.id, status: "paid", paid_reference: "SEPA-2" }),
      owner.gql(`mutation { updateCodRemittance(input: { id: ${next.id}, status: "cancelled" }) { status } }`),
    ]);
    const paidWon = both[0].status === 200;
    expect(paidWon ? both[1].data : both[0].status).toBe(paidWon ? null : 409);
    if (paidWon) expect(both[1].errors?.[0].extensions.code).toBe("CONFLICT");
    else expect(both[1].data.updateCodRemittance.status).toBe("cancelled");
    expect(await codOf(A.a3)).toMatchObject(paidWon ? { status: "remitted", remittance_id: next.id } : { status: "handed_over", remittance_id: null });
    expect(await owed(shopA.id)).toBe(paidWon ? 0 : 2000);
    await checkBooks(owner);
  });

  it("a net below 0 is 422 naming offset_statements, nothing written; GraphQL makes, pays and lists them", async () => {
    await due(shopB);
    await due(shopB);
    const b1 = await due(shopB, 100);
    ok(await collect(courier, b1, 100, "card"));
    const st = ok(await owner.post("/api/statements", { shipper_id: shopB.id, from: today(), to: today() }), 201);
    expect(st.total).toBeGreaterThan(100);
    const before = (await ledger(owner)).length;
    expect(fails(await remit(owner, { shipper_id: shopB.id, offset_statements: true }), 422).join(" ")).toMatch(/^offset_statements/);
    expect((await ledger(owner)).length).toBe(before);
    expect(await codOf(b1)).toMatchObject({ status: "settled", remittance_id: null });
    const again = ok(await owner.get(`/api/statements?shipper_id=${shopB.id}`)).data[0];
    expect(again).toMatchObject({ status: "open" });
    // Without the statements, through GraphQL.
    const made = await owner.gql(
      `mutation($i: RemittanceInput!) { createCodRemittance(input: $i) { id number total_collected net currency status offsets { statement_number amount } lines { tracking_code method amount collected_at } pdf_url } }`,
      { i: { shipper_id: shopB.id, offset_statements: false } },
    );
    expect(made.errors).toBeUndefined();
    const r = made.data.createCodRemittance;
    expect(r).toMatchObject({ total_collected: 100, net: 100, currency: "EUR", status: "open", offsets: [] });
    expect(r.lines).toEqual([{ tracking_code: b1, method: "card", amount: 100, collected_at: expect.any(String) }]);
    const bad = await owner.gql(`mutation { updateCodRemittance(input: { id: ${r.id}, status: "paid" }) { id } }`);
    expect(bad.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    const paid = await owner.gql(
      `mutation { updateCodRemittance(input: { id: ${r.id}, status: "paid", paid_reference: "SEPA-B" }) { status paid_reference } }`,
    );
    expect(paid.data.updateCodRemittance).toEqual({ status: "paid", paid_reference: "SEPA-B" });
    expect(await owed(shopB.id)).toBe(0);
    // The dispatcher reads the list (filters shipper_id, status), in both doors.
    const list = ok(await dispatcher.get(`/api/cod/remittances?shipper_id=${shopA.id}&status=paid`));
    expect(list.data.length).toBeGreaterThanOrEqual(1);
    for (const x of list.data as { shipper_id: number; status: string }[]) expect([x.shipper_id, x.status]).toEqual([shopA.id, "paid"]);
    fails(await dispatcher.get("/api/cod/remittances?status=lost"), 422);
    const g = await dispatcher.gql(`{ codRemittances(per_page: 2) { total last_page next_page_url data { number status } } }`);
    expect(g.data.codRemittances).toMatchObject({ total: 4, last_page: 2, next_page_url: "/api/cod/remittances?page=2&per_page=2" });
    fails(await courier.get("/api/cod/remittances"), 403);
    await checkBooks(owner);
  });

  it("a shipper sees only its own remittances and PDFs; the PDF names the pay-out", async () => {
    const mine = ok(await shopA.c.get("/api/users/remittances"));
    expect(mine.total).toBe(3);
    for (const r of mine.data) expect(r.shipper_id).toBe(shopA.id);
    const other = ok(await shopB.c.get("/api/users/remittances"));
    expect(other.data.map((r: { shipper_id: number }) => r.shipper_id)).toEqual([shopB.id]);
    fails(await new Client(t.url).get("/api/users/remittances"), 401);
    // Another shipper's id in the filter changes nothing; a shipper's API key does not read pay-outs (its session does).
    expect(ok(await shopB.c.get(`/api/users/remittances?shipper_id=${shopA.id}`)).data.map((r: { shipper_id: number }) => r.shipper_id)).toEqual([shopB.id]);
    fails(await shopA.get("/api/users/remittances"), 403);
    fails(await shopA.c.get("/api/cod/remittances"), 401);
    // By GraphQL, the session's own.
    const g = await shopB.c.gql(`{ userRemittances { total data { shipper_id net status } } }`);
    expect(g.data.userRemittances).toEqual({ total: 1, data: [{ shipper_id: shopB.id, net: 100, status: "paid" }] });
    // The PDF: its shipper's and the staff's; another shipper's is 404.
    const paid = mine.data.find((r: { paid_reference: string | null }) => r.paid_reference === "SEPA-1");
    const own = await pdf(shopA.c, paid.pdf_url);
    expect(own.status).toBe(200);
    expect(own.type).toBe("application/pdf");
    const text = popplerRead(own.bytes).text;
    expect(text).toContain(paid.number);
    expect(text).toContain(A.a1);
    expect(text).toContain("SEPA-1");
    expect(text).toMatch(/Net paid out/);
    expect((await pdf(owner, paid.pdf_url)).status).toBe(200);
    expect((await pdf(dispatcher, paid.pdf_url)).status).toBe(200);
    expect((await pdf(shopB.c, paid.pdf_url)).status).toBe(404);
    expect((await pdf(courier, paid.pdf_url)).status).toBe(403);
    expect((await pdf(owner, "/api/cod/remittances/999999.pdf")).status).toBe(404);
    // Its bookings' cod, seen by the shipper.
    const bookings = ok(await shopA.get(`/api/bookings?per_page=100`)).data as { tracking_code: string; cod: { status: string; amount: number } | null }[];
    expect(bookings.find((b) => b.tracking_code === A.a1)?.cod).toMatchObject({ status: "remitted", amount: 5000 });
    expect(bookings.find((b) => b.tracking_code === A.a3)?.cod).toMatchObject({ status: expect.stringMatching(/^(handed_over|remitted)$/), amount: 2000 });
  });
});
