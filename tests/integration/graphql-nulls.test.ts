import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { signedIn } from "../fixtures/rest.js";
import { newParcel } from "../helpers/admin.js";

/**
 * A null in a GraphQL input is validated as REST validates it. type-graphql skips every rule of a null field unless
 * told otherwise (skipMissingProperties), so `max_amount: null` reached the database (an internal error) and
 * `currency: null` was saved as an empty currency, while the same JSON through PATCH /api/settings was a 422.
 */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

const SHIPPING = `mutation($i: ShippingSettingsInput!) { updateShippingSettings(input: $i) { currency pickup_cutoff max_amount shipper_signup } }`;
const DISPATCH = `mutation($i: DispatchSettingsInput!) { updateDispatchSettings(input: $i) { courier_speed_kmh stop_minutes } }`;
const SETTINGS = `{ adminSettings { currency pickup_cutoff max_amount shipper_signup courier_speed_kmh stop_minutes } }`;

describe("a null in a GraphQL input", () => {
  it("is refused naming the field wherever the field cannot be emptied, and nothing is saved", async () => {
    const read = await admin.gql(SETTINGS);
    expect(read.errors, JSON.stringify(read.errors)).toBeUndefined();
    const before = read.data.adminSettings;
    for (const [query, field, message] of [
      [SHIPPING, "max_amount", /max_amount/],
      [SHIPPING, "currency", /currency/],
      [SHIPPING, "pickup_cutoff", /pickup_cutoff/],
      [SHIPPING, "shipper_signup", /shipper_signup/],
      [DISPATCH, "courier_speed_kmh", /courier_speed_kmh/],
      [DISPATCH, "stop_minutes", /stop_minutes/],
    ] as const) {
      const r = await admin.gql(query, { i: { [field]: null } });
      expect(r.errors?.[0]?.extensions?.code, `${field}: ${JSON.stringify(r.errors)}`).toBe("BAD_USER_INPUT");
      expect(r.errors?.[0]?.message).toMatch(message);
      // The same through REST, for the record: both doors answer the same.
      const rest = await admin.patch("/api/settings", { [field]: null });
      expect(rest.status, field).toBe(422);
    }
    expect((await admin.gql(SETTINGS)).data.adminSettings).toEqual(before);
  });

  it("still clears a field that may be emptied, and a left-out field stays as it was", async () => {
    const p = await newParcel(admin, "NUL", "Lyon", { max_expected_delivery_date: "2031-05-01", show_map: "no" });
    const r = await admin.gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { max_expected_delivery_date show_map destination } }`, {
      i: { id: p.id, max_expected_delivery_date: null },
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(r.data.updateParcel).toMatchObject({ max_expected_delivery_date: null, show_map: "no", destination: "Lyon" });
    const bad = await admin.gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { show_map } }`, { i: { id: p.id, show_map: null } });
    expect(bad.errors?.[0]?.extensions?.code, JSON.stringify(bad.errors)).toBe("BAD_USER_INPUT");
    expect(bad.errors?.[0]?.message).toMatch(/show_map/);
  });
});
