import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { JPEG, NOT_AN_IMAGE, PNG, expectAllUnauthenticated, expectError, expectFieldError, gqlUpload, messages, pngOf } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";

const ALL = `id tracking_code recipient_name recipient_email recipient_phone_number sender_name sender_email destination
  current_location pickup_location status weight shipped_via parcel_content declared_value min_expected_delivery_date
  max_expected_delivery_date image show_map map_zoom map_current_latitude map_current_longitude map_pickup_latitude
  map_pickup_longitude map_destination_latitude map_destination_longitude created_at updated_at
  history { id title created_at }`;
const CREATE = `mutation($i: CreateParcelInput!) { createParcel(input: $i) { ${ALL} } }`;
const UPDATE = `mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { ${ALL} } }`;
const TRACK = `query($c: String!) { parcel(trackingCode: $c) { id tracking_code recipient_name sender_name destination status image show_map
  map_current_latitude history { id title description icon color created_at_month created_at_day created_at_time } } }`;
const ADMIN_GET = `query($c: String!) { adminParcel(trackingCode: $c) { ${ALL} } }`;
const LIST = `query($page: Int, $per: Int, $s: String) { parcels(page: $page, per_page: $per, search: $s) {
  current_page last_page per_page total next_page_url data { tracking_code recipient_name destination } } }`;
const IMAGE = `mutation($id: Int!, $image: Upload!) { updateParcelImage(id: $id, image: $image) { id image } }`;
const DELETE = `mutation($id: Int!) { deleteParcel(id: $id) }`;

const FULL = {
  tracking_code: "FULL-0001",
  recipient_name: "Ada Lovelace",
  recipient_email: "ada@example.com",
  recipient_phone_number: "+442079460001",
  sender_name: "Babbage Engines",
  sender_email: "charles@example.com",
  destination: "Marylebone, London",
  current_location: "Dover",
  pickup_location: "Calais",
  status: "In transit",
  weight: 12.75,
  shipped_via: "Road",
  parcel_content: "Gears",
  declared_value: 999.5,
  min_expected_delivery_date: "2026-12-01",
  max_expected_delivery_date: "2026-12-04",
  show_map: "yes",
  map_zoom: 7,
  map_current_latitude: 51.1279,
  map_current_longitude: 1.3134,
  map_pickup_latitude: 50.9513,
  map_pickup_longitude: 1.8587,
  map_destination_latitude: 51.5226,
  map_destination_longitude: -0.1571,
};

let t: TestApp;
let admin: Client;
let anon: Client;
const imagePath = (name: string) => path.join(t.dir, "uploads", "images", name);

