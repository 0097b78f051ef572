// Heavy work (server/core/jobs.ts): one export, import, label batch and scan batch at a time per
// member or API key (429 for a second meanwhile), the slot given back however the work ends (an
// error, the client gone), and the export's bytes those of the plain Prisma reading.
import "reflect-metadata";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, form, ok } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { csvStream } from "../../server/modules/common/csv.js";
import { CSV_COLUMNS } from "../../server/modules/parcel/parcel.export.js";

const PARCELS = 20_000;
const code = (i: number) => `HJ-${String(i).padStart(6, "0")}`;

let t: TestApp;
let admin: Client;
let keyed: Client;

/** A second caller: an API key with every scope these routes take. */
async function keyClient(): Promise<Client> {
  const made = await admin.gql(
    `mutation { createApiKey(input: { name: "Heavy", scopes: ["parcels:read", "parcels:write", "history:write"], rate_limit: 1000 }) { key } }`,
  );
  const key = made.data.createApiKey.key as string;
  const c = new Client(t.url);
  const request = c.request.bind(c);
  c.request = (method, path, body, headers = {}) => request(method, path, body, { authorization: `Bearer ${key}`, ...headers });
  return c;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  keyed = await keyClient();
  // Many parcels (several batches of the export), written straight; a few with every kind of cell.
  for (let i = 0; i < PARCELS; i += 2000) {
    await db().parcel.createMany({
      data: Array.from({ length: Math.min(2000, PARCELS - i) }, (_, k) => ({
        tracking_code: code(i + k),
        recipient_name: `Recipient ${i + k}`,
        destination: "Lyon, FR",
      })),
    });
  }
  await db().parcel.create({
    data: {
      tracking_code: "HJ-ODD",
      recipient_name: '=HYPERLINK("x"), "quoted"',
      destination: "Line\nbreak; semi",
      weight: 0.125,
      declared_value: 1e21,
      notify_recipient: false,
      protect_details: true,
      show_map: "yes",
      map_current_latitude: -33.5,
      map_current_longitude: 151.25,
      recipient_language: "de",
      min_expected_delivery_date: "2026-01-02",
      status_code: "in_transit",
      sender_name: "Zoë Ångström 東京",
      history: {
        create: [
          { title: "One", description: "d", icon: "x", color: "green" },
          { title: "Two", description: "d", icon: "x", color: "green" },
        ],
      },
    },
  });
  const first = await db().parcel.findUniqueOrThrow({ where: { tracking_code: code(0) } });
  await db().activity.createMany({
    data: Array.from({ length: 3 }, (_, k) => ({ parcel_id: first.id, title: `T${k}`, description: "", icon: "x", color: "blue" })),
  });
}, 120_000);
afterAll(async () => t?.close());

/** The CSV as the export made it before it read on the driver: Prisma's rows with their history counted. */
async function prismaCsv(): Promise<string> {
  const rows = await db().parcel.findMany({ orderBy: { id: "desc" }, include: { _count: { select: { history: true } } } });
  const stream = csvStream(
    CSV_COLUMNS,
    (async function* () {
      yield rows.map((p) => ({ ...p, history_entries: p._count.history }));
    })(),
  );
  let text = "";
  for await (const chunk of stream) text += chunk;
  return text;
}

/** The export's text as sent, byte-order mark included (fetch's text() drops it). */
async function exportText(query = "") {
  const r = await fetch(`${t.url}/api/parcels/export.csv${query}`, { headers: admin.cookieHeader() });
  return { status: r.status, type: r.headers.get("content-type"), text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await r.arrayBuffer()) };
}

