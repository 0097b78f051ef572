import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { file, hugePng, jpeg, notAnImage, png } from "../fixtures/images.js";
import { code, fails, form, ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { CSV_COLUMNS } from "../../server/modules/parcel/parcel.export.js";

const UPLOAD_MAX = 20_000;
let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX) });
  admin = await signedIn(t);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

const PRIVATE = ["recipient_email", "recipient_phone_number", "sender_email"];
const imageFile = (name: string) => path.join(t.dir, "uploads", "images", name);

async function createParcel(extra: Record<string, unknown> = {}) {
  return ok(await admin.post("/api/parcels", { tracking_code: code(), recipient_name: "Ann Lee", destination: "Oslo", ...extra }), 201);
}
async function addActivity(parcel_id: number, title = "Departed") {
  return ok(await admin.post("/api/activities", { parcel_id, title, description: "Left the hub" }), 201);
}

describe("GET /api/parcels/{code} (public)", () => {
  it("shows the public view with history oldest first, never the private fields", async () => {
    const p = await createParcel({
      recipient_email: "ann@example.com",
      recipient_phone_number: "+4722123456",
      sender_email: "shop@example.com",
      sender_name: "Shop",
    });
    const a1 = await addActivity(p.id, "Picked up");
    const a2 = await addActivity(p.id, "In transit");
    const r = await anon.get(`/api/parcels/${p.tracking_code}`);
    const data = ok(r);
    for (const f of PRIVATE) expect(data).not.toHaveProperty(f);
    expect(r.text).not.toContain("ann@example.com");
    expect(r.text).not.toContain("shop@example.com");
    expect(data).toMatchObject({ tracking_code: p.tracking_code, recipient_name: "Ann Lee", sender_name: "Shop", show_map: "no" });
    expect(data.history.map((a: { id: number }) => a.id)).toEqual([a1.id, a2.id]);
    const h = data.history[0];
    expect(h.created_at_month).toMatch(/^[A-Z][a-z]{2}$/);
    expect(h.created_at_day).toMatch(/^\d{2}$/);
    expect(h.created_at_time).toMatch(/^\d{2}:\d{2}$/);
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
    // Exactly the fields the OpenAPI document promises, no more (the view is sent pre-serialized).
    const spec = (await anon.get("/api/openapi.json")).json.components.schemas;
    expect(Object.keys(data).sort()).toEqual(Object.keys(spec.PublicParcel.properties).sort());
    expect(Object.keys(h).sort()).toEqual(Object.keys(spec.Activity.properties).sort());
  });

  it("404 for an unknown code, an over-long code, and with the envelope", async () => {
    fails(await anon.get("/api/parcels/NOPE-404"), 404);
    fails(await anon.get(`/api/parcels/${"A".repeat(80)}`), 404);
    // No code at all is a path that leads nowhere, as "/api/pages/" is.
    fails(await anon.get("/api/parcels/"), 404);
  });

  it("finds the code with surrounding spaces trimmed", async () => {
    const p = await createParcel();
    expect(ok(await anon.get(`/api/parcels/%20${p.tracking_code}%20`)).id).toBe(p.id);
  });
});

