/**
 * The owner's dashboard (api-contract.md section 14, issue 39): a known history written straight into the
 * database with explicit dates, in TIME_ZONE Europe/Berlin over the change to summer time, and every figure
 * compared with the values worked out by hand below (not by the code under test). Both doors, both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import argon2 from "argon2";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";

let t: TestApp;
let owner: Client;
const members = {} as Record<"dispatcher" | "courier" | "shipper", Client>;
const ids = { c1: 0, c2: 0, shipperA: 0, shipperB: 0 };
const PASSWORD = "reports-member-password-1";
const Z = (s: string) => new Date(`${s}Z`);

// The period 2026-03-25..2026-04-03 (10 days; Berlin is UTC+1 until 2026-03-29 01:00 UTC, UTC+2 after) and
// the previous one, 2026-03-15..2026-03-24.
const PERIOD = "from=2026-03-25&to=2026-04-03";

beforeAll(async () => {
  t = await startTestApp({ TIME_ZONE: "Europe/Berlin" });
  owner = await signedIn(t);
  const { db } = await import("../../server/db/index.js");
  const d = db();
  const hash = await argon2.hash(PASSWORD);
  const c1 = await d.admin.create({ data: { email: "c1@reports.example", password_hash: hash, role: "courier" } });
  const c2 = await d.admin.create({ data: { email: "c2@reports.example", password_hash: hash, role: "courier" } });
  await d.admin.create({ data: { email: "dispatch@reports.example", password_hash: hash, role: "dispatcher" } });
  Object.assign(ids, { c1: c1.id, c2: c2.id });
  for (const [role, email] of [
    ["dispatcher", "dispatch@reports.example"],
    ["courier", "c1@reports.example"],
  ] as const) {
    members[role] = new Client(t.url);
    ok(await members[role].post("/api/admins/auth/signin", { email, password: PASSWORD }));
  }
  const a = await d.shipper.create({ data: { name: "Ada GmbH", email: "ada@reports.example", password_hash: hash, email_verified: true } });
  const b = await d.shipper.create({ data: { name: "Bo Ltd", email: "bo@reports.example", password_hash: hash, email_verified: true } });
  Object.assign(ids, { shipperA: a.id, shipperB: b.id });
  members.shipper = new Client(t.url);
  ok(await members.shipper.post("/api/users/auth/signin", { email: "ada@reports.example", password: PASSWORD }));
  for (const code of ["STD", "EXP"]) await d.service.create({ data: { code, name: code, transit_days_min: 1, transit_days_max: 3 } });

  // Parcels and their history.
  const entries: { parcel_id: number; title: string; description: string; status_code: string; status_reason: string | null; created_at: Date }[] = [];
  const parcel = async (n: number, created: string, max: string | null, history: [string, string, string | null][]) => {
    const p = await d.parcel.create({
      data: { tracking_code: `RPT-${n}`, recipient_name: `R${n}`, destination: "Berlin", created_at: Z(created), max_expected_delivery_date: max },
    });
    for (const [code, at, reason] of history)
      entries.push({ parcel_id: p.id, title: code, description: code, status_code: code, status_reason: reason, created_at: Z(at) });
    return p.id;
  };
  const P1 = await parcel(1, "2026-03-24T10:00:00", "2026-03-26", [
    ["picked_up", "2026-03-25T08:00:00", null],
    ["delivered", "2026-03-25T22:59:00", null], // 23:59 in Berlin: the 25th
  ]);
  const P2 = await parcel(2, "2026-03-25T09:00:00", "2026-03-25", [
    ["delivery_failed", "2026-03-25T15:00:00", "nobody_home"],
    ["delivered", "2026-03-25T23:01:00", null], // 00:01 in Berlin: the 26th, a day late
  ]);
  const P3 = await parcel(3, "2026-03-26T08:00:00", null, [
    ["picked_up", "2026-03-26T09:00:00", null],
    ["delivered", "2026-03-27T09:30:00", null],
  ]);
  const P4 = await parcel(4, "2026-03-30T07:00:00", "2026-04-01", [
    ["picked_up", "2026-03-30T08:00:00", null],
    ["delivery_failed", "2026-03-30T16:00:00", "refused"],
    ["delivery_failed", "2026-03-31T16:00:00", null],
    ["delivered", "2026-03-31T21:59:00", null], // 23:59 in Berlin (summer time): the 31st
    ["delivered", "2026-04-02T10:00:00", null], // a second delivered entry: not its first
  ]);
  const P5 = await parcel(5, "2026-03-20T10:00:00", "2026-03-22", [["delivered", "2026-03-21T10:00:00", null]]);
  const P6 = await parcel(6, "2026-03-18T12:00:00", null, [["delivery_failed", "2026-03-19T12:00:00", "address_not_found"]]);
  const P7 = await parcel(7, "2026-04-03T21:59:00", null, []); // 23:59 on the last day
  const P8 = await parcel(8, "2026-04-03T22:01:00", null, []); // 00:01 the day after
  await parcel(9, "2026-03-09T10:00:00", "2026-03-20", [
    ["delivered", "2026-03-10T10:00:00", null],
    ["delivered", "2026-03-26T10:00:00", null], // delivered first before either period
  ]);

  await d.activity.createMany({ data: entries });

  // Bookings (EUR, the default currency).
  const booking = (n: number, shipper: number, service: string, amount: number, created: string, parcelId: number, cancelled?: string) =>
    d.booking.create({
      data: {
        shipper_id: shipper,
        parcel_id: parcelId,
        tracking_code: `RPT-B${n}`,
        service,
        amount,
        currency: "EUR",
        breakdown: "[]",
        chargeable_weight_kg: 1,
        request_hash: `h${n}`,
        created_at: Z(created),
        cancelled_at: cancelled ? Z(cancelled) : null,
      },
    });
  await booking(1, a.id, "STD", 1000, "2026-03-25T10:00:00", P2);
  await booking(2, a.id, "EXP", 2500, "2026-03-30T07:00:00", P4);
  await booking(3, b.id, "STD", 700, "2026-04-03T21:30:00", P7);
  await booking(4, b.id, "STD", 900, "2026-03-26T10:00:00", P3, "2026-03-26T11:00:00");
  await booking(5, a.id, "STD", 400, "2026-03-20T10:00:00", P5);
  await booking(6, b.id, "EXP", 800, "2026-04-03T22:30:00", P8); // 00:30 the day after

  // Two couriers' runs.
  const run = async (courier: number, date: string, started: string, stops: [number, string, string | null][]) => {
    const r = await d.run.create({ data: { courier_id: courier, date, status: "finished", started_at: Z(started) } });
    await d.stop.createMany({
      data: stops.map(([parcelId, status, done], i) => ({
        run_id: r.id,
        seq: i + 1,
        parcel_id: parcelId,
        claim_date: date,
        address: "Berlin",
        latitude: 52.5,
        longitude: 13.4,
        status,
        done_at: done ? Z(done) : null,
      })),
    });
  };
  await run(c1.id, "2026-03-25", "2026-03-25T07:00:00", [
    [P1, "done", "2026-03-25T09:00:00"],
    [P2, "failed", "2026-03-25T10:00:00"],
    [P3, "done", "2026-03-25T10:30:00"],
  ]);
  await run(c1.id, "2026-03-31", "2026-03-31T06:00:00", [
    [P4, "done", "2026-03-31T07:00:00"],
    [P2, "done", "2026-03-31T08:00:00"],
  ]);
  await run(c2.id, "2026-04-01", "2026-04-01T08:00:00", [
    [P7, "done", "2026-04-01T09:15:00"],
    [P8, "skipped", null],
  ]);
  await run(c2.id, "2026-03-20", "2026-03-20T08:00:00", [[P5, "done", "2026-03-20T12:00:00"]]);
  await run(c2.id, "2026-04-04", "2026-04-04T08:00:00", [[P6, "done", "2026-04-04T09:00:00"]]);
  // A loaded host: the server's start, its migrations and three sign-ins took over 2 minutes once (load average 28).
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const SUMMARY_FIELDS = `from to created delivered on_time on_time_rate first_attempt first_attempt_rate failed_attempts
  failures_by_reason { reason count } delivery_hours_median delivery_hours_p90
  revenue { amount currency by_service { service amount bookings } by_shipper { shipper_id name amount bookings } }
  cod { collected held_by_couriers depot_cash owed_to_shippers }
  couriers { courier_id name stops_done stops_failed active_hours stops_per_hour }`;
const gqlSummary = (c: Client, vars: Record<string, unknown>) =>
  c.gql(
    `query($from: String, $to: String, $shipperId: Int, $courierId: Int, $service: String) {
      reportSummary(from: $from, to: $to, shipperId: $shipperId, courierId: $courierId, service: $service) { ${SUMMARY_FIELDS} previous { ${SUMMARY_FIELDS} } } }`,
    vars,
  );
const gqlDaily = (c: Client, vars: Record<string, unknown>) =>
  c.gql(
    `query($from: String, $to: String, $shipperId: Int, $courierId: Int, $service: String) {
      reportDaily(from: $from, to: $to, shipperId: $shipperId, courierId: $courierId, service: $service) { date created delivered failed_attempts on_time_rate revenue } }`,
    vars,
  );
const ZERO_COD = { collected: 0, held_by_couriers: 0, depot_cash: 0, owed_to_shippers: 0 };

describe("the summary of a known history", () => {
  it("gives every figure of the period and the previous one as worked out by hand, through both doors", async () => {
    // Worked out by hand (see the history above):
    // created: P2, P3, P4, P7 (P8 is 00:01 on the 4th); before: P1, P5, P6.
    // delivered: first delivered entries P1 (25th), P2 (26th), P3 (27th), P4 (31st); P9 was delivered first on 10 March.
    // on time: P1 (25th <= 26th), P4 (31st <= 1st); P2 is late; P3 has no expected date: 2 of 3.
    // first attempt: P1, P3 (P2 and P4 failed before): 2 of 4.
    // hours: P1 08:00 -> 22:59 = 14.98 -> 15.0; P2 from creation 09:00 -> 23:01 = 14.02 -> 14.0; P3 24.5; P4 08:00 -> next day 21:59 = 37.98 -> 38.0.
    //   sorted 14.0, 15.0, 24.5, 38.0: median the 2nd (ceil(0.5 * 4)), 90th percentile the 4th (ceil(3.6)).
    // failed attempts: P2 nobody_home, P4 refused and one without a reason (other).
    // revenue: B1 1000 STD (Ada), B2 2500 EXP (Ada), B3 700 STD (Bo); B4 cancelled, B6 00:30 on the 4th.
    // couriers: c1 runs of the 25th (07:00 -> last done 10:30: 3.5 h; 2 done, 1 failed) and the 31st (06:00 -> 08:00: 2 h; 2 done):
    //   4 done, 1 failed, 5.5 h, 4 / 5.5 = 0.73 -> 0.7; c2 the 1st (08:00 -> 09:15: 1.25 -> 1.3 h), 1 done, 1 / 1.25 = 0.8.
    const current = {
      from: "2026-03-25",
      to: "2026-04-03",
      created: 4,
      delivered: 4,
      on_time: 2,
      on_time_rate: 0.6667,
      first_attempt: 2,
      first_attempt_rate: 0.5,
      failed_attempts: 3,
      failures_by_reason: [
        { reason: "nobody_home", count: 1 },
        { reason: "other", count: 1 },
        { reason: "refused", count: 1 },
      ],
      delivery_hours_median: 15,
      delivery_hours_p90: 38,
      revenue: {
        amount: 4200,
        currency: "EUR",
        by_service: [
          { service: "EXP", amount: 2500, bookings: 1 },
          { service: "STD", amount: 1700, bookings: 2 },
        ],
        by_shipper: [
          { shipper_id: ids.shipperA, name: "Ada GmbH", amount: 3500, bookings: 2 },
          { shipper_id: ids.shipperB, name: "Bo Ltd", amount: 700, bookings: 1 },
        ],
      },
      cod: ZERO_COD,
      couriers: [
        { courier_id: ids.c1, name: "c1@reports.example", stops_done: 4, stops_failed: 1, active_hours: 5.5, stops_per_hour: 0.7 },
        { courier_id: ids.c2, name: "c2@reports.example", stops_done: 1, stops_failed: 0, active_hours: 1.3, stops_per_hour: 0.8 },
      ],
    };
    // The previous period: P5 delivered on the 21st (on time, first attempt, 24 h from its creation); P6's failure;
    // B5 400 STD (Ada); c2's run of the 20th (08:00 -> 12:00: 4 h, 1 done, 0.25 -> 0.3 an hour).
    const previous = {
      from: "2026-03-15",
      to: "2026-03-24",
      created: 3,
      delivered: 1,
      on_time: 1,
      on_time_rate: 1,
      first_attempt: 1,
      first_attempt_rate: 1,
      failed_attempts: 1,
      failures_by_reason: [{ reason: "address_not_found", count: 1 }],
      delivery_hours_median: 24,
      delivery_hours_p90: 24,
      revenue: {
        amount: 400,
        currency: "EUR",
        by_service: [{ service: "STD", amount: 400, bookings: 1 }],
        by_shipper: [{ shipper_id: ids.shipperA, name: "Ada GmbH", amount: 400, bookings: 1 }],
      },
      cod: ZERO_COD,
      couriers: [{ courier_id: ids.c2, name: "c2@reports.example", stops_done: 1, stops_failed: 0, active_hours: 4, stops_per_hour: 0.3 }],
    };
    const rest = ok(await owner.get(`/api/reports/summary?${PERIOD}`));
    expect(rest).toEqual({ ...current, previous });
    const q = await gqlSummary(owner, { from: "2026-03-25", to: "2026-04-03" });
    expect(q.errors).toBeUndefined();
    expect(q.data.reportSummary).toEqual({ ...current, previous });
  });

  it("filters by shipper, courier and service", async () => {
    // Ada's parcels: P2, P4 (and P5 before): created 2, delivered 2 (P2 late, P4 on time), revenue 3500; the couriers' block follows courier_id only.
    const a = ok(await owner.get(`/api/reports/summary?${PERIOD}&shipper_id=${ids.shipperA}`));
    expect(a).toMatchObject({ created: 2, delivered: 2, on_time: 1, on_time_rate: 0.5, failed_attempts: 3, revenue: { amount: 3500 } });
    expect(a.previous).toMatchObject({ created: 1, delivered: 1, revenue: { amount: 400 } });
    expect(a.couriers).toHaveLength(2);
    // c1's parcels (a stop on one of c1's runs): P1, P2, P3, P4: created P2, P3, P4; revenue B1 + B2 (B4 cancelled).
    const c = ok(await owner.get(`/api/reports/summary?${PERIOD}&courier_id=${ids.c1}`));
    expect(c).toMatchObject({ created: 3, delivered: 4, failed_attempts: 3, revenue: { amount: 3500 } });
    expect(c.couriers.map((x: { courier_id: number }) => x.courier_id)).toEqual([ids.c1]);
    // EXP: P4 (P8 falls after the period).
    const q = await gqlSummary(owner, { from: "2026-03-25", to: "2026-04-03", service: "EXP" });
    expect(q.errors).toBeUndefined();
    expect(q.data.reportSummary).toMatchObject({ created: 1, delivered: 1, on_time: 1, failed_attempts: 2, revenue: { amount: 2500 } });
  });
});

describe("the daily report", () => {
  // By hand: the day of each entry in Berlin; 29 March (the change to summer time) has nothing.
  const DAYS = [
    ["2026-03-25", 1, 1, 1, 1, 1000],
    ["2026-03-26", 1, 1, 0, 0, 0],
    ["2026-03-27", 0, 1, 0, null, 0],
    ["2026-03-28", 0, 0, 0, null, 0],
    ["2026-03-29", 0, 0, 0, null, 0],
    ["2026-03-30", 1, 0, 1, null, 2500],
    ["2026-03-31", 0, 1, 1, 1, 0],
    ["2026-04-01", 0, 0, 0, null, 0],
    ["2026-04-02", 0, 0, 0, null, 0],
    ["2026-04-03", 1, 0, 0, null, 700],
  ].map(([date, created, delivered, failed_attempts, on_time_rate, revenue]) => ({ date, created, delivered, failed_attempts, on_time_rate, revenue }));

  it("has one row a day, zeros included, the same through both doors", async () => {
    expect(ok(await owner.get(`/api/reports/daily?${PERIOD}`))).toEqual(DAYS);
    const q = await gqlDaily(owner, { from: "2026-03-25", to: "2026-04-03" });
    expect(q.errors).toBeUndefined();
    expect(q.data.reportDaily).toEqual(DAYS);
    const empty = ok(await owner.get("/api/reports/daily?from=2025-01-01&to=2025-01-03"));
    expect(empty).toEqual(
      ["2025-01-01", "2025-01-02", "2025-01-03"].map((date) => ({ date, created: 0, delivered: 0, failed_attempts: 0, on_time_rate: null, revenue: 0 })),
    );
  });

  it("answers CSV: a byte-order mark, a header, a line a day, CRLF; the summary a line a figure", async () => {
    const r = await owner.get(`/api/reports/daily?${PERIOD}&format=csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(r.headers.get("content-disposition")).toBe('attachment; filename="report-daily-2026-03-25-2026-04-03.csv"');
    const lines = r.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("date,created,delivered,failed_attempts,on_time_rate,revenue");
    expect(lines.slice(1, -1)).toEqual(DAYS.map((d) => [d.date, d.created, d.delivered, d.failed_attempts, d.on_time_rate ?? "", d.revenue].join(",")));
    expect(lines.at(-1)).toBe("");
    const s = await owner.get(`/api/reports/summary?${PERIOD}&format=csv`);
    expect(s.status).toBe(200);
    const rows = s.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[0]).toBe("figure,current,previous");
    expect(rows).toEqual(
      expect.arrayContaining([
        "created,4,3",
        "on_time_rate,0.6667,1",
        "delivery_hours_median,15,24",
        "revenue,4200,400",
        "failures.nobody_home,1,0",
        "failures.address_not_found,0,1",
        "revenue.service.EXP,2500,0",
        `courier.stops_done.${ids.c1},4,0`,
      ]),
    );
  });
});

describe("bad periods and filters", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["from=2026-04-03&to=2026-03-25", { from: "2026-04-03", to: "2026-03-25" }, "from must be on or before to"],
    ["from=2025-01-01&to=2026-01-02", { from: "2025-01-01", to: "2026-01-02" }, "to must be within 366 days of from (a report covers at most 366 days)"],
    ["from=2026-02-30&to=2026-03-02", { from: "2026-02-30", to: "2026-03-02" }, "from must be a date as YYYY-MM-DD"],
    ["from=2026-03-01&to=yesterday", { from: "2026-03-01", to: "yesterday" }, "to must be a date as YYYY-MM-DD"],
    ["shipper_id=999999", { shipperId: 999999 }, "shipper_id names no shipper"],
    ["courier_id=0", { courierId: 0 }, "courier_id must be at least 1"],
    ["service=NOPE", { service: "NOPE" }, "service names no service"],
  ];
  for (const [query, vars, message] of cases)
    it(`refuses ${query}: 422 naming the field, GraphQL BAD_USER_INPUT`, async () => {
      for (const path of ["summary", "daily"]) expect(fails(await owner.get(`/api/reports/${path}?${query}`), 422)).toEqual([message]);
      const q = await gqlSummary(owner, vars);
      expect(q.errors?.[0]?.extensions?.code, JSON.stringify(q.errors)).toBe("BAD_USER_INPUT");
      expect(q.errors?.[0]?.message).toContain(message);
    });

  it("refuses a shipper_id that is not a number", async () => {
    const messages = fails(await owner.get(`/api/reports/summary?shipper_id=abc`), 422);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^shipper_id must be/);
  });
});

describe("who may read reports", () => {
  it("a dispatcher may, through both doors", async () => {
    ok(await members.dispatcher.get(`/api/reports/summary?${PERIOD}`));
    expect((await gqlDaily(members.dispatcher, { from: "2026-03-25", to: "2026-03-26" })).errors).toBeUndefined();
  });

  it("a courier, a shipper and an anonymous visitor may not, through either door", async () => {
    expect(fails(await members.courier.get(`/api/reports/summary?${PERIOD}`), 403)).toEqual(["Your role (courier) lacks the permission reports"]);
    expect((await gqlSummary(members.courier, {})).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    for (const path of ["summary", "daily"]) {
      expect([401, 403]).toContain((await members.shipper.get(`/api/reports/${path}?${PERIOD}`)).status);
      const anon = await new Client(t.url).get(`/api/reports/${path}?${PERIOD}&format=csv`);
      expect(anon.status).toBe(401);
      expect(anon.text).not.toContain("date,created");
    }
    expect(["UNAUTHENTICATED", "FORBIDDEN"]).toContain((await gqlDaily(members.shipper, {})).errors?.[0]?.extensions?.code);
    expect((await gqlDaily(new Client(t.url), {})).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("reports as heavy work", () => {
  it("one member runs at most two at once (the dashboard's pair): a third is 429 with Retry-After, through both doors", async () => {
    const { db } = await import("../../server/db/index.js");
    const { startJob } = await import("../../server/core/jobs.js");
    const me = await db().admin.findFirstOrThrow({ where: { role: "owner" } });
    // Two reports of the owner's still running (held here, as a year's summary on a large database would be).
    const held = [startJob("reports", `member:${me.id}`), startJob("reports", `member:${me.id}`)];
    try {
      const r = await owner.get(`/api/reports/summary?${PERIOD}`);
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe("5");
      expect((await gqlDaily(owner, { from: "2026-03-25", to: "2026-03-26" })).errors?.[0]?.extensions?.code).toBe("TOO_MANY_REQUESTS");
      // Another member is not held up by the owner's reports.
      ok(await members.dispatcher.get(`/api/reports/summary?${PERIOD}`));
    } finally {
      for (const release of held) release();
    }
    ok(await owner.get(`/api/reports/summary?${PERIOD}`));
  });
});
