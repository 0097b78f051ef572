// The staff's address search (GET /api/places, GraphQL places) against a local HTTP peer that answers like
// Nominatim and like Photon: results, the URL-encoded query and the User-Agent the peer receives, a kept
// answer, a time-out, a 500 and an answer that is not JSON (each: the gazetteer's cities with a notice, never
// a 500), who may call it, the per-client limit; the offline gazetteer's alternate names (München, Köln,
// Cologne); a parcel placed at its city only is marked so, on the board too.
import "reflect-metadata";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { forgetPlaceSearches } from "../../server/modules/geocode/geocode.service.js";

const FIELDS = `source notice places { label latitude longitude country located }`;
const LIMIT = 6;

/** What the peer was asked: path, query and User-Agent, in order. */
const asked: { path: string; params: URLSearchParams; agent: string }[] = [];
let peer: http.Server;
let peerUrl: string;
const held: http.ServerResponse[] = [];

const NOMINATIM = [
  {
    place_id: 1,
    lat: "48.1373932",
    lon: "11.5754485",
    display_name: "Marienplatz, Altstadt, München, Bayern, 80331, Deutschland",
    address: { city: "München", country_code: "de" },
  },
  // Unreadable entries are left out, the rest kept.
  { place_id: 2, lat: "not a number", lon: "11", display_name: "Broken" },
  { place_id: 3, lat: "48.2", lon: "11.6", display_name: "Marienplatz\u202e, Freising\n", address: { country_code: "de" } },
];
const PHOTON = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      geometry: { type: "Point", coordinates: [6.9582, 50.9413] },
      properties: { name: "Kölner Dom", street: "Domkloster", housenumber: "4", postcode: "50667", city: "Köln", country: "Deutschland", countrycode: "DE" },
    },
    { type: "Feature", geometry: { type: "Point", coordinates: [500, 50] }, properties: { name: "Off the map" } },
  ],
};

beforeAll(async () => {
  peer = http.createServer((req, res) => {
    const u = new URL(req.url!, "http://peer");
    asked.push({ path: u.pathname, params: u.searchParams, agent: String(req.headers["user-agent"]) });
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (u.pathname === "/nominatim/search") return json(200, NOMINATIM);
    if (u.pathname === "/photon/api") return json(200, PHOTON);
    if (u.pathname === "/broken/search") return json(500, { error: "database down" });
    if (u.pathname === "/html/search") return res.writeHead(200, { "content-type": "text/html" }).end("<html>Service unavailable</html>");
    // Never answers (closed with the peer): the time-out is what is tested.
    if (u.pathname === "/silent/search") return void held.push(res);
    json(404, { error: "no such path" });
  });
  await new Promise<void>((r) => peer.listen(0, "127.0.0.1", r));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  t = await startTestApp({ TRUST_PROXY: "true", RATE_LIMIT_GEOCODE: String(LIMIT), GEOCODER_TIMEOUT_MS: "400", COMPANY_NAME: "Harbour Couriers" });
  owner = await signedIn(t);
  dispatcher = await member("dispatcher", "dispatcher@places.example");
  courier = await member("courier", "courier@places.example");
});
afterAll(async () => {
  for (const r of held) r.destroy();
  await new Promise((r) => peer?.close(r));
  await t?.close();
  delete process.env.GEOCODER_URL;
  delete process.env.GEOCODER_KIND;
});
beforeEach(() => {
  forgetPlaceSearches();
  asked.length = 0;
});

let t: TestApp;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let clients = 0;

async function member(role: "dispatcher" | "courier", email: string): Promise<Client> {
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  await db().admin.create({ data: { email, password_hash: await hashPassword("places-password-1"), role } });
  const c = new Client(t.url);
  ok(await c.post("/api/admins/auth/signin", { email, password: "places-password-1" }));
  return c;
}

