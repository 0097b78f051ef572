// Bulk events (POST /api/scans, GraphQL scanParcels): one service, each code answered in order with
// its entry or its error, idempotent by scan_id (also for two identical requests at once), and
// everything a single entry does: status, place, webhooks, notifications, cached views.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok } from "../fixtures/rest.js";
import { expectFieldError } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";
import { settleWebhooks } from "../../server/modules/webhook/webhook.service.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";

const SCAN = `mutation($i: ScanParcelsInput!) { scanParcels(input: $i) { code recipient_name error { code message } activity { id parcel_id title description status_code status_reason icon color created_at } } }`;
const DELETE = `mutation($id: Int!) { deleteActivity(id: $id) }`;

let t: TestApp;
let admin: Client;
let anon: Client;
const ids = new Map<string, number>();

async function parcel(code: string, extra: Record<string, unknown> = {}) {
  const r = await admin.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
    i: { tracking_code: code, recipient_name: `Recipient ${code}`, destination: "Lyon", ...extra },
  });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  ids.set(code, r.data.createParcel.id);
  return r.data.createParcel.id as number;
}
const row = (code: string) => db().parcel.findUniqueOrThrow({ where: { tracking_code: code } });
const scan = async (body: Record<string, unknown>) => ok(await admin.post("/api/scans", body));

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