beforeAll(async () => {
  t = await startTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

async function create(input: Record<string, unknown>) {
  const r = await admin.gql(CREATE, { i: input });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.createParcel;
}

describe("without a session", () => {
  it("every admin parcel operation is UNAUTHENTICATED and changes nothing", async () => {
    const p = await create({ tracking_code: "AUTH-1", recipient_name: "R", destination: "D" });
    await expectAllUnauthenticated(anon, [
      [ADMIN_GET, { c: "AUTH-1" }],
      [LIST, {}],
      [CREATE, { i: { tracking_code: "AUTH-2", recipient_name: "R", destination: "D" } }],
      [UPDATE, { i: { id: p.id, recipient_name: "Changed" } }],
      [DELETE, { id: p.id }],
    ]);
    const up = await gqlUpload(anon, IMAGE, { id: p.id }, { image: { bytes: PNG, filename: "a.png", type: "image/png" } });
    expectError(up, "UNAUTHENTICATED");
    const row = await db().parcel.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.recipient_name).toBe("R");
    expect(row.image).toBeNull();
    expect(await db().parcel.findUnique({ where: { tracking_code: "AUTH-2" } })).toBeNull();
  });
});

describe("createParcel", () => {
  it("needs only tracking_code, recipient_name and destination; show_map defaults to no", async () => {
    const p = await create({ tracking_code: "MIN-0001", recipient_name: "Grace Hopper", destination: "Arlington" });
    expect(p).toMatchObject({
      tracking_code: "MIN-0001",
      recipient_name: "Grace Hopper",
      destination: "Arlington",
      show_map: "no",
      map_zoom: 10,
      recipient_email: null,
      weight: null,
      image: null,
      map_current_latitude: null,
      history: [],
    });
    expect(Date.parse(p.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores every field with its type", async () => {
    const p = await create(FULL);
    expect(p).toMatchObject(FULL);
    expect(typeof p.id).toBe("number");
  });

  it("turns blank optional fields into null", async () => {
    const p = await create({ tracking_code: "BLANK-1", recipient_name: "R", destination: "D", recipient_email: "", status: "", sender_name: "" });
    expect(p.recipient_email).toBeNull();
    expect(p.status).toBeNull();
    expect(p.sender_name).toBeNull();
  });

  it("refuses a tracking code that is taken with CONFLICT", async () => {
    const r = await admin.gql(CREATE, { i: { tracking_code: "FULL-0001", recipient_name: "Other", destination: "Elsewhere" } });
    expectError(r, "CONFLICT", "tracking_code is already taken");
    expect(await db().parcel.count({ where: { tracking_code: "FULL-0001" } })).toBe(1);
  });

  const base = { tracking_code: "VAL-1", recipient_name: "R", destination: "D" };
  const long = "x".repeat(301);
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ["tracking_code", { tracking_code: "" }, /is required/],
    ["tracking_code", { tracking_code: "has space" }, /letters, digits and -/],
    ["tracking_code", { tracking_code: "CR_2026" }, /letters, digits and -/],
    ["tracking_code", { tracking_code: " CR-2026 " }, /letters, digits and -/],
    ["tracking_code", { tracking_code: "A".repeat(65) }, /at most 64/],
    ["recipient_name", { recipient_name: "" }, /is required/],
    ["recipient_name", { recipient_name: long }, /at most 300/],
    ["destination", { destination: "" }, /is required/],
    ["destination", { destination: long }, /at most 300/],
    ["recipient_email", { recipient_email: "not-mail" }, /e-mail address/],
    ["sender_email", { sender_email: "a@" }, /e-mail address/],
    ["recipient_phone_number", { recipient_phone_number: long }, /at most 300/],
    ["sender_name", { sender_name: long }, /at most 300/],
    ["current_location", { current_location: long }, /at most 300/],
    ["pickup_location", { pickup_location: long }, /at most 300/],
    ["status", { status: long }, /at most 300/],
    ["shipped_via", { shipped_via: long }, /at most 300/],
    ["parcel_content", { parcel_content: long }, /at most 300/],
    ["weight", { weight: -1 }, /negative/],
    ["declared_value", { declared_value: -0.01 }, /negative/],
    ["min_expected_delivery_date", { min_expected_delivery_date: "2026-02-30" }, /YYYY-MM-DD/],
    ["max_expected_delivery_date", { max_expected_delivery_date: "next week" }, /YYYY-MM-DD/],
    ["max_expected_delivery_date", { min_expected_delivery_date: "2026-05-10", max_expected_delivery_date: "2026-05-01" }, /before/],
    ["show_map", { show_map: "maybe" }, /yes or no/],
    ["map_zoom", { map_zoom: 0 }, /at least 1/],
    ["map_zoom", { map_zoom: 20 }, /at most 19/],
    ["map_current_latitude", { map_current_latitude: 90.5 }, /between -90 and 90/],
    ["map_current_longitude", { map_current_longitude: -180.1 }, /between -180 and 180/],
    ["map_pickup_latitude", { map_pickup_latitude: -91 }, /between -90 and 90/],
    ["map_pickup_longitude", { map_pickup_longitude: 181 }, /between -180 and 180/],
    ["map_destination_latitude", { map_destination_latitude: 100 }, /between -90 and 90/],
    ["map_destination_longitude", { map_destination_longitude: 200 }, /between -180 and 180/],
    ["map_current_latitude", { show_map: "yes" }, /required when show_map is yes/],
    ["map_current_longitude", { show_map: "yes", map_current_latitude: 10 }, /required when show_map is yes/],
  ];
  for (const [field, patch, detail] of cases) {
    it(`BAD_USER_INPUT names ${field} for ${JSON.stringify(patch).slice(0, 60)}`, async () => {
      const r = await admin.gql(CREATE, { i: { ...base, ...patch } });
      expectFieldError(r, field, detail);
      expect(r.data).toBeNull();
    });
  }

  it("reports every failed field at once, one message each", async () => {
    const r = await admin.gql(CREATE, { i: { tracking_code: "", recipient_name: "", destination: "", recipient_email: "x", map_zoom: 99 } });
    expectError(r, "BAD_USER_INPUT");
    const all = messages(r);
    for (const f of ["tracking_code", "recipient_name", "destination", "recipient_email", "map_zoom"]) {
      expect(
        all.filter((m) => m.startsWith(`${f} `)),
        f,
      ).toHaveLength(1);
    }
    expect(await db().parcel.count({ where: { tracking_code: "" } })).toBe(0);
  });

  it("names the field when a value has the wrong GraphQL type", async () => {
    expectFieldError(await admin.gql(CREATE, { i: { ...base, weight: "heavy" } }), "weight");
    expectFieldError(await admin.gql(CREATE, { i: { ...base, map_zoom: 4.5 } }), "map_zoom");
    expectFieldError(await admin.gql(CREATE, { i: { recipient_name: "R", destination: "D" } }), "tracking_code");
  });

  it("accepts the boundaries of every range", async () => {
    const p = await create({
      ...base,
      tracking_code: "EDGE-1",
      show_map: "yes",
      map_zoom: 19,
      weight: 0,
      declared_value: 0,
      map_current_latitude: -90,
      map_current_longitude: 180,
      map_pickup_latitude: 90,
      map_pickup_longitude: -180,
      min_expected_delivery_date: "2028-02-29",
      max_expected_delivery_date: "2028-02-29",
    });
    expect(p).toMatchObject({ map_zoom: 19, map_current_latitude: -90, map_current_longitude: 180, weight: 0 });
    const one = await create({ ...base, tracking_code: "EDGE-2", map_zoom: 1, recipient_name: "y".repeat(300) });
    expect(one.recipient_name).toHaveLength(300);
    expect((await create({ ...base, tracking_code: "Z".repeat(64) })).tracking_code).toHaveLength(64);
  });
});

describe("updateParcel", () => {
  it("changes only the fields sent and clears blank optional ones", async () => {
    const p = await create({ ...FULL, tracking_code: "UPD-1" });
    const r = await admin.gql(UPDATE, { i: { id: p.id, status: "Delivered", current_location: "", weight: null } });
    const u = r.data.updateParcel;
    expect(u).toMatchObject({ ...FULL, tracking_code: "UPD-1", status: "Delivered", current_location: null, weight: null });
    expect(Date.parse(u.updated_at)).toBeGreaterThanOrEqual(Date.parse(p.updated_at));
  });

  it("never blanks a required field, and checks the same rules as create", async () => {
    const p = await create({ tracking_code: "UPD-2", recipient_name: "R", destination: "D" });
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, recipient_name: "" } }), "recipient_name", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, destination: "" } }), "destination", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, tracking_code: "" } }), "tracking_code", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, map_zoom: 25 } }), "map_zoom");
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, sender_email: "nope" } }), "sender_email");
    expect((await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).recipient_name).toBe("R");
  });

  it("requires the current position once show_map is yes, using what is stored", async () => {
    const p = await create({ tracking_code: "MAP-1", recipient_name: "R", destination: "D" });
    const noCoords = await admin.gql(UPDATE, { i: { id: p.id, show_map: "yes" } });
    expectFieldError(noCoords, "map_current_latitude", /show_map is yes/);
    expectFieldError(noCoords, "map_current_longitude", /show_map is yes/);
    await admin.gql(UPDATE, { i: { id: p.id, map_current_latitude: 48.8566, map_current_longitude: 2.3522 } });
    const on = await admin.gql(UPDATE, { i: { id: p.id, show_map: "yes", map_zoom: 12 } });
    expect(on.data.updateParcel).toMatchObject({ show_map: "yes", map_zoom: 12, map_current_latitude: 48.8566 });
    // Clearing the position while the map is shown is refused.
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, map_current_latitude: null } }), "map_current_latitude");
    expect(
      (await admin.gql(UPDATE, { i: { id: p.id, show_map: "no", map_current_latitude: null, map_current_longitude: null } })).data.updateParcel.show_map,
    ).toBe("no");
  });

  it("checks the delivery window against the stored dates", async () => {
    const p = await create({ tracking_code: "WIN-1", recipient_name: "R", destination: "D", min_expected_delivery_date: "2026-06-10" });
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, max_expected_delivery_date: "2026-06-01" } }), "max_expected_delivery_date");
    expect((await admin.gql(UPDATE, { i: { id: p.id, max_expected_delivery_date: "2026-06-12" } })).data.updateParcel.max_expected_delivery_date).toBe(
      "2026-06-12",
    );
  });

  it("moves to another tracking code unless it is taken (CONFLICT)", async () => {
    const a = await create({ tracking_code: "MOVE-A", recipient_name: "R", destination: "D" });
    await create({ tracking_code: "MOVE-B", recipient_name: "R", destination: "D" });
    expectError(await admin.gql(UPDATE, { i: { id: a.id, tracking_code: "MOVE-B" } }), "CONFLICT", /tracking_code/);
    expect((await admin.gql(UPDATE, { i: { id: a.id, tracking_code: "MOVE-C" } })).data.updateParcel.tracking_code).toBe("MOVE-C");
    expectError(await anon.gql(TRACK, { c: "MOVE-A" }), "NOT_FOUND");
  });

  it("is NOT_FOUND for an unknown id", async () => {
    expectError(await admin.gql(UPDATE, { i: { id: 987654, status: "x" } }), "NOT_FOUND");
  });
});