/** A client address of its own (behind the trusted proxy): each test has its own limit. */
const newAddress = () => `10.36.0.${++clients}`;
const rest = (c: Client, q: string, from: string, more = "") => c.get(`/api/places?q=${encodeURIComponent(q)}${more}`, { "x-forwarded-for": from });
async function gql(c: Client, q: string, from: string, country?: string) {
  const r = await c.post(
    "/graphql",
    { query: `query($q: String!, $c: String) { places(q: $q, country: $c) { ${FIELDS} } }`, variables: { q, c: country ?? null } },
    { "x-forwarded-for": from },
  );
  return { status: r.status, data: r.json?.data, errors: r.json?.errors as { message: string; extensions: { code: string } }[] | undefined };
}
const useGeocoder = (path: string | null, kind?: string) => {
  if (path === null) delete process.env.GEOCODER_URL;
  else process.env.GEOCODER_URL = `${peerUrl}${path}`;
  if (kind) process.env.GEOCODER_KIND = kind;
  else delete process.env.GEOCODER_KIND;
};

describe("a geocoder that answers", () => {
  it("Nominatim: the places of its answer, unreadable entries left out, one line each; the site named in the User-Agent", async () => {
    useGeocoder("/nominatim");
    const from = newAddress();
    const a = ok(await rest(owner, "Marienplatz München", from));
    expect(a.source).toBe("geocoder");
    expect(a.notice).toBeNull();
    expect(a.places).toEqual([
      { label: "Marienplatz, Altstadt, München, Bayern, 80331, Deutschland", latitude: 48.1373932, longitude: 11.5754485, country: "DE", located: "exact" },
      { label: "Marienplatz , Freising", latitude: 48.2, longitude: 11.6, country: "DE", located: "exact" },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0].path).toBe("/nominatim/search");
    expect(Object.fromEntries(asked[0].params)).toEqual({ q: "Marienplatz München", limit: "5", format: "jsonv2" });
    expect(asked[0].agent).toMatch(/^Harbour Couriers /);
    // The same words again: the kept answer, the peer not asked.
    const g = await gql(dispatcher, "marienplatz  münchen", from);
    expect(g.errors).toBeUndefined();
    expect(g.data.places.places[0].latitude).toBe(48.1373932);
    expect(asked).toHaveLength(1);
  });

  it("Photon (GEOCODER_KIND=photon): its GeoJSON read into places; a country is asked of Nominatim and filters either", async () => {
    useGeocoder("/photon", "photon");
    const from = newAddress();
    const g = await gql(owner, "Kölner Dom", from);
    expect(g.errors).toBeUndefined();
    expect(g.data.places).toEqual({
      source: "geocoder",
      notice: null,
      places: [{ label: "Kölner Dom, Domkloster 4, 50667 Köln, Deutschland", latitude: 50.9413, longitude: 6.9582, country: "DE", located: "exact" }],
    });
    expect(asked[0].path).toBe("/photon/api");
    expect(Object.fromEntries(asked[0].params)).toEqual({ q: "Kölner Dom", limit: "5" });
    expect((await gql(owner, "Kölner Dom", from, "FR")).data.places.places).toEqual([]);
    useGeocoder("/nominatim");
    ok(await rest(owner, "Marienplatz", from, "&country=de"));
    expect(asked.at(-1)!.params.get("countrycodes")).toBe("de");
  });

  it("an injection-y query reaches the peer URL-encoded, as one q: it adds no parameter and changes no path", async () => {
    useGeocoder("/nominatim");
    const q = `Main St & format=xml&limit=500#frag ?x=1/../../admin %2F<script>`;
    ok(await rest(owner, q, newAddress()));
    expect(asked).toHaveLength(1);
    expect(asked[0].path).toBe("/nominatim/search");
    expect([...asked[0].params.keys()].sort()).toEqual(["format", "limit", "q"]);
    expect(asked[0].params.get("q")).toBe(q);
    expect(asked[0].params.get("format")).toBe("jsonv2");
    expect(asked[0].params.get("limit")).toBe("5");
  });
});

