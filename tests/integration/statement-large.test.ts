// A busy shipper's month is thousands of bookings: its statement is made (it was a 500, Prisma's P2029, past
// the parameters one statement of the claim and of the audit's read may hold) and bills each booking once.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";

const BOOKINGS = 3_500;
let t: TestApp;
let owner: Client;
let shipperId: number;

beforeAll(async () => {
  t = await startTestApp({ TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  const sh = await db().shipper.create({ data: { name: "Busy Shop", email: "busy@shop.example", password_hash: "x", email_verified: true } });
  shipperId = sh.id;
  // Written straight, as a month of bookings would be.
  for (let i = 0; i < BOOKINGS; i += 500)
    await db().booking.createMany({
      data: Array.from({ length: Math.min(500, BOOKINGS - i) }, (_, k) => ({
        shipper_id: sh.id,
        tracking_code: `BUSY-${String(i + k).padStart(5, "0")}`,
        service: "STD",
        amount: 100 + ((i + k) % 7),
        currency: "EUR",
        breakdown: "[]",
        chargeable_weight_kg: 1,
        request_hash: "x",
        created_at: new Date(Date.UTC(2031, 2, 1 + ((i + k) % 28), 12)),
      })),
    });
}, 120_000);
afterAll(() => t?.close());

describe("a statement of thousands of bookings", () => {
  it("is made with every booking on it once, and the same period again has nothing left to bill", async () => {
    const range = { shipper_id: shipperId, from: "2031-03-01", to: "2031-03-31" };
    const st = ok(await owner.post("/api/statements", range), 201);
    const expected = Array.from({ length: BOOKINGS }, (_, i) => 100 + (i % 7)).reduce((a, b) => a + b, 0);
    expect(st.total).toBe(expected);
    expect(await db().statementLine.count({ where: { statement_id: st.id } })).toBe(BOOKINGS);
    expect(await db().booking.count({ where: { shipper_id: shipperId, statement_id: st.id } })).toBe(BOOKINGS);
    const again = await owner.post("/api/statements", range);
    expect(again.status).toBe(422);
    // The audit log has the statement's own entry.
    const audit = ok(await owner.get("/api/audit?per_page=100"));
    expect(JSON.stringify(audit.data)).toContain(st.number);
  });
});
