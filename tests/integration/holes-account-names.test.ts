// Issue 35, note 4: the names accounts are known by hold no control characters. A member is named by
// its e-mail (the staff list, the audit log's actor), a staff or shipper API key by its name; a BEL,
// another C0 or C1 control, or a bidi override (U+202E makes "gpj.exe" read "exe.jpg") is 422 naming
// the field through REST and BAD_USER_INPUT through GraphQL (class-validator's isEmail lets U+202E and
// U+2066 into an address). Shippers' own names and companies: validation.ts's Name, tested with them.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { hashPassword } from "../../server/modules/admin/admin.service.js";

let t: TestApp;
let owner: Client;
let shipper: Client;
const PASSWORD = "a-long-shipper-password-42";

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  await db().shipper.create({ data: { name: "Shop", email: "names@shop.example", password_hash: await hashPassword(PASSWORD), email_verified: true } });
  shipper = new Client(t.url);
  ok(await shipper.post("/api/users/auth/signin", { email: "names@shop.example", password: PASSWORD }));
});
afterAll(async () => {
  await t?.close();
});

const BAD = { BEL: "\u0007", "C1 NEL": "\u0085", "line break": "\n", RLO: "\u202e", LRI: "\u2066", DEL: "\u007f" };
const CONTROL = /must not contain control characters/;

describe.each(Object.entries(BAD))("a name with %s", (_what, c) => {
  it("is refused for a member's e-mail (invitation, first admin, sign-up), both doors", async () => {
    const email = `ev${c}il@names.example`;
    expect(fails(await owner.post("/api/staff", { email, role: "courier" }), 422).join()).toMatch(/^email must not contain control characters/);
    const g = await owner.gql(`mutation($i: InviteMemberInput!) { inviteMember(input: $i) { id } }`, { i: { email, role: "courier" } });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].message).toMatch(CONTROL);
    // In the domain too.
    expect(fails(await owner.post("/api/staff", { email: `evil@na${c}mes.example`, role: "courier" }), 422).join()).toMatch(CONTROL);
    expect(fails(await new Client(t.url).post("/api/users", { name: "Shop", email, password: PASSWORD }), 422).join()).toMatch(CONTROL);
    expect(await db().admin.count({ where: { email: { contains: "names.example" } } })).toBe(0);
  });

  it("is refused for an API key's name, the staff's and a shipper's, both doors", async () => {
    const name = `gpj${c}exe`;
    expect(fails(await owner.post("/api/api-keys", { name, scopes: ["tracking:read"] }), 422)).toEqual(["name must not contain control characters"]);
    const g = await owner.gql(`mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { id } }`, { i: { name, scopes: ["tracking:read"] } });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].message).toMatch(CONTROL);
    expect(fails(await shipper.post("/api/users/api-keys", { name }), 422)).toEqual(["name must not contain control characters"]);
    const s = await shipper.gql(`mutation($i: CreateShipperKeyInput!) { createUserApiKey(input: $i) { id } }`, { i: { name } });
    expect(s.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(s.errors?.[0].message).toMatch(CONTROL);
    expect(await db().apiKey.count()).toBe(0);
    expect(await db().shipperKey.count()).toBe(0);
  });
});

describe("names in any script", () => {
  it("are taken as they are: accents, CJK, Arabic, an emoji", async () => {
    const name = "Café Ünï 名前 متجر 📦";
    expect(ok(await owner.post("/api/api-keys", { name, scopes: ["tracking:read"] }), 201).name).toBe(name);
    expect(ok(await shipper.post("/api/users/api-keys", { name }), 201).name).toBe(name);
    expect(ok(await owner.post("/api/staff", { email: "josé@names.example", role: "courier" }), 201).email).toBe("josé@names.example");
  });
});
