import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { expectAllUnauthenticated, expectError, expectFieldError } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";
import { waitFor } from "../helpers/wait.js";
import { ACTIVITY_COLORS, ACTIVITY_ICONS } from "../../shared/modules/activity/activity.codes.js";

const FIELDS = `id parcel_id title description icon color created_at updated_at created_at_month created_at_day created_at_time`;
const CREATE = `mutation($i: CreateActivityInput!) { createActivity(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateActivityInput!) { updateActivity(input: $i) { ${FIELDS} } }`;
const GET = `query($id: Int!) { activity(id: $id) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!) { deleteActivity(id: $id) }`;
const TRACK = `query($c: String!) { parcel(trackingCode: $c) { updated_at history { id title icon color } } }`;

let t: TestApp;
let admin: Client;
let anon: Client;
let parcelId: number;
let otherParcelId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
  const mk = async (code: string) =>
    (
      await admin.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
        i: { tracking_code: code, recipient_name: "R", destination: "D" },
      })
    ).data.createParcel.id as number;
  parcelId = await mk("ACT-1");
  otherParcelId = await mk("ACT-2");
});
afterAll(async () => t?.close());

const add = async (input: Record<string, unknown>) => {
  const r = await admin.gql(CREATE, { i: { parcel_id: parcelId, ...input } });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.createActivity;
};

describe("without a session", () => {
  it("every activity operation is UNAUTHENTICATED and changes nothing", async () => {
    const a = await add({ title: "Guarded", description: "Only admins see this" });
    await expectAllUnauthenticated(anon, [
      [GET, { id: a.id }],
      [CREATE, { i: { parcel_id: parcelId, title: "x", description: "y" } }],
      [UPDATE, { i: { id: a.id, title: "Hacked" } }],
      [DELETE, { id: a.id }],
    ]);
    const row = await db().activity.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.title).toBe("Guarded");
    expect(await db().activity.count({ where: { title: "x" } })).toBe(0);
    await admin.gql(DELETE, { id: a.id });
  });
});

describe("createActivity", () => {
  it("defaults to the plane icon and green, trims text and derives month, day and time in UTC", async () => {
    const a = await add({ title: "  Departed Heathrow  ", description: " Loaded on the evening flight. " });
    expect(a).toMatchObject({
      parcel_id: parcelId,
      title: "Departed Heathrow",
      description: "Loaded on the evening flight.",
      icon: "airplanemode_active",
      color: "green",
    });
    const d = new Date(a.created_at);
    expect(a.created_at_month).toBe(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][d.getUTCMonth()]);
    expect(a.created_at_day).toBe(String(d.getUTCDate()).padStart(2, "0"));
    expect(a.created_at_time).toBe(`${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`);
    expect((await admin.gql(GET, { id: a.id })).data.activity).toEqual(a);
  });

  it("accepts every icon and colour of the seed's lists", async () => {
    const icons = Object.keys(ACTIVITY_ICONS) as (keyof typeof ACTIVITY_ICONS)[];
    expect(icons).toHaveLength(11);
    for (const [i, icon] of icons.entries()) {
      const color = ACTIVITY_COLORS[i % ACTIVITY_COLORS.length];
      const a = await add({ title: `Step ${icon}`, description: ACTIVITY_ICONS[icon], icon, color });
      expect([a.icon, a.color]).toEqual([icon, color]);
    }
  });

  it("names the field for every rule", async () => {
    const base = { parcel_id: parcelId, title: "T", description: "D" };
    expectFieldError(await admin.gql(CREATE, { i: { ...base, title: "" } }), "title", /required/);
    expectFieldError(await admin.gql(CREATE, { i: { ...base, title: "t".repeat(301) } }), "title", /at most 300/);
    expectFieldError(await admin.gql(CREATE, { i: { ...base, description: "" } }), "description", /required/);
    expectFieldError(await admin.gql(CREATE, { i: { ...base, description: "d".repeat(5001) } }), "description", /at most 5000/);
    expectFieldError(await admin.gql(CREATE, { i: { ...base, icon: "rocket" } }), "icon", /one of radio_button_checked, .*departure_board/);
    expectFieldError(await admin.gql(CREATE, { i: { ...base, color: "blue" } }), "color", /green, black, gold, red/);
    expectFieldError(await admin.gql(CREATE, { i: { ...base, parcel_id: "one" } }), "parcel_id");
    expectFieldError(await admin.gql(CREATE, { i: { title: "T", description: "D" } }), "parcel_id");
    // Long descriptions are long text, not capped at 300.
    expect((await add({ title: "Long", description: "d".repeat(5000) })).description).toHaveLength(5000);
  });

  it("is NOT_FOUND for an unknown parcel", async () => {
    expectError(await admin.gql(CREATE, { i: { parcel_id: 999999, title: "T", description: "D" } }), "NOT_FOUND", "Parcel not found");
  });

  it("shows in the public history oldest first and moves the parcel's updated_at", async () => {
    const before = (await anon.gql(TRACK, { c: "ACT-1" })).data.parcel;
    // The clock past the last write, so a new write's time is later (times are in ms).
    await waitFor(() => Date.now() > Date.parse(before.updated_at), { interval: 5, what: "the clock to move on" });
    const a = await add({ title: "Newest", description: "Latest event", icon: "check_circle", color: "gold" });
    const after = (await anon.gql(TRACK, { c: "ACT-1" })).data.parcel;
    expect(after.history.at(-1)).toEqual({ id: a.id, title: "Newest", icon: "check_circle", color: "gold" });
    const ids = after.history.map((h: { id: number }) => h.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });
});

