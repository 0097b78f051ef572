// The delivery day (api-contract.md section 11) through both doors: the dispatch board, runs (409 for a
// stop on two runs, 422 for a member who is no courier, planned-only edits), the optimised order, start
// (out for delivery, windows, mails), positions (only the run's courier, only while started), the live
// part of the public view under the privacy tier, stops settled by a scan, a proof and a failed attempt,
// skip, the run finished, positions purged.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { makePng } from "../helpers/images.js";
import { subscribeLive } from "../helpers/live.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";
import { purgePositions } from "../../server/modules/dispatch/positions.service.js";
import { exactOrder, greatCircleMatrix, roundLength } from "../../server/modules/dispatch/route.order.js";

const DATE = "2026-03-02";
const DEPOT = { latitude: 52.37, longitude: 4.89 };
const RUN_FIELDS = `id courier_id date status start { latitude longitude } distance_km duration_min stops { id seq kind tracking_code pickup_id status eta done_at window { from to } address { text latitude longitude } }`;
const LIVE = `live { window { from to } stops_before courier { latitude longitude at } }`;

let t: TestApp;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let other: Client;
let anon: Client;
const memberId: Record<string, number> = {};
let n = 0;

async function member(role: "dispatcher" | "courier", email: string): Promise<Client> {
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  const row = await db().admin.create({ data: { email, password_hash: await hashPassword("delivery-day-password-1"), role } });
  memberId[email] = row.id;
  const c = new Client(t.url);
  expect((await c.post("/api/admins/auth/signin", { email, password: "delivery-day-password-1" })).status).toBe(200);
  return c;
}

/** A parcel waiting for delivery (in transit) at a point east of the depot. */
async function parcel(east: number, extra: Record<string, unknown> = {}) {
  const code = `DD-${process.pid % 1000}-${++n}`;
  ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: `Recipient ${n}`,
      recipient_email: `r${n}@example.com`,
      destination: `Street ${n}, Amsterdam`,
      map_destination_latitude: DEPOT.latitude,
      map_destination_longitude: DEPOT.longitude + east,
      parcel_content: `Books ${n}`,
      ...extra,
    }),
    201,
  );
  ok(await owner.post("/api/scans", { codes: [code], status_code: "in_transit" }));
  return code;
}
const stopsOf = (codes: string[]) => codes.map((tracking_code) => ({ tracking_code }));
const track = async (code: string, verify?: string) => ok(await anon.get(`/api/parcels/${code}${verify ? `?verify=${encodeURIComponent(verify)}` : ""}`));
const gtrack = async (code: string, verify?: string) => {
  const r = await anon.gql(`query($c: String!, $v: String) { parcel(trackingCode: $c, verify: $v) { tracking_code ${LIVE} } }`, { c: code, v: verify ?? null });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.parcel;
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  dispatcher = await member("dispatcher", "dispatcher@day.example");
  courier = await member("courier", "courier@day.example");
  other = await member("courier", "other@day.example");
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

describe("settings and access", () => {
  it("the delivery day's settings: PATCH /api/settings group and GraphQL, 422 naming the field", async () => {
    const s = ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude, stop_minutes: 5 }));
    expect(s).toMatchObject({
      depot_latitude: DEPOT.latitude,
      depot_longitude: DEPOT.longitude,
      courier_speed_kmh: 25,
      stop_minutes: 5,
      notify_stops_before: 3,
    });
    expect(fails(await owner.patch("/api/settings", { depot_latitude: 95 }), 422).join()).toMatch(/depot_latitude/);
    expect(fails(await owner.patch("/api/settings", { depot_latitude: null }), 422).join()).toMatch(/depot_latitude is required with depot_longitude/);
    const g = await owner.gql(`mutation($i: DispatchSettingsInput!) { updateDispatchSettings(input: $i) { stop_minutes notify_stops_before } }`, {
      i: { stop_minutes: 4, notify_stops_before: 1 },
    });
    expect(g.data.updateDispatchSettings).toEqual({ stop_minutes: 4, notify_stops_before: 1 });
    // Only the owner changes settings.
    expect((await dispatcher.patch("/api/settings", { stop_minutes: 1 })).status).toBe(403);
  });

  it("the board needs dispatch: 401 signed out, 403 for a courier, both doors", async () => {
    expect(fails(await anon.get(`/api/dispatch?date=${DATE}`), 401)).toBeTruthy();
    expect(fails(await courier.get(`/api/dispatch?date=${DATE}`), 403).join()).toMatch(/dispatch/);
    const g = await courier.gql(`{ dispatch(date: "${DATE}") { date } }`);
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(fails(await dispatcher.get(`/api/dispatch?date=2026-13-01`), 422).join()).toMatch(/^date must be a date/);
    expect(fails(await courier.post("/api/runs", { courier_id: 1, date: DATE, stops: [] }), 403)).toBeTruthy();
  });
});