describe("tracking (public) and the admin view", () => {
  it("shows the public view without the recipient's and sender's contact details", async () => {
    const r = await anon.gql(TRACK, { c: "FULL-0001" });
    expect(r.data.parcel).toMatchObject({ tracking_code: "FULL-0001", recipient_name: "Ada Lovelace", sender_name: "Babbage Engines", show_map: "yes" });
    const hidden = await anon.gql(`{ parcel(trackingCode: "FULL-0001") { recipient_email } }`);
    expectError(hidden, "GRAPHQL_VALIDATION_FAILED", /recipient_email/);
    for (const f of ["recipient_phone_number", "sender_email"]) {
      expectError(await anon.gql(`{ parcel(trackingCode: "FULL-0001") { ${f} } }`), "GRAPHQL_VALIDATION_FAILED");
    }
    // Even the raw JSON of the public answer has none of them.
    const raw = await anon.post("/graphql", { query: `{ parcel(trackingCode: "FULL-0001") { tracking_code } }` });
    expect(raw.text).not.toMatch(/ada@example\.com|charles@example\.com|2079460001/);
  });

  it("trims the code, and answers NOT_FOUND or BAD_USER_INPUT when it cannot", async () => {
    expect((await anon.gql(TRACK, { c: "  FULL-0001  " })).data.parcel.tracking_code).toBe("FULL-0001");
    expectError(await anon.gql(TRACK, { c: "NOPE-404" }), "NOT_FOUND", "Tracking code not found");
    expectError(await anon.gql(TRACK, { c: "x".repeat(500) }), "NOT_FOUND");
    expectFieldError(await anon.gql(TRACK, { c: "   " }), "tracking_code", /required/);
  });

  it("the admin view has every field, by tracking code", async () => {
    const r = await admin.gql(ADMIN_GET, { c: "FULL-0001" });
    expect(r.data.adminParcel).toMatchObject(FULL);
    expectError(await admin.gql(ADMIN_GET, { c: "NOPE-404" }), "NOT_FOUND");
  });
});

