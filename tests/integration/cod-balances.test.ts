import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper, type TestShipper } from "../helpers/shippers.js";
import { bookedWithCod, checkBooks, collect, ledger } from "../helpers/cod.js";
import type { NewEntry, Tx } from "../../server/modules/cod/cod.ledger.js";

// The balances the ledger's writer keeps (CodBalance, prisma/models.prisma; postEntries in cod.ledger.ts), on SQLite
// and PostgreSQL by project: after postings through the real doors (collections at the door, a cash-up, a remittance
// paid, a reversal), random postings in transactions of their own and many at once, every row equals a recount of the
// entries (the migration's own fill statement, run again), with no account and currency missing; a transaction that
// fails leaves every balance as it was.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let couriers: Client[] = [];
let courierIds: number[] = [];
let shop: TestShipper;
let dbm: typeof import("../../server/db/index.js");
let postEntries: typeof import("../../server/modules/cod/cod.ledger.js").postEntries;
let RECOUNT_BALANCES: string[];
const PASSWORD = "cod-balances-password-1";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  couriers = [
    await staffMember(owner, smtp, "c1@balances.example", "courier", PASSWORD),
    await staffMember(owner, smtp, "c2@balances.example", "courier", PASSWORD),
  ];
  const staff = ok(await owner.get("/api/staff")).data as { id: number; email: string }[];
  courierIds = ["c1@balances.example", "c2@balances.example"].map((e) => staff.find((m) => m.email === e)!.id);
  await setUpZonedRates(owner);
  shop = await verifiedShipper(t.url, smtp);
  dbm = await import("../../server/db/index.js");
  ({ postEntries, RECOUNT_BALANCES } = await import("../../server/modules/cod/cod.ledger.js"));
}, 240_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const table = (name: string) => (dbm.provider() === "postgresql" ? dbm.pgTable(name) : `"${name}"`);
const key = (account: string, currency: string) => `${account} ${currency}`;

/** Every CodBalance row, by account and currency. */
async function kept(): Promise<Map<string, number>> {
  const rows = await dbm.db().codBalance.findMany();
  return new Map(rows.map((r) => [key(r.account, r.currency), Number(r.balance)]));
}

/**
 * The recount: the migration cod_balances' own fill statement (its SELECT of each account's debits less credits per
 * currency over the whole ledger), run again now.
 */
async function recount(): Promise<Map<string, number>> {
  const provider = dbm.provider();
  const dir = path.resolve(import.meta.dirname, `../../prisma/${provider}/migrations`);
  const migration = fs.readdirSync(dir).find((d) => d.endsWith("_cod_balances"))!;
  const text = fs.readFileSync(path.join(dir, migration, "migration.sql"), "utf8");
  const insert = /(INSERT INTO "CodBalance" \([^)]*\)\s*(SELECT[\s\S]*?));/.exec(text)!;
  // The bench's bulk fill recounts with the same statement (RECOUNT_BALANCES, cod.ledger.ts).
  const words = (sql: string) => sql.replace(/\s+/g, " ").trim();
  expect(words(RECOUNT_BALANCES[1])).toBe(words(insert[1]));
  const select = insert[2].replace(/"CodEntry"/g, table("CodEntry"));
  const rows = await dbm
    .db()
    .$queryRawUnsafe<{ account: string; currency: string; sum: unknown }[]>(
      select.replace(/sum\("amount"\)/, `${provider === "postgresql" ? `sum("amount")::text` : `sum("amount")`} AS "sum"`),
    );
  return new Map(rows.map((r) => [key(r.account, r.currency), Number(r.sum)]));
}

/** Every kept balance equals the recount, none missing and none more; the accounts of a currency sum to zero. */
async function balancesMatchTheLedger() {
  const [k, r] = await Promise.all([kept(), recount()]);
  expect(r.size).toBeGreaterThan(0);
  expect([...k.keys()].sort()).toEqual([...r.keys()].sort());
  for (const [name, n] of r) expect(k.get(name), name).toBe(n);
  const perCurrency = new Map<string, number>();
  for (const [name, n] of k) perCurrency.set(name.split(" ")[1], (perCurrency.get(name.split(" ")[1]) ?? 0) + n);
  for (const [currency, total] of perCurrency) expect(total, currency).toBe(0);
  return k;
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const ACCOUNTS = ["card_clearing", "depot_cash", "over_short", "bank", "statements", "company"];
const KINDS: NewEntry["kind"][] = ["collected", "handed_over", "over_short", "remitted", "offset"];

/** One to four random entries between random accounts (couriers and shippers of a few ids, the fixed accounts), EUR or USD. */
function randomPosting(rnd: () => number): NewEntry[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const account = () => {
    const r = rnd();
    if (r < 0.35) return `courier:${pick([...courierIds, 9001, 9002])}`;
    if (r < 0.7) return `shipper:${pick([shop.id, 9101, 9102])}`;
    return pick(ACCOUNTS);
  };
  return Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => {
    const debit = account();
    let credit = account();
    while (credit === debit) credit = account();
    return { kind: pick(KINDS), amount: 1 + Math.floor(rnd() * 50_000), currency: rnd() < 0.8 ? "EUR" : "USD", debit, credit, note: "random" };
  });
}

