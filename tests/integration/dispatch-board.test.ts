// Issue 36 on the delivery day, through both doors: the dispatch board lists every parcel that could go out on the
// date (a hub scan or not), each with its status and, when it cannot go on a run, why (a run refuses it with the
// same reason); a run needs a stop; couriers are named (their e-mail only where they have no name); a window never
// starts before the run's start; a planned run's sheet gives each stop's time after the start.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { popplerRead } from "../helpers/pdf.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { MAX_STOPS } from "../../server/modules/dispatch/dispatch.input.js";

const DATE = "2026-04-01";
const DEPOT = { latitude: 52.37, longitude: 4.89 };
const PASSWORD = "dispatch-board-password-1";

let t: TestApp;
let owner: Client;
let dispatcher: Client;
const ids: Record<string, number> = {};
let n = 0;

async function member(role: "dispatcher" | "courier", email: string, name: string | null): Promise<Client> {
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  const row = await db().admin.create({ data: { email, name, password_hash: await hashPassword(PASSWORD), role } });
  ids[email] = row.id;
  const c = new Client(t.url);
  expect((await c.post("/api/admins/auth/signin", { email, password: PASSWORD })).status).toBe(200);
  return c;
}

/** A parcel as staff create it (no scan): at a point east of the depot, or nowhere on the map. */
async function parcel(status_code: string, opts: { east?: number | null; extra?: Record<string, unknown> } = {}) {
  const code = `DB36-${process.pid % 1000}-${++n}`;
  const east = opts.east === undefined ? 0.01 * n : opts.east;
  ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: `Recipient ${n}`,
      destination: `Street ${n}, Amsterdam`,
      status_code,
      ...(east === null ? {} : { map_destination_latitude: DEPOT.latitude, map_destination_longitude: DEPOT.longitude + east }),
      ...opts.extra,
    }),
    201,
  );
  return code;
}

type Listed = { tracking_code: string | null; pickup_id: number | null; parcel_status: string | null; plannable: boolean; blocked_reason: string | null };
const board = async (date = DATE) => ok(await dispatcher.get(`/api/dispatch?date=${date}`)) as { unassigned: Listed[]; couriers: unknown[] };
const listed = (b: { unassigned: Listed[] }, code: string) => b.unassigned.find((s) => s.tracking_code === code);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  dispatcher = await member("dispatcher", "dispatcher@board36.example", "Dora Dispatch");
  await member("courier", "zed@board36.example", "Ann Courier");
  await member("courier", "amy@board36.example", null);
});
afterAll(async () => t?.close());