describe("parcels: paged list with search", () => {
  it("pages newest first with the contract's paging fields", async () => {
    for (let i = 1; i <= 23; i++) {
      await create({
        tracking_code: `PAGE-${String(i).padStart(3, "0")}`,
        recipient_name: i % 2 ? "Odd Person" : "Even Person",
        destination: i <= 5 ? "Zürich" : "Lisbon",
      });
    }
    const total = await db().parcel.count();
    const first = (await admin.gql(LIST, { per: 10 })).data.parcels;
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10), next_page_url: "/api/parcels?page=2&per_page=10" });
    expect(first.data).toHaveLength(10);
    expect(first.data[0].tracking_code).toBe("PAGE-023");
    const last = (await admin.gql(LIST, { per: 10, page: Math.ceil(total / 10) })).data.parcels;
    expect(last.next_page_url).toBeNull();
    expect(last.data.length).toBe(total - 10 * (Math.ceil(total / 10) - 1));
    const beyond = (await admin.gql(LIST, { per: 10, page: 99 })).data.parcels;
    expect(beyond.data).toEqual([]);
    const dflt = (await admin.gql(LIST, {})).data.parcels;
    expect(dflt.per_page).toBe(20);
  });

  it("searches tracking code, recipient and destination, ignoring case, and keeps the search in next_page_url", async () => {
    const byCode = (await admin.gql(LIST, { s: "page-01" })).data.parcels;
    expect(byCode.total).toBe(10);
    expect(byCode.data.every((p: { tracking_code: string }) => p.tracking_code.startsWith("PAGE-01"))).toBe(true);
    const byName = (await admin.gql(LIST, { s: "odd person", per: 5 })).data.parcels;
    expect(byName.total).toBe(12);
    expect(byName.next_page_url).toBe("/api/parcels?page=2&per_page=5&search=odd+person");
    const byDest = (await admin.gql(LIST, { s: "LISBON" })).data.parcels;
    expect(byDest.total).toBe(18);
    expect((await admin.gql(LIST, { s: "no such thing" })).data.parcels).toMatchObject({ total: 0, last_page: 1, data: [], next_page_url: null });
  });

  it("validates paging arguments, naming them", async () => {
    expectFieldError(await admin.gql(LIST, { per: 101 }), "per_page", /at most 100/);
    expectFieldError(await admin.gql(LIST, { per: 0 }), "per_page");
    expectFieldError(await admin.gql(LIST, { page: 0 }), "page", /at least 1/);
    expectFieldError(await admin.gql(LIST, { s: "s".repeat(301) }), "search");
  });
});