const inTransaction = <T>(fn: (tx: Tx) => Promise<T>) => dbm.db().$transaction(fn, { timeout: 60_000, maxWait: 60_000 });

describe("the balances the ledger's writer keeps", () => {
  it("through the doors (collections, a cash-up, a remittance paid, a reversal): each balance is the ledger's recount", async () => {
    // Two couriers collect at once (cash and card), each a few parcels.
    const codes = await Promise.all(Array.from({ length: 6 }, (_, i) => bookedWithCod(shop, 1000 + i * 125)));
    await Promise.all(
      couriers.map(async (c, k) => {
        for (let i = k; i < codes.length; i += 2) ok(await collect(c, codes[i], 1000 + i * 125, i % 3 === 2 ? "card" : "cash"));
      }),
    );
    await balancesMatchTheLedger();
    // The first courier's cash counted in, 1.00 short.
    const cash = codes.filter((_, i) => i % 2 === 0 && i % 3 !== 2).reduce((n, c) => n + 1000 + codes.indexOf(c) * 125, 0);
    ok(await owner.post("/api/cod/cashups", { courier_id: courierIds[0], counted_amount: cash - 100, note: "1.00 short" }), 201);
    // The shop paid out what was counted in and paid by card.
    const rm = ok(await owner.post("/api/cod/remittances", { shipper_id: shop.id }), 201);
    ok(await owner.request("PATCH", "/api/cod/remittances", { id: rm.id, status: "paid", paid_reference: "TR-BAL-1" }));
    // The second courier's last cash collection reversed.
    const last = (await ledger(owner)).filter((e) => e.kind === "collected" && e.debit === `courier:${courierIds[1]}`).at(-1)!;
    ok(await owner.post("/api/cod/reversals", { entry_id: last.id, note: "wrong parcel" }), 201);
    const k = await balancesMatchTheLedger();
    expect(k.get(key("bank", "EUR"))).toBeLessThan(0);
    expect(k.get(key("over_short", "EUR"))).toBe(100);
    // The balances call answers from the same rows, as the entries sum (tests/helpers/cod.ts).
    await checkBooks(owner);
  }, 240_000);

  it("random postings, one transaction each and many at once: every balance is the recount, none missing", async () => {
    const rnd = random(38_39);
    for (let i = 0; i < 150; i++) {
      const posting = randomPosting(rnd);
      await inTransaction((tx) => postEntries(tx, posting));
    }
    await balancesMatchTheLedger();
    // Many at once, the same hot accounts in every order, one posting per transaction, then two (as a scan batch
    // collecting several parcels posts): none deadlocks on PostgreSQL, none is lost.
    for (const perTransaction of [1, 1, 2, 2, 3]) {
      const transactions = Array.from({ length: 16 }, () => Array.from({ length: perTransaction }, () => randomPosting(rnd)));
      const done = await Promise.allSettled(
        transactions.map((postings) =>
          inTransaction(async (tx) => {
            for (const p of postings) await postEntries(tx, p);
          }),
        ),
      );
      expect(done.filter((d) => d.status === "rejected").map((d) => String((d as PromiseRejectedResult).reason))).toEqual([]);
    }
    await balancesMatchTheLedger();
  }, 240_000);

  it("a transaction that fails leaves every balance as it was", async () => {
    const before = await kept();
    const entriesBefore = await dbm.db().codEntry.count();
    const posting: NewEntry[] = [
      { kind: "collected", amount: 777, currency: "EUR", debit: `courier:${courierIds[0]}`, credit: `shipper:${shop.id}` },
      { kind: "collected", amount: 555, currency: "CHF", debit: "card_clearing", credit: "company" },
    ];
    // Posted, then the caller's later write fails: nothing of it stays.
    await expect(
      inTransaction(async (tx) => {
        await postEntries(tx, posting);
        throw new Error("the write the entries record failed");
      }),
    ).rejects.toThrow(/record failed/);
    // A second posting in the same transaction breaks a rule of the database (an entry reversed twice).
    const [target] = await inTransaction((tx) =>
      postEntries(tx, [{ kind: "over_short", amount: 5, currency: "EUR", debit: "over_short", credit: "depot_cash" }]),
    );
    const reversal: NewEntry = { kind: "reversed", amount: 5, currency: "EUR", debit: "depot_cash", credit: "over_short", reverses: target.id };
    const mid = await kept();
    await expect(
      inTransaction(async (tx) => {
        await postEntries(tx, posting);
        await postEntries(tx, [reversal]);
        await postEntries(tx, [reversal]);
      }),
    ).rejects.toThrow();
    expect(await kept()).toEqual(mid);
    // A wrong entry throws before anything is written.
    await expect(inTransaction((tx) => postEntries(tx, [...posting, { ...posting[0], amount: 0 }]))).rejects.toThrow(/amount 0/);
    expect(await kept()).toEqual(mid);
    expect(await dbm.db().codEntry.count()).toBe(entriesBefore + 1);
    expect(mid.get(key("over_short", "EUR"))).toBe((before.get(key("over_short", "EUR")) ?? 0) + 5);
    expect(mid.has(key("card_clearing", "CHF"))).toBe(false);
    await balancesMatchTheLedger();
  }, 120_000);
});
