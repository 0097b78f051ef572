// Issue 35, hole 1: money and prices leave a trace. A shipper's credit limit, rate card and
// disabling, the rates (zones, services, rate cards), bookings, pickups, statements made and paid,
// a shipper's keys and its sign-ins (right and wrong) are in the audit log with who did it (a
// member, the shipper, the shipper's API key) and the money fields before and after, through
// REST and GraphQL. The log is read as the owner through both doors (they must agree). The last
// test walks every operation of the access table declared audited for shippers, rates, bookings
// and statements and fails on one that left no entry.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { setUpRates } from "../helpers/shipping.js";
import { db } from "../../server/db/index.js";
import { hashPassword } from "../../server/modules/admin/admin.service.js";
import { OPERATIONS, type Operation } from "../../server/core/access.js";

type Entry = {
  actor: { kind: string; id: number | null; name: string };
  operation: string;
  object_type: string;
  object_id: string | null;
  changes: Record<string, [unknown, unknown]>;
};

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
let dispatcher: Client;
const DISPATCHER = { email: "disp@audit-shippers.example", password: "dispatch-pass-word-2" };
const PASSWORD = "a-long-shipper-password-42";
const BERLIN = { name: "Ada Sender", line1: "Unter den Linden 1", city: "Berlin", postcode: "10117", country: "DE" };
const HAMBURG = { name: "Max Recipient", line1: "Jungfernstieg 1", city: "Hamburg", postcode: "20354", country: "DE" };
const booking = (extra: Record<string, unknown> = {}) => ({
  service: "STD",
  sender: BERLIN,
  recipient: HAMBURG,
  parcels: [{ weight_kg: 1.2 }],
  contents: "Books",
  ...extra,
});

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", TIME_ZONE: "UTC", RATE_LIMIT_SIGNUP: "1000" });
  owner = await signedIn(t);
  await db().admin.create({ data: { email: DISPATCHER.email, password_hash: await hashPassword(DISPATCHER.password), role: "dispatcher" } });
  dispatcher = new Client(t.url);
  ok(await dispatcher.post("/api/admins/auth/signin", DISPATCHER));
  await setUpRates(owner);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ENTRY = `data { actor { kind id name } operation object_type object_id changes { field before after } }`;
/** The log's entries (newest first) through REST and through GraphQL, which must agree. */
async function audit(q: { actor?: string; object_type?: string; object_id?: string | number } = {}): Promise<Entry[]> {
  const params = new URLSearchParams({ per_page: "100" });
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  const rest = ok(await owner.get(`/api/audit?${params}`)).data as Entry[];
  const g = await owner.gql(`query($a: String, $t: String, $i: String) { auditLog(actor: $a, object_type: $t, object_id: $i, per_page: 100) { ${ENTRY} } }`, {
    a: q.actor,
    t: q.object_type,
    i: q.object_id === undefined ? undefined : String(q.object_id),
  });
  expect(g.errors).toBeUndefined();
  const parse = (v: string | null) => (v === null ? null : JSON.parse(v));
  const viaGql = (g.data.auditLog.data as (Omit<Entry, "changes"> & { changes: { field: string; before: string | null; after: string | null }[] })[]).map(
    (e) => ({
      ...e,
      changes: Object.fromEntries(e.changes.map((c) => [c.field, [parse(c.before), parse(c.after)]])),
    }),
  );
  expect(viaGql).toEqual(rest.map(({ actor, operation, object_type, object_id, changes }) => ({ actor, operation, object_type, object_id, changes })));
  return rest;
}
/** The newest entry of this operation on this object. */
async function entryOf(object_type: string, object_id: unknown, operation: string): Promise<Entry> {
  const found = (await audit({ object_type, object_id: String(object_id) })).find((e) => e.operation === operation);
  expect(found, `an entry ${operation} of ${object_type} ${String(object_id)}`).toBeDefined();
  return found!;
}
const byMember = (email: string) => ({ kind: "member", id: expect.any(Number), name: email });