describe("updateActivity", () => {
  it("changes only what is sent", async () => {
    const a = await add({ title: "Arrived", description: "At the hub", icon: "home_work", color: "black" });
    const r = await admin.gql(UPDATE, { i: { id: a.id, color: "red", title: "Arrived late" } });
    expect(r.data.updateActivity).toMatchObject({
      id: a.id,
      title: "Arrived late",
      description: "At the hub",
      icon: "home_work",
      color: "red",
      created_at: a.created_at,
    });
    // Sending the same parcel_id is fine.
    expect((await admin.gql(UPDATE, { i: { id: a.id, parcel_id: parcelId, description: "At the main hub" } })).data.updateActivity.description).toBe(
      "At the main hub",
    );
  });

  it("refuses blanks, bad values and moving to another parcel, naming the field", async () => {
    const a = await add({ title: "Fixed", description: "Stays" });
    expectFieldError(await admin.gql(UPDATE, { i: { id: a.id, title: "" } }), "title", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: a.id, description: "" } }), "description", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: a.id, icon: "rocket" } }), "icon");
    expectFieldError(await admin.gql(UPDATE, { i: { id: a.id, color: "purple" } }), "color");
    expectFieldError(await admin.gql(UPDATE, { i: { id: a.id, parcel_id: otherParcelId } }), "parcel_id", /belongs to/);
    const row = await db().activity.findUniqueOrThrow({ where: { id: a.id } });
    expect([row.title, row.description, row.parcel_id]).toEqual(["Fixed", "Stays", parcelId]);
  });

  it("is NOT_FOUND for an unknown id", async () => {
    expectError(await admin.gql(UPDATE, { i: { id: 999999, title: "x" } }), "NOT_FOUND", "Activity not found");
  });
});

describe("deleteActivity and activity(id)", () => {
  it("deletes one entry; a second delete and a read are NOT_FOUND", async () => {
    const a = await add({ title: "Mistake", description: "Entered twice" });
    expect((await admin.gql(DELETE, { id: a.id })).data.deleteActivity).toBe(true);
    expectError(await admin.gql(DELETE, { id: a.id }), "NOT_FOUND");
    expectError(await admin.gql(GET, { id: a.id }), "NOT_FOUND");
    const history = (await anon.gql(TRACK, { c: "ACT-1" })).data.parcel.history;
    expect(history.map((h: { id: number }) => h.id)).not.toContain(a.id);
    expect(history.length).toBeGreaterThan(0);
  });
});
