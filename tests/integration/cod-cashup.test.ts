import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper, type TestShipper } from "../helpers/shippers.js";
import { bookedWithCod, checkBooks, collect, ledger } from "../helpers/cod.js";

// Cash-ups and the courier's cash limit (contract section 12) through both doors, on SQLite and PostgreSQL by
// project: who may count cash in, what a cash-up takes and posts, a cash-up racing a collection, and the limit
// that keeps a courier holding too much cash off new runs. One server per file.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let courier2: Client;
const ids: Record<string, number> = {};
let shop: TestShipper;
const PASSWORD = "cod-cashup-password-1";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  dispatcher = await staffMember(owner, smtp, "disp@cod.example", "dispatcher", PASSWORD);
  courier = await staffMember(owner, smtp, "c1@cod.example", "courier", PASSWORD);
  courier2 = await staffMember(owner, smtp, "c2@cod.example", "courier", PASSWORD);
  const staff = ok(await owner.get("/api/staff")) as { data?: { id: number; email: string }[] } | { id: number; email: string }[];
  for (const m of Array.isArray(staff) ? staff : staff.data!) ids[m.email] = m.id;
  await setUpZonedRates(owner);
  shop = await verifiedShipper(t.url, smtp);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A booking of the shop with `cod` due: its tracking code. */
const due = (cod: number) => bookedWithCod(shop, cod);
/** `n` bookings with `cod` due, collected in cash by `by`: their codes. */
async function collected(by: Client, n: number, cod: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const code = await due(cod);
    ok(await collect(by, code, cod));
    codes.push(code);
  }
  return codes;
}
const cashup = (by: Client, body: Record<string, unknown>) => by.post("/api/cod/cashups", body);
const held = async (id: number) =>
  (ok(await owner.get("/api/cod/balances")).couriers as { courier_id: number; cash_held: number }[]).find((c) => c.courier_id === id)?.cash_held ?? 0;