describe("the board's couriers and depot", () => {
  it("names the members a run may go to (active couriers and dispatchers, not the owner) and the depot, both doors", async () => {
    const board = ok(await dispatcher.get(`/api/dispatch?date=${DATE}`));
    const emails = board.couriers.map((c: { email: string }) => c.email);
    expect(emails).toEqual(expect.arrayContaining(["courier@day.example", "dispatcher@day.example", "other@day.example"]));
    expect(board.couriers.find((c: { email: string }) => c.email === "courier@day.example")).toEqual({
      id: memberId["courier@day.example"],
      email: "courier@day.example",
      name: null,
      role: "courier",
    });
    expect(board.couriers.some((c: { role: string }) => c.role === "owner")).toBe(false);
    expect(board.depot).toEqual(DEPOT);
    const g = await dispatcher.gql(`{ dispatch(date: "${DATE}") { depot { latitude longitude } couriers { id email name role } } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data.dispatch.couriers).toEqual(board.couriers);
    expect(g.data.dispatch.depot).toEqual(DEPOT);
  });
});

describe("planning runs", () => {
  it("makes a run with the shortest order, 409 for a stop on another run of the date, 422 for no courier, pickups or unknown codes", async () => {
    // Four stops on a line east of the depot, asked for in a poor order.
    const codes = [await parcel(0.04), await parcel(0.01), await parcel(0.03), await parcel(0.02)];
    const run = ok(await dispatcher.post("/api/runs", { courier_id: memberId["courier@day.example"], date: DATE, stops: stopsOf(codes), optimize: true }), 201);
    expect(run.status).toBe("planned");
    expect(run.start).toEqual(DEPOT);
    const order = run.stops.map((s: { tracking_code: string }) => s.tracking_code);
    // The shortest round is out along the line and back (either way round).
    expect([[codes[1], codes[3], codes[2], codes[0]].join(), [codes[0], codes[2], codes[3], codes[1]].join()]).toContain(order.join());
    expect(run.stops.map((s: { seq: number }) => s.seq)).toEqual([1, 2, 3, 4]);
    expect(run.stops[0]).toMatchObject({ kind: "delivery", status: "pending", window: null, eta: null, pickup_id: null });
    expect(run.distance_km).toBeGreaterThan(5);
    expect(run.duration_min).toBeGreaterThan(4 * 4);

    // The same parcel on a second run of the date: 409, both doors; another date is fine.
    const clash = await dispatcher.post("/api/runs", { courier_id: memberId["other@day.example"], date: DATE, stops: [{ tracking_code: codes[0] }] });
    expect(fails(clash, 409).join()).toMatch(new RegExp(`${codes[0]} is already on run ${run.id}`));
    const g = await dispatcher.gql(`mutation($i: CreateRunInput!) { createRun(input: $i) { id } }`, {
      i: { courier_id: memberId["other@day.example"], date: DATE, stops: [{ tracking_code: codes[1] }] },
    });
    expect(g.errors?.[0].extensions.code).toBe("CONFLICT");
    const elsewhere = ok(
      await dispatcher.post("/api/runs", { courier_id: memberId["other@day.example"], date: "2026-03-03", stops: [{ tracking_code: codes[0] }] }),
      201,
    );
    ok(await dispatcher.delete("/api/runs", { id: elsewhere.id }));

    // Not an active courier or dispatcher: the owner, a disabled courier, nobody.
    const ownerId = (await db().admin.findFirstOrThrow({ where: { role: "owner" } })).id;
    for (const id of [ownerId, 999_999]) {
      expect(fails(await dispatcher.post("/api/runs", { courier_id: id, date: DATE, stops: [{ tracking_code: "NO-SUCH-CODE" }] }), 422).join()).toMatch(
        /courier_id must be an active courier or dispatcher/,
      );
    }
    const fresh = await parcel(0.05);
    const bad = fails(
      await dispatcher.post("/api/runs", {
        courier_id: memberId["other@day.example"],
        date: DATE,
        stops: [{ pickup_id: 3 }, { tracking_code: "NO-SUCH-CODE" }, {}, { tracking_code: fresh }, { tracking_code: fresh }],
      }),
      422,
    ).join("\n");
    expect(bad).toMatch(/stops\[0\]\.pickup_id: no pickup has the id 3/);
    expect(bad).toMatch(/stops\[1\]\.tracking_code: no parcel has the code NO-SUCH-CODE/);
    expect(bad).toMatch(/stops\[2\] needs a tracking_code or a pickup_id/);
    expect(bad).toMatch(/stops\[4\]\.tracking_code: .* is on the run twice/);
    expect(await db().run.count({ where: { courier_id: memberId["other@day.example"], date: DATE } })).toBe(0);

    // The board: the run, and the waiting parcels not on it.
    const day = ok(await dispatcher.get(`/api/dispatch?date=${DATE}`));
    expect(day.runs.map((r: { id: number }) => r.id)).toContain(run.id);
    const waiting = day.unassigned.map((s: { tracking_code: string }) => s.tracking_code);
    expect(waiting).toContain(fresh);
    for (const c of codes) expect(waiting).not.toContain(c);
    expect(day.unassigned.find((s: { tracking_code: string }) => s.tracking_code === fresh)).toMatchObject({ id: null, address: { latitude: DEPOT.latitude } });

    // Planned edits: stops replaced, optimised, courier changed; a delete frees the parcels.
    const changed = ok(await dispatcher.patch("/api/runs", { id: run.id, stops: stopsOf([...codes, fresh]), optimize: true }));
    expect(changed.stops).toHaveLength(5);
    const gone = ok(await dispatcher.post("/api/runs", { courier_id: memberId["other@day.example"], date: DATE, stops: stopsOf([await parcel(0.06)]) }), 201);
    ok(await dispatcher.delete("/api/runs", { id: gone.id }));
    expect(fails(await dispatcher.delete("/api/runs", { id: gone.id }), 404)).toBeTruthy();
    ok(await dispatcher.patch("/api/runs", { id: run.id, stops: stopsOf(codes) }));
  });

  it("optimize gives the exact optimum through GraphQL too (checked against the Held-Karp order of the same points)", async () => {
    const easts = [0.02, -0.03, 0.05, -0.01, 0.015, 0.04, -0.02];
    const codes: string[] = [];
    for (const [i, e] of easts.entries()) codes.push(await parcel(e, { map_destination_latitude: DEPOT.latitude + (i % 3) * 0.01 }));
    const g = await dispatcher.gql(`mutation($i: CreateRunInput!) { createRun(input: $i) { ${RUN_FIELDS} } }`, {
      i: { courier_id: memberId["other@day.example"], date: "2026-03-04", stops: stopsOf(codes), optimize: true },
    });
    expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
    const run = g.data.createRun;
    const points = [DEPOT, ...codes.map((_, i) => ({ latitude: DEPOT.latitude + (i % 3) * 0.01, longitude: DEPOT.longitude + easts[i] }))];
    const m = greatCircleMatrix(points);
    const best = roundLength(exactOrder(m, points.length), m, points.length);
    const got = run.stops.map((s: { tracking_code: string }) => codes.indexOf(s.tracking_code) + 1);
    expect(roundLength(got, m, points.length)).toBeCloseTo(best, 3);
    expect(run.distance_km).toBeCloseTo(best / 1000, 1);
    const del = await dispatcher.gql(`mutation($id: Int!) { deleteRun(id: $id) }`, { id: run.id });
    expect(del.data.deleteRun).toBe(true);
  });
});

describe("the day", () => {
  it("start, positions, live, stops settled by scan, proof and failed attempt, skip, finish", async () => {
    const protectedCode = await parcel(0.02, { protect_details: true, recipient_postcode: "1011 AB" });
    const codes = [await parcel(0.01), protectedCode, await parcel(0.03), await parcel(0.04, { recipient_language: "de" }), await parcel(0.05)];
    const run = ok(await dispatcher.post("/api/runs", { courier_id: memberId["courier@day.example"], date: "2026-03-05", stops: stopsOf(codes) }), 201);
    const stopId = (code: string) => run.stops.find((s: { tracking_code: string }) => s.tracking_code === code).id;
    const positions = (c: Client, ps: Record<string, unknown>[]) => c.post(`/api/runs/${run.id}/positions`, { positions: ps });
    const at = (agoMs = 0) => new Date(Date.now() - agoMs).toISOString();

    // Before the start: no live part, positions refused (409), and only the run's courier may post (403).
    expect((await track(codes[0])).live).toBeNull();
    expect(fails(await positions(courier, [{ latitude: 52.37, longitude: 4.9, at: at() }]), 409)).toBeTruthy();
    expect(fails(await positions(dispatcher, [{ latitude: 52.37, longitude: 4.9, at: at() }]), 403)).toBeTruthy();
    // Starting is for its courier or dispatch: another courier 403.
    expect(fails(await other.post(`/api/runs/${run.id}/start`, {}), 403)).toBeTruthy();

    const started = ok(await courier.post(`/api/runs/${run.id}/start`, {}));
    expect(started.status).toBe("started");
    for (const s of started.stops) {
      expect(s.window).not.toBeNull();
      const span = Date.parse(s.window.to) - Date.parse(s.window.from);
      expect(span).toBeGreaterThanOrEqual(60 * 60_000);
      expect(span).toBeLessThanOrEqual(62 * 60_000);
      expect(Date.parse(s.eta)).toBeGreaterThan(Date.parse(s.window.from));
      expect(Date.parse(s.eta)).toBeLessThan(Date.parse(s.window.to));
    }
    // ETAs in order, and out for delivery through the history path.
    const etas = started.stops.map((s: { eta: string }) => Date.parse(s.eta));
    expect([...etas].sort((a, b) => a - b)).toEqual(etas);
    expect(fails(await dispatcher.post(`/api/runs/${run.id}/start`, {}), 409)).toBeTruthy();
    expect(fails(await dispatcher.patch("/api/runs", { id: run.id, optimize: true }), 409).join()).toMatch(/Only a planned run/);
    expect(fails(await dispatcher.delete("/api/runs", { id: run.id }), 409)).toBeTruthy();
    const first = await track(codes[0]);
    expect(first.status_code).toBe("out_for_delivery");
    expect(first.history.at(-1).title).toBe("Out for delivery");
    await settleNotifications();
    // Each recipient told the window in their language (codes[3]'s in German), in the site's time zone.
    const windows = await db().mailMessage.findMany({
      where: { OR: [{ subject: { contains: "delivery today" } }, { subject: { contains: "Zustellung heute" } }] },
    });
    const german = windows.find((m) => m.subject.includes("Zustellung heute"))!;
    expect(german.subject).toContain(codes[3]);
    expect(german.body).toMatch(/Ihre Sendung .* ist in Zustellung\. Erwartet .*\(UTC\)\./);
    expect(windows.map((m) => m.to).sort()).toEqual(
      (await db().parcel.findMany({ where: { tracking_code: { in: codes } }, select: { recipient_email: true } })).map((p) => p.recipient_email).sort(),
    );

    // Live: window and stops before; no courier without a position.
    expect(first.live).toMatchObject({ window: started.stops[0].window, stops_before: 0, courier: null });
    expect((await track(codes[2])).live).toMatchObject({ stops_before: 2, courier: null });
    // The privacy tier: the window alone without the second factor, all of it with it.
    expect((await track(protectedCode)).live).toEqual({ window: started.stops[1].window });
    expect((await gtrack(protectedCode)).live).toEqual({ window: started.stops[1].window, stops_before: null, courier: null });
    expect((await track(protectedCode, "1011 AB")).live).toEqual({ window: started.stops[1].window, stops_before: 1, courier: null });

    // Positions: a batch (one kept from earlier), 204; the courier shows on the next stop only, fresh, at once (cached views go).
    const posted = await positions(courier, [
      { latitude: 52.36, longitude: 4.88, at: at(120_000), accuracy: 12 },
      { latitude: 52.371, longitude: 4.895, at: at() },
    ]);
    expect([posted.status, posted.text]).toEqual([204, ""]);
    expect((await track(codes[0])).live.courier).toEqual({ latitude: 52.371, longitude: 4.895, at: expect.any(String) });
    expect((await gtrack(codes[0])).live.courier).toMatchObject({ latitude: 52.371, longitude: 4.895 });
    expect((await track(codes[2])).live.courier).toBeNull();
    const g = await courier.gql(`mutation($r: Int!, $p: [PositionInput!]!) { postPositions(runId: $r, positions: $p) }`, {
      r: run.id,
      p: [{ latitude: 52.372, longitude: 4.897, at: at() }],
    });
    expect(g.data?.postPositions, JSON.stringify(g.errors)).toBe(true);
    expect((await track(codes[0])).live.courier).toMatchObject({ latitude: 52.372, longitude: 4.897 });
    // Bad positions: 422 naming the item and field, nothing kept.
    const before = await db().position.count({ where: { run_id: run.id } });
    const bad = fails(
      await positions(courier, [
        { latitude: 91, longitude: 4.9, at: at() },
        { latitude: 52, longitude: 4.9, at: "yesterday" },
        { latitude: 52, longitude: 4.9, at: at(-3_600_000) },
      ]),
      422,
    ).join("\n");
    expect(bad).toMatch(/positions\[0\]\.latitude/);
    expect(bad).toMatch(/positions\[1\]\.at must be a date-time/);
    expect(bad).toMatch(/positions\[2\]\.at must not be in the future/);
    expect(fails(await courier.post(`/api/runs/${run.id}/positions`, { positions: [] }), 422).join()).toMatch(/^positions must hold 1 to 500/);
    expect(await db().position.count({ where: { run_id: run.id } })).toBe(before);
    // Another courier, a dispatcher, the owner: 403 (REST and GraphQL).
    for (const c of [other, dispatcher, owner]) expect(fails(await positions(c, [{ latitude: 52.37, longitude: 4.9, at: at() }]), 403)).toBeTruthy();
    const g403 = await other.gql(`mutation($r: Int!, $p: [PositionInput!]!) { postPositions(runId: $r, positions: $p) }`, {
      r: run.id,
      p: [{ latitude: 52, longitude: 4, at: at() }],
    });
    expect(g403.errors?.[0].extensions.code).toBe("FORBIDDEN");
    // Positions are listed only to dispatch.
    expect(ok(await dispatcher.get(`/api/runs/${run.id}/positions`)).length).toBe(before);
    expect((await courier.get(`/api/runs/${run.id}/positions`)).status).toBe(403);
    // A position 10 minutes old no longer shows the courier.
    await db().position.updateMany({ where: { run_id: run.id }, data: { at: new Date(Date.now() - 11 * 60_000) } });
    await positions(courier, [{ latitude: 52.3, longitude: 4.8, at: at(10 * 60_000 + 1_000) }]);
    expect((await track(codes[0])).live.courier).toBeNull();
    await positions(courier, [{ latitude: 52.373, longitude: 4.9, at: at() }]);

    // A delivered scan settles the first stop: the second is next, and shows the courier only from a position
    // posted after it (the last one is the first recipient's door: tests/integration/holes-live.test.ts).
    ok(await courier.post("/api/scans", { codes: [codes[0]], status_code: "delivered" }));
    expect((await track(codes[0])).live).toBeNull();
    expect((await track(protectedCode, "1011 AB")).live).toMatchObject({ stops_before: 0, courier: null });
    await positions(courier, [{ latitude: 52.374, longitude: 4.91, at: at() }]);
    expect((await track(protectedCode, "1011 AB")).live).toMatchObject({ stops_before: 0, courier: { latitude: 52.374, longitude: 4.91 } });
    expect((await track(protectedCode)).live).toEqual({ window: started.stops[1].window });
    // A proof of delivery settles the second.
    const fd = new FormData();
    fd.append("receiver_name", "Neighbour");
    fd.append("signature", new Blob([new Uint8Array(makePng(40, 20, [0, 0, 0]))]), "signature.png");
    expect((await courier.post(`/api/parcels/${protectedCode}/delivery-proof`, fd)).status).toBe(201);
    // A failed attempt the third.
    ok(await courier.post("/api/scans", { codes: [codes[2]], status_code: "delivery_failed", status_reason: "nobody_home" }));
    let view = ok(await courier.get(`/api/runs/${run.id}`));
    expect(view.stops.map((s: { status: string }) => s.status)).toEqual(["done", "done", "failed", "pending", "pending"]);
    expect(view.stops[0].done_at).not.toBeNull();
    expect(view.stops[3].eta).not.toBeNull();
    expect(view.stops[0].eta).toBeNull();
    // notify_stops_before (1): each recipient told once when one stop was left before theirs.
    await settleNotifications();
    const near = await db().mailMessage.findMany({
      where: { OR: [{ subject: { contains: "the courier is near" } }, { subject: { contains: "Der Zusteller ist in der Nähe" } }] },
    });
    const nearTo = near.map((m) => m.to);
    expect(new Set(nearTo).size).toBe(nearTo.length);
    const email = async (code: string) => (await db().parcel.findUniqueOrThrow({ where: { tracking_code: code } })).recipient_email;
    expect(nearTo).toContain(await email(codes[3]));
    expect(nearTo).toContain(await email(codes[4]));

    // Skip: back among the unassigned (the board), then the last stop by a scan finishes the run.
    expect(fails(await other.post(`/api/runs/${run.id}/stops/${stopId(codes[3])}/skip`, {}), 403)).toBeTruthy();
    const skipped = ok(await courier.post(`/api/runs/${run.id}/stops/${stopId(codes[3])}/skip`, {}));
    expect(skipped.stops[3].status).toBe("skipped");
    expect(fails(await courier.post(`/api/runs/${run.id}/stops/${stopId(codes[3])}/skip`, {}), 409)).toBeTruthy();
    expect(fails(await courier.post(`/api/runs/${run.id}/stops/999999/skip`, {}), 404)).toBeTruthy();
    const board = ok(await dispatcher.get(`/api/dispatch?date=2026-03-05`));
    expect(board.unassigned.map((s: { tracking_code: string }) => s.tracking_code)).toContain(codes[3]);
    const gskip = await courier.gql(`mutation { skipStop(runId: ${run.id}, stopId: ${stopId(codes[3])}) { id } }`);
    expect(gskip.errors?.[0].extensions.code).toBe("CONFLICT");

    ok(await courier.post("/api/scans", { codes: [codes[4]], status_code: "delivered" }));
    view = ok(await courier.get(`/api/runs/${run.id}`));
    expect(view.status).toBe("finished");
    expect(view.finished_at).not.toBeNull();
    expect(fails(await positions(courier, [{ latitude: 52.37, longitude: 4.9, at: at() }]), 409)).toBeTruthy();
    for (const c of codes) expect((await track(c)).live).toBeNull();

    // A courier sees only their own runs.
    const mine = await courier.gql(`{ runs { id courier_id } }`);
    expect(mine.data.runs.every((r: { courier_id: number }) => r.courier_id === memberId["courier@day.example"])).toBe(true);
    expect(ok(await other.get(`/api/runs?date=2026-03-05`))).toEqual([]);
    expect((await other.get(`/api/runs/${run.id}`)).status).toBe(403);

    // The run sheet: its courier or dispatch, a PDF.
    const sheet = await fetch(`${t.url}/api/runs/${run.id}/sheet.pdf`, { headers: courier.cookieHeader() });
    expect([sheet.status, sheet.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(
      Buffer.from(await sheet.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(fails(await other.get(`/api/runs/${run.id}/sheet.pdf`), 403)).toBeTruthy();
    expect(fails(await dispatcher.get(`/api/runs/999999/sheet.pdf`), 404)).toBeTruthy();
    expect(fails(await anon.get(`/api/runs/${run.id}/sheet.pdf`), 401)).toBeTruthy();

    // Kept POSITION_DAYS days.
    await db().position.updateMany({ where: { run_id: run.id }, data: { created_at: new Date(Date.now() - 8 * 86_400_000) } });
    expect(await purgePositions()).toBeGreaterThan(0);
    expect(await db().position.count({ where: { run_id: run.id } })).toBe(0);
  });
});

describe("pickups on runs (issue 25's pickups, contract section 11)", () => {
  const DAY = "2026-03-03";
  /** A shipper's pickup of DAY with `count` booked parcels (pending, as a booking leaves them). */
  async function pickup(count: number, opts: { date?: string; located?: boolean } = {}) {
    const shipper = await db().shipper.create({ data: { name: "Ada", email: `ada-${++n}@shop.example`, password_hash: "x", company: "Ada GmbH" } });
    const address = {
      name: "Ada",
      company: "Ada GmbH",
      line1: `Dock ${n}`,
      line2: null,
      city: "Amsterdam",
      postcode: "1011 AB",
      region: null,
      country: "NL",
      phone: null,
      email: null,
      latitude: opts.located === false ? null : DEPOT.latitude + 0.02,
      longitude: opts.located === false ? null : DEPOT.longitude,
      located: opts.located === false ? null : "exact",
    };
    const p = await db().pickup.create({
      data: { shipper_id: shipper.id, date: opts.date ?? DAY, from: "09:00", to: "12:00", address: JSON.stringify(address) },
    });
    const codes: string[] = [];
    for (let i = 0; i < count; i++) {
      const code = `PU-${process.pid % 1000}-${++n}`;
      const parcelRow = ok(
        await owner.post("/api/parcels", { tracking_code: code, recipient_name: `R ${n}`, destination: "Berlin", status_code: "pending" }),
        201,
      );
      await db().booking.create({
        data: {
          shipper_id: shipper.id,
          parcel_id: parcelRow.id,
          tracking_code: code,
          service: "standard",
          amount: 1000,
          currency: "EUR",
          breakdown: "[]",
          chargeable_weight_kg: 1,
          request_hash: code,
          pickup_id: p.id,
        },
      });
      codes.push(code);
    }
    return { id: p.id, codes };
  }

  it("the board lists the date's pickups; a run takes one (409 on a second run, 422 for another date or no place); done once every parcel is picked up", async () => {
    const a = await pickup(2);
    const elsewhere = await pickup(1, { date: "2026-03-04" });
    const unplaced = await pickup(1, { located: false });
    const delivery = await parcel(0.03);

    const day = ok(await dispatcher.get(`/api/dispatch?date=${DAY}`));
    const listed = day.unassigned.find((s: { pickup_id: number | null }) => s.pickup_id === a.id);
    expect(listed).toMatchObject({ kind: "pickup", tracking_code: null, contents: "Pickup: 2 parcels", recipient_name: "Ada GmbH, Ada" });
    expect(listed.address.text).toContain("Dock");
    // 09:00-12:00 in the site's time zone (UTC in tests).
    expect(listed.window).toEqual({ from: `${DAY}T09:00:00.000Z`, to: `${DAY}T12:00:00.000Z` });
    expect(day.unassigned.some((s: { pickup_id: number | null }) => s.pickup_id === elsewhere.id)).toBe(false);

    const bad = fails(
      await dispatcher.post("/api/runs", {
        courier_id: memberId["courier@day.example"],
        date: DAY,
        stops: [{ pickup_id: elsewhere.id }, { pickup_id: unplaced.id }, { pickup_id: a.id, tracking_code: delivery }],
      }),
      422,
    ).join("\n");
    expect(bad).toContain(`stops[0].pickup_id: the pickup ${elsewhere.id} is for 2026-03-04, not ${DAY}`);
    expect(bad).toContain(`stops[1].pickup_id: the pickup ${unplaced.id}'s address has no coordinates`);
    expect(bad).toContain("stops[2] names a tracking_code or a pickup_id, not both");

    const run = ok(
      await dispatcher.post("/api/runs", { courier_id: memberId["courier@day.example"], date: DAY, stops: [{ pickup_id: a.id }, { tracking_code: delivery }] }),
      201,
    );
    expect(run.stops.map((s: { kind: string }) => s.kind)).toEqual(["pickup", "delivery"]);
    expect(run.stops[0]).toMatchObject({ pickup_id: a.id, tracking_code: null, status: "pending" });
    expect(
      fails(await dispatcher.post("/api/runs", { courier_id: memberId["other@day.example"], date: DAY, stops: [{ pickup_id: a.id }] }), 409).join(),
    ).toMatch(new RegExp(`The pickup ${a.id} is already on run ${run.id}`));
    // Reordered and optimised: the pickup stays on the run.
    const again = ok(await dispatcher.patch("/api/runs", { id: run.id, optimize: true }));
    expect(again.stops.map((s: { pickup_id: number | null }) => s.pickup_id).filter(Boolean)).toEqual([a.id]);
    const board = ok(await dispatcher.get(`/api/dispatch?date=${DAY}`));
    expect(board.unassigned.some((s: { pickup_id: number | null }) => s.pickup_id === a.id)).toBe(false);

    // Started: the pickup keeps its own window (no ETA window), GraphQL shows the same stop.
    const started = ok(await courier.post(`/api/runs/${run.id}/start`, {}));
    const stop = started.stops.find((s: { kind: string }) => s.kind === "pickup");
    expect(stop.window).toEqual({ from: `${DAY}T09:00:00.000Z`, to: `${DAY}T12:00:00.000Z` });
    const g = await dispatcher.gql(`query($id: Int!) { run(id: $id) { stops { kind pickup_id contents window { from } } } }`, { id: run.id });
    expect(g.data.run.stops).toContainEqual({ kind: "pickup", pickup_id: a.id, contents: "Pickup: 2 parcels", window: { from: `${DAY}T09:00:00.000Z` } });

    // One parcel picked up: still pending; both: done, and the pickup collected.
    ok(await courier.post("/api/scans", { codes: [a.codes[0]], status_code: "picked_up" }));
    expect((await db().stop.findFirstOrThrow({ where: { run_id: run.id, pickup_id: a.id } })).status).toBe("pending");
    ok(await courier.post("/api/scans", { codes: [a.codes[1]], status_code: "picked_up" }));
    expect((await db().stop.findFirstOrThrow({ where: { run_id: run.id, pickup_id: a.id } })).status).toBe("done");
    expect(ok(await owner.get(`/api/pickups?date=${DAY}`)).find((p: { id: number }) => p.id === a.id).status).toBe("collected");

    // The run sheet lists it.
    const sheet = await fetch(`${t.url}/api/runs/${run.id}/sheet.pdf`, { headers: dispatcher.cookieHeader() });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
  });

  it("a skipped pickup is back among the date's unassigned", async () => {
    const b = await pickup(1);
    const run = ok(await dispatcher.post("/api/runs", { courier_id: memberId["other@day.example"], date: DAY, stops: [{ pickup_id: b.id }] }), 201);
    ok(await dispatcher.post(`/api/runs/${run.id}/start`, {}));
    ok(await dispatcher.post(`/api/runs/${run.id}/stops/${run.stops[0].id}/skip`, {}));
    const day = ok(await dispatcher.get(`/api/dispatch?date=${DAY}`));
    expect(day.unassigned.some((s: { pickup_id: number | null }) => s.pickup_id === b.id)).toBe(true);
    expect((await db().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("finished");
  });
});

describe("what leaves a run", () => {
  const DAY = "2026-03-06";
  const idOf = async (code: string) => (await db().parcel.findUniqueOrThrow({ where: { tracking_code: code } })).id;

  it("a deleted parcel leaves its run: a planned run routed again, a started one finishes when nothing is left", async () => {
    const [a, b] = [await parcel(0.01), await parcel(0.04)];
    const planned = ok(await dispatcher.post("/api/runs", { courier_id: memberId["courier@day.example"], date: DAY, stops: stopsOf([a, b]) }), 201);
    ok(await owner.delete("/api/parcels", { id: await idOf(b) }));
    const after = ok(await dispatcher.get(`/api/runs/${planned.id}`));
    expect(after.stops.map((s: { tracking_code: string; seq: number }) => [s.tracking_code, s.seq])).toEqual([[a, 1]]);
    expect(after.distance_km).toBeLessThan(planned.distance_km);

    const c = await parcel(0.02);
    const started = ok(await dispatcher.post("/api/runs", { courier_id: memberId["other@day.example"], date: DAY, stops: stopsOf([c]) }), 201);
    ok(await dispatcher.post(`/api/runs/${started.id}/start`, {}));
    ok(await owner.delete("/api/parcels", { id: await idOf(c) }));
    expect((await db().run.findUniqueOrThrow({ where: { id: started.id } })).status).toBe("finished");
  });

  it("a courier with a planned or started run cannot be removed from the team (409 naming the run)", async () => {
    const gone = await member("courier", `leaving-${++n}@day.example`);
    const email = Object.keys(memberId).at(-1)!;
    const run = ok(await dispatcher.post("/api/runs", { courier_id: memberId[email], date: DAY, stops: stopsOf([await parcel(0.07)]) }), 201);
    expect(fails(await owner.delete("/api/staff", { id: memberId[email] }), 409).join()).toMatch(
      new RegExp(`The member is the courier of run ${run.id} \\(${DAY}, planned\\): give it to another courier or delete it first`),
    );
    ok(await dispatcher.delete("/api/runs", { id: run.id }));
    ok(await owner.delete("/api/staff", { id: memberId[email] }));
    expect(gone).toBeTruthy();
  });
});

describe("live updates over graphql-ws", () => {
  it("parcelLive: the live part now, the courier moving as positions arrive, the privacy tier, errors as on HTTP", async () => {
    const codes = [await parcel(0.01, { protect_details: true, recipient_postcode: "9999 ZZ" }), await parcel(0.02)];
    const run = ok(await dispatcher.post("/api/runs", { courier_id: memberId["courier@day.example"], date: "2026-03-06", stops: stopsOf(codes) }), 201);
    const anonLive = subscribeLive(t.url, codes[0]);
    const unlocked = subscribeLive(t.url, codes[0], "9999 ZZ");
    const second = subscribeLive(t.url, codes[1]);
    const unknown = subscribeLive(t.url, "NO-SUCH-CODE-1");
    try {
      expect((await anonLive.next()).data.parcelLive).toEqual({ tracking_code: codes[0], live: null });
      expect((await unknown.next()).errors?.[0].extensions?.code).toBe("NOT_FOUND");
      ok(await courier.post(`/api/runs/${run.id}/start`, {}));
      // Started: the window (alone without the second factor), the stops before.
      const w = (await anonLive.next((u) => !!u.data?.parcelLive.live)).data.parcelLive.live;
      expect(Object.keys(w).filter((k) => w[k] !== null)).toEqual(["window"]);
      expect((await second.next((u) => !!u.data?.parcelLive.live)).data.parcelLive.live).toMatchObject({ stops_before: 1, courier: null });
      // Positions move the courier for the viewer of the stop the courier heads to.
      for (const [i, lon] of [4.891, 4.892].entries()) {
        const r = await courier.post(`/api/runs/${run.id}/positions`, {
          positions: [{ latitude: 52.37, longitude: lon, at: new Date(Date.now() - (1 - i) * 1000).toISOString() }],
        });
        expect(r.status).toBe(204);
        const u = await unlocked.next((x) => x.data?.parcelLive.live?.courier?.longitude === lon);
        expect(u.data.parcelLive.live).toMatchObject({ stops_before: 0, courier: { latitude: 52.37, longitude: lon } });
      }
      // The anonymous viewer of a protected parcel never gets the courier.
      expect(anonLive.updates.every((u) => !u.data?.parcelLive.live?.courier)).toBe(true);
      // Delivered: the first viewer's live ends; the second's courier appears with the next position (heading there now).
      ok(await courier.post("/api/scans", { codes: [codes[0]], status_code: "delivered" }));
      await unlocked.next((u) => u.data?.parcelLive.live === null);
      expect((await second.next((u) => u.data?.parcelLive.live?.stops_before === 0)).data.parcelLive.live.courier).toBeNull();
      const moved = await courier.post(`/api/runs/${run.id}/positions`, { positions: [{ latitude: 52.37, longitude: 4.893, at: new Date().toISOString() }] });
      expect(moved.status).toBe(204);
      await second.next((u) => u.data?.parcelLive.live?.courier?.longitude === 4.893);
    } finally {
      for (const s of [anonLive, unlocked, second, unknown]) await s.close();
    }
  });

  it("serves only subscriptions over the socket", async () => {
    const { createClient } = await import("graphql-ws");
    const WebSocket = (await import("ws")).default;
    const c = createClient({ url: t.url.replace(/^http/, "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0 });
    const errors = await new Promise<unknown>((resolve) => {
      c.subscribe({ query: `mutation { deleteRun(id: 1) }` }, { next: () => {}, error: resolve, complete: () => resolve(null) });
    });
    expect(JSON.stringify(errors)).toMatch(/Only subscriptions are served over WebSocket/);
    await c.dispose();
  });
});