describe("the board lists every parcel that could go out, and says which can go on a run", () => {
  it("a parcel never scanned at a hub is listed and plannable; each says its status; those that cannot say why; both doors", async () => {
    const fresh = await parcel("pending");
    const onTheWay = await parcel("in_transit");
    const held = await parcel("on_hold");
    const unplaced = await parcel("pending", { east: null });
    const later = await parcel("delivery_failed");
    const atDepot = await parcel("delivery_failed");
    const today = await parcel("delivery_failed");
    const done = await parcel("delivered");
    await db().parcel.update({ where: { tracking_code: later }, data: { reschedule_choice: "delivery", reschedule_date: "2026-04-03" } });
    await db().parcel.update({ where: { tracking_code: atDepot }, data: { reschedule_choice: "depot" } });
    await db().parcel.update({ where: { tracking_code: today }, data: { reschedule_choice: "delivery", reschedule_date: DATE } });
    // A shipper's booked parcel whose pickup has not collected it yet: still at the shipper.
    const shipper = await db().shipper.create({ data: { name: "Ada", email: `ada-${n}@shop.example`, password_hash: "x", company: "Ada GmbH" } });
    const address = {
      name: "Ada",
      company: "Ada GmbH",
      line1: "Dock 1",
      city: "Amsterdam",
      postcode: "1011 AB",
      country: "NL",
      latitude: null,
      longitude: null,
    };
    const pickup = await db().pickup.create({ data: { shipper_id: shipper.id, date: DATE, from: "09:00", to: "12:00", address: JSON.stringify(address) } });
    const booked = await parcel("pending");
    const bookedId = (await db().parcel.findUniqueOrThrow({ where: { tracking_code: booked } })).id;
    await db().booking.create({
      data: {
        shipper_id: shipper.id,
        parcel_id: bookedId,
        tracking_code: booked,
        service: "standard",
        amount: 1000,
        currency: "EUR",
        breakdown: "[]",
        chargeable_weight_kg: 1,
        request_hash: booked,
        pickup_id: pickup.id,
      },
    });

    const b = await board();
    expect(listed(b, fresh)).toMatchObject({ parcel_status: "pending", plannable: true, blocked_reason: null });
    expect(listed(b, onTheWay)).toMatchObject({ parcel_status: "in_transit", plannable: true, blocked_reason: null });
    expect(listed(b, today)).toMatchObject({ parcel_status: "delivery_failed", plannable: true });
    expect(listed(b, held)).toMatchObject({ parcel_status: "on_hold", plannable: false, blocked_reason: "On hold: release it first" });
    expect(listed(b, unplaced)).toMatchObject({ plannable: false, blocked_reason: "No point on the map: place the destination to plan it" });
    expect(listed(b, later)).toMatchObject({ plannable: false, blocked_reason: "Its recipient chose 2026-04-03" });
    expect(listed(b, atDepot)).toMatchObject({ plannable: false, blocked_reason: "Its recipient collects it at the depot" });
    expect(listed(b, booked)).toMatchObject({ plannable: false, blocked_reason: `Still at its shipper: pickup ${pickup.id} collects it first` });
    expect(listed(b, done)).toBeUndefined();
    // Those that can go on a run come first; the pickup without a place is listed, not plannable.
    const flags = b.unassigned.map((s) => s.plannable);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false))).not.toContain(true);
    expect(b.unassigned.find((s) => s.pickup_id === pickup.id)).toMatchObject({
      plannable: false,
      blocked_reason: expect.stringMatching(/^No point on the map/),
    });
    // On the day the recipient chose, the rescheduled parcel can go; another day it cannot.
    expect(listed(await board("2026-04-03"), later)).toMatchObject({ plannable: true });

    const g = await dispatcher.gql(`query($d: String!) { dispatch(date: $d) { unassigned { tracking_code parcel_status plannable blocked_reason } } }`, {
      d: DATE,
    });
    expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
    const gl = (code: string) => g.data.dispatch.unassigned.find((s: Listed) => s.tracking_code === code);
    expect(gl(fresh)).toEqual({ tracking_code: fresh, parcel_status: "pending", plannable: true, blocked_reason: null });
    expect(gl(held)).toEqual({ tracking_code: held, parcel_status: "on_hold", plannable: false, blocked_reason: "On hold: release it first" });

    // A run takes what the board says it can, and refuses the rest with the board's reason (422 naming each stop), both doors.
    const refused = fails(
      await dispatcher.post("/api/runs", {
        courier_id: ids["zed@board36.example"],
        date: DATE,
        stops: [{ tracking_code: held }, { tracking_code: unplaced }, { tracking_code: done }, { tracking_code: booked }],
      }),
      422,
    ).join("\n");
    expect(refused).toContain(`stops[0].tracking_code: the parcel ${held} cannot go on a run (On hold: release it first)`);
    expect(refused).toContain(`stops[1].tracking_code: the parcel ${unplaced} cannot go on a run (No point on the map`);
    expect(refused).toContain(`stops[2].tracking_code: the parcel ${done} cannot go on a run (Delivered: its journey is over)`);
    expect(refused).toContain(`stops[3].tracking_code: the parcel ${booked} cannot go on a run (Still at its shipper`);
    const gRefused = await dispatcher.gql(`mutation($i: CreateRunInput!) { createRun(input: $i) { id } }`, {
      i: { courier_id: ids["zed@board36.example"], date: DATE, stops: [{ tracking_code: later }] },
    });
    expect(gRefused.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(gRefused.errors?.[0].extensions.messages).toEqual([
      `stops[0].tracking_code: the parcel ${later} cannot go on a run (Its recipient chose 2026-04-03)`,
    ]);
    expect(await db().run.count({ where: { date: DATE } })).toBe(0);

    const run = ok(
      await dispatcher.post("/api/runs", { courier_id: ids["zed@board36.example"], date: DATE, stops: [{ tracking_code: fresh }, { tracking_code: today }] }),
      201,
    );
    expect(run.stops.map((s: { tracking_code: string }) => s.tracking_code).sort()).toEqual([fresh, today].sort());
    const after = await board();
    expect(listed(after, fresh)).toBeUndefined();
    expect(listed(after, onTheWay)).toMatchObject({ plannable: true });
    ok(await dispatcher.delete("/api/runs", { id: run.id }));
  });
});