describe("cash-up", () => {
  it("who: a courier never (403), nor anyone their own cash; a dispatcher counts a courier in; keys and shippers never", async () => {
    const c1 = ids["c1@cod.example"];
    await collected(courier, 1, 1000);
    const own = fails(await cashup(courier, { courier_id: c1, counted_amount: 1000 }), 403);
    expect(own.join(" ")).toMatch(/cod/);
    // A dispatcher who delivered (a run of their own) cannot count their own cash in, through either door.
    await collected(dispatcher, 1, 700);
    expect(fails(await cashup(dispatcher, { courier_id: ids["disp@cod.example"], counted_amount: 700 }), 403).join(" ")).toMatch(/own cash/);
    const g = await dispatcher.gql(`mutation($i: CashupInput!) { createCodCashup(input: $i) { id } }`, {
      i: { courier_id: ids["disp@cod.example"], counted_amount: 700 },
    });
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
    // Anonymous: 401; a shipper's session or key: refused.
    fails(await new Client(t.url).post("/api/cod/cashups", { courier_id: c1, counted_amount: 1000 }), 401);
    expect((await shop.post("/api/cod/cashups", { courier_id: c1, counted_amount: 1000 })).status).toBeGreaterThanOrEqual(401);
    expect([401, 403]).toContain((await shop.c.post("/api/cod/cashups", { courier_id: c1, counted_amount: 1000 })).status);
    // Nothing was taken by the refusals.
    expect(await held(c1)).toBe(1000);
    expect(await held(ids["disp@cod.example"])).toBe(700);
    // The owner counts the dispatcher in; the dispatcher counts the courier in.
    ok(await cashup(owner, { courier_id: ids["disp@cod.example"], counted_amount: 700 }), 201);
    const c = ok(await cashup(dispatcher, { courier_id: c1, counted_amount: 1000 }), 201);
    expect(c).toMatchObject({
      courier_id: c1,
      expected_amount: 1000,
      counted_amount: 1000,
      difference: 0,
      note: null,
      member_id: ids["disp@cod.example"],
      member_name: "disp@cod.example",
    });
    expect(c.collections).toHaveLength(1);
    expect(await held(c1)).toBe(0);
    // Audited: the cash-up, under its operation and its member.
    const log = ok(await owner.get(`/api/audit?object_type=cod_cashup&object_id=${c.id}`)).data as { operation: string; actor: { name: string } }[];
    expect(log.map((e) => [e.operation, e.actor.name])).toContainEqual(["cod.cashups.create", "disp@cod.example"]);
    await checkBooks(owner);
  });

  it("bad input is 422 naming the field, nothing written; nothing to hand over is 422 naming courier_id", async () => {
    const c2 = ids["c2@cod.example"];
    const codes = await collected(courier2, 2, 1250);
    const before = (await ledger(owner)).length;
    for (const counted_amount of [12.5, -1, "1250", null, 2_147_483_648])
      expect(fails(await cashup(owner, { courier_id: c2, counted_amount }), 422).join(" ")).toMatch(/counted_amount/);
    for (const courier_id of [0, 1.5, "x", 999_999])
      expect(fails(await cashup(owner, { courier_id, counted_amount: 2500 }), 422).join(" ")).toMatch(/courier_id/);
    expect(fails(await cashup(owner, { courier_id: c2, counted_amount: 2500, note: "x".repeat(501) }), 422).join(" ")).toMatch(/note/);
    // A difference needs a note: 422 naming note, and nothing taken (still held, no entry, no cash-up).
    expect(fails(await cashup(owner, { courier_id: c2, counted_amount: 2400 }), 422).join(" ")).toMatch(/^note/);
    expect(fails(await cashup(owner, { courier_id: c2, counted_amount: 2400, note: "   " }), 422).join(" ")).toMatch(/^note/);
    expect((await ledger(owner)).length).toBe(before);
    expect(await held(c2)).toBe(2500);
    expect(ok(await owner.get(`/api/cod/cashups?courier_id=${c2}`)).total).toBe(0);
    // Short by 1.00, with a note: handed_over of the expected amount and over_short for the missing 1.00.
    const c = ok(await cashup(owner, { courier_id: c2, counted_amount: 2400, note: "one coin short" }), 201);
    expect(c).toMatchObject({ expected_amount: 2500, counted_amount: 2400, difference: -100, note: "one coin short", currency: "EUR" });
    expect([...c.collections].sort()).toEqual([...codes].sort());
    const posted = (await ledger(owner)).filter((e) => e.cashup_id === c.id);
    expect(posted.map((e) => [e.kind, e.amount, e.debit, e.credit])).toEqual([
      ["handed_over", 2500, "depot_cash", `courier:${c2}`],
      ["over_short", 100, "over_short", "depot_cash"],
    ]);
    // The collections are handed over (the staff's parcel view).
    for (const code of codes) expect(ok(await owner.get(`/api/parcels?search=${code}`)).data[0].cod).toMatchObject({ status: "handed_over", cashup_id: c.id });
    // Nothing left: 422 naming courier_id.
    expect(fails(await cashup(owner, { courier_id: c2, counted_amount: 0 }), 422).join(" ")).toMatch(/^courier_id/);
    // Over by 0.50 through GraphQL: over_short the other way.
    await collected(courier2, 1, 300);
    const g = await owner.gql(`mutation($i: CashupInput!) { createCodCashup(input: $i) { id expected_amount counted_amount difference collections note } }`, {
      i: { courier_id: c2, counted_amount: 350, note: "a tip left in the bag" },
    });
    expect(g.errors).toBeUndefined();
    expect(g.data.createCodCashup).toMatchObject({ expected_amount: 300, counted_amount: 350, difference: 50 });
    const over = (await ledger(owner)).filter((e) => e.cashup_id === g.data.createCodCashup.id);
    expect(over.map((e) => [e.kind, e.amount, e.debit, e.credit])).toEqual([
      ["handed_over", 300, "depot_cash", `courier:${c2}`],
      ["over_short", 50, "depot_cash", "over_short"],
    ]);
    // GraphQL names the field too.
    const bad = await owner.gql(`mutation { createCodCashup(input: { courier_id: ${c2}, counted_amount: -5 }) { id } }`);
    expect(bad.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(bad.errors)).toMatch(/counted_amount/);
    const { balances } = await checkBooks(owner);
    expect(balances.over_short).toBe(100 - 50);
  });

  it("card collections are never in a cash-up; the list is paged, newest first, in both doors", async () => {
    const c2 = ids["c2@cod.example"];
    const card = await due(900);
    ok(await collect(courier2, card, 900, "card"));
    expect(fails(await cashup(owner, { courier_id: c2, counted_amount: 900 }), 422).join(" ")).toMatch(/courier_id/);
    const page = ok(await dispatcher.get(`/api/cod/cashups?per_page=1&courier_id=${c2}`));
    expect(page).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2, next_page_url: `/api/cod/cashups?page=2&per_page=1&courier_id=${c2}` });
    expect(page.data[0].difference).toBe(50);
    const g = await dispatcher.gql(`{ codCashups(courier_id: ${c2}) { total data { id difference collections courier_name member_name } } }`);
    expect(g.data.codCashups.total).toBe(2);
    expect(g.data.codCashups.data[1].difference).toBe(-100);
    expect(g.data.codCashups.data[0].courier_name).toBe("c2@cod.example");
    expect(g.data.codCashups.data[0].member_name).toBe("boss@example.com");
    // A courier reads none.
    fails(await courier.get("/api/cod/cashups"), 403);
    fails(await cashup(owner, { courier_id: c2, counted_amount: 1 }), 422);
  });

  it("a cash-up racing collections: each collection is in it or left for the next, never lost or counted twice", async () => {
    const c1 = ids["c1@cod.example"];
    const counted = new Set<string>();
    let expectedSum = 0;
    for (let round = 0; round < 3; round++) {
      const first = await collected(courier, 2, 500);
      const next = await due(500);
      const [up, late] = await Promise.all([
        cashup(owner, { courier_id: c1, counted_amount: 1500, note: "counted while a collection came in" }),
        collect(courier, next, 500),
      ]);
      ok(late);
      const c = ok(up, 201);
      for (const code of c.collections) {
        expect(counted.has(code), `${code} twice`).toBe(false);
        counted.add(code);
      }
      for (const code of first) expect(c.collections).toContain(code);
      expect(c.expected_amount).toBe(c.collections.length * 500);
      expectedSum += c.expected_amount;
      // The late one: in this cash-up, or still held for the next.
      const view = ok(await owner.get(`/api/parcels?search=${next}`)).data[0].cod;
      if (c.collections.includes(next)) expect(view).toMatchObject({ status: "handed_over", cashup_id: c.id });
      else expect(view).toMatchObject({ status: "collected", cashup_id: null });
      // Hand whatever is left over now, so each round starts from nothing held.
      const left = await held(c1);
      if (left) {
        const rest = ok(await cashup(owner, { courier_id: c1, counted_amount: left }), 201);
        expect(rest.collections).toEqual([next]);
        expectedSum += rest.expected_amount;
        counted.add(next);
      }
      expect(counted.has(next)).toBe(true);
    }
    expect(await held(c1)).toBe(0);
    expect(expectedSum).toBe(counted.size * 500);
    await checkBooks(owner);
  }, 180_000);

  it("two cash-ups of one courier at once: one takes the cash, the other finds nothing (422)", async () => {
    const c1 = ids["c1@cod.example"];
    await collected(courier, 3, 400);
    const both = await Promise.all([cashup(owner, { courier_id: c1, counted_amount: 1200 }), cashup(dispatcher, { courier_id: c1, counted_amount: 1200 })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    const made = both.find((r) => r.status === 201)!.json.data;
    expect(made.collections).toHaveLength(3);
    const { entries } = await checkBooks(owner);
    expect(entries.filter((e) => e.cashup_id === made.id && e.kind === "handed_over")).toHaveLength(1);
    expect(await held(c1)).toBe(0);
  });
});

