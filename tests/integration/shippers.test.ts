import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { decodeMail, mailText, startSmtp } from "../helpers/smtp.js";

// Section 10 of the contract through both doors: addresses, shipper accounts, rates, the quote,
// bookings, pickups, statements. One server and database per file (SQLite or PostgreSQL by project).

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
const PASSWORD = "a-long-shipper-password-42";
const used = new Set<unknown>();

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    SMTP_ALLOW_PLAIN: "true",
    PUBLIC_URL: "https://courier.example",
    RATE_LIMIT_SIGNUP: "1000",
    RATE_LIMIT_QUOTE: "40",
    TIME_ZONE: "UTC",
  });
  owner = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The token of the newest mail to `to` whose text matches `link`. */
async function tokenFrom(to: string, link: RegExp): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && !used.has(m) && link.test(mailText(m.raw)));
  used.add(mail);
  return mailText(mail.raw).match(link)![1];
}

const BERLIN = { name: "Ada Sender", company: "Ada GmbH", line1: "Unter den Linden 1", city: "Berlin", postcode: "10117", country: "DE" };
// The gazetteer knows places by GeoNames' main name ("Hamburg", "Munich", "Köln").
const HAMBURG = {
  name: "Max Recipient",
  line1: "Jungfernstieg 1",
  city: "Hamburg",
  postcode: "20354",
  country: "DE",
  email: "max@example.com",
  phone: "+49 40 123456",
};

/** Signs a shipper up through REST, verifies it through the link of the real SMTP peer; returns its signed-in client. */
async function shipper(email: string, verify = true) {
  const c = new Client(t.url);
  const s = ok(await c.post("/api/users", { name: "Shop " + email, email, password: PASSWORD, company: "Shop Ltd" }), 201);
  expect(s).toMatchObject({ email, email_verified: false });
  const token = await tokenFrom(email, /\/account\/verify\?token=([A-Za-z0-9_-]+)/);
  if (verify) expect(ok(await c.post("/api/users/verify", { token }))).toMatchObject({ email_verified: true });
  return { c, id: s.id as number, token };
}

describe("structured addresses on parcels", () => {
  it("names the failing field, places the address at its city, writes destination, shows only city and country publicly", async () => {
    const bad = fails(
      await owner.post("/api/parcels", {
        tracking_code: "ADDR-1",
        recipient_name: "X",
        destination: "-",
        recipient_address: { ...HAMBURG, country: "XX", postcode: "8" },
        sender_address: { ...BERLIN, postcode: "ABC" },
      }),
      422,
    );
    expect(bad.join("|")).toContain("recipient_address.country");
    expect(bad.join("|")).toContain("sender_address.postcode");
    const unpaired = { tracking_code: "ADDR-0", recipient_name: "X", destination: "X", recipient_address: { ...HAMBURG, longitude: 10 } };
    expect(fails(await owner.post("/api/parcels", unpaired), 422)).toEqual(["recipient_address.latitude is required with recipient_address.longitude"]);
    const p = ok(
      await owner.post("/api/parcels", {
        tracking_code: "ADDR-1",
        recipient_name: "Max",
        destination: "(from the address)",
        recipient_address: HAMBURG,
        sender_address: BERLIN,
      }),
      201,
    );
    expect(p.destination).toBe("Jungfernstieg 1, 20354 Hamburg, Germany");
    expect(p.pickup_location).toContain("Ada GmbH, Unter den Linden 1, 10117 Berlin");
    expect(p.recipient_address).toMatchObject({ located: "city", city: "Hamburg", country: "DE" });
    expect(p.map_destination_latitude).toBeCloseTo(53.55, 1);
    expect(p.recipient_email).toBe("max@example.com");
    expect(p.sender_name).toBe("Ada GmbH");
    const exact = ok(await owner.patch("/api/parcels", { id: p.id, recipient_address: { ...HAMBURG, latitude: 48.1, longitude: 11.5 } }));
    expect(exact.recipient_address).toMatchObject({ located: "exact", latitude: 48.1 });
    // Unknown city: no coordinates, located null.
    const nowhere = ok(await owner.patch("/api/parcels", { id: p.id, recipient_address: { ...HAMBURG, city: "Nowhere-on-Sea" } }));
    expect(nowhere.recipient_address.located).toBeNull();
    const pub = ok(await new Client(t.url).get("/api/parcels/ADDR-1"));
    expect(pub.recipient_address).toEqual({ city: "Nowhere-on-Sea", country: "DE" });
    expect(pub.sender_address).toEqual({ city: "Berlin", country: "DE" });
    const g = await new Client(t.url).gql(`{ parcel(trackingCode: "ADDR-1") { recipient_address { city country line1 name } } }`);
    expect(g.data.parcel.recipient_address).toEqual({ city: "Nowhere-on-Sea", country: "DE", line1: null, name: null });
  });
});

