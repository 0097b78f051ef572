import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("first admin, sign-in and a parcel through GraphQL", () => {
  it("creates the first admin once, signs in, creates and tracks a parcel", async () => {
    const c = new Client(t.url);
    const created = await c.gql(`mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }`, {
      i: { email: "Boss@Example.com", password: "correct horse", token: SETUP_TOKEN },
    });
    expect(created.data.createAdmin.email).toBe("boss@example.com");
    const again = await c.gql(`mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }`, { i: { email: "x", password: "", token: SETUP_TOKEN } });
    expect(again.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const signIn = await c.gql(`mutation { signIn(input: { email: "boss@example.com", password: "correct horse" }) { email } }`);
    expect(signIn.data.signIn.email).toBe("boss@example.com");
    const p = await c.gql(
      `mutation { createParcel(input: { tracking_code: "SMOKE-1", recipient_name: "Ann", destination: "Oslo" }) { id show_map map_zoom } }`,
    );
    expect(p.data.createParcel.show_map).toBe("no");
    const pub = await new Client(t.url).gql(`{ parcel(trackingCode: "SMOKE-1") { tracking_code destination history { id } } }`);
    expect(pub.data.parcel).toEqual({ tracking_code: "SMOKE-1", destination: "Oslo", history: [] });
  });
});