describe("a run needs a stop", () => {
  it("0 stops (or more than the most) refused, the message naming the field, both doors; nothing made", async () => {
    const before = await db().run.count();
    const none = fails(await dispatcher.post("/api/runs", { courier_id: ids["zed@board36.example"], date: DATE, stops: [] }), 422);
    expect(none).toEqual([`stops must hold 1 to ${MAX_STOPS} stops`]);
    const g = await dispatcher.gql(`mutation($i: CreateRunInput!) { createRun(input: $i) { id } }`, {
      i: { courier_id: ids["zed@board36.example"], date: DATE, stops: [] },
    });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].extensions.messages).toEqual([`stops must hold 1 to ${MAX_STOPS} stops`]);
    // An attacker's list past the limit is refused before any parcel is read.
    const many = Array.from({ length: MAX_STOPS + 1 }, (_, i) => ({ tracking_code: `NOPE-${i}` }));
    expect(fails(await dispatcher.post("/api/runs", { courier_id: ids["zed@board36.example"], date: DATE, stops: many }), 422)).toEqual([
      `stops must hold 1 to ${MAX_STOPS} stops`,
    ]);
    expect(await db().run.count()).toBe(before);
  });
});

describe("couriers by name", () => {
  it("the board names each member a run may go to, by name (the e-mail where none), sorted so; runs carry the courier's name", async () => {
    const b = await board();
    const mine = (b.couriers as { email: string; name: string | null; role: string }[]).filter((c) => c.email.endsWith("@board36.example"));
    expect(mine).toEqual([
      { id: ids["amy@board36.example"], email: "amy@board36.example", name: null, role: "courier" },
      { id: ids["zed@board36.example"], email: "zed@board36.example", name: "Ann Courier", role: "courier" },
      { id: ids["dispatcher@board36.example"], email: "dispatcher@board36.example", name: "Dora Dispatch", role: "dispatcher" },
    ]);
    const code = await parcel("in_transit");
    const run = ok(await dispatcher.post("/api/runs", { courier_id: ids["zed@board36.example"], date: DATE, stops: [{ tracking_code: code }] }), 201);
    expect(run).toMatchObject({ courier_email: "zed@board36.example", courier_name: "Ann Courier" });
    const g = await dispatcher.gql(`query($id: Int!) { run(id: $id) { courier_email courier_name } }`, { id: run.id });
    expect(g.data.run).toEqual({ courier_email: "zed@board36.example", courier_name: "Ann Courier" });

    // The owner names a member on the Staff screen (PATCH /api/staff, updateMember): the board follows; their session stays.
    const amy = new Client(t.url);
    expect((await amy.post("/api/admins/auth/signin", { email: "amy@board36.example", password: PASSWORD })).status).toBe(200);
    expect(ok(await owner.patch("/api/staff", { id: ids["amy@board36.example"], name: "  Amy Rider " }))).toMatchObject({ name: "Amy Rider" });
    expect((await amy.get("/api/runs")).status).toBe(200);
    expect((await board()).couriers).toContainEqual({ id: ids["amy@board36.example"], email: "amy@board36.example", name: "Amy Rider", role: "courier" });
    const cleared = await owner.gql(`mutation($i: UpdateMemberInput!) { updateMember(input: $i) { name } }`, {
      i: { id: ids["amy@board36.example"], name: "" },
    });
    expect(cleared.data.updateMember).toEqual({ name: null });
    // A name is one line of at most 100 characters: 422 naming it, nothing changed.
    const bad = fails(await owner.patch("/api/staff", { id: ids["zed@board36.example"], name: `Ann\u202eCourier` }), 422);
    expect(bad.join()).toMatch(/^name /);
    expect(fails(await owner.patch("/api/staff", { id: ids["zed@board36.example"], name: "x".repeat(101) }), 422)).toEqual([
      "name must be at most 100 characters",
    ]);
    expect((await db().admin.findUniqueOrThrow({ where: { id: ids["zed@board36.example"] } })).name).toBe("Ann Courier");
    // Invited with a name.
    const invited = await owner.gql(`mutation($i: InviteMemberInput!) { inviteMember(input: $i) { email name } }`, {
      i: { email: "new@board36.example", role: "courier", name: "Neil New" },
    });
    expect(invited.data.inviteMember).toEqual({ email: "new@board36.example", name: "Neil New" });

    // The run sheet of a planned run: the courier's name, and each stop's time after the start (no window yet).
    const sheet = await fetch(`${t.url}/api/runs/${run.id}/sheet.pdf`, { headers: dispatcher.cookieHeader() });
    expect(sheet.status).toBe(200);
    const { text } = popplerRead(Buffer.from(await sheet.arrayBuffer()));
    expect(text).toContain("Ann Courier");
    expect(text).toMatch(/\+0:\d\d/);
    expect(text).toContain("after the start");
    ok(await dispatcher.delete("/api/runs", { id: run.id }));
  });
});