describe("GET /api/parcels (admin, paged)", () => {
  it('401 with admin "false" without a session', async () => {
    fails(await anon.get("/api/parcels"), 401);
    expect((await anon.get("/api/parcels")).json.admin).toBe("false");
  });

  it("pages newest first and follows next_page_url to the end", async () => {
    const prefix = code("PG");
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createParcel({ tracking_code: `${prefix}-${i}`, recipient_name: `Pager ${i}` }));
    let url: string | null = `/api/parcels?per_page=2&search=${prefix}`;
    const seen: number[] = [];
    const pages = [];
    while (url) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
      const d: any = ok(await admin.get(url));
      pages.push(d);
      seen.push(...d.data.map((p: { id: number }) => p.id));
      url = d.next_page_url;
    }
    expect(pages.map((p) => p.current_page)).toEqual([1, 2, 3]);
    expect(pages[0]).toMatchObject({ last_page: 3, per_page: 2, total: 5 });
    expect(pages[0].next_page_url).toBe(`/api/parcels?page=2&per_page=2&search=${prefix}`);
    expect(pages[2].next_page_url).toBeNull();
    expect(seen).toEqual(made.map((p) => p.id).reverse());
  });

  it("defaults to page 1 with 20 per page and shows every field to the admin", async () => {
    await createParcel({ recipient_email: "vis@example.com" });
    const d = ok(await admin.get("/api/parcels"));
    expect(d.current_page).toBe(1);
    expect(d.per_page).toBe(20);
    for (const f of PRIVATE) expect(d.data[0]).toHaveProperty(f);
  });

  it("searches tracking code, recipient and destination, case-insensitively", async () => {
    const tag = code("SRCH");
    await createParcel({ tracking_code: `${tag}-A` });
    await createParcel({ recipient_name: `Zed ${tag}` });
    await createParcel({ destination: `Bergen ${tag}` });
    const d = ok(await admin.get(`/api/parcels?search=${tag.toLowerCase()}`));
    expect(d.total).toBe(3);
    expect(ok(await admin.get("/api/parcels?search=no-such-thing-anywhere")).data).toEqual([]);
  });

  it("422 for a bad page, per_page over 100, and text where numbers belong", async () => {
    expect(fails(await admin.get("/api/parcels?page=0"), 422)).toEqual(["page must be at least 1"]);
    expect(fails(await admin.get("/api/parcels?per_page=101"), 422)).toEqual(["per_page must be at most 100"]);
    expect(fails(await admin.get("/api/parcels?page=two"), 422)).toEqual(["page must be a whole number"]);
    expect(ok(await admin.get("/api/parcels?per_page=100")).per_page).toBe(100);
  });
});

