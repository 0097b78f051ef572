import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { startSmtp } from "../helpers/smtp.js";
import { staffMember } from "../helpers/staff.js";
import { setUpZonedRates, verifiedShipper, type TestShipper } from "../helpers/shippers.js";
import { bookedWithCod, collect } from "../helpers/cod.js";

// The shipper's collections (contract section 12: "a shipper also sees each booking's cod"), as its account's
// Collections and pay-outs section lists them: the bookings list's `cod` filter, through both doors, on SQLite and
// PostgreSQL by project; a shipper sees only its own, with each booking's collection as it moves.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let courier: Client;
let shopA: TestShipper;
let shopB: TestShipper;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  courier = await staffMember(owner, smtp, "c1@cod-shipper.example", "courier", "cod-shipper-password-1");
  await setUpZonedRates(owner);
  shopA = await verifiedShipper(t.url, smtp);
  shopB = await verifiedShipper(t.url, smtp);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Row = { tracking_code: string; cod: { amount: number; status: string; method: string | null; collected_at: string | null } | null };
const codes = (page: { data: Row[] }) => page.data.map((b) => b.tracking_code);

describe("a shipper's collections: the bookings with cash on delivery", () => {
  it("cod=true lists only its bookings with cash on delivery, cod=false the others, newest first, in both doors", async () => {
    const a1 = await bookedWithCod(shopA, 1250);
    const plain = await bookedWithCod(shopA, null);
    const a2 = await bookedWithCod(shopA, 990);
    const b1 = await bookedWithCod(shopB, 4000);

    const withCod = ok(await shopA.c.get("/api/bookings?cod=true"));
    expect(codes(withCod)).toEqual([a2, a1]);
    expect(withCod.total).toBe(2);
    expect((withCod.data as Row[]).map((b) => b.cod?.amount)).toEqual([990, 1250]);
    expect(codes(ok(await shopA.c.get("/api/bookings?cod=false")))).toEqual([plain]);
    expect(codes(ok(await shopA.c.get("/api/bookings")))).toEqual([a2, plain, a1]);
    // Another shipper's never; the staff's filter sees everyone's.
    expect(codes(ok(await shopB.c.get("/api/bookings?cod=true")))).toEqual([b1]);
    expect(codes(ok(await owner.get("/api/bookings?cod=true")))).toEqual([b1, a2, a1]);
    // The next page's link keeps the filter.
    expect(ok(await shopA.c.get("/api/bookings?cod=true&per_page=1")).next_page_url).toBe("/api/bookings?page=2&per_page=1&cod=true");

    const g = await shopA.c.gql(`query { bookings(cod: true) { total data { tracking_code cod { amount status } } } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data.bookings.data).toEqual([
      { tracking_code: a2, cod: { amount: 990, status: "expected" } },
      { tracking_code: a1, cod: { amount: 1250, status: "expected" } },
    ]);
    const none = await shopA.c.gql(`query { bookings(cod: false) { data { tracking_code cod { amount } } } }`);
    expect(none.data.bookings.data).toEqual([{ tracking_code: plain, cod: null }]);
  });

  it("a cod filter that is not true or false is 422 naming cod (never 500); an empty one is none", async () => {
    for (const bad of ["yes", "1", "TRUE"]) {
      const errors = fails(await shopA.c.get(`/api/bookings?cod=${bad}`), 422);
      expect(errors.join(" "), bad).toMatch(/^cod must be true or false/);
    }
    // An empty one is no filter, as the other filters' empty values are.
    expect(ok(await shopA.c.get("/api/bookings?cod=")).total).toBe(ok(await shopA.c.get("/api/bookings")).total);
    const g = await shopA.c.gql(`query { bookings(cod: "yes") { total } }`);
    expect(g.errors?.[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("the shipper follows its collection from expected to collected (method, time, amount)", async () => {
    const code = await bookedWithCod(shopA, 2500);
    // A booking's parcel goes out with a courier, who collects the cash at the door.
    ok(await owner.post("/api/scans", { codes: [code], status_code: "out_for_delivery" }));
    ok(await collect(courier, code, 2500, "cash"));
    const row = (ok(await shopA.c.get("/api/bookings?cod=true")).data as Row[]).find((b) => b.tracking_code === code);
    expect(row?.cod).toMatchObject({ amount: 2500, status: "collected", method: "cash", collected_amount: 2500 });
    expect(Date.parse(row!.cod!.collected_at!)).toBeGreaterThan(Date.now() - 600_000);
  });
});