const used = new Set<unknown>();
async function tokenFrom(to: string, link: RegExp): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && !used.has(m) && link.test(mailText(m.raw)));
  used.add(mail);
  return mailText(mail.raw).match(link)![1];
}
/** A shipper signed up and verified through REST; its client is signed in. */
async function shipper(email: string) {
  const c = new Client(t.url);
  const s = ok(await c.post("/api/users", { name: "Shop", email, password: PASSWORD }), 201);
  ok(await c.post("/api/users/verify", { token: await tokenFrom(email, /\/account\/verify\?token=([A-Za-z0-9_-]+)/) }));
  return { c, id: s.id as number, email };
}

describe("the staff's changes of a shipper", () => {
  it("creation, credit limit, rate card and disabling: by whom, before and after (REST and GraphQL)", async () => {
    const s = ok(await owner.post("/api/shippers", { name: "Big Shop", email: "big@audit-shippers.example", credit_limit: 5000 }), 201);
    const made = await entryOf("shipper", s.id, "shippers.create");
    expect(made.actor).toEqual(byMember("boss@example.com"));
    expect(made.changes).toMatchObject({ credit_limit: [null, 5000], email: [null, "big@audit-shippers.example"], disabled: [null, false] });
    ok(await owner.patch("/api/shippers", { id: s.id, credit_limit: 10000, rate_card_id: "default" }));
    const raised = await entryOf("shipper", s.id, "shippers.update");
    expect(raised.actor).toEqual(byMember("boss@example.com"));
    expect(raised.changes).toEqual({ credit_limit: [5000, 10000], rate_card_id: [null, "default"] });
    const g = await dispatcher.gql(`mutation($i: UpdateShipperInput!) { updateShipper(input: $i) { id disabled credit_limit } }`, {
      i: { id: s.id, disabled: true, credit_limit: null },
    });
    expect(g.errors).toBeUndefined();
    const disabled = await entryOf("shipper", s.id, "shippers.update");
    expect(disabled.actor).toEqual(byMember(DISPATCHER.email));
    expect(disabled.changes).toEqual({ disabled: [false, true], credit_limit: [10000, null] });
  });
});