describe("a geocoder that fails: the gazetteer's cities with a notice, never a 500", () => {
  it("a time-out (GEOCODER_TIMEOUT_MS)", async () => {
    useGeocoder("/silent");
    const started = Date.now();
    const a = ok(await rest(owner, "Köln", newAddress()));
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(a.source).toBe("gazetteer");
    expect(a.notice).toMatch(/did not answer within 0.4 s/);
    expect(a.places[0]).toMatchObject({ label: "Köln, Germany", country: "DE", located: "city" });
    expect(a.places[0].latitude).toBeCloseTo(50.93, 1);
  });

  it("a 500 from the peer, and an answer that is not JSON; a failure is not kept", async () => {
    useGeocoder("/broken");
    const from = newAddress();
    const a = ok(await rest(owner, "München", from));
    expect(a).toMatchObject({ source: "gazetteer", notice: expect.stringMatching(/error \(HTTP 500\)/) });
    expect(a.places[0]).toMatchObject({ label: "Munich, Germany", located: "city" });
    ok(await rest(owner, "München", from));
    expect(asked).toHaveLength(2);
    useGeocoder("/html");
    const g = await gql(owner, "München", from);
    expect(g.errors).toBeUndefined();
    expect(g.data.places.notice).toMatch(/not JSON/);
    expect(g.data.places.places[0].label).toBe("Munich, Germany");
  });
});

describe("the offline gazetteer (no GEOCODER_URL)", () => {
  it("finds cities by their alternate names: München, Köln, Cologne, Muenchen; a street and postcode before the city", async () => {
    useGeocoder(null);
    const from = newAddress();
    const munich = ok(await rest(owner, "München", from));
    expect(munich).toMatchObject({ source: "gazetteer", notice: null });
    expect(munich.places[0]).toMatchObject({ label: "Munich, Germany", country: "DE", located: "city" });
    expect(munich.places[0].latitude).toBeCloseTo(48.14, 1);
    expect(munich.places[0].longitude).toBeCloseTo(11.58, 1);
    const koeln = await gql(owner, "Köln", from);
    expect(koeln.data.places.places[0]).toMatchObject({ label: "Köln, Germany", located: "city" });
    // Köln's English name, in Germany only (Cologne in Italy is a town of its own).
    expect(ok(await rest(owner, "Cologne", from, "&country=DE")).places.map((p: { label: string }) => p.label)).toEqual(["Köln, Germany"]);
    expect(ok(await rest(owner, "Marienplatz 1, 80331 Muenchen", from)).places[0].label).toBe("Munich, Germany");
    expect(ok(await rest(owner, "Nowhere-on-Sea-Zzyzx", from)).places).toEqual([]);
  });

  it("places a structured address by its city's alternate name (a booking's or the address book's)", async () => {
    const p = ok(
      await owner.post("/api/parcels", {
        tracking_code: "PLACES-ADDR-1",
        recipient_name: "Max Recipient",
        destination: "-",
        recipient_address: { name: "Max Recipient", line1: "Marienplatz 8", city: "München", postcode: "80331", country: "DE" },
      }),
      201,
    );
    expect(p.recipient_address).toMatchObject({ located: "city", city: "München" });
    expect(p.map_destination_latitude).toBeCloseTo(48.14, 1);
    expect(p.destination_located).toBe("city");
  });
});

