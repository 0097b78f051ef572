// Issue 35, the shipper's holes, through both doors on both databases: one shipper's parallel
// bookings holding the others' requests (1), a booking or pickup priced on another route than the
// parcel takes (2), an amount past the largest the project keeps (3), control characters in names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { mailText, type SmtpPeer } from "../helpers/smtp.js";
import { fails, ok } from "../fixtures/rest.js";

let app: MailApp;
let t: TestApp;
let admin: Client;
let smtp: SmtpPeer;
const PASSWORD = "a-long-shipper-password-42";

beforeAll(async () => {
  app = await startAppWithMail({ RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  ({ t, admin, smtp } = app);
  for (const z of [
    { name: "DE", countries: ["DE"] },
    { name: "Berlin", countries: ["DE"], postcodes: ["10000-14999"] },
    { name: "Islands", countries: ["DE"], postcodes: ["185", "25938"] },
  ])
    ok(await admin.post("/api/zones", z), 201);
  ok(await admin.post("/api/services", { code: "STD", name: "Standard", transit_days_min: 1, transit_days_max: 3, cutoff: "23:59" }), 201);
  const lane = (to_zone: string, amount: number) => ({ service: "STD", from_zone: "Berlin", to_zone, brackets: [{ up_to_kg: 5, amount }], per_kg_above: 100 });
  ok(
    await admin.request("PUT", "/api/rate-cards/default", {
      name: "Default",
      lanes: [lane("DE", 900), lane("Islands", 1000), lane("Berlin", 600)],
      surcharges: [{ code: "remote", kind: "fixed", value: 2500, zones: ["Islands"] }],
    }),
  );
});
afterAll(() => app?.close());

const BERLIN = { name: "Ada Sender", company: "Ada GmbH", line1: "Unter den Linden 1", city: "Berlin", postcode: "10117", country: "DE" };
const HAMBURG = { name: "Max Recipient", line1: "Jungfernstieg 1", city: "Hamburg", postcode: "20354", country: "DE" };
const booking = (extra: Record<string, unknown> = {}) => ({
  service: "STD",
  sender: BERLIN,
  recipient: HAMBURG,
  parcels: [{ weight_kg: 1 }],
  contents: "Books",
  ...extra,
});

let seq = 0;
/** A verified shipper (signed up, verified through the real SMTP peer) with a session client and a Bearer key. */
async function shipper() {
  const email = `hole-${++seq}@shop.example`;
  const c = new Client(t.url);
  const s = ok(await c.post("/api/users", { name: `Shop ${seq}`, email, password: PASSWORD }), 201);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && /\/account\/verify\?token=/.test(mailText(m.raw)));
  const token = mailText(mail.raw).match(/\/account\/verify\?token=([A-Za-z0-9_-]+)/)![1];
  ok(await c.post("/api/users/verify", { token }));
  const key = ok(await c.post("/api/users/api-keys", { name: "shop" }), 201).key as string;
  const bearer = { authorization: `Bearer ${key}` };
  const k = new Client(t.url);
  return {
    id: s.id as number,
    c,
    post: (p: string, b?: unknown, h: Record<string, string> = {}) => k.post(p, b, { ...bearer, ...h }),
    get: (p: string) => k.get(p, bearer),
    gql: async (query: string, variables?: Record<string, unknown>) => (await k.post("/graphql", { query, variables }, bearer)).json,
  };
}

describe("1. one shipper's parallel bookings", () => {
  it("20 at once by its key: each 201 or a clear 4xx (credit limit, idempotency), never 500; another shipper meanwhile answers promptly", async () => {
    const a = await shipper();
    const b = await shipper();
    const price = ok(await a.post("/api/quotes", { from: BERLIN, to: HAMBURG, parcels: [{ weight_kg: 1 }] }))[0].amount as number;
    ok(await admin.patch("/api/shippers", { id: a.id, credit_limit: price * 12 }));
    ok(await b.post("/api/bookings", booking()), 201);
    const started = Date.now();
    const burst = Promise.all(
      Array.from({ length: 20 }, (_, i) => a.post("/api/bookings", booking({ reference: `burst-${i}` }), i < 4 ? { "idempotency-key": "same-key" } : {})),
    );
    // Another shipper's unrelated calls while the burst runs: a list and a booking.
    await new Promise((r) => setTimeout(r, 30));
    const asked = Date.now();
    const [list, own] = await Promise.all([b.get("/api/bookings"), b.post("/api/bookings", booking({ reference: "meanwhile" }))]);
    const waited = Date.now() - asked;
    const answers = await burst;
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(answers.filter((r) => r.status >= 500).map((r) => r.text)),
    ).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 402 || s === 409)).toBe(true);
    for (const r of answers.filter((x) => x.status === 402)) expect(fails(r, 402)[0]).toContain("credit limit");
    ok(list);
    ok(own, 201);
    expect(waited, `the other shipper waited ${waited} ms (burst began ${asked - started} ms before)`).toBeLessThan(5000);
    // The limit held: at most 12 bookings of a's, and the four with one key made one of them.
    const made = ok(await a.get("/api/bookings?per_page=100"));
    expect(made.total).toBeLessThanOrEqual(12);
    expect(new Set(answers.filter((r, i) => i < 4 && r.status === 201).map((r) => r.json.data.id)).size).toBeLessThanOrEqual(1);
    expect(made.total).toBe(new Set(answers.filter((r) => r.status === 201).map((r) => r.json.data.id)).size);
  });
});