describe("the rates", () => {
  it("zones, services and rate cards through both doors, a card's edit as the lanes that changed", async () => {
    const zone = ok(await owner.post("/api/zones", { name: "North", countries: ["DK"] }), 201);
    expect((await entryOf("zone", zone.id, "rates.write")).changes).toMatchObject({ name: [null, "North"], countries: [null, "DK"] });
    const renamed = await owner.gql(`mutation($id: Int!) { updateZone(id: $id, input: { name: "Nord", countries: ["DK", "SE"] }) { id } }`, { id: zone.id });
    expect(renamed.errors).toBeUndefined();
    expect((await entryOf("zone", zone.id, "rates.write")).changes).toEqual({ name: ["North", "Nord"], countries: ["DK", "DK,SE"] });
    ok(await owner.delete("/api/zones", { id: zone.id }));
    expect((await entryOf("zone", zone.id, "rates.write")).changes).toMatchObject({ name: ["Nord", null] });

    const svc = await owner.gql(`mutation { createService(input: { code: "ECO", name: "Economy", transit_days_min: 3, transit_days_max: 5 }) { id } }`);
    expect(svc.errors).toBeUndefined();
    const id = svc.data.createService.id;
    expect((await entryOf("service", id, "rates.write")).changes).toMatchObject({ code: [null, "ECO"], transit_days_max: [null, 5] });
    ok(await owner.patch("/api/services", { id, transit_days_max: 6, active: false }));
    expect((await entryOf("service", id, "rates.write")).changes).toEqual({ transit_days_max: [5, 6], active: [true, false] });

    // One price of the default card changed (REST, JSON): that lane alone, before and after.
    const card = ok(await owner.get("/api/rate-cards/default"));
    const lanes = card.lanes.map((l: { service: string; brackets: { up_to_kg: number; amount: number }[] }) =>
      l.service === "STD" ? { ...l, brackets: l.brackets.map((b) => (b.up_to_kg === 1 ? { ...b, amount: 550 } : b)) } : l,
    );
    ok(await owner.request("PUT", "/api/rate-cards/default", { name: card.name, lanes, surcharges: [{ code: "fuel", kind: "percent", value: 15 }] }));
    const edit = await entryOf("rate_card", "default", "rates.write");
    expect(edit.actor).toEqual(byMember("boss@example.com"));
    expect(Object.keys(edit.changes).sort()).toEqual(["lanes[STD Berlin>DE]", "surcharges[fuel]"]);
    const [before, after] = edit.changes["lanes[STD Berlin>DE]"] as { brackets: { amount: number }[] }[];
    expect([before.brackets[0].amount, after.brackets[0].amount]).toEqual([500, 550]);
    expect(edit.changes["surcharges[fuel]"]).toEqual([
      { code: "fuel", kind: "percent", value: 12.5 },
      { code: "fuel", kind: "percent", value: 15 },
    ]);
    // The grid by CSV (GraphQL): the lane left out is recorded as gone.
    const csv = "service,from_zone,to_zone,up_to_kg,amount,per_kg_above\nSTD,Berlin,DE,1,550,120\nSTD,Berlin,DE,5,900,120\n";
    const put = await owner.gql(`mutation($csv: String!) { putRateCardCsv(id: "default", csv: $csv) { id } }`, { csv });
    expect(put.errors).toBeUndefined();
    const byCsv = await entryOf("rate_card", "default", "rates.write");
    expect(Object.keys(byCsv.changes)).toEqual(["lanes[EXP Berlin>DE]"]);
    expect(byCsv.changes["lanes[EXP Berlin>DE]"][1]).toBeNull();
    // Put back for the bookings below.
    ok(await owner.request("PUT", "/api/rate-cards/default", { name: card.name, lanes: card.lanes, surcharges: card.surcharges }));
  });
});