/** A GET whose answer is left unread (the client holds the download open); resolves with the answer's head. */
function openDownload(path: string, headers: Record<string, string>): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}${path}`, { headers, agent: false }, (res) => {
      res.pause();
      resolve({ res, req });
    });
    req.on("error", reject);
  });
}

/** Asks until `fn` answers something else than 429 (the slot is given back a moment after the close). */
async function untilFree<T extends { status: number }>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    const r = await fn();
    if (r.status !== 429 || i > 50) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("GET /api/parcels/export.csv", () => {
  it("answers the bytes of the plain Prisma reading, every parcel newest first with its history counted", async () => {
    const r = await exportText();
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/csv; charset=utf-8");
    const expected = await prismaCsv();
    expect(r.text.length).toBe(expected.length);
    expect(r.text === expected).toBe(true);
    const lines = r.text.split("\r\n");
    expect(lines.length).toBe(PARCELS + 3); // the header, every parcel, and after the last CRLF nothing
    expect(lines[1].startsWith("HJ-ODD,")).toBe(true);
  });

  it("with a search (read through Prisma) answers the same bytes for the same parcels", async () => {
    const all = await exportText();
    const searched = await exportText("?search=hj-");
    expect(searched.status).toBe(200);
    expect(searched.text === all.text).toBe(true);
    const one = await admin.get(`/api/parcels/export.csv?search=${code(123)}`);
    expect(one.text.split("\r\n").length).toBe(3);
  });

  it("refuses a second export of the same member while one streams (429), not another caller's; the slot comes back when the client goes away", async () => {
    const cookie = admin.cookieHeader();
    const first = await openDownload("/api/parcels/export.csv", cookie);
    expect(first.res.statusCode).toBe(200);
    const second = await admin.get("/api/parcels/export.csv");
    expect(fails(second, 429)).toEqual(["You are already running an export; wait for it to finish, then try again"]);
    // The audit log's CSV is an export too.
    fails(await admin.get("/api/audit?format=csv"), 429);
    // Another caller is not held up (the key has no parcels.export: 403, not 429).
    expect((await keyed.get("/api/parcels/export.csv")).status).toBe(403);
    first.req.destroy();
    const again = await untilFree(() => admin.get("/api/parcels/export.csv"));
    expect(again.status).toBe(200);
    expect(again.text.startsWith("tracking_code,")).toBe(true);
  });

  it("gives the slot back when the download ends", async () => {
    expect((await admin.get("/api/parcels/export.csv?search=HJ-000001")).status).toBe(200);
    expect((await admin.get("/api/parcels/export.csv?search=HJ-000002")).status).toBe(200);
    expect((await admin.get("/api/audit?format=csv")).status).toBe(200);
  });
});

describe("POST /api/parcels/import", () => {
  const csv = (from: number, n: number, note: string) =>
    [
      "tracking_code,recipient_name,destination,parcel_content",
      ...Array.from({ length: n }, (_, i) => `IMPJ-${from + i},Import ${from + i},Utrecht,${note}`),
    ].join("\r\n");
  const upload = (c: Client, text: string, query = "") =>
    c.post(`/api/parcels/import${query}`, form({ file: [new Blob([text], { type: "text/csv" }), "p.csv"] }));

  it("answers the contract's result for a file of many rows written in several batches, then updates only what changed", async () => {
    const d = ok(await upload(admin, csv(0, 1200, "Books")));
    expect(d).toMatchObject({ created: 1200, updated: 0, failed: 0 });
    expect(d.rows).toHaveLength(1200);
    expect(d.rows[1199]).toEqual({ row: 1201, tracking_code: "IMPJ-1199", action: "create", errors: [] });
    const before = await db().parcel.findUniqueOrThrow({ where: { tracking_code: "IMPJ-7" } });
    const again = ok(await upload(admin, csv(0, 1200, "Maps")));
    expect(again).toMatchObject({ created: 0, updated: 1200, failed: 0 });
    const after = await db().parcel.findUniqueOrThrow({ where: { tracking_code: "IMPJ-7" } });
    expect(after.parcel_content).toBe("Maps");
    expect(after.version).toBe(before.version + 1);
    expect(await db().parcel.count({ where: { tracking_code: { startsWith: "IMPJ-" }, parcel_content: "Maps" } })).toBe(1200);
    // The same file again changes nothing and writes nothing, answered as updates.
    expect(ok(await upload(admin, csv(0, 1200, "Maps")))).toMatchObject({ created: 0, updated: 1200, failed: 0 });
    expect((await db().parcel.findUniqueOrThrow({ where: { tracking_code: "IMPJ-7" } })).version).toBe(after.version);
  });

  it("refuses a second import of the same caller at once (429); another caller's goes on", async () => {
    const file = csv(5000, 1500, "A");
    const results = await Promise.all([upload(admin, file), upload(admin, file), upload(keyed, csv(8000, 10, "C"))]);
    const [done, refused] = results[0].status === 200 ? [results[0], results[1]] : [results[1], results[0]];
    expect(fails(refused, 429)).toEqual(["You are already running an import; wait for it to finish, then try again"]);
    expect(ok(done)).toMatchObject({ created: 1500, updated: 0 });
    expect(ok(results[2])).toMatchObject({ created: 10 });
    // Given back after it ended, and after a refused file too.
    fails(await upload(admin, "not,a,header\r\n1,2,3"), 422);
    expect(ok(await upload(admin, csv(7000, 10, "B"), "?dry_run=true"))).toMatchObject({ created: 10 });
  });
});

describe("GET /api/labels.pdf and POST /api/scans", () => {
  const codes = (from: number, n: number) => Array.from({ length: n }, (_, i) => code(from + i));

  it("one batch of labels at a time per caller; given back after an error", async () => {
    const list = codes(0, 60).join(",");
    const results = await Promise.all([
      admin.get(`/api/labels.pdf?codes=${list}`),
      admin.get(`/api/labels.pdf?codes=${list}`),
      keyed.get(`/api/labels.pdf?codes=${list}`),
    ]);
    const [a, b] = results[0].status === 200 ? [results[0], results[1]] : [results[1], results[0]];
    expect([a.status, b.status, results[2].status]).toEqual([200, 429, 200]);
    expect(a.headers.get("content-type")).toBe("application/pdf");
    expect(a.text.startsWith("%PDF-")).toBe(true);
    expect(fails(b, 429)).toEqual(["You are already running a batch of labels; wait for it to finish, then try again"]);
    fails(await admin.get(`/api/labels.pdf?codes=${code(1)},NO-SUCH-CODE`), 404);
    expect((await admin.get(`/api/labels.pdf?codes=${code(1)},${code(2)}`)).status).toBe(200);
  });

  it("one batch of scans at a time per caller; the other's entries are all written", async () => {
    const body = { codes: codes(100, 500), status_code: "in_transit", place: "Heavy hub" };
    const results = await Promise.all([
      admin.post("/api/scans", body),
      admin.post("/api/scans", body),
      keyed.post("/api/scans", { ...body, codes: codes(700, 500) }),
    ]);
    const [a, b] = results[0].status === 200 ? [results[0], results[1]] : [results[1], results[0]];
    const c = results[2];
    expect([a.status, b.status, c.status]).toEqual([200, 429, 200]);
    expect(fails(b, 429)).toEqual(["You are already running a batch of scans; wait for it to finish, then try again"]);
    expect(ok(a).filter((o: { error: unknown }) => o.error === null)).toHaveLength(500);
    expect(ok(c).filter((o: { error: unknown }) => o.error === null)).toHaveLength(500);
    const p = await db().parcel.findUniqueOrThrow({ where: { tracking_code: code(350) } });
    expect(p.current_location).toBe("Heavy hub");
    expect(ok(await admin.post("/api/scans", { codes: [code(1)], status_code: "in_transit" }))[0].error).toBeNull();
  });
});
