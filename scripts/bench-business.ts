// npm run bench's "business" section (issue 25): a shipper's quote and booking against the running server.
//   - set-up: the owner's zones, services and rate card (as tests/integration/shippers.test.ts), shipper sign-up
//     open, one shipper signed up and verified through the mailed link (the server's outbox), its API key;
//   - quote bodies: 500 different shipments (weights, dimensions, postcodes), posted to /api/quotes at a fixed rate
//     by scripts/bench.ts (wrk), so the quote cache does not answer them all from one entry;
//   - bookings: one after another, each a POST /api/bookings with its own Idempotency-Key and then its label
//     (GET /api/bookings/{id}/label.pdf), timed on localhost (an upper bound of the server's time); the server's
//     first label (it loads the PDF stack) is reported apart, not among the timed ones.
import fs from "node:fs";
import path from "node:path";
import { percentile } from "./bench-heavy.js";

const PASSWORD = "bench-shipper-password-1";
const BERLIN = { name: "Ada Sender", company: "Ada GmbH", line1: "Unter den Linden 1", city: "Berlin", postcode: "10117", country: "DE" };
const HAMBURG = { name: "Max Recipient", line1: "Jungfernstieg 1", city: "Hamburg", postcode: "20354", country: "DE", email: "max@example.com" };

async function call(base: string, method: string, url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: text ? (JSON.parse(text) as { data: Record<string, unknown> }) : null };
}
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Rates, an open sign-up and a verified shipper with an API key (the key is what a web shop books with). */
export async function setUpShipping(base: string, ownerCookie: string, outbox: string): Promise<{ key: string }> {
  const asOwner = { cookie: ownerCookie };
  await call(base, "PATCH", "/api/settings", { shipper_signup: "open", currency: "EUR" }, asOwner);
  for (const z of [
    { name: "DE", countries: ["DE"] },
    { name: "Berlin", countries: ["DE"], postcodes: ["10000-14999"] },
  ])
    await call(base, "POST", "/api/zones", z, asOwner);
  await call(base, "POST", "/api/services", { code: "STD", name: "Standard", transit_days_min: 1, transit_days_max: 3, cutoff: "23:59" }, asOwner);
  await call(base, "POST", "/api/services", { code: "EXP", name: "Express", transit_days_min: 1, transit_days_max: 1, cutoff: "23:59" }, asOwner);
  const brackets = [
    { up_to_kg: 1, amount: 500 },
    { up_to_kg: 5, amount: 900 },
    { up_to_kg: 30, amount: 2400 },
  ];
  await call(
    base,
    "PUT",
    "/api/rate-cards/default",
    {
      name: "Default",
      lanes: [
        { service: "STD", from_zone: "Berlin", to_zone: "DE", brackets, per_kg_above: 120 },
        { service: "EXP", from_zone: "Berlin", to_zone: "DE", brackets: brackets.map((b) => ({ ...b, amount: b.amount * 2 })), per_kg_above: 200 },
      ],
      surcharges: [
        { code: "fuel", kind: "percent", value: 12.5 },
        { code: "insurance", kind: "percent", value: 1, min: 100 },
      ],
    },
    asOwner,
  );
  const email = `shop-${Date.now()}@bench.example`;
  const signUp = await call(base, "POST", "/api/users", { name: "Bench Shop", email, password: PASSWORD, company: "Bench Shop Ltd" }, {});
  const shipper = { cookie: cookieOf(signUp.res) };
  let token = "";
  for (let i = 0; i < 100 && !token; i++) {
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = fs.readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, "");
      if (text.includes(email)) token = /\/account\/verify\?token=(?:3D)?([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? token;
    }
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error("no verification mail in the outbox");
  await call(base, "POST", "/api/users/verify", { token }, shipper);
  const key = (await call(base, "POST", "/api/users/api-keys", { name: "bench shop" }, shipper)).json!.data.key as string;
  return { key };
}

/** 500 different quote bodies: weights from 0.2 to 40 kg, some with dimensions, Berlin postcodes to all of Germany. */
export function quoteBodies(n = 500): string[] {
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      from: { country: "DE", postcode: String(10115 + (i % 40)) },
      to: { country: "DE", postcode: String(20000 + ((i * 7919) % 79000)).padStart(5, "0") },
      parcels: [
        { weight_kg: Math.round((0.2 + ((i * 37) % 400) / 10) * 10) / 10, ...(i % 3 ? {} : { length_cm: 40, width_cm: 30, height_cm: 20 + (i % 30) }) },
      ],
      declared_value: i % 5 ? undefined : 10000,
    }),
  );
}

export interface BookingTimes {
  /** The first booking with its label after the server started (loads the PDF stack): not among the timed ones. */
  first_with_label: number;
  bookings: number;
  booking_p50: number;
  booking_p99: number;
  with_label_p50: number;
  with_label_p99: number;
  label_bytes: number;
}

/** `n` bookings one after another by the shipper's key, each followed by its label: milliseconds each. */
export async function timeBookings(base: string, key: string, n = 50): Promise<BookingTimes> {
  const auth = { authorization: `Bearer ${key}` };
  const booked: number[] = [];
  const withLabel: number[] = [];
  let bytes = 0;
  let first = 0;
  // The first one (i = -1) is the server's first label: its PDF stack (pdfkit, fonts, the barcode) loads then.
  for (let i = -1; i < n; i++) {
    const t0 = performance.now();
    const b = await call(
      base,
      "POST",
      "/api/bookings",
      { service: "STD", sender: BERLIN, recipient: HAMBURG, parcels: [{ weight_kg: 1 + ((i + 10) % 10) }], contents: "Books", reference: `BENCH-${i}` },
      { ...auth, "idempotency-key": `bench-${Date.now()}-${i}` },
    );
    const t1 = performance.now();
    const label = await fetch(`${base}/api/bookings/${b.json!.data.id as number}/label.pdf`, { headers: auth });
    if (label.status !== 200) throw new Error(`label: ${label.status}`);
    bytes = (await label.arrayBuffer()).byteLength;
    const t2 = performance.now();
    if (i < 0) {
      first = t2 - t0;
      continue;
    }
    booked.push(t1 - t0);
    withLabel.push(t2 - t0);
  }
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    first_with_label: r(first),
    bookings: n,
    booking_p50: r(percentile(booked, 50)),
    booking_p99: r(percentile(booked, 99)),
    with_label_p50: r(percentile(withLabel, 50)),
    with_label_p99: r(percentile(withLabel, 99)),
    label_bytes: bytes,
  };
}
