// Issue 35, the shipper's holes (continued), through both doors on both databases: an amount past the
// largest the project keeps (a 32-bit column on PostgreSQL) is 422 naming the field, never a 500 nor
// stored (3); control characters in names are 422 naming the field.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import type { SmtpPeer } from "../helpers/smtp.js";
import { BERLIN, booking, HAMBURG, PASSWORD, setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";
import { fails, ok } from "../fixtures/rest.js";
import { MAX_AMOUNT_MINOR } from "../../shared/core/money.js";

let app: MailApp;
let t: TestApp;
let admin: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  app = await startAppWithMail({ RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  ({ t, admin, smtp } = app);
  await setUpZonedRates(admin);
  // These tests are about the columns' bound: the setting max_amount (default 100000000) raised to it. The setting's
  // own tests are below.
  ok(await admin.patch("/api/settings", { max_amount: MAX_AMOUNT_MINOR }));
});
afterAll(() => app?.close());

const shipper = () => verifiedShipper(t.url, smtp);
const PAST = MAX_AMOUNT_MINOR + 1;
// 1e12 cm³ / 5000: 2e8 kg chargeable, priced 100 a kg above 5 kg: about 2e10, past the largest amount kept.
const HUGE = [{ weight_kg: 1, length_cm: 10_000, width_cm: 10_000, height_cm: 10_000 }];
// 10 000 x 1 000 x 5 500 cm: 1.1e7 kg, about 1.1e9 a booking: two of them pass it.
const BIG = [{ weight_kg: 1, length_cm: 10_000, width_cm: 1_000, height_cm: 5_500 }];
const BOOK = `mutation($input: BookingInput!) { createBooking(input: $input) { id amount } }`;
const QUOTE = `mutation($input: QuoteInput!) { quote(input: $input) { options { service amount } } }`;
const PAST_PRICE = /^parcels make the price of STD \(\d+\) pass the largest amount taken \(2147483647, the setting max_amount\)/;

describe("3. amounts past the largest kept", () => {
  it("a quote or booking priced past it is 422 naming parcels, nothing stored: both doors", async () => {
    const a = await shipper();
    expect(fails(await a.post("/api/quotes", { from: BERLIN, to: HAMBURG, parcels: HUGE }), 422)[0]).toMatch(PAST_PRICE);
    expect(fails(await a.post("/api/bookings", booking({ parcels: HUGE })), 422)[0]).toMatch(PAST_PRICE);
    const gq = await a.gql(QUOTE, { input: { from: { country: "DE", postcode: "10117" }, to: { country: "DE", postcode: "20354" }, parcels: HUGE } });
    expect(gq.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(gq.errors?.[0].message).toMatch(PAST_PRICE);
    const gb = await a.gql(BOOK, { input: booking({ parcels: HUGE }) });
    expect(gb.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(ok(await a.get("/api/bookings")).total).toBe(0);
    // Just inside it books.
    expect(ok(await a.post("/api/bookings", booking({ parcels: BIG })), 201).amount).toBeLessThanOrEqual(MAX_AMOUNT_MINOR);
  });

  it("declared_value and cod_amount past it are 422 naming them: REST, and GraphQL's Int refuses them naming the field", async () => {
    const a = await shipper();
    expect(fails(await a.post("/api/quotes", { from: BERLIN, to: HAMBURG, parcels: [{ weight_kg: 1 }], declared_value: 22_000_000_440 }), 422)).toEqual([
      `declared_value must be at most ${MAX_AMOUNT_MINOR}`,
    ]);
    expect(fails(await a.post("/api/bookings", booking({ declared_value: PAST, cod_amount: PAST })), 422)).toEqual([
      `declared_value must be at most ${MAX_AMOUNT_MINOR}`,
      `cod_amount must be at most ${MAX_AMOUNT_MINOR}`,
    ]);
    const g = await a.gql(BOOK, { input: booking({ declared_value: PAST }) });
    expect(g.status).toBeLessThan(500);
    expect(g.errors?.[0].message).toContain("declared_value");
    // With the insurance of a large declared value the price passes it: 422, not stored.
    ok(
      await admin.request("PUT", "/api/rate-cards/insured", {
        name: "Insured",
        lanes: [{ service: "STD", from_zone: "Berlin", to_zone: "North", brackets: [{ up_to_kg: 5, amount: 800 }] }],
        surcharges: [{ code: "insurance", kind: "percent", value: 1000 }],
      }),
    );
    ok(await admin.patch("/api/shippers", { id: a.id, rate_card_id: "insured" }));
    expect(fails(await a.post("/api/bookings", booking({ declared_value: MAX_AMOUNT_MINOR })), 422)[0]).toMatch(PAST_PRICE);
    expect(ok(await a.get("/api/bookings")).total).toBe(0);
  });

  it("a credit limit and a rate card's amounts past it are 422 naming them: REST, CSV and GraphQL", async () => {
    const a = await shipper();
    expect(fails(await admin.patch("/api/shippers", { id: a.id, credit_limit: PAST }), 422)).toEqual([`credit_limit must be at most ${MAX_AMOUNT_MINOR}`]);
    const g = await admin.gql(`mutation($i: UpdateShipperInput!) { updateShipper(input: $i) { credit_limit } }`, { i: { id: a.id, credit_limit: PAST } });
    expect(g.status).toBeLessThan(500);
    expect(g.errors?.[0].message).toContain("credit_limit");
    const lane = { service: "STD", from_zone: "Berlin", to_zone: "DE", brackets: [{ up_to_kg: 5, amount: PAST }], per_kg_above: PAST };
    expect(
      fails(
        await admin.request("PUT", "/api/rate-cards/big", {
          name: "Big",
          lanes: [lane],
          surcharges: [{ code: "remote", value: PAST, min: PAST, zones: ["DE"] }],
        }),
        422,
      ),
    ).toEqual([
      `lanes[0].brackets[0].amount must be at most ${MAX_AMOUNT_MINOR}`,
      `lanes[0].per_kg_above must be at most ${MAX_AMOUNT_MINOR}`,
      `surcharges[0].value must be at most ${MAX_AMOUNT_MINOR}`,
      `surcharges[0].min must be at most ${MAX_AMOUNT_MINOR}`,
    ]);
    const csv = `service,from_zone,to_zone,up_to_kg,amount,per_kg_above\r\nSTD,Berlin,DE,5,22000000440,\r\n`;
    expect(fails(await admin.request("PUT", "/api/rate-cards/default", csv, { "content-type": "text/csv" }), 422)).toEqual([
      `row 2: amount must be at most ${MAX_AMOUNT_MINOR}`,
    ]);
    const gc = await admin.gql(`mutation($csv: String!) { putRateCardCsv(id: "default", csv: $csv) { id } }`, { csv });
    expect(gc.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(gc.errors?.[0].message).toContain("row 2: amount must be at most");
    expect(ok(await admin.get("/api/rate-cards/default")).lanes.find((l: { to_zone: string }) => l.to_zone === "DE").brackets[0].amount).toBe(900);
  });

  it("a balance past it is read; a statement whose total would pass it is 422 naming to: both doors", async () => {
    const a = await shipper();
    const made = [];
    for (let i = 0; i < 2; i++) made.push(ok(await admin.post("/api/bookings", booking({ shipper_id: a.id, parcels: BIG })), 201).amount as number);
    const total = made[0] + made[1];
    expect(total).toBeGreaterThan(MAX_AMOUNT_MINOR);
    expect(ok(await admin.get(`/api/shippers?search=${encodeURIComponent(`Shop`)}&per_page=100`)).data.find((s: { id: number }) => s.id === a.id).balance).toBe(
      total,
    );
    // A credit limit below it: the next booking is 402, not a 500.
    ok(await admin.patch("/api/shippers", { id: a.id, credit_limit: MAX_AMOUNT_MINOR }));
    expect(fails(await a.post("/api/bookings", booking()), 402)[0]).toContain("credit limit");
    const range = { shipper_id: a.id, from: "2000-01-01", to: "2100-12-31" };
    expect(fails(await admin.post("/api/statements", range), 422)[0]).toMatch(
      /^to takes in bookings that total \d+ from 2000-01-01, past the largest amount kept/,
    );
    const g = await admin.gql(`mutation($i: StatementInput!) { createStatement(input: $i) { id } }`, { i: range });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(ok(await admin.get(`/api/statements?shipper_id=${a.id}`)).total).toBe(0);
  });
});

describe("the setting max_amount (contract section 10)", () => {
  const SETTINGS = `mutation($i: ShippingSettingsInput!) { updateShippingSettings(input: $i) { max_amount } }`;

  it("is a whole number from 1 to the largest amount kept: 422 naming it, both doors, nothing saved", async () => {
    for (const max_amount of [0, -5, 1.5, "100", PAST])
      expect(fails(await admin.patch("/api/settings", { max_amount }), 422)[0]).toMatch(/^max_amount must be/);
    for (const max_amount of [0, PAST]) {
      const g = await admin.gql(SETTINGS, { i: { max_amount } });
      expect(g.status).toBeLessThan(500);
      expect(g.errors?.[0].message).toContain("max_amount");
    }
    expect(ok(await admin.get("/api/settings")).max_amount).toBe(MAX_AMOUNT_MINOR);
    const anonymous = await new Client(t.url).get("/api/settings");
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.data.max_amount, "the staff's setting").toBeUndefined();
  });

  it("a quote's or booking's declared_value, cod_amount and price past it are 422 naming them, nothing stored", async () => {
    const a = await shipper();
    try {
      expect((await admin.gql(SETTINGS, { i: { max_amount: 50_000 } })).data.updateShippingSettings.max_amount).toBe(50_000);
      const parcels = [{ weight_kg: 1 }];
      expect(fails(await a.post("/api/quotes", { from: BERLIN, to: HAMBURG, parcels, declared_value: 50_001, cod_amount: 50_000 }), 422)).toEqual([
        "declared_value (50001) is past the largest amount taken (50000, the setting max_amount)",
      ]);
      const g = await a.gql(BOOK, { input: booking({ cod_amount: 60_000 }) });
      expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(g.errors?.[0].message).toBe("cod_amount (60000) is past the largest amount taken (50000, the setting max_amount)");
      // 10 000 x 100 x 100 cm: 20 000 kg chargeable, priced far past 50 000.
      const heavy = [{ weight_kg: 1, length_cm: 10_000, width_cm: 100, height_cm: 100 }];
      expect(fails(await a.post("/api/bookings", booking({ parcels: heavy })), 422)[0]).toMatch(
        /^parcels make the price of STD \(\d+\) pass the largest amount taken \(50000, the setting max_amount\)/,
      );
      expect(ok(await a.get("/api/bookings")).total).toBe(0);
      expect(ok(await a.post("/api/bookings", booking({ declared_value: 50_000 })), 201).amount).toBeLessThanOrEqual(50_000);
    } finally {
      ok(await admin.patch("/api/settings", { max_amount: MAX_AMOUNT_MINOR }));
    }
  });
});

describe("the setting max_amount for the staff's amounts", () => {
  it("a credit limit and a rate card's amounts past it are 422 naming each (JSON, CSV, GraphQL), nothing saved", async () => {
    const a = await shipper();
    ok(await admin.patch("/api/settings", { max_amount: 10_000 }));
    try {
      const past = (field: string, v: number) => `${field} (${v}) is past the largest amount taken (10000, the setting max_amount)`;
      expect(fails(await admin.patch("/api/shippers", { id: a.id, credit_limit: 10_001 }), 422)).toEqual([past("credit_limit", 10_001)]);
      const g = await admin.gql(`mutation($i: UpdateShipperInput!) { updateShipper(input: $i) { credit_limit } }`, { i: { id: a.id, credit_limit: 20_000 } });
      expect(g.errors?.[0].message).toBe(past("credit_limit", 20_000));
      const created = await admin.post("/api/shippers", { name: "Credit", email: "credit-limit@shop.example", credit_limit: 10_001 });
      expect(fails(created, 422)).toEqual([past("credit_limit", 10_001)]);
      expect(ok(await admin.patch("/api/shippers", { id: a.id, credit_limit: 10_000 })).credit_limit).toBe(10_000);
      const lane = { service: "STD", from_zone: "Berlin", to_zone: "DE", brackets: [{ up_to_kg: 5, amount: 10_001 }], per_kg_above: 10_002 };
      const card = {
        name: "Dear",
        lanes: [lane],
        surcharges: [
          { code: "remote", value: 10_003, min: 10_004, zones: ["DE"] },
          { code: "fuel", value: 20 },
        ],
      };
      expect(fails(await admin.request("PUT", "/api/rate-cards/dear", card), 422)).toEqual([
        past("lanes[0].brackets[0].amount", 10_001),
        past("lanes[0].per_kg_above", 10_002),
        past("surcharges[0].value", 10_003),
        past("surcharges[0].min", 10_004),
      ]);
      expect((await admin.get("/api/rate-cards/dear")).status).toBe(404);
      const csv = `service,from_zone,to_zone,up_to_kg,amount,per_kg_above\r\nSTD,Berlin,DE,5,900,\r\nSTD,Berlin,DE,10,10001,\r\n`;
      expect(fails(await admin.request("PUT", "/api/rate-cards/default", csv, { "content-type": "text/csv" }), 422)).toEqual([
        `row 3: ${past("amount", 10_001)}`,
      ]);
      const gc = await admin.gql(`mutation($csv: String!) { putRateCardCsv(id: "default", csv: $csv) { id } }`, { csv });
      expect(gc.errors?.[0].message).toContain(`row 3: ${past("amount", 10_001)}`);
      expect(ok(await admin.get("/api/rate-cards/default")).lanes.find((l: { to_zone: string }) => l.to_zone === "DE").brackets).toHaveLength(1);
    } finally {
      ok(await admin.patch("/api/settings", { max_amount: MAX_AMOUNT_MINOR }));
    }
  });
});

describe("control characters in names", () => {
  const BAD = ["Shop\u0007", "Shop\u202egpj.exe", "Shop\u0085", "Shop\u2066x\u2069"];

  it("a shipper's name and company: sign-up (both doors) and the staff's invitation", async () => {
    for (const name of BAD) {
      const email = `ctl-${BAD.indexOf(name)}@shop.example`;
      expect(fails(await new Client(t.url).post("/api/users", { name, email, password: PASSWORD }), 422)).toEqual(["name must not contain control characters"]);
      const g = await new Client(t.url).gql(`mutation($i: SignUpInput!) { signUp(input: $i) { id } }`, { i: { name, email, password: PASSWORD } });
      expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(g.errors?.[0].message).toContain("name must not contain control characters");
    }
    expect(fails(await admin.post("/api/shippers", { name: "Fine", email: "ctl-staff@shop.example", company: "Big\u202eCo" }), 422)).toEqual([
      "company must not contain control characters",
    ]);
  });

  it("an address's and a booking's names and lines: the address book, bookings and pickups, both doors", async () => {
    const a = await shipper();
    for (const name of BAD) {
      expect(fails(await a.c.post("/api/users/addresses", { ...BERLIN, name }), 422)).toEqual(["name must not contain control characters"]);
      expect(fails(await a.post("/api/bookings", booking({ recipient: { ...HAMBURG, name } })), 422)).toEqual([
        "recipient.name must not contain control characters",
      ]);
      const g = await a.gql(BOOK, { input: booking({ sender: { ...BERLIN, line1: name } }) });
      expect(g.errors?.[0].message).toContain("sender.line1 must not contain control characters");
    }
    expect(fails(await a.post("/api/bookings", booking({ reference: "ORDER\u00071" })), 422)).toEqual(["reference must not contain control characters"]);
    const pickup = { date: "2030-01-07", from: "09:00", to: "12:00", address: { ...BERLIN, company: "Ada\u202eGmbH" }, booking_ids: [1] };
    expect(fails(await a.post("/api/pickups", pickup), 422)).toEqual(["address.company must not contain control characters"]);
    expect(ok(await a.get("/api/bookings")).total).toBe(0);
    // Other scripts and their marks are names like any other.
    expect(ok(await a.post("/api/bookings", booking({ recipient: { ...HAMBURG, name: "محمد\u200f Zoë 株式会社" } })), 201).status).toBe("pending");
  });
});

describe("a booking's declared value on its parcel", () => {
  it("is the amount in the currency's major unit: JPY has no minor digits, KWD three", async () => {
    const a = await shipper();
    try {
      for (const [currency, amount, major] of [
        ["JPY", 5000, 5000],
        ["KWD", 12_345, 12.345],
        ["EUR", 12_345, 123.45],
      ] as const) {
        ok(await admin.patch("/api/settings", { currency }));
        const b = ok(await a.post("/api/bookings", booking({ declared_value: amount })), 201);
        expect(b.currency).toBe(currency);
        const p = ok(await admin.get(`/api/parcels?search=${b.tracking_code}`)).data[0];
        expect([currency, p.declared_value]).toEqual([currency, major]);
      }
    } finally {
      ok(await admin.patch("/api/settings", { currency: "EUR" }));
    }
  });
});