describe("access and input", () => {
  it("answers 401 without a session through both doors and writes nothing", async () => {
    await parcel("GUARD-1");
    const r = await anon.post("/api/scans", { codes: ["GUARD-1"], status_code: "picked_up" });
    expect(fails(r, 401)).toBeTruthy();
    expect(r.json.admin).toBe("false");
    const g = await anon.gql(SCAN, { i: { codes: ["GUARD-1"], status_code: "picked_up" } });
    expect(g.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(await db().activity.count({ where: { parcel_id: ids.get("GUARD-1") } })).toBe(0);
  });

  it("answers 422 naming the field for bad input", async () => {
    const bad = async (body: Record<string, unknown>, pattern: RegExp) => {
      const errors = fails(await admin.post("/api/scans", body), 422);
      expect(errors.join("\n")).toMatch(pattern);
    };
    await bad({ codes: [], status_code: "picked_up" }, /^codes must hold 1 to 500/m);
    await bad({ codes: Array.from({ length: 501 }, (_, i) => `C${i}`), status_code: "picked_up" }, /^codes must hold 1 to 500/m);
    await bad({ status_code: "picked_up" }, /^codes is required/m);
    await bad({ codes: "GUARD-1", status_code: "picked_up" }, /^codes must/m);
    await bad({ codes: [42], status_code: "picked_up" }, /^codes must be text/m);
    await bad({ codes: ["GUARD-1"], status_code: "teleported" }, /^status_code must be one of pending/m);
    await bad({ codes: ["GUARD-1"] }, /^status_code is required/m);
    await bad({ codes: ["GUARD-1"], status_code: "picked_up", latitude: 91, longitude: 2 }, /^latitude must be between -90 and 90/m);
    await bad({ codes: ["GUARD-1"], status_code: "picked_up", latitude: "north", longitude: 2 }, /^latitude must be a number/m);
    await bad({ codes: ["GUARD-1"], status_code: "picked_up", latitude: 45 }, /^longitude is required with latitude/m);
    await bad({ codes: ["GUARD-1", "GUARD-2"], status_code: "picked_up", scan_ids: ["a"] }, /^scan_ids must hold one id per code \(2\)/m);
    await bad(
      { codes: ["GUARD-1"], status_code: "picked_up", scanned_at: new Date(Date.now() + 3600_000).toISOString() },
      /^scanned_at must be an ISO 8601 date-time/m,
    );
    await bad({ codes: ["GUARD-1"], status_code: "delivery_failed", status_reason: "bored" }, /^status_reason must be one of nobody_home/m);
    await bad({ codes: [null], status_code: "picked_up" }, /^codes must be text/m);
    await bad({ codes: ["GUARD-1"], status_code: "picked_up", scan_ids: ["\uD800"] }, /^scan_ids contains an id that is blank/m);
    await bad({ codes: ["GUARD-1"], status_code: "picked_up", scan_ids: [" "] }, /^scan_ids contains an id that is blank/m);
    // Text that can be no code is that code's error, not the request's.
    const odd = ok(await admin.post("/api/scans", { codes: ["\u0000", "\uD800", "x".repeat(100)], status_code: "picked_up" }));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(odd.map((o: any) => o.error.code)).toEqual(["INVALID_CODE", "INVALID_CODE", "INVALID_CODE"]);
    // GraphQL names the same fields.
    expectFieldError(await admin.gql(SCAN, { i: { codes: [], status_code: "picked_up" } }), "codes", /1 to 500/);
    expectFieldError(
      await admin.gql(SCAN, { i: { codes: ["GUARD-1"], status_code: "picked_up", latitude: -100, longitude: 0 } }),
      "latitude",
      /between -90 and 90/,
    );
    expect(await db().activity.count({ where: { parcel_id: ids.get("GUARD-1") } })).toBe(0);
  });
});

describe("each code answered in order", () => {
  it("adds the entry with its status, icon, colour, title and place, or names each code's error", async () => {
    await parcel("ORD-1", { status_code: "pending" });
    await parcel("ORD-2", { status_code: "delivered" });
    await parcel("ORD-3", { status_code: "cancelled" });
    const out = await scan({
      codes: ["ORD-1", "NOPE-404", "not a code!", "ORD-2", "ORD-3"],
      status_code: "in_transit",
      title: "Arrived at hub",
      place: "Lyon hub",
      latitude: 45.75,
      longitude: 4.85,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(out.map((o: any) => [o.code, o.error?.code ?? null])).toEqual([
      ["ORD-1", null],
      ["NOPE-404", "UNKNOWN_CODE"],
      ["not a code!", "INVALID_CODE"],
      ["ORD-2", "ALREADY_DELIVERED"],
      ["ORD-3", "NOT_ALLOWED"],
    ]);
    expect(out[0]).toMatchObject({ recipient_name: "Recipient ORD-1", error: null });
    expect(out[0].activity).toMatchObject({
      title: "Arrived at hub",
      description: "Lyon hub",
      status_code: "in_transit",
      icon: "local_shipping",
      color: "green",
    });
    expect(out[1].activity).toBeNull();
    expect(out[3]).toMatchObject({ recipient_name: "Recipient ORD-2", error: { message: "Already delivered" } });
    const p = await row("ORD-1");
    expect(p).toMatchObject({ status_code: "in_transit", current_location: "Lyon hub", map_current_latitude: 45.75, map_current_longitude: 4.85 });
    expect((await row("ORD-2")).status_code).toBe("delivered");
    // Internal columns are never served.
    expect(Object.keys(out[0].activity)).not.toContain("scan_id");
    const pub = ok(await anon.get("/api/parcels/ORD-1"));
    expect(pub.history[0]).not.toHaveProperty("replaced_status_code");
    expect(pub.current_location).toBe("Lyon hub");
  });

  it("takes returned_to_sender after delivered, nothing after returned_to_sender", async () => {
    await parcel("RET-1", { status_code: "delivered" });
    expect((await scan({ codes: ["RET-1"], status_code: "returned_to_sender" }))[0]).toMatchObject({ error: null, activity: { title: "Returned to sender" } });
    expect((await scan({ codes: ["RET-1"], status_code: "in_transit" }))[0].error.code).toBe("NOT_ALLOWED");
  });

  it("titles a failed attempt with its reason and keeps the reason on the entry and the parcel", async () => {
    await parcel("FAIL-1");
    const [o] = await scan({ codes: ["FAIL-1"], status_code: "delivery_failed", status_reason: "nobody_home" });
    expect(o.activity).toMatchObject({
      title: "Delivery attempt failed: nobody home",
      status_code: "delivery_failed",
      status_reason: "nobody_home",
      color: "red",
    });
    expect(await row("FAIL-1")).toMatchObject({ status_code: "delivery_failed", status_reason: "nobody_home" });
  });

  it("back-dates with scanned_at without moving a newer status or place", async () => {
    await parcel("BACK-1");
    await scan({ codes: ["BACK-1"], status_code: "out_for_delivery", place: "Van 7" });
    const then = new Date(Date.now() - 3600_000).toISOString();
    const [o] = await scan({ codes: ["BACK-1"], status_code: "picked_up", scanned_at: then, place: "Depot" });
    expect(new Date(o.activity.created_at).toISOString()).toBe(then);
    expect(await row("BACK-1")).toMatchObject({ status_code: "out_for_delivery", current_location: "Van 7" });
  });

  it("the GraphQL door answers the same way", async () => {
    await parcel("GQL-1");
    const r = await admin.gql(SCAN, { i: { codes: ["GQL-1", "GQL-404"], status_code: "picked_up" } });
    expect(r.errors).toBeUndefined();
    expect(r.data.scanParcels[0]).toMatchObject({ code: "GQL-1", error: null, activity: { title: "Picked up", status_code: "picked_up", icon: "moped" } });
    expect(r.data.scanParcels[1]).toMatchObject({ code: "GQL-404", activity: null, error: { code: "UNKNOWN_CODE" } });
  });
});

describe("idempotency by scan_id", () => {
  it("a retried request adds nothing twice and answers the first entries", async () => {
    await parcel("IDEM-1");
    await parcel("IDEM-2");
    const body = { codes: ["IDEM-1", "IDEM-2"], status_code: "picked_up", scan_ids: ["s-1", "s-2"] };
    const first = await scan(body);
    const again = await scan(body);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(again.map((o: any) => o.activity.id)).toEqual(first.map((o: any) => o.activity.id));
    expect(await db().activity.count({ where: { parcel_id: ids.get("IDEM-1") } })).toBe(1);
    // The same id on another parcel, or another id on the same parcel, is a new scan.
    const other = await scan({ codes: ["IDEM-1"], status_code: "in_transit", scan_ids: ["s-3"] });
    expect(other[0].activity.id).not.toBe(first[0].activity.id);
    expect(await db().activity.count({ where: { parcel_id: ids.get("IDEM-1") } })).toBe(2);
  });

  it("two identical requests at once add each entry once", async () => {
    const codes = Array.from({ length: 20 }, (_, i) => `RACE-${i}`);
    for (const c of codes) await parcel(c);
    const body = { codes, status_code: "in_transit", place: "Hub", scan_ids: codes.map((c) => `race-${c}`) };
    // Two callers (one caller runs one batch of scans at a time: tests/integration/heavy-jobs.test.ts): a member and a scanner's key.
    const made = await admin.gql(`mutation { createApiKey(input: { name: "Scanner", scopes: ["history:write"] }) { key } }`);
    const key = made.data.createApiKey.key as string;
    const [a, b] = await Promise.all([admin.post("/api/scans", body), anon.post("/api/scans", body, { authorization: `Bearer ${key}` })]);
    const [ra, rb] = [ok(a), ok(b)];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(ra.map((o: any) => o.activity.id)).toEqual(rb.map((o: any) => o.activity.id));
    const parcelIds = codes.map((c) => ids.get(c)!);
    expect(await db().activity.count({ where: { parcel_id: { in: parcelIds } } })).toBe(20);
    for (const c of codes) expect((await row(c)).status_code).toBe("in_transit");
  });
});

describe("as for one entry", () => {
  it("queues webhooks and notifies the recipient once per status", async () => {
    const hook = await db().webhook.create({
      data: { url: "http://127.0.0.1:9/none", events: "history.added,status.changed,parcel.delivered", secret: "s".repeat(32) },
    });
    await parcel("HOOK-1", { recipient_email: "hook1@example.com" });
    await scan({ codes: ["HOOK-1"], status_code: "delivered" });
    await settleWebhooks();
    await settleNotifications();
    const events = (await db().webhookDelivery.findMany({ where: { webhook_id: hook.id } })).map((d) => d.event).sort();
    expect(events).toEqual(["history.added", "parcel.delivered", "status.changed"]);
    const payload = JSON.parse((await db().webhookDelivery.findFirstOrThrow({ where: { webhook_id: hook.id, event: "history.added" } })).payload);
    expect(payload.data.parcel.tracking_code).toBe("HOOK-1");
    expect(payload.data.activity).not.toHaveProperty("scan_id");
    expect(await db().parcelNotification.count({ where: { parcel_id: ids.get("HOOK-1"), status_code: "delivered" } })).toBe(1);
    await db().webhook.delete({ where: { id: hook.id } });
  });

  it("the public view changes at once (its cache is forgotten)", async () => {
    await parcel("CACHE-1", { status_code: "pending" });
    expect(ok(await anon.get("/api/parcels/CACHE-1")).status_code).toBe("pending");
    await scan({ codes: ["CACHE-1"], status_code: "out_for_delivery" });
    expect(ok(await anon.get("/api/parcels/CACHE-1")).status_code).toBe("out_for_delivery");
  });

  it("undo: deleting the scanned entry restores the parcel's status", async () => {
    await parcel("UNDO-1", { status_code: "pending" });
    const [a] = await scan({ codes: ["UNDO-1"], status_code: "picked_up" });
    const [b] = await scan({ codes: ["UNDO-1"], status_code: "delivery_failed", status_reason: "refused" });
    expect((await row("UNDO-1")).status_code).toBe("delivery_failed");
    expect((await admin.gql(DELETE, { id: b.activity.id })).data.deleteActivity).toBe(true);
    expect(await row("UNDO-1")).toMatchObject({ status_code: "picked_up", status_reason: null });
    expect(ok(await anon.get("/api/parcels/UNDO-1")).status_code).toBe("picked_up");
    ok(await admin.delete("/api/activities", { id: a.activity.id }));
    expect((await row("UNDO-1")).status_code).toBe("pending");
    // Deleting an older entry leaves the status the newer one set.
    const [c] = await scan({ codes: ["UNDO-1"], status_code: "picked_up" });
    await scan({ codes: ["UNDO-1"], status_code: "in_transit" });
    await admin.gql(DELETE, { id: c.activity.id });
    expect((await row("UNDO-1")).status_code).toBe("in_transit");
  });
});

describe("500 codes", () => {
  it("answers all in order (the time is printed, not bounded: npm run bench measures speed)", async () => {
    const codes = Array.from({ length: 500 }, (_, i) => `BULK-${String(i).padStart(3, "0")}`);
    await db().parcel.createMany({ data: codes.map((c) => ({ tracking_code: c, recipient_name: `R ${c}`, destination: "D", status_code: "pending" })) });
    codes[250] = "BULK-MISSING";
    const started = performance.now();
    const out = await scan({ codes, status_code: "in_transit", place: "Paris hub", scan_ids: codes.map((c) => `bulk-${c}`) });
    const ms = performance.now() - started;
    console.log(`[scans] 500 codes on ${process.env.TEST_DB ?? "sqlite"}: ${Math.round(ms)} ms`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(out.map((o: any) => o.code)).toEqual(codes);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(out.filter((o: any) => o.error).map((o: any) => o.code)).toEqual(["BULK-MISSING"]);
    expect(await db().parcel.count({ where: { tracking_code: { startsWith: "BULK-" }, status_code: "in_transit", current_location: "Paris hub" } })).toBe(499);
    const retry = performance.now();
    const again = await scan({ codes, status_code: "in_transit", place: "Paris hub", scan_ids: codes.map((c) => `bulk-${c}`) });
    console.log(`[scans] retry of 500 codes: ${Math.round(performance.now() - retry)} ms`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(again.map((o: any) => o.activity?.id ?? null)).toEqual(out.map((o: any) => o.activity?.id ?? null));
    expect(await db().activity.count({ where: { scan_id: { startsWith: "bulk-" } } })).toBe(499);
  }, 60_000);
});
