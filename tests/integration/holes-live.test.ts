// Issue 35, the delivery day's live view (api-contract.md section 11), reproduced as the review did against a
// running server: the next recipient must not see the courier at the previous recipient's door (REST, GraphQL
// and the parcelLive subscription), and an open subscription follows the privacy tier set after it opened.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { subscribeLive } from "../helpers/live.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";

const DEPOT = { latitude: 52.37, longitude: 4.89 };
const LIVE = `live { window { from to } stops_before courier { latitude longitude at } }`;

let t: TestApp;
let owner: Client;
let dispatcher: Client;
let courier: Client;
let courierId = 0;
let anon: Client;
let n = 0;

async function member(role: "dispatcher" | "courier", email: string): Promise<[Client, number]> {
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  const row = await db().admin.create({ data: { email, password_hash: await hashPassword("holes-live-password-1"), role } });
  const c = new Client(t.url);
  expect((await c.post("/api/admins/auth/signin", { email, password: "holes-live-password-1" })).status).toBe(200);
  return [c, row.id];
}

/** A parcel in transit at a point east of the depot: [code, id]. */
async function parcel(east: number, extra: Record<string, unknown> = {}): Promise<[string, number]> {
  const code = `HL-${process.pid % 1000}-${++n}`;
  const made = ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: `Recipient ${n}`,
      recipient_postcode: `10${n % 10}1 AB`,
      destination: `Street ${n}, Amsterdam`,
      map_destination_latitude: DEPOT.latitude,
      map_destination_longitude: DEPOT.longitude + east,
      ...extra,
    }),
    201,
  );
  ok(await owner.post("/api/scans", { codes: [code], status_code: "in_transit" }));
  return [code, made.id];
}

/** A started run of these parcels, in this order; `post` shares a position as its courier. */
async function startedRun(codes: string[], date: string) {
  const run = ok(await dispatcher.post("/api/runs", { courier_id: courierId, date, stops: codes.map((tracking_code) => ({ tracking_code })) }), 201);
  ok(await courier.post(`/api/runs/${run.id}/start`, {}));
  const post = async (latitude: number, longitude: number, at = new Date().toISOString()) => {
    const r = await courier.post(`/api/runs/${run.id}/positions`, { positions: [{ latitude, longitude, at }] });
    expect(r.status, r.text).toBe(204);
  };
  return { id: run.id as number, post };
}

const rest = async (code: string, verify?: string) => ok(await anon.get(`/api/parcels/${code}${verify ? `?verify=${encodeURIComponent(verify)}` : ""}`)).live;
const graphql = async (code: string) => {
  const r = await anon.gql(`query($c: String!) { parcel(trackingCode: $c) { ${LIVE} } }`, { c: code });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.parcel.live;
};
/** Time for the other subscribers woken by the same change to have answered (they are not expected to). */
const settle = () => new Promise((r) => setTimeout(r, 300));
type Live = { live?: { stops_before?: number | null; courier?: { latitude: number; longitude: number } | null } | null };
const liveOf = (u: { data?: { parcelLive?: Live } }) => u.data?.parcelLive?.live;
const at = (p: { latitude: number; longitude: number }) => (u: { data?: { parcelLive?: Live } }) =>
  liveOf(u)?.courier?.latitude === p.latitude && liveOf(u)?.courier?.longitude === p.longitude;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  [dispatcher] = await member("dispatcher", "dispatcher@holes-live.example");
  [courier, courierId] = await member("courier", "courier@holes-live.example");
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