describe("POST /api/parcels", () => {
  it("creates with tracking_code, recipient_name and destination alone: 201, show_map no, a default zoom", async () => {
    const r = await admin.post("/api/parcels", { tracking_code: code(), recipient_name: "Bo", destination: "Rome" });
    const d = ok(r, 201);
    expect(r.json.message).toBe("Parcel created");
    expect(d).toMatchObject({ show_map: "no", map_zoom: 10, history: [], image: null, weight: null });
    for (const f of PRIVATE) expect(d).toHaveProperty(f, null);
  });

  it("401 without a session, and nothing is created", async () => {
    const tc = code();
    fails(await anon.post("/api/parcels", { tracking_code: tc, recipient_name: "X", destination: "Y" }), 401);
    fails(await anon.get(`/api/parcels/${tc}`), 404);
  });

  it("422 naming each missing required field", async () => {
    expect(fails(await admin.post("/api/parcels", {}), 422)).toEqual(["tracking_code is required", "recipient_name is required", "destination is required"]);
    expect(fails(await admin.post("/api/parcels", { tracking_code: " ", recipient_name: "", destination: "x" }), 422)).toContain("recipient_name is required");
    // Spaces alone are no value either, and nothing is stored.
    const before = ok(await admin.get("/api/parcels")).total;
    expect(fails(await admin.post("/api/parcels", { tracking_code: "BLANK-1", recipient_name: "   ", destination: "\t" }), 422)).toEqual([
      "recipient_name is required",
      "destination is required",
    ]);
    expect(ok(await admin.get("/api/parcels")).total).toBe(before);
  });

  it.each([
    [{ tracking_code: "has space" }, "tracking_code may hold only letters, digits and -"],
    [{ tracking_code: "A".repeat(65) }, "tracking_code must be at most 64 characters"],
    [{ recipient_name: "x".repeat(301) }, "recipient_name must be at most 300 characters"],
    [{ recipient_name: 42 }, "recipient_name must be text"],
    [{ recipient_email: "not-an-email" }, "recipient_email must be an e-mail address"],
    [{ sender_email: "a@" }, "sender_email must be an e-mail address"],
    [{ weight: "heavy" }, "weight must be a number"],
    [{ weight: -1 }, "weight must not be negative"],
    [{ weight: true }, "weight must be a number"],
    [{ declared_value: "-5" }, "declared_value must not be negative"],
    [{ map_zoom: 0 }, "map_zoom must be at least 1"],
    [{ map_zoom: 20 }, "map_zoom must be at most 19"],
    [{ map_zoom: 4.5 }, "map_zoom must be a whole number"],
    [{ map_pickup_latitude: 91 }, "map_pickup_latitude must be between -90 and 90"],
    [{ map_destination_longitude: -181 }, "map_destination_longitude must be between -180 and 180"],
    [{ show_map: "maybe" }, "show_map must be yes or no"],
    [{ show_map: "yes" }, "map_current_latitude is required when show_map is yes"],
    [{ min_expected_delivery_date: "2025-02-30" }, "min_expected_delivery_date must be a date as YYYY-MM-DD"],
    [{ max_expected_delivery_date: "31/12/2025" }, "max_expected_delivery_date must be a date as YYYY-MM-DD"],
    [
      { min_expected_delivery_date: "2025-05-10", max_expected_delivery_date: "2025-05-01" },
      "max_expected_delivery_date must not be before min_expected_delivery_date",
    ],
    [{ status: ["in", "transit"] }, "status must be text"],
  ])("422 for %j", async (bad, message) => {
    const errors = fails(await admin.post("/api/parcels", { tracking_code: code(), recipient_name: "Ann", destination: "Oslo", ...bad }), 422);
    expect(errors).toContain(message);
  });

  it('accepts numeric strings for numbers and treats "" as not set; ignores unknown fields and history', async () => {
    const d = ok(
      await admin.post("/api/parcels", {
        tracking_code: code(),
        recipient_name: "Num",
        destination: "Lima",
        weight: "12.5",
        declared_value: " 300 ",
        map_zoom: "7",
        map_pickup_latitude: "-33.9",
        map_pickup_longitude: "",
        show_map: "yes",
        map_current_latitude: "59.9",
        map_current_longitude: "10.75",
        history: [{ title: "fake" }],
        id: 999999,
        nonsense: "x",
      }),
      201,
    );
    expect(d).toMatchObject({
      weight: 12.5,
      declared_value: 300,
      map_zoom: 7,
      map_pickup_latitude: -33.9,
      map_pickup_longitude: null,
      show_map: "yes",
      history: [],
    });
    expect(d.id).not.toBe(999999);
    expect(d).not.toHaveProperty("nonsense");
  });

  it("takes JSON only: multipart is for file uploads (415, nothing created)", async () => {
    const tc = code();
    expect(fails(await admin.post("/api/parcels", form({ tracking_code: tc, recipient_name: "Form", destination: "Kyiv", weight: "3" })), 415)[0]).toMatch(
      /application\/json/,
    );
    fails(await admin.get(`/api/parcels/${tc}`), 404);
  });

  it("409 when the tracking code is taken", async () => {
    const p = await createParcel();
    expect(fails(await admin.post("/api/parcels", { tracking_code: p.tracking_code, recipient_name: "B", destination: "C" }), 409)).toEqual([
      "tracking_code is already taken",
    ]);
  });
});

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The export as bytes (a BOM included, which text decoding would drop) and as text without it. */
async function exportCsv(query = "") {
  const r = await fetch(`${t.url}/api/parcels/export.csv${query}`, { headers: admin.cookieHeader() });
  const bytes = Buffer.from(await r.arrayBuffer());
  return { r, bytes, text: bytes.subarray(3).toString("utf8") };
}

