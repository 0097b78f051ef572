import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { expectError } from "../fixtures/graphql.js";

// Low limits for this file only; the other test files raise them out of the way.
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SIGNIN: "4", RATE_LIMIT_PIN: "2", RATE_LIMIT_CONTACT: "2", RATE_LIMIT_TRACKING: "5" });
  admin = await signedInAdmin(t.url); // one sign-in
  await admin.gql(`mutation { updateContactSettings(input: { contact_email: "desk@courier.example" }) { contact_email } }`);
  await admin.gql(`mutation { createParcel(input: { tracking_code: "RL-1", recipient_name: "R", destination: "D" }) { id } }`);
});
afterAll(async () => t?.close());

async function tooMany(c: Client, query: string, variables?: Record<string, unknown>) {
  const r = await c.post("/graphql", { query, variables });
  expect(r.json.errors?.[0]?.extensions?.code, r.text).toBe("TOO_MANY_REQUESTS");
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(r.json.errors[0].message).toMatch(/try again in \d+ seconds/);
}

describe("abuse limits on the GraphQL door", () => {
  it("sign-in: wrong and right passwords count alike; past the limit even the right one is refused", async () => {
    const c = new Client(t.url);
    const SIGN_IN = `mutation($i: SignInInput!) { signIn(input: $i) { email } }`;
    for (let i = 0; i < 3; i++) expectError(await c.gql(SIGN_IN, { i: { email: ADMIN.email, password: "wrong-password" } }), "BAD_USER_INPUT");
    await tooMany(c, SIGN_IN, { i: ADMIN });
    expect(c.cookies.size).toBe(0);
  });

  it("tracking look-ups: anonymous clients are limited, the signed-in admin is not", async () => {
    const anon = new Client(t.url);
    const TRACK = `{ parcel(trackingCode: "RL-1") { tracking_code } }`;
    for (let i = 0; i < 5; i++) expect((await anon.gql(TRACK)).data.parcel.tracking_code).toBe("RL-1");
    await tooMany(anon, TRACK);
    for (let i = 0; i < 3; i++) expect((await admin.gql(TRACK)).data.parcel.tracking_code).toBe("RL-1");
  });

  it("contact messages and reset pins are limited per client", async () => {
    const c = new Client(t.url);
    const CONTACT = `mutation { contact(input: { email: "v@visitor.example", subject: "Hi", body: "Hello" }) }`;
    for (let i = 0; i < 2; i++) expect((await c.gql(CONTACT)).data.contact).toBe(true);
    await tooMany(c, CONTACT);
    const PIN = `mutation { sendPin(input: { email: "someone@example.com" }) }`;
    for (let i = 0; i < 2; i++) expect((await c.gql(PIN)).data.sendPin).toBe(true);
    await tooMany(c, PIN);
  });
});

describe("mail without SMTP_URL (this app has none)", () => {
  it("writes each message as an .eml file in the outbox folder and records it as delivered", async () => {
    const dir = path.join(t.dir, "outbox");
    const files = fs.readdirSync(dir).filter((f) => f.includes("-contact-") && f.endsWith(".eml"));
    expect(files.length).toBeGreaterThanOrEqual(2);
    const eml = fs.readFileSync(path.join(dir, files[0]), "utf8");
    expect(eml).toMatch(/^To: desk@courier\.example$/m);
    expect(eml).toMatch(/^Reply-To: v@visitor\.example$/m);
    expect(eml).toMatch(/^Subject: \[Contact\] Hi$/m);
    const out = (await admin.gql(`{ outbox(per_page: 100) { data { kind delivered error } } }`)).data.outbox.data as Array<{
      kind: string;
      delivered: boolean;
      error: string;
    }>;
    expect(out.filter((m) => m.kind === "contact")).toEqual([
      { kind: "contact", delivered: true, error: "" },
      { kind: "contact", delivered: true, error: "" },
    ]);
  });
});
