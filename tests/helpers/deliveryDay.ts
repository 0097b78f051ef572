// Set-up shared by the delivery day's browser tests (dispatch board, courier's run, the whole day's journey):
// staff members of a role signed in, their session in a browser context, a shipper's pickup on a date.
import { expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { DESKTOP, PHONE } from "./browser.js";
import { Client } from "./http.js";
import type { Site } from "./site.js";

export const STAFF_PASSWORD = "delivery-day-password-1";

/** A team member of `role` written straight into the site's (SQLite) database, signed in: [client, id]. */
export async function member(site: Site, email: string, role: "dispatcher" | "courier"): Promise<[Client, number]> {
  const db = new Database(site.databaseUrl.slice("file:".length));
  const now = Date.now();
  const row = db
    .prepare(`INSERT INTO "Admin" (email, password_hash, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`)
    .run(email, await argon2.hash(STAFF_PASSWORD), role, now, now);
  db.close();
  const c = new Client(site.url);
  expect((await c.post("/api/admins/auth/signin", { email, password: STAFF_PASSWORD })).status).toBe(200);
  return [c, Number(row.lastInsertRowid)];
}

/** The client's session cookies, for a browser context (`context.addCookies`). */
export function cookiesOf(site: Site, c: Client) {
  const domain = new URL(site.url).hostname;
  return [...c.cookies].map(([name, value]) => ({ name, value, domain, path: "/" }));
}

/** Makes a browser context start in the dark theme (the site keeps the theme in localStorage). */
export const darkTheme = (ctx: BrowserContext) => ctx.addInitScript(`localStorage.setItem("state", ${JSON.stringify(JSON.stringify({ theme: "DARK" }))})`);

/**
 * A shipper's requested pickup on `date` (09:00-12:00) at a located address, with one booking per code
 * given (parcels already made, as a booking leaves them: pending). Rows written as the shipper's booking
 * would write them (see tests/integration/dispatch.test.ts "pickups on runs"). Returns the pickup's id.
 */
export function insertPickup(
  site: Site,
  opts: { date: string; latitude: number; longitude: number; company: string; name: string; parcels: { id: number; code: string }[] },
): number {
  const db = new Database(site.databaseUrl.slice("file:".length));
  const now = Date.now();
  try {
    const shipper = db
      .prepare(`INSERT INTO "Shipper" (name, email, password_hash, company, email_verified, created_at, updated_at) VALUES (?, ?, 'x', ?, 1, ?, ?)`)
      .run(opts.name, `${opts.name.toLowerCase().replace(/\W+/g, ".")}@${opts.company.toLowerCase().replace(/\W+/g, "")}.example`, opts.company, now, now);
    const address = {
      name: opts.name,
      company: opts.company,
      line1: "Dock 7",
      line2: null,
      city: "Amsterdam",
      postcode: "1011 AB",
      region: null,
      country: "NL",
      phone: null,
      email: null,
      latitude: opts.latitude,
      longitude: opts.longitude,
      located: "exact",
    };
    const pickup = db
      .prepare(`INSERT INTO "Pickup" (shipper_id, date, "from", "to", address, status, created_at) VALUES (?, ?, '09:00', '12:00', ?, 'requested', ?)`)
      .run(shipper.lastInsertRowid, opts.date, JSON.stringify(address), now);
    const booking = db.prepare(
      `INSERT INTO "Booking" (shipper_id, parcel_id, tracking_code, service, amount, currency, breakdown, chargeable_weight_kg, request_hash, pickup_id, created_at)
       VALUES (?, ?, ?, 'standard', 1000, 'EUR', '[]', 1, ?, ?, ?)`,
    );
    for (const p of opts.parcels) booking.run(shipper.lastInsertRowid, p.id, p.code, p.code, pickup.lastInsertRowid, now);
    return Number(pickup.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** A visitor's own browser (390 px unless `desktop`) on a parcel's tracking page; `scripts` lists the scripts it loaded. */
export async function trackingPage(browser: Browser, site: Site, code: string, opts: { dark?: boolean; desktop?: boolean } = {}) {
  const ctx = await browser.newContext({ viewport: opts.desktop ? DESKTOP : PHONE, timezoneId: "UTC", locale: "en-GB" });
  if (opts.dark) await darkTheme(ctx);
  const p = await ctx.newPage();
  p.setDefaultTimeout(15_000);
  const scripts: string[] = [];
  p.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await p.goto(`${site.url}/track.html?code=${code}`);
  await p.locator("#parcel-code").waitFor();
  return { ctx, p, scripts };
}

/** The courier's position as the tracking page's map lists it for screen readers (beside the marker it draws). */
export const courierOnMap = (p: Page) => p.locator(".parcel-map-wrap li", { hasText: /^Courier:/ });