describe("who may search, and how often", () => {
  it("staff with parcels:write only: 401 signed out, 403 for a courier, both doors; a dispatcher may", async () => {
    useGeocoder("/nominatim");
    const from = newAddress();
    const anon = new Client(t.url);
    expect(fails(await rest(anon, "Marienplatz", from), 401)).toBeTruthy();
    expect(fails(await rest(courier, "Marienplatz", from), 403).join()).toMatch(/parcels:write/);
    expect((await gql(courier, "Marienplatz", from)).errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect((await gql(anon, "Marienplatz", from)).errors?.[0].extensions.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect(asked).toHaveLength(0);
    expect(ok(await rest(dispatcher, "Marienplatz", from)).source).toBe("geocoder");
  });

  it("422 naming q for words too short or missing, at either door", async () => {
    const from = newAddress();
    expect(fails(await rest(owner, "a", from), 422).join()).toMatch(/q must be at least 2 characters/);
    expect(fails(await owner.get("/api/places", { "x-forwarded-for": from }), 422).join()).toMatch(/q is required/);
    expect(fails(await rest(owner, "Köln", from, "&country=XX"), 422).join()).toMatch(/country must be an ISO 3166-1/);
    const g = await gql(owner, " ", from);
    expect(g.errors?.[0].message).toMatch(/q is required/);
  });

  it(`RATE_LIMIT_GEOCODE (${LIMIT} a minute) per client, both doors counting together; another client is not held back`, async () => {
    useGeocoder("/nominatim");
    const from = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await rest(owner, `Street ${i}`, from)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const over = await rest(owner, "Street over", from);
    expect(fails(over, 429).join()).toMatch(/Too many requests/);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await gql(owner, "Street over", from)).errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
    // The refused searches never reached the geocoder.
    expect(asked).toHaveLength(LIMIT);
    expect(ok(await rest(owner, "Street over", newAddress())).source).toBe("geocoder");
  });
});

describe("a parcel placed at its city only", () => {
  const parcelOf = async (code: string) => {
    const r = await owner.gql(`query($c: String!) { adminParcel(trackingCode: $c) { destination_located map_destination_latitude } }`, { c: code });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data.adminParcel as { destination_located: string | null; map_destination_latitude: number | null };
  };

  it("is marked city when so placed, keeps the mark while its point stays, becomes exact when moved, and shows on the board", async () => {
    const code = "PLACES-CITY-1";
    const created = await owner.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id destination_located } }`, {
      i: {
        tracking_code: code,
        recipient_name: "Ana",
        destination: "Köln",
        map_destination_latitude: 50.93333,
        map_destination_longitude: 6.95,
        destination_located: "city",
      },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createParcel.destination_located).toBe("city");
    const id = created.data.createParcel.id as number;
    ok(await owner.post("/api/scans", { codes: [code], status_code: "in_transit" }));

    const board = ok(await owner.get("/api/dispatch?date=2026-03-02"));
    const stop = board.unassigned.find((s: { tracking_code: string }) => s.tracking_code === code);
    expect(stop.address).toMatchObject({ latitude: 50.93333, located: "city" });
    const g = await owner.gql(`{ dispatch(date: "2026-03-02") { unassigned { tracking_code address { located } } } }`);
    expect(g.data.dispatch.unassigned.find((s: { tracking_code: string }) => s.tracking_code === code).address.located).toBe("city");

    // A form that sends every field, the point unchanged: still city.
    ok(await owner.patch("/api/parcels", { id, weight: 2, map_destination_latitude: 50.93333, map_destination_longitude: 6.95 }));
    expect((await parcelOf(code)).destination_located).toBe("city");
    // Moved on the map: exact.
    ok(await owner.patch("/api/parcels", { id, map_destination_latitude: 50.9413, map_destination_longitude: 6.9582 }));
    expect((await parcelOf(code)).destination_located).toBe("exact");
    // Cleared: no point, no mark.
    ok(await owner.patch("/api/parcels", { id, map_destination_latitude: null, map_destination_longitude: null }));
    expect(await parcelOf(code)).toEqual({ destination_located: null, map_destination_latitude: null });
    expect(fails(await owner.patch("/api/parcels", { id, destination_located: "street" }), 422).join()).toMatch(/destination_located must be exact or city/);
    // The public view does not carry it.
    const pub = ok(await new Client(t.url).get(`/api/parcels/${code}`));
    expect(pub).not.toHaveProperty("destination_located");
  });
});