describe("GET /api/parcels/export.csv (admin)", () => {
  it('401 with admin "false" without a session; 422 for a bad search', async () => {
    expect((await anon.get("/api/parcels/export.csv")).json).toMatchObject({ status: "401", admin: "false" });
    expect(fails(await admin.get(`/api/parcels/export.csv?search=${"x".repeat(301)}`), 422)).toEqual(["search must be at most 300 characters"]);
  });

  it("a UTF-8 spreadsheet file: every field, quoted where needed, formulas defused, history counted", async () => {
    const tricky = await createParcel({
      recipient_name: '=HYPERLINK("http://evil.example","Click")',
      destination: 'Kraków, "Old Town"\nGate 2',
      sender_name: "@admin",
      weight: 2.5,
      show_map: "yes",
      map_current_latitude: 50.06,
      map_current_longitude: -19.94,
    });
    await addActivity(tricky.id, "Picked up");
    await addActivity(tricky.id, "Sorted");
    const { r, bytes, text } = await exportCsv(`?search=${tricky.tracking_code}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="parcels-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    expect(row.tracking_code).toBe(tricky.tracking_code);
    expect(row.recipient_name).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row.destination).toBe('Kraków, "Old Town"\nGate 2');
    expect(row.sender_name).toBe("'@admin");
    expect(row.weight).toBe("2.5");
    // Numbers stay numbers, minus sign and all.
    expect(row.map_current_longitude).toBe("-19.94");
    expect(row.recipient_email).toBe("");
    expect(row.history_entries).toBe("2");
    expect(row.notify_recipient).toBe("true");
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
    expect(header).not.toContain("unsubscribe_token");
  });

  it("streams every parcel, newest first, across its batches of 1 000", async () => {
    const now = Date.now();
    await db().parcel.createMany({
      data: Array.from({ length: 1_050 }, (_, i) => ({ tracking_code: `BULKCSV-${now}-${i}`, recipient_name: "Bulk", destination: "Oslo" })),
    });
    const total = await db().parcel.count();
    const rows = parseCsv((await exportCsv()).text).slice(1);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r[0])).size).toBe(total);
    const newest = await db().parcel.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(rows[0][0]).toBe(newest.tracking_code);
    const some = parseCsv((await exportCsv(`?search=bulkcsv-${now}-104`)).text);
    // 104 and 1040..1049: the list's search, case-insensitive.
    expect(
      some
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([104, ...Array.from({ length: 10 }, (_, i) => 1040 + i)].map((n) => `BULKCSV-${now}-${n}`).sort());
  });
});

describe("PATCH /api/parcels", () => {
  it('updates the given fields, keeps the rest, ignores history, clears with ""', async () => {
    const p = await createParcel({ status: "Booked", weight: 2, sender_name: "Shop" });
    await addActivity(p.id);
    const r = await admin.patch("/api/parcels", { id: p.id, status: "In transit", weight: "", history: [], current_location: "Hamburg" });
    const d = ok(r);
    expect(r.json.message).toBe("Parcel updated");
    expect(d).toMatchObject({ status: "In transit", weight: null, sender_name: "Shop", current_location: "Hamburg", recipient_name: "Ann Lee" });
    expect(d.history).toHaveLength(1);
  });

  it("404 for an unknown id; 422 without an id or with a bad one; 422 blanking a required field", async () => {
    fails(await admin.patch("/api/parcels", { id: 987654, status: "x" }), 404);
    expect(fails(await admin.patch("/api/parcels", { status: "x" }), 422)).toEqual(["id is required"]);
    expect(fails(await admin.patch("/api/parcels", { id: "abc" }), 422)).toEqual(["id must be a whole number"]);
    const p = await createParcel();
    expect(fails(await admin.patch("/api/parcels", { id: p.id, destination: "" }), 422)).toEqual(["destination is required"]);
  });

  it("checks the map rule against the stored parcel, and 409 for a taken code", async () => {
    const p = await createParcel();
    const other = await createParcel();
    expect(fails(await admin.patch("/api/parcels", { id: p.id, show_map: "yes" }), 422)).toEqual([
      "map_current_latitude is required when show_map is yes",
      "map_current_longitude is required when show_map is yes",
    ]);
    ok(await admin.patch("/api/parcels", { id: p.id, map_current_latitude: 1, map_current_longitude: 2 }));
    expect(ok(await admin.patch("/api/parcels", { id: p.id, show_map: "yes" })).show_map).toBe("yes");
    fails(await admin.patch("/api/parcels", { id: p.id, tracking_code: other.tracking_code }), 409);
  });

  it("401 without a session, and the parcel is unchanged", async () => {
    const p = await createParcel({ status: "Kept" });
    fails(await anon.patch("/api/parcels", { id: p.id, status: "Hacked" }), 401);
    expect(ok(await anon.get(`/api/parcels/${p.tracking_code}`)).status).toBe("Kept");
  });
});

describe("POST /api/parcels/image", () => {
  it("stores a PNG, serves it, and a JPEG replaces it (the old file is deleted)", async () => {
    const p = await createParcel();
    const r = await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(png()), "photo.png"] }));
    const d = ok(r);
    expect(r.json.message).toBe("Image saved");
    expect(d.image).toMatch(/^[a-f0-9]{32}\.png$/);
    const served = await fetch(`${t.url}/uploads/images/${d.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png())).toBe(true);

    const d2 = ok(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(jpeg()), "photo.jpeg"] })));
    expect(d2.image).toMatch(/\.jpg$/);
    expect(fs.existsSync(imageFile(d.image))).toBe(false);
    expect((await fetch(`${t.url}/uploads/images/${d.image}`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/images/${d2.image}`)).status).toBe(200);
  });

  it("415 for a file that is not a JPEG or PNG by content, whatever its name", async () => {
    const p = await createParcel();
    expect(fails(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(notAnImage(), "image/png"), "fake.png"] })), 415)[0]).toMatch(
      /^image must be a JPEG or PNG/,
    );
    fails(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(png()), "picture.gif"] })), 415);
    expect(ok(await admin.get(`/api/parcels?search=${p.tracking_code}`)).data[0].image).toBeNull();
  });

  it("413 for an image over the upload limit", async () => {
    const p = await createParcel();
    expect(fails(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(hugePng(UPLOAD_MAX + 10)), "big.png"] })), 413)[0]).toMatch(
      /^image must be at most/,
    );
  });

  it("422 without the image or the id; 404 for an unknown parcel; 401 without a session", async () => {
    const p = await createParcel();
    expect(fails(await admin.post("/api/parcels/image", form({ id: String(p.id) })), 422)).toEqual(["image is required"]);
    expect(fails(await admin.post("/api/parcels/image", form({ image: [file(png()), "a.png"] })), 422)).toEqual(["id is required"]);
    fails(await admin.post("/api/parcels/image", form({ id: "876543", image: [file(png()), "a.png"] })), 404);
    fails(await anon.post("/api/parcels/image", form({ id: String(p.id), image: [file(png()), "a.png"] })), 401);
  });
});

describe("DELETE /api/parcels", () => {
  it("deletes the parcel, its activities and its image file", async () => {
    const p = await createParcel();
    const a = await addActivity(p.id);
    const img = ok(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [file(png()), "a.png"] }))).image;
    expect(fs.existsSync(imageFile(img))).toBe(true);

    const r = await admin.delete("/api/parcels", { id: p.id });
    expect(ok(r)).toBeNull();
    expect(r.json.message).toBe("Parcel deleted");
    fails(await anon.get(`/api/parcels/${p.tracking_code}`), 404);
    fails(await admin.patch("/api/activities", { id: a.id, title: "Ghost" }), 404);
    const gql = await admin.gql(`query($id: Int!) { activity(id: $id) { id } }`, { id: a.id });
    expect(gql.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(fs.existsSync(imageFile(img))).toBe(false);
    expect((await fetch(`${t.url}/uploads/images/${img}`)).status).toBe(404);
  });

  it("404 for an unknown id, 422 without one, 401 without a session (nothing deleted)", async () => {
    fails(await admin.delete("/api/parcels", { id: 765432 }), 404);
    expect(fails(await admin.delete("/api/parcels", {}), 422)).toEqual(["id is required"]);
    const p = await createParcel();
    fails(await anon.delete("/api/parcels", { id: p.id }), 401);
    ok(await anon.get(`/api/parcels/${p.tracking_code}`));
  });
});

describe("POST /api/activities", () => {
  it("201 with the derived month, day and time, and the default icon and colour", async () => {
    const p = await createParcel();
    const r = await admin.post("/api/activities", { parcel_id: String(p.id), title: "Arrived", description: "d".repeat(2000) });
    const a = ok(r, 201);
    expect(r.json.message).toBe("Activity created");
    const at = new Date(a.created_at);
    expect(a).toMatchObject({ parcel_id: p.id, icon: "airplanemode_active", color: "green" });
    expect(a.created_at_day).toBe(String(at.getUTCDate()).padStart(2, "0"));
    expect(a.created_at_time).toBe(`${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`);
  });

  it("422 for missing fields and values outside the seed's lists; 404 for an unknown parcel; 401", async () => {
    expect(fails(await admin.post("/api/activities", {}), 422)).toEqual(["parcel_id is required", "title is required", "description is required"]);
    const p = await createParcel();
    const base = { parcel_id: p.id, title: "T", description: "D" };
    expect(fails(await admin.post("/api/activities", { ...base, icon: "rocket" }), 422)[0]).toMatch(/^icon must be one of/);
    expect(fails(await admin.post("/api/activities", { ...base, color: "pink" }), 422)).toEqual(["color must be one of green, black, gold, red"]);
    expect(fails(await admin.post("/api/activities", { ...base, title: "t".repeat(301) }), 422)).toEqual(["title must be at most 300 characters"]);
    expect(fails(await admin.post("/api/activities", { ...base, parcel_id: 1.5 }), 422)).toEqual(["parcel_id must be a whole number"]);
    fails(await admin.post("/api/activities", { ...base, parcel_id: 998877 }), 404);
    fails(await anon.post("/api/activities", base), 401);
    expect(ok(await admin.post("/api/activities", { ...base, icon: "local_shipping", color: "gold" }), 201)).toMatchObject({
      icon: "local_shipping",
      color: "gold",
    });
  });
});

describe("PATCH /api/activities", () => {
  it("edits an entry; 404 unknown; 422 for another parcel or a blank title; 401", async () => {
    const p = await createParcel();
    const a = await addActivity(p.id);
    const r = await admin.patch("/api/activities", { id: a.id, title: "Delivered", icon: "check_circle" });
    expect(ok(r)).toMatchObject({ id: a.id, title: "Delivered", icon: "check_circle", description: "Left the hub" });
    expect(r.json.message).toBe("Activity updated");
    fails(await admin.patch("/api/activities", { id: 554433, title: "x" }), 404);
    const other = await createParcel();
    expect(fails(await admin.patch("/api/activities", { id: a.id, parcel_id: other.id }), 422)).toEqual([
      "parcel_id must be the parcel this activity belongs to",
    ]);
    expect(fails(await admin.patch("/api/activities", { id: a.id, title: "" }), 422)).toEqual(["title is required"]);
    fails(await anon.patch("/api/activities", { id: a.id, title: "x" }), 401);
  });
});

describe("DELETE /api/activities", () => {
  it("removes the entry from the parcel's history; 404 the second time; 401", async () => {
    const p = await createParcel();
    const a = await addActivity(p.id);
    fails(await anon.delete("/api/activities", { id: a.id }), 401);
    const r = await admin.delete("/api/activities", { id: a.id });
    expect(ok(r)).toBeNull();
    expect(r.json.message).toBe("Activity deleted");
    expect(ok(await anon.get(`/api/parcels/${p.tracking_code}`)).history).toEqual([]);
    fails(await admin.delete("/api/activities", { id: a.id }), 404);
  });
});