describe("a window never starts before the moment it is sent", () => {
  it("a run started now: a stop at the depot and one next to it get windows from the start on, as long, their ETA inside; the sheet shows them", async () => {
    const here = await parcel("in_transit", { east: 0 });
    const near = await parcel("in_transit", { east: 0.004 });
    const far = await parcel("in_transit", { east: 0.6 });
    const run = ok(
      await dispatcher.post("/api/runs", {
        courier_id: ids["zed@board36.example"],
        date: DATE,
        stops: [here, near, far].map((tracking_code) => ({ tracking_code })),
      }),
      201,
    );
    const started = ok(await dispatcher.post(`/api/runs/${run.id}/start`, {}));
    const start = Date.parse(started.started_at);
    const minutes = 60; // DELIVERY_WINDOW_MINUTES' default
    for (const s of started.stops) {
      const from = Date.parse(s.window.from);
      const to = Date.parse(s.window.to);
      expect(from, `${s.tracking_code} starts at or after the start`).toBeGreaterThanOrEqual(start);
      expect(from % 60_000).toBe(0);
      expect(to - from).toBeGreaterThanOrEqual(minutes * 60_000);
      expect(Date.parse(s.eta)).toBeLessThanOrEqual(to);
    }
    // The first stop is at the depot: its window is the start's next whole minute on.
    expect(Date.parse(started.stops[0].window.from)).toBe(Math.ceil(start / 60_000) * 60_000);
    // The last, far away, keeps a window centred on its ETA.
    const last = started.stops.at(-1);
    const centre = (Date.parse(last.window.from) + Date.parse(last.window.to)) / 2;
    expect(Math.abs(centre - Date.parse(last.eta))).toBeLessThanOrEqual(60_000);
    // The tracking page's live part says the same window.
    const live = ok(await new Client(t.url).get(`/api/parcels/${here}`)).live;
    expect(live.window).toEqual(started.stops[0].window);
    // A started run's sheet prints the windows (in TIME_ZONE, UTC here), not times after the start.
    const sheet = await fetch(`${t.url}/api/runs/${run.id}/sheet.pdf`, { headers: dispatcher.cookieHeader() });
    const { text } = popplerRead(Buffer.from(await sheet.arrayBuffer()));
    expect(text).toContain(`${started.stops[0].window.from.slice(11, 16)}–${started.stops[0].window.to.slice(11, 16)}`);
    expect(text).not.toContain("after the start");
  });
});
