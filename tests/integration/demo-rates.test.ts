// Issue 36 (1): a fresh install quotes and books out of the box. The demo seed's zones, services and default
// card (in GBP: the demo company is in the UK) price a domestic and a near-Europe route through both doors, and a
// verified shipper books; before any price is set the quote says so (rates_set false), not only "no service".
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { verifiedShipper } from "../helpers/shippers.js";
import { ok } from "../fixtures/rest.js";
import { seedDemo } from "../../prisma/seed.js";
import { DEMO_SERVICES, DEMO_ZONES } from "../../prisma/seed-rates.js";
import { NO_RATES, NO_SERVICE } from "../../server/modules/rates/quote.service.js";
import { contentChanged } from "../../server/modules/content/content.service.js";

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://track.example.com", TIME_ZONE: "UTC" });
});
afterAll(async () => {
  const { settleNotifications } = await import("../../server/modules/notification/notification.service.js");
  await settleNotifications();
  await t?.close();
  await smtp?.close();
});

const LONDON = { name: "Ada Sender", company: "Ada Ltd", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA", country: "GB" };
const MANCHESTER = { name: "Max Recipient", line1: "1 Piccadilly", city: "Manchester", postcode: "M1 1AE", country: "GB" };
const PARIS = { country: "FR", postcode: "75001", city: "Paris" };
const place = (a: { country: string; postcode: string; city: string }) => ({ country: a.country, postcode: a.postcode, city: a.city });
const QUOTE = `mutation($input: QuoteInput!) { quote(input: $input) { message rates_set options { service amount currency breakdown { code amount } } } }`;
const quoteOf = (to: object) => ({ from: place(LONDON), to, parcels: [{ weight_kg: 1.2 }] });
const prices = (options: { service: string; amount: number; currency: string }[]) => options.map((o) => [o.service, o.amount, o.currency]);

describe("a fresh database", () => {
  it("with no prices set, the quote says so through both doors (rates_set false)", async () => {
    const c = new Client(t.url);
    const r = await c.post("/api/quotes", quoteOf(place(MANCHESTER)));
    expect(ok(r)).toEqual([]);
    expect(r.json.message).toBe(NO_RATES);
    const g = await c.gql(QUOTE, { input: quoteOf(place(MANCHESTER)) });
    expect(g.data.quote).toEqual({ message: NO_RATES, rates_set: false, options: [] });
  });

  it("seeded with the demo, prices a UK and a near-Europe route in GBP: REST and GraphQL", async () => {
    expect(await seedDemo()).toBe(true);
    await contentChanged();
    const c = new Client(t.url);
    // 1.2 kg is charged as 1.5 kg: the 2 kg bracket, plus 8.5 % fuel rounded half up.
    const uk = ok(await c.post("/api/quotes", quoteOf(place(MANCHESTER))));
    expect(prices(uk)).toEqual([
      ["standard", 595 + 51, "GBP"],
      ["express", 1195 + 102, "GBP"],
    ]);
    expect(uk[0].breakdown.map((l: { code: string }) => l.code)).toEqual(["base", "fuel"]);
    const fr = ok(await c.post("/api/quotes", quoteOf(PARIS)));
    expect(prices(fr)).toEqual([
      ["standard", 1595 + 136, "GBP"],
      ["express", 2995 + 255, "GBP"],
    ]);
    const g = await c.gql(QUOTE, { input: quoteOf(place(MANCHESTER)) });
    expect(g.data.quote.rates_set).toBe(true);
    expect(g.data.quote.message).toBe("");
    expect(prices(g.data.quote.options)).toEqual(prices(uk));
    // A route the demo does not serve: the route's message, prices being set.
    const us = await c.post("/api/quotes", quoteOf({ country: "US", postcode: "10118" }));
    expect(ok(us)).toEqual([]);
    expect(us.json.message).toBe(NO_SERVICE);
    const gus = await c.gql(QUOTE, { input: quoteOf({ country: "US", postcode: "10118" }) });
    expect(gus.data.quote).toEqual({ message: NO_SERVICE, rates_set: true, options: [] });
  });

  it("the demo's zones and services are the rates screens' rows, the default card prices them", async () => {
    const { db } = await import("../../server/db/index.js");
    expect((await db().zone.findMany()).map((z) => z.name)).toEqual(DEMO_ZONES.map((z) => z.name));
    expect((await db().service.findMany()).map((s) => s.code)).toEqual(DEMO_SERVICES.map((s) => s.code));
    expect((await db().settings.findUniqueOrThrow({ where: { id: 1 } })).currency).toBe("GBP");
  });

  it("a verified shipper books a UK parcel at the quoted price: REST and GraphQL", async () => {
    const s = await verifiedShipper(t.url, smtp);
    const body = { service: "standard", sender: LONDON, recipient: MANCHESTER, parcels: [{ weight_kg: 1.2 }], contents: "Books" };
    const b = ok(await s.post("/api/bookings", body), 201);
    expect(b).toMatchObject({ service: "standard", amount: 646, currency: "GBP", status: "pending" });
    expect(b.tracking_code).toBeTruthy();
    const tracked = ok(await new Client(t.url).get(`/api/parcels/${encodeURIComponent(b.tracking_code)}`));
    expect(tracked.tracking_code).toBe(b.tracking_code);
    const g = await s.gql(`mutation($input: BookingInput!) { createBooking(input: $input) { amount currency service tracking_code } }`, {
      input: { ...body, service: "express", recipient: { ...MANCHESTER, name: "Second Recipient" } },
    });
    expect(g.errors).toBeUndefined();
    expect(g.data.createBooking).toMatchObject({ service: "express", amount: 1297, currency: "GBP" });
    expect(g.data.createBooking.tracking_code).not.toBe(b.tracking_code);
  });
});
