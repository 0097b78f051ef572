import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ADMIN, fails, ok, signedIn } from "../fixtures/rest.js";
import { expectError, expectFieldError, expectUnauthenticated } from "../fixtures/graphql.js";

// The member's own profile (contract section 13's last bullet): the control panel's language, and the name, through both doors.
let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

const ME = `{ me { email name language } }`;
const UPDATE = `mutation($i: UpdateAccountInput!) { updateAccount(input: $i) { email name language } }`;

describe("a member's own language and name", () => {
  it("is none until chosen, then kept and returned with me (REST and GraphQL)", async () => {
    expect((await owner.gql(ME)).data.me).toEqual({ email: ADMIN.email, name: null, language: null });
    expect(ok(await owner.get("/api/admins/auth/me"))).toMatchObject({ email: ADMIN.email, language: null });

    const r = ok(await owner.patch("/api/admins/auth/update/profile", { language: "de" }));
    expect(r).toMatchObject({ email: ADMIN.email, language: "de", name: null });
    expect((await owner.gql(ME)).data.me.language).toBe("de");

    // GraphQL: a name alone leaves the language as it was; the chooser's odd codes (in, se, vn) are the 22's.
    const g = await owner.gql(UPDATE, { i: { name: "  Ana Boss  " } });
    expect(g.data.updateAccount).toEqual({ email: ADMIN.email, name: "Ana Boss", language: "de" });
    expect((await owner.gql(UPDATE, { i: { language: "vn" } })).data.updateAccount.language).toBe("vn");
    // Empty clears: back to the browser's language.
    expect(ok(await owner.patch("/api/admins/auth/update/profile", { language: "" })).language).toBeNull();
    expect(ok(await owner.get("/api/admins/auth/me"))).toMatchObject({ name: "Ana Boss", language: null });
  });

  it("refuses a code outside the 22, naming language, and changes nothing", async () => {
    ok(await owner.patch("/api/admins/auth/update/profile", { language: "ar" }));
    for (const bad of ["xx", "hi", "sv", "EN", "de-DE", 7, true, ["de"]]) {
      const errors = fails(await owner.patch("/api/admins/auth/update/profile", { language: bad, name: "Changed" }), 422);
      expect(JSON.stringify(errors)).toMatch(/language/);
    }
    expectFieldError(await owner.gql(UPDATE, { i: { language: "klingon", name: "Changed" } }), "language", /one of/);
    expectError(await owner.gql(UPDATE, { i: { language: 3 } }), "BAD_USER_INPUT");
    // A name with a control character is refused like anywhere else.
    fails(await owner.patch("/api/admins/auth/update/profile", { name: "a\u0000b" }), 422);
    // Nothing to change (an empty object, or JSON of another shape) is refused, naming what to give; GraphQL too.
    expect(fails(await owner.patch("/api/admins/auth/update/profile", {}), 422)).toEqual(["name or language is required: give the one to change"]);
    fails(await owner.request("PATCH", "/api/admins/auth/update/profile", "[]", { "content-type": "application/json" }), 422);
    expectError(await owner.gql(UPDATE, { i: {} }), "BAD_USER_INPUT");
    expect((await owner.gql(ME)).data.me).toEqual({ email: ADMIN.email, name: "Ana Boss", language: "ar" });
  });

  it("needs a signed-in member through both doors", async () => {
    const guest = new Client(t.url);
    fails(await guest.patch("/api/admins/auth/update/profile", { language: "de" }), 401);
    expectUnauthenticated(await guest.gql(UPDATE, { i: { language: "de" } }));
    expect(ok(await guest.get("/api/admins/auth/me"))).toBeNull();
    expect((await guest.gql(ME)).data.me).toBeNull();
  });
});