describe("shipper accounts", () => {
  it("signs up, verifies by mail, signs in and out; the graph names the user; a shipper call without it is 401 user false", async () => {
    const { c, id } = await shipper("one@shop.example");
    expect(ok(await c.get("/api/graph")).user).toEqual({ id, name: "Shop one@shop.example", email: "one@shop.example" });
    fails(await new Client(t.url).post("/api/users", { name: "Again", email: "ONE@shop.example", password: PASSWORD }), 409);
    ok(await c.post("/api/users/auth/signout"));
    const r = await c.get("/api/users/addresses");
    fails(r, 401);
    expect(r.json.user).toBe("false");
    expect(ok(await c.get("/api/graph")).user).toBeNull();
    fails(await c.post("/api/users/auth/signin", { email: "one@shop.example", password: "wrong password!!" }), 422);
    expect(ok(await c.post("/api/users/auth/signin", { email: "one@shop.example", password: PASSWORD }))).toEqual({
      id,
      name: "Shop one@shop.example",
      email: "one@shop.example",
    });
    // GraphQL: the same account.
    expect((await c.gql(`{ user { id email email_verified } }`)).data.user).toEqual({ id, email: "one@shop.example", email_verified: true });
    // Reset by mail, through GraphQL.
    const g = new Client(t.url);
    expect((await g.gql(`mutation { userSendPin(input: { email: "one@shop.example" }) }`)).data.userSendPin).toBe(true);
    const token = await tokenFrom("one@shop.example", /Your token: ([A-Za-z0-9_-]+)/);
    const reset = await g.gql(
      `mutation($t: String!) { userResetPassword(input: { email: "one@shop.example", new_password: "another-long-password-7", confirm_new_password: "another-long-password-7", password_token: $t }) }`,
      { t: token },
    );
    expect(reset.errors).toBeUndefined();
    // The reset ended the other sessions.
    fails(await c.get("/api/users/addresses"), 401);
    ok(await c.post("/api/users/auth/signin", { email: "one@shop.example", password: "another-long-password-7" }));
  });

  it("the verification mail's link is an HTML link beside the plain text, and leads on to the sign-up's next; a next off the area is 422 through both doors", async () => {
    const c = new Client(t.url);
    ok(await c.post("/api/users", { name: "Next Shop", email: "next@shop.example", password: PASSWORD, next: "/account/new" }), 201);
    const mail = await smtp.waitFor((m) => m.to.includes("next@shop.example"));
    used.add(mail);
    const { html, text } = decodeMail(mail.raw);
    const link = /https:\/\/courier\.example\/account\/verify\?token=[\w-]+&next=%2Faccount%2Fnew/.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    expect(html).toContain(`<a href="${link!.replace("&", "&amp;")}" dir="ltr">`);
    // The link works as mailed.
    expect(ok(await c.post("/api/users/verify", { token: new URL(link!).searchParams.get("token") }))).toMatchObject({ email_verified: true });

    // No other site, no script, no path outside the shipper's area: refused, and no account made.
    const evil = [
      "https://evil.example/account",
      "//evil.example",
      "javascript:alert(1)",
      "/account/../control",
      "/control/index.html",
      "/account/" + "a".repeat(200),
    ];
    for (const [i, next] of evil.entries()) {
      const email = `evil-${i}@shop.example`;
      const r = fails(await new Client(t.url).post("/api/users", { name: "Evil", email, password: PASSWORD, next }), 422);
      expect(r.join(" "), next).toMatch(/^next must /);
      const g = await new Client(t.url).gql(`mutation($i: SignUpInput!) { signUp(input: $i) { id } }`, {
        i: { name: "Evil", email, password: PASSWORD, next },
      });
      expect(g.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messages: [expect.stringMatching(/^next must /)] });
    }
    expect(ok(await owner.get("/api/shippers?per_page=100")).data.filter((s: { name: string }) => s.name === "Evil")).toEqual([]);
    // Without next the link leads to the account as before.
    ok(await new Client(t.url).post("/api/users", { name: "Plain Shop", email: "plain@shop.example", password: PASSWORD }), 201);
    expect(mailText((await smtp.waitFor((m) => m.to.includes("plain@shop.example"))).raw)).toMatch(/\/account\/verify\?token=[\w-]+\s/);
  });

  it("a shipper session never reaches the control panel, a staff session is not a shipper", async () => {
    const { c } = await shipper("two@shop.example");
    const cp = await c.get("/api/parcels");
    fails(cp, 401);
    expect(cp.json.admin).toBe("false");
    fails(await c.get("/api/shippers"), 401);
    expect((await c.gql(`{ shippers { total } }`)).errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(ok(await c.get("/api/graph"))).toMatchObject({ admin: false, role: null });
    // The owner's session is no shipper's.
    const r = await owner.get("/api/users/addresses");
    fails(r, 401);
    expect(r.json.user).toBe("false");
    expect((await owner.gql(`{ user { id } }`)).data.user).toBeNull();
    expect((await owner.gql(`{ addresses { id } }`)).errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("sign-up follows the setting shipper_signup (403 when off, before validation); GraphQL too", async () => {
    ok(await owner.patch("/api/settings", { shipper_signup: "off" }));
    fails(await new Client(t.url).post("/api/users", {}), 403);
    const g = await new Client(t.url).gql(`mutation { signUp(input: { name: "G", email: "g@shop.example", password: "${PASSWORD}" }) { id } }`);
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
    // The input is validated at the GraphQL door too, after the setting: closed is 403 whatever the input.
    const bad = await new Client(t.url).gql(`mutation { signUp(input: { name: "G\\u0007", email: "no", password: "x" }) { id } }`);
    expect(bad.errors?.[0].extensions.code).toBe("FORBIDDEN");
    fails(await owner.patch("/api/settings", { shipper_signup: "maybe" }), 422);
    ok(await owner.patch("/api/settings", { shipper_signup: "open" }));
    const bad2 = await new Client(t.url).gql(`mutation { signUp(input: { name: "G\\u0007", email: "no", password: "${PASSWORD}" }) { id } }`);
    expect(bad2.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      messages: ["name must not contain control characters", expect.stringMatching(/^email/)],
    });
    const ok2 = await new Client(t.url).gql(
      `mutation { signUp(input: { name: "G", email: "g@shop.example", password: "${PASSWORD}" }) { id email_verified } }`,
    );
    expect(ok2.data.signUp.email_verified).toBe(false);
  });

  it("keeps an address book of its own; another shipper's address is 404", async () => {
    const a = await shipper("book-a@shop.example");
    const b = await shipper("book-b@shop.example");
    expect(fails(await a.c.post("/api/users/addresses", { ...BERLIN, country: "de", postcode: "1" }), 422)).toEqual([
      "postcode does not fit the postcode format of DE",
    ]);
    // GraphQL validates the same class: each field named, latitude and longitude together.
    const ADD = `mutation($i: AddressInput!) { addAddress(input: $i) { id } }`;
    const gbad = await a.c.gql(ADD, { i: { ...BERLIN, country: "de", postcode: "1", name: "Ada\u202e", latitude: 52.5 } });
    expect(gbad.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      messages: ["name must not contain control characters", "postcode does not fit the postcode format of DE", "longitude is required with latitude"],
    });
    const home = ok(await a.c.post("/api/users/addresses", BERLIN), 201);
    expect(home).toMatchObject({ is_default: true, located: "city", country: "DE" });
    const other = ok(await a.c.post("/api/users/addresses", { ...HAMBURG, is_default: true }), 201);
    expect(ok(await a.c.get("/api/users/addresses")).map((x: { id: number; is_default: boolean }) => [x.id, x.is_default])).toEqual([
      [other.id, true],
      [home.id, false],
    ]);
    fails(await b.c.patch("/api/users/addresses", { id: home.id, city: "Hamburg" }), 404);
    fails(await b.c.delete("/api/users/addresses", { id: home.id }), 404);
    const moved = ok(await a.c.patch("/api/users/addresses", { id: home.id, city: "Munich", postcode: "80331" }));
    expect(moved).toMatchObject({ city: "Munich", located: "city" });
    expect(moved.latitude).toBeCloseTo(48.14, 1);
    const g = await a.c.gql(`{ addresses { id city } }`);
    expect(g.data.addresses).toHaveLength(2);
    ok(await a.c.delete("/api/users/addresses", { id: other.id }));
  });

  it("staff create, list and disable shippers; a disabled shipper's sessions and keys stop at once", async () => {
    const dispatcherCanList = ok(await owner.get("/api/shippers?search=shop.example"));
    expect(dispatcherCanList.total).toBeGreaterThan(0);
    const biz = ok(await owner.post("/api/shippers", { name: "Big Biz", email: "biz@shop.example", company: "Big Biz AG", credit_limit: 100000 }), 201);
    expect(biz).toMatchObject({ email_verified: false, credit_limit: 100000, balance: 0, disabled: false, rate_card_id: null });
    // The invitation sets the password and verifies the e-mail.
    const token = await tokenFrom("biz@shop.example", /Your token: ([A-Za-z0-9_-]+)/);
    ok(
      await new Client(t.url).patch("/api/users/auth/update/password-guest", {
        email: "biz@shop.example",
        new_password: PASSWORD,
        confirm_new_password: PASSWORD,
        password_token: token,
      }),
    );
    const c = new Client(t.url);
    expect(ok(await c.post("/api/users/auth/signin", { email: "biz@shop.example", password: PASSWORD }))).toMatchObject({ id: biz.id });
    const key = ok(await c.post("/api/users/api-keys", { name: "Web shop" }), 201).key as string;
    expect(key).toMatch(/^sk_/);
    const keyed = new Client(t.url);
    const bearer = { authorization: `Bearer ${key}` };
    expect(ok(await keyed.get("/api/bookings", bearer)).total).toBe(0);
    // A shipper's key never reaches the control panel, nor the shipper's own account settings.
    fails(await keyed.get("/api/parcels", bearer), 403);
    fails(await keyed.get("/api/users/api-keys", bearer), 403);
    fails(await keyed.get("/api/shippers", bearer), 403);
    fails(await owner.patch("/api/shippers", { id: biz.id, rate_card_id: "no-such-card" }), 422);
    expect(ok(await owner.patch("/api/shippers", { id: biz.id, disabled: true }))).toMatchObject({ disabled: true });
    fails(await c.get("/api/users/addresses"), 401);
    fails(await keyed.get("/api/bookings", bearer), 401);
    fails(await c.post("/api/users/auth/signin", { email: "biz@shop.example", password: PASSWORD }), 422);
    ok(await owner.patch("/api/shippers", { id: biz.id, disabled: false }));
    expect(ok(await keyed.get("/api/bookings", bearer)).total).toBe(0);
    // Revoked: stops at once.
    const keys = ok(await c.post("/api/users/auth/signin", { email: "biz@shop.example", password: PASSWORD })) && ok(await c.get("/api/users/api-keys"));
    // Its last use shows in the list.
    expect(Date.now() - Date.parse(keys[0].last_used_at)).toBeLessThan(600_000);
    ok(await c.delete("/api/users/api-keys", { id: keys[0].id }));
    fails(await keyed.get("/api/bookings", bearer), 401);
    // GraphQL mirrors the staff's calls.
    const g = await owner.gql(`mutation { updateShipper(input: { id: ${biz.id}, credit_limit: null }) { credit_limit } }`);
    expect(g.data.updateShipper.credit_limit).toBeNull();
  });
});

// ---- Rates, the quote, bookings ----

const QUOTE = { from: { country: "DE", postcode: "10117" }, to: { country: "DE", postcode: "20354" }, parcels: [{ weight_kg: 1.2 }], ship_date: "2030-01-04" };

describe("rates and the quote", () => {
  beforeAll(async () => {
    for (const z of [
      { name: "DE", countries: ["DE"] },
      { name: "Berlin", countries: ["DE"], postcodes: ["10000-14999"] },
      { name: "Islands", countries: ["DE"], postcodes: ["185", "25938"] },
    ])
      ok(await owner.post("/api/zones", z), 201);
    ok(await owner.post("/api/services", { code: "STD", name: "Standard", transit_days_min: 1, transit_days_max: 3, cutoff: "23:59" }), 201);
    ok(
      await owner.post("/api/services", { code: "EXP", name: "Express", transit_days_min: 1, transit_days_max: 1, cutoff: "23:59", volumetric_divisor: 4000 }),
      201,
    );
    const card = {
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
        { service: "STD", from_zone: "Berlin", to_zone: "Islands", brackets: [{ up_to_kg: 5, amount: 1000 }] },
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
      surcharges: [
        { code: "fuel", kind: "percent", value: 12.5 },
        { code: "remote", kind: "fixed", value: 350, zones: ["Islands"] },
        { code: "cod", kind: "percent", value: 2, min: 150 },
        { code: "insurance", kind: "percent", value: 1, min: 100 },
      ],
    };
    ok(await owner.request("PUT", "/api/rate-cards/default", card));
  });

  it("keeps rates to the owner (rates); the dispatcher reads them (shippers)", async () => {
    ok(await owner.post("/api/staff", { email: "dispatch@example.com", role: "dispatcher" }), 201);
    const token = await tokenFrom("dispatch@example.com", /accept\.html\?token=([A-Za-z0-9_-]+)/);
    ok(await new Client(t.url).post("/api/staff/accept", { token, password: "a-long-staff-password-42" }));
    const d = new Client(t.url);
    ok(await d.post("/api/admins/auth/signin", { email: "dispatch@example.com", password: "a-long-staff-password-42" }));
    expect(ok(await d.get("/api/rate-cards")).map((c: { id: string }) => c.id)).toContain("default");
    expect(fails(await d.post("/api/zones", { name: "X", countries: ["FR"] }), 403)[0]).toContain("rates");
    expect(ok(await d.get("/api/shippers")).total).toBeGreaterThan(0);
  });

  it("checks a zone's and a service's fields with the same classes through both doors, naming them", async () => {
    const zone = { name: "Z", countries: ["DE", "XX"], postcodes: ["20000-1999"] };
    expect(fails(await owner.post("/api/zones", zone), 422)).toEqual([
      "countries[1] must be an ISO 3166-1 alpha-2 country code",
      "postcodes range 20000-1999 must have bounds of the same length, low to high",
    ]);
    expect(fails(await owner.post("/api/zones", { name: "Z" }), 422)).toEqual(["countries is required"]);
    const gz = await owner.gql(`mutation { createZone(input: { name: "Z\\u0007", countries: [] }) { id } }`);
    expect(gz.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      messages: ["name must not contain control characters", "countries must list at least one country"],
    });
    const gs = await owner.gql(
      `mutation { createService(input: { code: "A B", name: "N", transit_days_min: 70, transit_days_max: 1, cutoff: "25:00" }) { id } }`,
    );
    expect(gs.errors?.[0].extensions.messages).toEqual([
      "code may hold only letters, digits, - and _ (at most 32)",
      "transit_days_min must be at most 60",
      "cutoff must be a time as HH:MM",
    ]);
    const svc = { code: "ZZ", name: "N", transit_days_min: 3, transit_days_max: 1 };
    expect(fails(await owner.post("/api/services", svc), 422)).toEqual(["transit_days_max must not be below transit_days_min"]);
    expect(fails(await owner.patch("/api/services", { id: 1, transit_days_min: "x", cutoff: null }), 422)).toEqual([
      "transit_days_min must be a number",
      "cutoff is required",
    ]);
    expect(ok(await owner.get("/api/zones")).map((z: { name: string }) => z.name)).not.toContain("Z");
  });

  it("checks every field of a card and names it; nothing saved on an error", async () => {
    const errors = fails(
      await owner.request("PUT", "/api/rate-cards/default", {
        name: "Default",
        lanes: [{ service: "NOPE", from_zone: "Berlin", to_zone: "Mars", brackets: [{ up_to_kg: 1, amount: 1.5 }] }],
        surcharges: [{ code: "fuel", kind: "fixed", value: 1 }],
      }),
      422,
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        "lanes[0].service names no service (NOPE)",
        "lanes[0].to_zone names no zone (Mars)",
        "lanes[0].brackets[0].amount must be a whole number",
        "surcharges[0].kind of fuel must be percent",
      ]),
    );
    expect(ok(await owner.get("/api/rate-cards/default")).lanes).toHaveLength(3);
  });

  it("sends and takes the grid as CSV: per-row errors, nothing saved on a bad file", async () => {
    const res = await fetch(`${t.url}/api/rate-cards/default.csv`, { headers: owner.cookieHeader() });
    expect(res.headers.get("content-type")).toContain("text/csv");
    const csv = await res.text();
    expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("service,from_zone,to_zone,up_to_kg,amount,per_kg_above");
    expect(csv).toContain("STD,Berlin,DE,5,900,120");
    const bad = csv + "STD,Berlin,Mars,1,x,\r\nEXP,Berlin,DE,20,3000,5\r\n";
    const r = await owner.request("PUT", "/api/rate-cards/default.csv", bad, { "content-type": "text/csv" });
    const errs = fails(r, 422);
    expect(errs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^row 7: to_zone names no zone/),
        expect.stringMatching(/^row 7: amount must be a number/),
        expect.stringMatching(/^row 8: per_kg_above differs/),
      ]),
    );
    expect(ok(await owner.get("/api/rate-cards/default")).lanes).toHaveLength(3);
    // A good file replaces the grid (surcharges kept); the same CSV round-trips.
    const card = ok(await owner.request("PUT", "/api/rate-cards/default", csv, { "content-type": "text/csv" }));
    expect(card.lanes).toHaveLength(3);
    expect(card.surcharges).toHaveLength(4);
    // text/csv is taken only there.
    fails(await owner.request("POST", "/api/zones", "a,b", { "content-type": "text/csv" }), 415);
  });

  it("quotes by the rules, cheapest first, through both doors", async () => {
    const q = ok(await new Client(t.url).post("/api/quotes", { ...QUOTE, declared_value: 50_050, cod_amount: 20_000 }));
    expect(q.map((o: { service: string }) => o.service)).toEqual(["STD", "EXP"]);
    const std = q[0];
    // 1.2 kg -> 1.5 kg chargeable -> the 5 kg bracket: 900; fuel 112.5 -> 113; cod 400; insurance 500.5 -> 501.
    expect(std).toMatchObject({ amount: 900 + 113 + 400 + 501, currency: "EUR", chargeable_weight_kg: 1.5, transit_days_min: 1, transit_days_max: 3 });
    expect(std.breakdown.map((l: { code: string; amount: number }) => [l.code, l.amount])).toEqual([
      ["base", 900],
      ["fuel", 113],
      ["cod", 400],
      ["insurance", 501],
    ]);
    // Friday 2030-01-04 plus 1..3 working days: Monday to Wednesday.
    expect(std).toMatchObject({ delivery_date_min: "2030-01-07", delivery_date_max: "2030-01-09" });
    // Volumetric weight with the service's divisor, and per_kg_above rounded up to whole kg.
    const big = ok(await new Client(t.url).post("/api/quotes", { ...QUOTE, parcels: [{ weight_kg: 1, length_cm: 50, width_cm: 40, height_cm: 30 }] }));
    const byCode = Object.fromEntries(big.map((o: { service: string }) => [o.service, o]));
    expect(byCode.STD.chargeable_weight_kg).toBe(12); // 60000 / 5000
    expect(byCode.STD.breakdown[1]).toEqual({ code: "extra_kg", label: "Weight above the last bracket", amount: 7 * 120 });
    expect(byCode.EXP).toBeUndefined(); // 15 kg by 4000: above its last bracket, no per_kg_above
    // The most specific zone: the island's postcode range beats the country, and remote applies.
    const island = ok(await new Client(t.url).post("/api/quotes", { ...QUOTE, to: { country: "DE", postcode: "18565" } }));
    expect(island.map((o: { service: string; breakdown: { code: string }[] }) => [o.service, o.breakdown.map((l) => l.code)])).toEqual([
      ["STD", ["base", "fuel", "remote"]],
    ]);
    const none = await new Client(t.url).post("/api/quotes", { ...QUOTE, to: { country: "FR", postcode: "75001" } });
    expect(ok(none)).toEqual([]);
    expect(none.json.message).toBe("No service covers this route");
    expect(fails(await new Client(t.url).post("/api/quotes", { ...QUOTE, to: { country: "DE", postcode: "1" }, parcels: [] }), 422)).toEqual([
      "to.postcode does not fit the postcode format of DE",
      "parcels must list 1 to 50 parcels",
    ]);
    const g = await new Client(t.url).gql(
      `mutation { quote(input: { from: { country: "DE", postcode: "10117" }, to: { country: "FR" }, parcels: [{ weight_kg: 1 }] }) { message options { service } } }`,
    );
    expect(g.data.quote).toEqual({ message: "No service covers this route", options: [] });
    const g2 = await new Client(t.url).gql(
      `mutation { quote(input: { from: { country: "DE", postcode: "10117" }, to: { country: "DE", postcode: "20354" }, parcels: [{ weight_kg: 1.2 }], ship_date: "2030-01-04" }) { options { service amount delivery_date_max } } }`,
    );
    expect(g2.data.quote.options[0]).toEqual({ service: "STD", amount: 900 + 113, delivery_date_max: "2030-01-09" });
  });

  it("prices a shipper with its own card on that card, by session and by key", async () => {
    const cheap = JSON.parse(JSON.stringify(ok(await owner.get("/api/rate-cards/default"))));
    cheap.lanes[0].brackets[1].amount = 700;
    ok(await owner.request("PUT", "/api/rate-cards/friends", { name: "Friends", lanes: cheap.lanes, surcharges: [] }));
    const { c, id } = await shipper("friend@shop.example");
    ok(await owner.patch("/api/shippers", { id, rate_card_id: "friends" }));
    expect(ok(await c.post("/api/quotes", QUOTE))[0].amount).toBe(700);
    const key = ok(await c.post("/api/users/api-keys", { name: "k" }), 201).key;
    expect(ok(await new Client(t.url).post("/api/quotes", QUOTE, { authorization: `Bearer ${key}` }))[0].amount).toBe(700);
    expect(ok(await new Client(t.url).post("/api/quotes", QUOTE))[0].amount).toBe(1013);
  });
});