describe("a shipper's own doings", () => {
  it("sign-ins right and wrong, keys made and revoked, bookings by its key, pickups and address book (both doors)", async () => {
    const a = await shipper("ship-a@audit-shippers.example");
    expect((await entryOf("shipper", a.id, "users.signup")).actor).toEqual({ kind: "system", id: null, name: "visitor" });
    expect((await entryOf("shipper", a.id, "users.verify")).changes).toEqual({ email_verified: [false, true] });
    // Wrong password (REST) and an unknown address (GraphQL): the visitor, the client, the account or a hash.
    const anon = new Client(t.url);
    fails(await anon.post("/api/users/auth/signin", { email: a.email, password: "wrong-password-1" }), 422);
    const wrong = await entryOf("shipper", a.id, "users.signIn.failed");
    expect(wrong.actor).toEqual({ kind: "system", id: null, name: "visitor" });
    expect(wrong.changes).toMatchObject({ failure: [null, "email or password is incorrect"], client: [null, "127.0.0.1"] });
    const g = await anon.gql(`mutation { userSignIn(input: { email: "nobody@audit-shippers.example", password: "x" }) { id } }`);
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    const unknown = (await audit({ object_type: "shipper" })).find((e) => e.operation === "users.signIn.failed" && e.object_id === null)!;
    expect(unknown.changes.email_sha256[1]).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(unknown)).not.toContain("nobody@");
    const c = new Client(t.url);
    const signIn = await c.gql(`mutation { userSignIn(input: { email: "${a.email}", password: "${PASSWORD}" }) { id } }`);
    expect(signIn.errors).toBeUndefined();
    const right = await entryOf("shipper", a.id, "users.signIn");
    expect(right.actor).toEqual({ kind: "shipper", id: a.id, name: a.email });
    expect(right.changes).toEqual({ signed_in_with: [null, "password"], client: [null, "127.0.0.1"] });

    // Keys: made by REST, revoked by GraphQL, each by the shipper; the key's hash never shown.
    const key = ok(await a.c.post("/api/users/api-keys", { name: "Web shop" }), 201);
    const made = await entryOf("shipper_key", key.id, "users.apiKeys.write");
    expect(made.actor).toEqual({ kind: "shipper", id: a.id, name: a.email });
    expect(made.changes).toMatchObject({ name: [null, "Web shop"], shipper_id: [null, a.id], key_hash: [null, "(hidden)"] });
    expect(JSON.stringify(made)).not.toContain(key.key.slice(8));
    // A booking by the key: the shipper and which key.
    const bearer = { authorization: `Bearer ${key.key}` };
    const bk = ok(await new Client(t.url).post("/api/bookings", booking(), bearer), 201);
    const booked = (await audit({ object_type: "booking", object_id: bk.id })).find((e) => e.operation === "bookings.create" && e.changes.amount)!;
    expect(booked.actor).toEqual({ kind: "shipper", id: a.id, name: `${a.email} (API key #${key.id})` });
    expect(booked.changes).toMatchObject({ amount: [null, bk.amount], currency: [null, "EUR"], shipper_id: [null, a.id] });
    expect((await audit({ actor: `shipper:${a.id}` })).every((e) => e.actor.kind === "shipper" && e.actor.id === a.id)).toBe(true);
    // The booking's hold on the shipper's row (its updated_at) is bookkeeping: no entry.
    expect((await audit({ object_type: "shipper", object_id: a.id })).filter((e) => e.operation === "bookings.create")).toEqual([]);
    const revoked = await c.gql(`mutation($id: Int!) { revokeUserApiKey(id: $id) }`, { id: key.id });
    expect(revoked.errors).toBeUndefined();
    const gone = await entryOf("shipper_key", key.id, "users.apiKeys.write");
    expect(gone.actor).toEqual({ kind: "shipper", id: a.id, name: a.email });
    expect(Object.keys(gone.changes)).toEqual(["revoked_at"]);
    const spare = ok(await a.c.post("/api/users/api-keys", { name: "Spare" }), 201);
    expect(ok(await a.c.delete("/api/users/api-keys/all"))).toEqual({ revoked: 1 });
    expect((await entryOf("shipper_key", spare.id, "users.apiKeys.revokeAll")).actor).toEqual({ kind: "shipper", id: a.id, name: a.email });

    // Cancelled (GraphQL), a pickup (REST), an address (GraphQL).
    const other = ok(await a.c.post("/api/bookings", booking()), 201);
    const cancel = await a.c.gql(`mutation($id: Int!) { cancelBooking(id: $id) { id } }`, { id: other.id });
    expect(cancel.errors).toBeUndefined();
    expect(Object.keys((await entryOf("booking", other.id, "bookings.cancel")).changes)).toEqual(["cancelled_at"]);
    const p = ok(await a.c.post("/api/pickups", { date: "2030-01-08", from: "13:00", to: "17:00", address: BERLIN, booking_ids: [bk.id] }), 201);
    expect((await entryOf("pickup", p.id, "pickups.create")).changes).toMatchObject({ date: [null, "2030-01-08"], shipper_id: [null, a.id] });
    expect((await entryOf("booking", bk.id, "pickups.create")).changes).toEqual({ pickup_id: [null, p.id] });
    const addr = await a.c.gql(`mutation($i: AddressInput!) { addAddress(input: $i) { id } }`, { i: BERLIN });
    expect(addr.errors).toBeUndefined();
    expect((await entryOf("shipper_address", addr.data.addAddress.id, "users.addresses.write")).actor).toEqual({ kind: "shipper", id: a.id, name: a.email });

    // Its language (REST, then GraphQL): by the shipper itself, before and after.
    ok(await a.c.patch("/api/users/auth/update/profile", { language: "de" }));
    const lang = await entryOf("shipper", a.id, "users.profile");
    expect(lang.actor).toEqual({ kind: "shipper", id: a.id, name: a.email });
    expect(lang.changes).toEqual({ language: [null, "de"] });
    const back = await a.c.gql(`mutation($i: UpdateUserInput!) { updateUser(input: $i) { language } }`, { i: { language: "ar" } });
    expect(back.errors).toBeUndefined();
    const entries = (await audit({ object_type: "shipper", object_id: a.id })).filter((e) => e.operation === "users.profile");
    expect(entries.map((e) => e.changes)).toContainEqual({ language: ["de", "ar"] });
    // Back to English (null), so the mails below read as the test expects.
    ok(await a.c.patch("/api/users/auth/update/profile", { language: null }));
    const none = (await audit({ object_type: "shipper", object_id: a.id })).filter((e) => e.operation === "users.profile");
    expect(none.map((e) => e.changes)).toContainEqual({ language: ["ar", null] });

    // A password reset: by the visitor with the mailed token, the hash hidden.
    ok(await anon.post("/api/users/auth/send-pin", { email: a.email }));
    const token = await tokenFrom(a.email, /Your token: ([A-Za-z0-9_-]+)/);
    const np = "another-long-password-43";
    ok(await anon.patch("/api/users/auth/update/password-guest", { email: a.email, new_password: np, confirm_new_password: np, password_token: token }));
    expect((await entryOf("shipper", a.id, "users.resetPassword")).changes).toMatchObject({ password_hash: ["(hidden)", "(hidden)"] });
  });
});