describe("courier_cash_limit", () => {
  it("a courier holding more than the limit gets no new run (409 naming it) through either door, until counted in", async () => {
    const c1 = ids["c1@cod.example"];
    const c2 = ids["c2@cod.example"];
    ok(await owner.patch("/api/settings", { courier_cash_limit: 1000 }));
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const DEPOT = { latitude: 52.52, longitude: 13.405 };
    const stops = async () => [{ tracking_code: await bookedWithCod(shop, null) }];
    const [a, b, c] = [await stops(), await stops(), await stops()];
    // At the limit is fine.
    await collected(courier, 1, 1000);
    const run = ok(await dispatcher.post("/api/runs", { courier_id: c1, date, stops: a, start: DEPOT }), 201);
    await collected(courier, 1, 1);
    const refused = fails(await dispatcher.post("/api/runs", { courier_id: c1, date, stops: b, start: DEPOT }), 409);
    expect(refused.join(" ")).toMatch(/^courier_cash_limit/);
    const g = await dispatcher.gql(`mutation($i: CreateRunInput!) { createRun(input: $i) { id } }`, { i: { courier_id: c1, date, stops: b, start: DEPOT } });
    expect(g.errors?.[0].extensions.code).toBe("CONFLICT");
    expect(g.errors?.[0].message).toMatch(/courier_cash_limit/);
    // Nor is another courier's run given to them; their own run can still be changed.
    const other = ok(await dispatcher.post("/api/runs", { courier_id: c2, date, stops: c, start: DEPOT }), 201);
    expect(fails(await dispatcher.patch("/api/runs", { id: other.id, courier_id: c1 }), 409).join(" ")).toMatch(/courier_cash_limit/);
    ok(await dispatcher.patch("/api/runs", { id: run.id, courier_id: c1 }));
    // Counted in: runs again.
    ok(await cashup(dispatcher, { courier_id: c1, counted_amount: 1001 }), 201);
    ok(await dispatcher.patch("/api/runs", { id: other.id, courier_id: c1 }));
    ok(await dispatcher.post("/api/runs", { courier_id: c1, date, stops: b, start: DEPOT }), 201);
    // The setting is validated: 422 naming it.
    expect(fails(await owner.patch("/api/settings", { courier_cash_limit: -1 }), 422).join(" ")).toMatch(/courier_cash_limit/);
    ok(await owner.patch("/api/settings", { courier_cash_limit: 200_000 }));
    await checkBooks(owner);
  });
});