const booking = (extra: Record<string, unknown> = {}) => ({
  service: "STD",
  sender: BERLIN,
  recipient: HAMBURG,
  parcels: [{ weight_kg: 1.2 }],
  contents: "Books",
  reference: "ORDER-1001",
  ...extra,
});

describe("bookings, pickups, statements", () => {
  let a: Awaited<ReturnType<typeof shipper>>;
  let b: Awaited<ReturnType<typeof shipper>>;
  beforeAll(async () => {
    a = await shipper("ship-a@shop.example");
    b = await shipper("ship-b@shop.example");
  });

  it("needs a verified e-mail; books at the quoted price and keeps it; the parcel starts pending", async () => {
    const unverified = await shipper("late@shop.example", false);
    fails(await unverified.c.post("/api/bookings", booking()), 403);
    // GraphQL validates BookingInput at the door, after this check: 403 whatever the input.
    const BOOK = `mutation($input: BookingInput!) { createBooking(input: $input) { id } }`;
    const bad = { ...booking(), parcels: [], recipient: { ...HAMBURG, postcode: "1" } };
    expect((await unverified.c.gql(BOOK, { input: bad })).errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect((await a.c.gql(BOOK, { input: bad })).errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      messages: ["recipient.postcode does not fit the postcode format of DE", "parcels must list 1 to 50 parcels"],
    });
    const pick = { date: "2030-01-07", from: "9:00", to: "12:00", address: { ...BERLIN, line1: "" }, booking_ids: [0] };
    expect((await a.c.gql(`mutation($i: PickupInput!) { createPickup(input: $i) { id } }`, { i: pick })).errors?.[0].extensions.messages).toEqual([
      "from must be a time as HH:MM",
      "address.line1 is required",
      "booking_ids must list 1 to 500 of the shipper's bookings that are not picked up yet",
    ]);
    const quote = ok(await a.c.post("/api/quotes", QUOTE))[0];
    const bk = ok(await a.c.post("/api/bookings", booking()), 201);
    expect(bk).toMatchObject({
      status: "pending",
      service: "STD",
      service_name: "Standard",
      amount: quote.amount,
      currency: "EUR",
      label_url: `/api/bookings/${bk.id}/label.pdf`,
      pickup: null,
    });
    expect(bk.tracking_code).toMatch(/^[A-Z0-9-]{10,}$/);
    const parcel = (
      await owner.gql(
        `query($c: String!) { adminParcel(trackingCode: $c) { status_code parcel_content weight shipped_via recipient_name recipient_email history { status_code } recipient_address { city located } } }`,
        { c: bk.tracking_code },
      )
    ).data.adminParcel;
    expect(parcel).toMatchObject({
      status_code: "pending",
      parcel_content: "Books",
      weight: 1.2,
      shipped_via: "Standard",
      recipient_name: "Max Recipient",
      recipient_email: "max@example.com",
    });
    expect(parcel.history.map((h: { status_code: string }) => h.status_code)).toEqual(["pending"]);
    expect(parcel.recipient_address).toEqual({ city: "Hamburg", located: "city" });
    // A later change of rates does not change the booking's price.
    const card = ok(await owner.get("/api/rate-cards/default"));
    card.lanes[0].brackets[1].amount = 5000;
    ok(await owner.request("PUT", "/api/rate-cards/default", card));
    expect(ok(await a.c.get("/api/bookings")).data[0].amount).toBe(quote.amount);
    card.lanes[0].brackets[1].amount = 900;
    ok(await owner.request("PUT", "/api/rate-cards/default", card));
    // The label: the existing one, with the reference.
    const res = await fetch(`${t.url}${bk.label_url}`, { headers: a.c.cookieHeader() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Validation names the field.
    expect(fails(await a.c.post("/api/bookings", booking({ sender: { ...BERLIN, country: "ZZ" }, parcels: [{}] })), 422)).toEqual([
      "sender.country must be an ISO 3166-1 alpha-2 country code (e.g. DE)",
      "parcels[0].weight_kg is required",
    ]);
  });

  it("Idempotency-Key: the same key and body answer the same booking, another body 409, scoped per shipper", async () => {
    const key = { "idempotency-key": "order-77" };
    const first = ok(await a.c.post("/api/bookings", booking({ reference: "77" }), key), 201);
    const again = ok(await a.c.post("/api/bookings", booking({ reference: "77" }), key), 201);
    expect(again.id).toBe(first.id);
    fails(await a.c.post("/api/bookings", booking({ reference: "78" }), key), 409);
    const other = ok(await b.c.post("/api/bookings", booking({ reference: "77" }), key), 201);
    expect(other.id).not.toBe(first.id);
    // At the same time: one booking.
    const k2 = { "idempotency-key": "order-78" };
    const both = await Promise.all([a.c.post("/api/bookings", booking({ reference: "R" }), k2), a.c.post("/api/bookings", booking({ reference: "R" }), k2)]);
    expect(new Set(both.map((r) => ok(r, 201).id)).size).toBe(1);
  });

  it("402 over the credit limit (unpaid balance plus this booking)", async () => {
    const { c, id } = await shipper("credit@shop.example");
    const price = ok(await c.post("/api/quotes", QUOTE))[0].amount as number;
    ok(await owner.patch("/api/shippers", { id, credit_limit: price * 2 }));
    ok(await c.post("/api/bookings", booking()), 201);
    ok(await c.post("/api/bookings", booking()), 201);
    expect(fails(await c.post("/api/bookings", booking()), 402)[0]).toContain("credit limit");
    expect(ok(await owner.get("/api/shippers?search=credit@")).data[0]).toMatchObject({ balance: price * 2, credit_limit: price * 2 });
    // Two at once cannot both pass the limit.
    ok(await owner.patch("/api/shippers", { id, credit_limit: price * 3 }));
    const both = await Promise.all([c.post("/api/bookings", booking()), c.post("/api/bookings", booking())]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 402]);
  });

  it("another shipper's booking, label or parcel is 404; its key sees only its own", async () => {
    const mine = ok(await a.c.get("/api/bookings")).data[0];
    const res = await fetch(`${t.url}${mine.label_url}`, { headers: b.c.cookieHeader() });
    expect(res.status).toBe(404);
    fails(await b.c.delete("/api/bookings", { id: mine.id }), 404);
    expect(ok(await b.c.get("/api/bookings")).data.every((x: { shipper_id: number }) => x.shipper_id === b.id)).toBe(true);
    const key = ok(await b.c.post("/api/users/api-keys", { name: "shop" }), 201).key;
    const bearer = { authorization: `Bearer ${key}` };
    expect((await fetch(`${t.url}${mine.label_url}`, { headers: bearer })).status).toBe(404);
    fails(
      await new Client(t.url).post("/api/pickups", { date: "2030-01-07", from: "09:00", to: "12:00", address: BERLIN, booking_ids: [mine.id] }, bearer),
      404,
    );
    // Its key books as it.
    const byKey = ok(await new Client(t.url).post("/api/bookings", booking(), bearer), 201);
    expect(byKey.shipper_id).toBe(b.id);
    // GraphQL: the same isolation.
    const g = await b.c.gql(`mutation { cancelBooking(id: ${mine.id}) { id } }`);
    expect(g.errors?.[0].extensions.code).toBe("NOT_FOUND");
    // Staff see all and book for a shipper.
    expect(ok(await owner.get(`/api/bookings?shipper_id=${a.id}`)).data.every((x: { shipper_id: number }) => x.shipper_id === a.id)).toBe(true);
    fails(await owner.post("/api/bookings", booking()), 422);
    expect(ok(await owner.post("/api/bookings", booking({ shipper_id: a.id })), 201).shipper_id).toBe(a.id);
  });

  it("cancels while pending (never billed), else 409", async () => {
    const bk = ok(await a.c.post("/api/bookings", booking({ reference: "cancel-me" })), 201);
    expect(ok(await a.c.delete("/api/bookings", { id: bk.id }))).toMatchObject({ status: "cancelled" });
    fails(await a.c.delete("/api/bookings", { id: bk.id }), 409);
    expect(ok(await owner.get(`/api/parcels/${bk.tracking_code}`)).status_code).toBe("cancelled");
    const moving = ok(await a.c.post("/api/bookings", booking()), 201);
    const parcel = ok(await owner.get(`/api/parcels/${moving.tracking_code}`));
    ok(
      await owner.post("/api/activities", {
        parcel_id: parcel.id,
        title: "Picked up",
        description: "x",
        icon: "local_shipping",
        color: "green",
        status_code: "picked_up",
      }),
      201,
    );
    fails(await a.c.delete("/api/bookings", { id: moving.id }), 409);
    expect(ok(await owner.get(`/api/bookings?status=cancelled&shipper_id=${a.id}`)).data.map((x: { id: number }) => x.id)).toEqual([bk.id]);
  });

  it("pickups: a window of 2 hours, a working day, the same-day cut-off; staff see them by date", async () => {
    const bk = ok(await a.c.post("/api/bookings", booking({ pickup: { date: "2030-01-07", from: "09:00", to: "12:00" } })), 201);
    expect(bk.pickup).toMatchObject({ date: "2030-01-07", from: "09:00", to: "12:00", status: "requested", address: { city: "Berlin" } });
    expect(fails(await a.c.post("/api/bookings", booking({ pickup: { date: "2030-01-07", from: "09:00", to: "10:30" } })), 422)).toEqual([
      "pickup.to must be at least 2 hours after pickup.from",
    ]);
    fails(await a.c.post("/api/bookings", booking({ pickup: { date: "2030-01-05", from: "09:00", to: "12:00" } })), 422);
    ok(await owner.patch("/api/settings", { pickup_cutoff: "00:00" }));
    const today = new Date().toISOString().slice(0, 10);
    const late = fails(await a.c.post("/api/pickups", { date: today, from: "21:00", to: "23:30", address: BERLIN, booking_ids: [] }), 422);
    expect(late.join()).toMatch(/^date /);
    ok(await owner.patch("/api/settings", { pickup_cutoff: "14:00" }));
    const other = ok(await a.c.post("/api/bookings", booking()), 201);
    const p = ok(await a.c.post("/api/pickups", { date: "2030-01-08", from: "13:00", to: "17:00", address: BERLIN, booking_ids: [other.id] }), 201);
    expect(p).toMatchObject({ booking_ids: [other.id], status: "requested" });
    expect(ok(await owner.get("/api/pickups?date=2030-01-07")).map((x: { id: number }) => x.id)).toContain(bk.pickup.id);
    expect(ok(await b.c.get("/api/pickups?date=2030-01-07"))).toEqual([]);
    const g = await owner.gql(`{ pickups(date: "2030-01-08") { id booking_ids } }`);
    expect(g.data.pickups).toContainEqual({ id: p.id, booking_ids: [other.id] });
  });

  it("statements bill every booking once, with a PDF, mailed, marked paid; the shipper sees its own", async () => {
    const s = ok(await owner.post("/api/statements", { shipper_id: a.id, from: "2000-01-01", to: "2100-12-31" }), 201);
    const billable = ok(await owner.get(`/api/bookings?shipper_id=${a.id}&per_page=100`)).data.filter((x: { status: string }) => x.status !== "cancelled");
    expect(s).toMatchObject({ shipper_id: a.id, status: "open", currency: "EUR", pdf_url: `/api/statements/${s.id}.pdf` });
    expect(s.number).toMatch(/^ST-200001-\d{6}$/);
    expect(s.lines.map((l: { booking_id: number }) => l.booking_id).sort()).toEqual(billable.map((x: { id: number }) => x.id).sort());
    expect(s.total).toBe(s.lines.reduce((n: number, l: { amount: number }) => n + l.amount, 0));
    // Never twice: nothing left to bill, and two at once bill a new booking once.
    fails(await owner.post("/api/statements", { shipper_id: a.id, from: "2000-01-01", to: "2100-12-31" }), 422);
    const fresh = ok(await a.c.post("/api/bookings", booking()), 201);
    const both = await Promise.all([0, 1].map(() => owner.post("/api/statements", { shipper_id: a.id, from: "2000-01-01", to: "2100-12-31" })));
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(both.filter((r) => r.status === 201)).toHaveLength(1);
    expect(both.find((r) => r.status === 201)!.json.data.lines.map((l: { booking_id: number }) => l.booking_id)).toEqual([fresh.id]);
    // A billed booking cannot be cancelled.
    fails(await a.c.delete("/api/bookings", { id: fresh.id }), 409);
    // The PDF, for the staff and its shipper only.
    const pdf = await fetch(`${t.url}${s.pdf_url}`, { headers: a.c.cookieHeader() });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await fetch(`${t.url}${s.pdf_url}`, { headers: b.c.cookieHeader() })).status).toBe(404);
    // Mailed to the shipper with the PDF attached.
    ok(await owner.post("/api/statements/mail", { id: s.id }));
    const mail = await smtp.waitFor((m) => m.to.includes("ship-a@shop.example") && m.raw.includes(s.number));
    expect(mail.raw).toContain("application/pdf");
    // The mail server refuses it: 502 naming it (never 500), the message kept in the outbox.
    smtp.refused.add("ship-a@shop.example");
    const refused = await owner.post("/api/statements/mail", { id: s.id });
    smtp.refused.clear();
    expect(refused.status).toBe(502);
    expect(fails(refused, 502).join()).toMatch(/The mail server did not take the message \(it is kept in the outbox\)/);
    const g502 = await owner.gql(`mutation($id: Int!) { mailStatement(id: $id) }`, { id: s.id });
    expect(g502.errors).toBeUndefined();
    // Paid.
    fails(await owner.patch("/api/statements", { id: s.id, status: "paid" }), 422);
    const pay = await owner.gql(`mutation { payStatement(input: { id: ${s.id}, status: "due", paid_reference: "  " }) { id } }`);
    expect(pay.errors?.[0].extensions.messages).toEqual(["status must be paid", "paid_reference is required"]);
    const st = await owner.gql(`mutation { createStatement(input: { shipper_id: 0, from: "2030-02-30", to: "2030-01-01" }) { id } }`);
    expect(st.errors?.[0].extensions.messages).toEqual(["shipper_id must be at least 1", "from must be a date as YYYY-MM-DD"]);
    expect(ok(await owner.patch("/api/statements", { id: s.id, status: "paid", paid_reference: "SEPA-1" }))).toMatchObject({
      status: "paid",
      paid_reference: "SEPA-1",
    });
    fails(await owner.patch("/api/statements", { id: s.id, status: "paid", paid_reference: "SEPA-1" }), 409);
    const own = ok(await a.c.get("/api/users/statements"));
    expect(own.data.find((x: { id: number }) => x.id === s.id)).toMatchObject({ status: "paid" });
    expect(ok(await b.c.get("/api/users/statements")).total).toBe(0);
    fails(await a.c.get("/api/statements"), 401);
    const g = await a.c.gql(`{ userStatements { total data { id status } } }`);
    expect(g.data.userStatements.data).toContainEqual({ id: s.id, status: "paid" });
  });

  it("GraphQL books with an address-book sender and an idempotency key", async () => {
    const home = ok(await a.c.post("/api/users/addresses", BERLIN), 201);
    const q = `mutation($input: BookingInput!, $key: String) { createBooking(input: $input, idempotency_key: $key) { id status amount pickup { id } } }`;
    const input = { service: "STD", sender_address_id: home.id, recipient: HAMBURG, parcels: [{ weight_kg: 2 }], contents: "Shoes" };
    const r1 = await a.c.gql(q, { input, key: "gql-1" });
    expect(r1.errors).toBeUndefined();
    const r2 = await a.c.gql(q, { input, key: "gql-1" });
    expect(r2.data.createBooking.id).toBe(r1.data.createBooking.id);
    const r3 = await a.c.gql(q, { input: { ...input, contents: "Hats" }, key: "gql-1" });
    expect(r3.errors?.[0].extensions.code).toBe("CONFLICT");
    const r4 = await b.c.gql(q, { input, key: "gql-2" });
    expect(r4.errors?.[0].extensions.code).toBe("NOT_FOUND"); // another shipper's address
  });
});

describe("the quote's limit per client (RATE_LIMIT_QUOTE)", () => {
  it("429 with Retry-After past it, through either door, with a session or a shipper's key alike", async () => {
    const { c } = await shipper("limit@shop.example");
    const key = ok(await c.post("/api/users/api-keys", { name: "k" }), 201).key;
    let refused: Awaited<ReturnType<Client["post"]>> | undefined;
    for (let i = 0; i < 45 && !refused; i++) {
      const r = await new Client(t.url).post("/api/quotes", QUOTE);
      if (r.status === 429) refused = r;
      else expect(r.status).toBe(200);
    }
    expect(refused, "no 429 within 45 quotes").toBeDefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    fails(await c.post("/api/quotes", QUOTE), 429);
    fails(await new Client(t.url).post("/api/quotes", QUOTE, { authorization: `Bearer ${key}` }), 429);
    const g = await new Client(t.url).gql(
      `mutation { quote(input: { from: { country: "DE" }, to: { country: "DE" }, parcels: [{ weight_kg: 1 }] }) { message } }`,
    );
    expect(g.errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    // Booking is not a quote: it prices again without counting against the quote limit.
    expect(ok(await c.post("/api/bookings", booking()), 201).status).toBe("pending");
  });
});