describe("the next recipient never sees the courier at the previous recipient's door", () => {
  it("after a stop is settled, the next stop shows no courier until a position arrives after it (REST, GraphQL, subscription)", async () => {
    const [a] = await parcel(0.01);
    const [b] = await parcel(0.02);
    const [c] = await parcel(0.03);
    const run = await startedRun([a, b, c], "2026-04-06");
    const viewerB = subscribeLive(t.url, b);
    const viewerC = subscribeLive(t.url, c);
    try {
      await viewerB.next((u) => liveOf(u)?.stops_before === 1);
      await viewerC.next((u) => liveOf(u)?.stops_before === 2);

      // The courier at A's door; A's recipient sees it, B's not (not heading there yet).
      const doorA = { latitude: 52.3701, longitude: 4.9001 };
      await run.post(doorA.latitude, doorA.longitude);
      expect((await rest(a)).courier).toMatchObject(doorA);
      expect((await rest(b)).courier).toBeNull();

      // A delivered: B is next, and B's recipient must not see A's door.
      ok(await courier.post("/api/scans", { codes: [a], status_code: "delivered" }));
      expect(await rest(b)).toMatchObject({ stops_before: 0, courier: null });
      expect(await graphql(b)).toMatchObject({ stops_before: 0, courier: null });
      await viewerB.next((u) => liveOf(u)?.stops_before === 0);
      // A position the phone kept from before the delivery (sent afterwards) is still A's door.
      await run.post(52.3705, 4.9005, new Date(Date.now() - 60_000).toISOString());
      expect((await rest(b)).courier).toBeNull();
      expect((await graphql(b)).courier).toBeNull();
      // So is one taken after it while the courier still stands there (walking back to the van: 20 m).
      await run.post(52.37015, 4.9002);
      expect((await rest(b)).courier).toBeNull();
      expect((await graphql(b)).courier).toBeNull();

      // The courier moves on: B sees that position, through every door.
      const onTheWay = { latitude: 52.3702, longitude: 4.905 };
      await run.post(onTheWay.latitude, onTheWay.longitude);
      expect((await rest(b)).courier).toMatchObject(onTheWay);
      expect((await graphql(b)).courier).toMatchObject(onTheWay);
      await viewerB.next(at(onTheWay));

      // At B's door with a phone whose clock runs 4 minutes ahead (accepted: 5 minutes of slack), then a failed
      // attempt settles B a moment later by the server's clock: C must not see B's door either.
      const doorB = { latitude: 52.3703, longitude: 4.9101 };
      await run.post(doorB.latitude, doorB.longitude, new Date(Date.now() + 4 * 60_000).toISOString());
      expect((await rest(b)).courier).toMatchObject(doorB);
      ok(await courier.post("/api/scans", { codes: [b], status_code: "delivery_failed", status_reason: "nobody_home" }));
      expect(await rest(c)).toMatchObject({ stops_before: 0, courier: null });
      expect(await graphql(c)).toMatchObject({ stops_before: 0, courier: null });
      await viewerC.next((u) => liveOf(u)?.stops_before === 0);
      const towardsC = { latitude: 52.3704, longitude: 4.915 };
      // The ahead-running phone's next position: after the settlement by both clocks.
      await run.post(towardsC.latitude, towardsC.longitude, new Date(Date.now() + 4 * 60_000 + 1_000).toISOString());
      expect((await rest(c)).courier).toMatchObject(towardsC);
      await viewerC.next(at(towardsC));

      // No update on either subscription ever put the courier at the door before their own stop.
      expect(viewerB.updates.some(at(doorA))).toBe(false);
      expect(viewerC.updates.some(at(doorB))).toBe(false);
      expect(viewerC.updates.some(at(doorA))).toBe(false);
    } finally {
      viewerB.close();
      viewerC.close();
    }
  });

  it("a skipped stop counts as settled too: the next one waits for a fresh position", async () => {
    const [a] = await parcel(0.04);
    const [b] = await parcel(0.05);
    const run = await startedRun([a, b], "2026-04-07");
    const door = { latitude: 52.3711, longitude: 4.93 };
    await run.post(door.latitude, door.longitude);
    const stops = ok(await courier.get(`/api/runs/${run.id}`)).stops as { id: number; tracking_code: string }[];
    ok(await courier.post(`/api/runs/${run.id}/stops/${stops.find((s) => s.tracking_code === a)!.id}/skip`, {}));
    expect(await rest(b)).toMatchObject({ stops_before: 0, courier: null });
    await run.post(52.3712, 4.935);
    expect((await rest(b)).courier).toMatchObject({ latitude: 52.3712, longitude: 4.935 });
  });
});

describe("an open subscription follows the privacy tier set after it opened", () => {
  it("protect_details set while subscribed: no position, no stops_before reaches it afterwards; a changed factor locks an unlocked one", async () => {
    const [code, id] = await parcel(0.06, { recipient_postcode: "1011 AB" });
    const run = await startedRun([code], "2026-04-08");
    const plain = subscribeLive(t.url, code);
    // A factor given while the parcel was not protected was never checked: it unlocks nothing later.
    const guessed = subscribeLive(t.url, code, "9999 ZZ");
    const seen = { latitude: 52.3721, longitude: 4.95 };
    const later = { latitude: 52.3722, longitude: 4.951 };
    try {
      await run.post(seen.latitude, seen.longitude);
      await plain.next(at(seen));
      await guessed.next(at(seen));

      // The owner sets the tier (REST); both open subscriptions get the window alone at once.
      ok(await owner.patch("/api/parcels", { id, protect_details: true }));
      const locked = (u: { data?: { parcelLive?: Live } }) => !!liveOf(u) && liveOf(u)!.courier == null && liveOf(u)!.stops_before == null;
      await plain.next(locked);
      await guessed.next(locked);
      const before = [plain.updates.length, guessed.updates.length];

      // The recipient, subscribing now with the right factor, sees the next position; the open ones do not.
      const recipient = subscribeLive(t.url, code, "1011 AB");
      try {
        await recipient.next((u) => liveOf(u)?.stops_before === 0);
        await run.post(later.latitude, later.longitude);
        await recipient.next(at(later));
        await settle();
        for (const v of [plain, guessed]) {
          expect(v.updates.some(at(later))).toBe(false);
          const after = v.updates.slice(before[v === plain ? 0 : 1]);
          for (const u of after) expect(liveOf(u)?.courier ?? null).toBeNull();
        }
        // REST agrees: the window alone without the factor.
        expect(Object.keys(await rest(code))).toEqual(["window"]);

        // The factor changes (GraphQL door): the recipient's open subscription is locked too.
        const g = await owner.gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { id } }`, { i: { id, recipient_postcode: "2022 CD" } });
        expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
        await recipient.next(locked);
        await run.post(52.3723, 4.952);
        await settle();
        expect(recipient.updates.some(at({ latitude: 52.3723, longitude: 4.952 }))).toBe(false);
      } finally {
        recipient.close();
      }
    } finally {
      plain.close();
      guessed.close();
    }
  });
});