describe("updateParcelImage: GraphQL multipart uploads", () => {
  let parcel: { id: number };
  beforeAll(async () => {
    parcel = await create({ tracking_code: "IMG-1", recipient_name: "R", destination: "D" });
  });

  it("stores a PNG under a server-chosen name and serves it", async () => {
    const r = await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: PNG, filename: "../../etc/passwd.png", type: "image/png" } });
    expect(r.errors, r.text).toBeUndefined();
    const name = r.data.updateParcelImage.image as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    const res = await fetch(`${t.url}/uploads/images/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await anon.gql(TRACK, { c: "IMG-1" })).data.parcel.image).toBe(name);
  });

  it("replaces the earlier image and removes its file", async () => {
    const before = (await db().parcel.findUniqueOrThrow({ where: { id: parcel.id } })).image!;
    expect(fs.existsSync(imagePath(before))).toBe(true);
    const r = await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: JPEG, filename: "photo.JPEG", type: "image/jpeg" } });
    const name = r.data.updateParcelImage.image as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(fs.existsSync(imagePath(before))).toBe(false);
    expect((await fetch(`${t.url}/uploads/images/${before}`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/images/${name}`)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses what is not a real JPEG or PNG with UNSUPPORTED_MEDIA_TYPE", async () => {
    const before = (await db().parcel.findUniqueOrThrow({ where: { id: parcel.id } })).image;
    const fake = await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: NOT_AN_IMAGE, filename: "cat.png", type: "image/png" } });
    expectError(fake, "UNSUPPORTED_MEDIA_TYPE", /image must be a JPEG or PNG/);
    const wrongName = await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: PNG, filename: "cat.gif", type: "image/gif" } });
    expectError(wrongName, "UNSUPPORTED_MEDIA_TYPE", /\.jpg, \.jpeg or \.png/);
    expect((await db().parcel.findUniqueOrThrow({ where: { id: parcel.id } })).image).toBe(before);
  });

  it("refuses an empty file, a file over the size limit, and an unknown parcel", async () => {
    expectFieldError(await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: Buffer.alloc(0), filename: "e.png" } }), "image", /required/);
    const big = Buffer.concat([pngOf(2, 2), Buffer.alloc(80 * 1024)]);
    const tooBig = await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: big, filename: "big.png", type: "image/png" } });
    expectError(tooBig, "PAYLOAD_TOO_LARGE", /at most/);
    const files = fs.readdirSync(path.join(t.dir, "uploads", "images"));
    const unknown = await gqlUpload(admin, IMAGE, { id: 999999 }, { image: { bytes: PNG, filename: "a.png" } });
    expectError(unknown, "NOT_FOUND");
    expect(fs.readdirSync(path.join(t.dir, "uploads", "images"))).toEqual(files);
  });

  it("needs the apollo-require-preflight header (CSRF prevention)", async () => {
    const r = await gqlUpload(admin, IMAGE, { id: parcel.id }, { image: { bytes: PNG, filename: "a.png" } }, {});
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/preflight|CSRF/i);
  });
});

describe("deleteParcel", () => {
  it("deletes the parcel with its history and image file", async () => {
    const p = await create({ tracking_code: "DEL-1", recipient_name: "R", destination: "D" });
    for (const title of ["Picked up", "In transit", "Arrived"]) {
      await admin.gql(`mutation($i: CreateActivityInput!) { createActivity(input: $i) { id } }`, {
        i: { parcel_id: p.id, title, description: `${title} today` },
      });
    }
    const img = await gqlUpload(admin, IMAGE, { id: p.id }, { image: { bytes: PNG, filename: "a.png" } });
    const name = img.data.updateParcelImage.image as string;
    expect(await db().activity.count({ where: { parcel_id: p.id } })).toBe(3);

    expect((await admin.gql(DELETE, { id: p.id })).data.deleteParcel).toBe(true);
    expect(await db().activity.count({ where: { parcel_id: p.id } })).toBe(0);
    expect(fs.existsSync(imagePath(name))).toBe(false);
    expect((await fetch(`${t.url}/uploads/images/${name}`)).status).toBe(404);
    expectError(await anon.gql(TRACK, { c: "DEL-1" }), "NOT_FOUND");
    expectError(await admin.gql(DELETE, { id: p.id }), "NOT_FOUND");
    // The code is free again.
    expect((await create({ tracking_code: "DEL-1", recipient_name: "R2", destination: "D2" })).history).toEqual([]);
  });
});