describe("statements", () => {
  it("made (REST), marked paid (GraphQL), mailed: the total, status and reference, by whom", async () => {
    const b = await shipper("ship-b@audit-shippers.example");
    const bk = ok(await b.c.post("/api/bookings", booking()), 201);
    const s = ok(await owner.post("/api/statements", { shipper_id: b.id, from: "2000-01-01", to: "2100-12-31" }), 201);
    const entries = (await audit({ object_type: "statement", object_id: s.id })).filter((e) => e.operation === "statements.create");
    expect(entries.every((e) => e.actor.name === "boss@example.com")).toBe(true);
    expect(entries.find((e) => e.changes.total)!.changes).toMatchObject({ total: [null, bk.amount], currency: [null, "EUR"], status: [null, "open"] });
    expect(entries.find((e) => e.changes.number)!.changes.number[1]).toBe(s.number);
    expect((await entryOf("booking", bk.id, "statements.create")).changes).toEqual({ statement_id: [null, s.id] });
    const paid = await dispatcher.gql(`mutation($i: PayStatementInput!) { payStatement(input: $i) { status } }`, {
      i: { id: s.id, status: "paid", paid_reference: "SEPA-77" },
    });
    expect(paid.errors).toBeUndefined();
    const e = await entryOf("statement", s.id, "statements.update");
    expect(e.actor).toEqual(byMember(DISPATCHER.email));
    expect(e.changes).toMatchObject({ status: ["open", "paid"], paid_reference: [null, "SEPA-77"], paid_at: [null, expect.any(String)] });
    ok(await owner.post("/api/statements/mail", { id: s.id }));
    const mailed = await entryOf("statement", s.id, "statements.mail");
    expect(mailed.actor).toEqual(byMember("boss@example.com"));
    expect(mailed.changes).toEqual({ to: [null, b.email], number: [null, s.number] });
  });
});

describe("every audited operation of shippers, rates, bookings and statements", () => {
  it("has left an entry in the tests above (a new one fails here until it is recorded and tested)", async () => {
    const walked = /^(users|shippers|rates|bookings|pickups|statements)\./;
    const audited = Object.entries(OPERATIONS as Record<string, Operation>)
      .filter(([name, o]) => walked.test(name) && o.audited)
      .map(([name]) => name);
    expect(audited.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const r = ok(await owner.get(`/api/audit?per_page=100&page=${page}`));
      for (const e of r.data as Entry[]) seen.add(e.operation);
      if (!r.next_page_url) break;
    }
    expect(audited.filter((name) => !seen.has(name))).toEqual([]);
  });
});
