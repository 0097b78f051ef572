/**
 * The delivery day's settings and the company's name, as the control panel sets them (issue 36): each delivery-day
 * setting round-trips through both doors, a bad value is refused naming the field with its range and unit (nothing
 * saved), the two settings that fall back to the server's variables (COMPANY_NAME, DELIVERY_WINDOW_MINUTES) do so
 * until set, and the company's name from the settings is the one on the pages and the PDFs, escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { pdfText } from "../helpers/pdf.js";
import { expectFieldError, expectUnauthenticated } from "../fixtures/graphql.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { DISPATCH_LIMITS, DISPATCH_SETTING_KEYS, dispatchRangeMessage } from "../../shared/modules/settings/settings.codes.js";

const FIELDS = DISPATCH_SETTING_KEYS.join(" ");
const DISPATCH = `mutation($i: DispatchSettingsInput!) { updateDispatchSettings(input: $i) { ${FIELDS} } }`;
const ADMIN = `{ adminSettings { company_name ${FIELDS} } }`;
const CONTACT = `mutation($i: ContactSettingsInput!) { updateContactSettings(input: $i) { company_name contact_email } }`;

let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ COMPANY_NAME: "Env Couriers", DELIVERY_WINDOW_MINUTES: "45" });
  admin = await signedIn(t);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

const stored = async () => ok(await admin.get("/api/settings")) as Record<string, unknown>;
const pick = (s: Record<string, unknown>) => Object.fromEntries(DISPATCH_SETTING_KEYS.map((k) => [k, s[k]]));

describe("before the owner sets them", () => {
  it("the company's name is COMPANY_NAME and the window DELIVERY_WINDOW_MINUTES; no depot", async () => {
    expect(pick(await stored())).toEqual({
      depot_latitude: null,
      depot_longitude: null,
      courier_speed_kmh: 25,
      stop_minutes: 4,
      notify_stops_before: 3,
      delivery_window_minutes: 45,
    });
    expect((ok(await anon.get("/api/settings")) as { company_name: string }).company_name).toBe("Env Couriers");
    const page = await (await fetch(`${t.url}/control/settings`)).text();
    expect(page).toContain("<title>Env Couriers</title>");
  });
});

describe("the delivery day's settings", () => {
  it("each one round-trips through PATCH /api/settings and through GraphQL", async () => {
    const rest = {
      depot_latitude: 51.4545,
      depot_longitude: 0.3689,
      courier_speed_kmh: 31.5,
      stop_minutes: 2.5,
      notify_stops_before: 0,
      delivery_window_minutes: 90,
    };
    for (const [k, v] of Object.entries(rest)) {
      // The depot's two coordinates go together.
      const body = k.startsWith("depot_") ? { depot_latitude: rest.depot_latitude, depot_longitude: rest.depot_longitude } : { [k]: v };
      expect(ok(await admin.patch("/api/settings", body))[k]).toBe(v);
    }
    expect(pick(await stored())).toEqual(rest);
    const gql = {
      depot_latitude: -33.8688,
      depot_longitude: 151.2093,
      courier_speed_kmh: 18,
      stop_minutes: 6,
      notify_stops_before: 5,
      delivery_window_minutes: 30,
    };
    const r = await admin.gql(DISPATCH, { i: gql });
    expect(r.errors).toBeUndefined();
    expect(r.data.updateDispatchSettings).toEqual(gql);
    expect(pick((await admin.gql(ADMIN)).data.adminSettings)).toEqual(gql);
    expect(pick(await stored())).toEqual(gql);
    // Both coordinates null: no depot.
    expect(pick(ok(await admin.patch("/api/settings", { depot_latitude: null, depot_longitude: null })))).toMatchObject({
      depot_latitude: null,
      depot_longitude: null,
    });
  });

  it("refuses a value out of its range, of the wrong kind or missing, naming the field with its range and unit; nothing is saved", async () => {
    const before = pick(await stored());
    for (const k of DISPATCH_SETTING_KEYS) {
      const l = DISPATCH_LIMITS[k];
      const bad: unknown[] = [l.min - 1, l.max + 1, "12", true, ...(l.whole ? [1.5] : [])];
      if (!k.startsWith("depot_")) bad.push(null);
      for (const v of bad) {
        // The other coordinate given, so the message is about this one's value.
        const other = k === "depot_latitude" ? { depot_longitude: 1 } : k === "depot_longitude" ? { depot_latitude: 1 } : {};
        const messages = fails(await admin.patch("/api/settings", { ...other, [k]: v }), 422);
        expect(messages, `${k}: ${JSON.stringify(v)}`).toEqual([dispatchRangeMessage(k)]);
      }
      const g = await admin.gql(DISPATCH, { i: { [k]: l.max + 1 } });
      expectFieldError(g, k, new RegExp(`from ${l.min} to ${l.max}`));
    }
    expect(dispatchRangeMessage("courier_speed_kmh")).toBe("courier_speed_kmh must be a number from 1 to 200 km/h");
    expect(dispatchRangeMessage("delivery_window_minutes")).toBe("delivery_window_minutes must be a whole number from 1 to 1440 minutes");
    // One coordinate alone is no place.
    expect(fails(await admin.patch("/api/settings", { depot_latitude: 10 }), 422)).toEqual(["depot_longitude is required with depot_latitude"]);
    expect(pick(await stored())).toEqual(before);
  });

  it("only a member with the settings permission changes them", async () => {
    expect((await anon.patch("/api/settings", { courier_speed_kmh: 150 })).status).toBe(401);
    expectUnauthenticated(await anon.gql(DISPATCH, { i: { delivery_window_minutes: 5 } }));
    expect(pick(await stored())).not.toMatchObject({ courier_speed_kmh: 150 });
  });
});

describe("the company's name", () => {
  it("is set with the contact details; the pages, the label PDF and the public settings carry it", async () => {
    const r = await admin.gql(CONTACT, { i: { company_name: "  SwiftRoute Courier ", contact_email: "desk@swift.example" } });
    expect(r.errors).toBeUndefined();
    expect(r.data.updateContactSettings).toEqual({ company_name: "SwiftRoute Courier", contact_email: "desk@swift.example" });
    expect((ok(await anon.get("/api/settings")) as { company_name: string }).company_name).toBe("SwiftRoute Courier");
    const page = await (await fetch(`${t.url}/control/index.html`)).text();
    expect(page).toContain("<title>SwiftRoute Courier</title>");
    expect(page).toContain('<meta name="application-name" content="SwiftRoute Courier">');
    ok(await admin.post("/api/parcels", { tracking_code: "NAME-LABEL-1", recipient_name: "Ada", destination: "Leeds" }), 201);
    const label = await fetch(`${t.url}/api/parcels/NAME-LABEL-1/label.pdf`, { headers: admin.cookieHeader() });
    expect(label.status).toBe(200);
    const text = pdfText(Buffer.from(await label.arrayBuffer()));
    expect(text).toContain("SwiftRoute Courier");
    expect(text).not.toContain("Env Couriers");
  });

  it("is escaped in the page; control characters and a name past 100 characters are refused naming company_name", async () => {
    const attack = `</title><script>alert(1)</script>"><b>`;
    ok(await admin.patch("/api/settings", { company_name: attack, contact_email: "desk@swift.example" }));
    const page = await (await fetch(`${t.url}/control/index.html`)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;b&gt;</title>");
    // A replacement pattern is text.
    ok(await admin.patch("/api/settings", { company_name: "Cash $& Carry $'", contact_email: "desk@swift.example" }));
    expect(await (await fetch(`${t.url}/control/index.html`)).text()).toContain("<title>Cash $&amp; Carry $'</title>");
    for (const bad of ["Swift\u0007Route", "Swift\u202eRoute", "x".repeat(101)])
      expect(fails(await admin.patch("/api/settings", { company_name: bad, contact_email: "desk@swift.example" }), 422).join()).toMatch(/^company_name /);
    // Empty: the server's COMPANY_NAME again.
    expect(ok(await admin.patch("/api/settings", { company_name: "", contact_email: "desk@swift.example" })).company_name).toBe("Env Couriers");
  });
});
