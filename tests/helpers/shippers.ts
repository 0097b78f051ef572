import { ok } from "../fixtures/rest.js";
import { Client } from "./http.js";
import { mailText, type SmtpPeer } from "./smtp.js";

/**
 * Shippers for the issue-35 hole tests: the rates of a country zoned by postcode (Berlin inside a wider
 * North, remote islands inside North, Poland's Hel by a range written with a dash) and verified
 * shippers driven by their Bearer key.
 */

export const PASSWORD = "a-long-shipper-password-42";
export const BERLIN = { name: "Ada Sender", company: "Ada GmbH", line1: "Unter den Linden 1", city: "Berlin", postcode: "10117", country: "DE" };
export const HAMBURG = { name: "Max Recipient", line1: "Jungfernstieg 1", city: "Hamburg", postcode: "20354", country: "DE" };
export const ISLAND = { name: "Ina Island", line1: "Hafenstraße 2", city: "Sassnitz", postcode: "18546", country: "DE" };
export const HEL = { name: "Hela Hel", line1: "Wiejska 1", city: "Hel", postcode: "84-150", country: "PL" };
export const booking = (extra: Record<string, unknown> = {}) => ({
  service: "STD",
  sender: BERLIN,
  recipient: HAMBURG,
  parcels: [{ weight_kg: 1 }],
  contents: "Books",
  ...extra,
});
/** What each route costs from Berlin (1 kg, STD): North 800, DE 900, the remote zones 1000 + 2500. */
export const PRICE = { north: 800, remote: 3500 };

/** Zones (North before Islands: a first match would take the wider one), the STD service and the default card. */
export async function setUpZonedRates(admin: Client): Promise<void> {
  for (const z of [
    { name: "DE", countries: ["DE"] },
    { name: "Berlin", countries: ["DE"], postcodes: ["10000-14999"] },
    { name: "North", countries: ["DE"], postcodes: ["10000-29999"] },
    { name: "Islands", countries: ["DE"], postcodes: ["185", "25938"] },
    { name: "PL", countries: ["PL"] },
    { name: "Hel", countries: ["PL"], postcodes: ["84150-84150"] },
  ])
    ok(await admin.post("/api/zones", z), 201);
  ok(await admin.post("/api/services", { code: "STD", name: "Standard", transit_days_min: 1, transit_days_max: 3, cutoff: "23:59" }), 201);
  const lane = (to_zone: string, amount: number) => ({ service: "STD", from_zone: "Berlin", to_zone, brackets: [{ up_to_kg: 5, amount }], per_kg_above: 100 });
  ok(
    await admin.request("PUT", "/api/rate-cards/default", {
      name: "Default",
      lanes: [lane("DE", 900), lane("North", 800), lane("Islands", 1000), lane("Berlin", 600), lane("PL", 900), lane("Hel", 1000)],
      surcharges: [{ code: "remote", kind: "fixed", value: 2500, zones: ["Islands", "Hel"] }],
    }),
  );
}

let seq = 0;
/** A verified shipper (signed up, verified through the real SMTP peer): its session client, and calls by its Bearer key. */
export async function verifiedShipper(base: string, smtp: SmtpPeer) {
  const email = `hole-${++seq}-${Date.now().toString(36)}@shop.example`;
  const c = new Client(base);
  const s = ok(await c.post("/api/users", { name: `Shop ${seq}`, email, password: PASSWORD }), 201);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && /\/account\/verify\?token=/.test(mailText(m.raw)));
  const token = mailText(mail.raw).match(/\/account\/verify\?token=([A-Za-z0-9_-]+)/)![1];
  ok(await c.post("/api/users/verify", { token }));
  const key = ok(await c.post("/api/users/api-keys", { name: "shop" }), 201).key as string;
  const bearer = { authorization: `Bearer ${key}` };
  const k = new Client(base);
  return {
    id: s.id as number,
    c,
    post: (p: string, b?: unknown, h: Record<string, string> = {}) => k.post(p, b, { ...bearer, ...h }),
    get: (p: string) => k.get(p, bearer),
    delete: (p: string, b?: unknown) => k.delete(p, b, bearer),
    gql: async (query: string, variables?: Record<string, unknown>) => {
      const r = await k.post("/graphql", { query, variables }, bearer);
      return { status: r.status, data: r.json?.data, errors: r.json?.errors as { message: string; extensions: { code: string } }[] | undefined };
    },
  };
}
export type TestShipper = Awaited<ReturnType<typeof verifiedShipper>>;
