/**
 * Set-up shared by the shipper journeys (issue 25, contract section 10): the rates a quote needs, the
 * dates a pickup may take, and the quote form filled as a visitor does.
 */
import type { Page } from "playwright-core";
import type { Client } from "./http.js";

/** Fails naming the answer when `r` is not `status`. */
async function ok(r: Promise<{ status: number; text: string }>, status = 200): Promise<void> {
  const res = await r;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
}

/**
 * Through the API as the owner: the zones DE and Berlin (10000-14999), the services STD (1-3 days) and EXP
 * (next day), and the default card from Berlin to DE with 12.5 % fuel. 1.2 kg (charged 1.5) from 10117 to
 * 20354: STD €10.13, EXP €16.88.
 */
export async function setUpRates(admin: Client): Promise<void> {
  for (const z of [
    { name: "DE", countries: ["DE"] },
    { name: "Berlin", countries: ["DE"], postcodes: ["10000-14999"] },
  ])
    await ok(admin.post("/api/zones", z), 201);
  await ok(admin.post("/api/services", { code: "STD", name: "Standard", transit_days_min: 1, transit_days_max: 3, cutoff: "23:59" }), 201);
  await ok(admin.post("/api/services", { code: "EXP", name: "Express", transit_days_min: 1, transit_days_max: 1, cutoff: "23:59" }), 201);
  await ok(
    admin.request("PUT", "/api/rate-cards/default", {
      name: "Default",
      lanes: [
        {
          service: "STD",
          from_zone: "Berlin",
          to_zone: "DE",
          brackets: [
            { up_to_kg: 1, amount: 500 },
            { up_to_kg: 5, amount: 900 },
          ],
          per_kg_above: 120,
        },
        {
          service: "EXP",
          from_zone: "Berlin",
          to_zone: "DE",
          brackets: [
            { up_to_kg: 2, amount: 1500 },
            { up_to_kg: 10, amount: 2500 },
          ],
        },
      ],
      surcharges: [{ code: "fuel", kind: "percent", value: 12.5 }],
    }),
  );
}

/** The shipping settings through the API as the owner: sign-up `open` or `off`. */
export async function shipperSignup(admin: Client, state: "open" | "off"): Promise<void> {
  await ok(admin.patch("/api/settings", { currency: "EUR", pickup_cutoff: "14:00", shipper_signup: state }));
}

/** A working day (Monday to Friday, UTC) at least `days` days ahead, YYYY-MM-DD: a pickup needs one. */
export function workingDayAhead(days = 7): string {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Fills the quote's places (Berlin 10117 to `to`) and the first parcel (1.2 kg) on /quote. */
export async function fillQuote(page: Page, to = "20354"): Promise<void> {
  await page.selectOption("#q-from-country", "DE");
  await page.fill("#q-from-postcode", "10117");
  await page.fill("#q-from-city", "Berlin");
  await page.selectOption("#q-to-country", "DE");
  await page.fill("#q-to-postcode", to);
  await page.fill("#q-p0-weight", "1.2");
}
