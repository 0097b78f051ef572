// Issue 35: the parcel-write unit publishes its events once its statements are committed, and the
// features subscribe (server/core/events.ts, server/modules/parcel/parcel.events.ts). A failing
// subscriber never fails the write nor the subscribers after it; a unit that throws after a commit
// still announces what it committed; live streams hear live changes only. Both doors, both databases.
import "reflect-metadata";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newParcel } from "../helpers/admin.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { ok } from "../fixtures/rest.js";
import { Client } from "../helpers/http.js";
import { db } from "../../server/db/index.js";
import { dispatchEvents, type DispatchEvents } from "../../server/modules/dispatch/dispatch.events.js";
import { parcelEvents, type ParcelEvents } from "../../server/modules/parcel/parcel.events.js";
import { parcelWrites } from "../../server/modules/parcel/parcel.writes.js";
import { onLiveChange } from "../../server/modules/parcel/view-cache.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";
import { settleWebhooks } from "../../server/modules/webhook/webhook.service.js";

let app: MailApp;
beforeAll(async () => {
  app = await startAppWithMail({ WEBHOOK_POLL_MS: "600000", WEBHOOK_ALLOW_PRIVATE: "true" });
});
afterAll(() => app?.close());

const TRACK = `query($c: String!) { parcel(trackingCode: $c) { status_code } }`;
const track = async (code: string) => (await app.anon.gql(TRACK, { c: code })).data?.parcel?.status_code;
const parcel = (extra: Record<string, unknown> = {}) => newParcel(app.admin, "EV", "Utrecht, NL", extra);
const ENTRY = `mutation($i: CreateActivityInput!) { createActivity(input: $i) { id status_code } }`;

/** Test subscriptions, under names of their own; each is made a no-op again after its test. */
const mine: (() => void)[] = [];
function subscribe<K extends keyof ParcelEvents>(event: K, handler: (p: ParcelEvents[K]) => unknown) {
  const who = `test ${mine.length}`;
  mine.push(() => parcelEvents.on(event, who, () => {}));
  parcelEvents.on(event, who, handler);
}
function subscribeDispatch<K extends keyof DispatchEvents>(event: K, handler: (p: DispatchEvents[K]) => unknown) {
  const who = `test ${mine.length}`;
  mine.push(() => dispatchEvents.on(event, who, () => {}));
  dispatchEvents.on(event, who, handler);
}
afterEach(() => {
  for (const undo of mine.splice(0)) undo();
  vi.restoreAllMocks();
});

describe("the parcel's events", () => {
  it("the app wires each event's subscribers, in the order docs/development.md gives", () => {
    const wired = (names: string[]) => names.filter((n) => !n.startsWith("test "));
    expect(wired(parcelEvents.subscribed("views.changed"))).toEqual(["view cache"]);
    expect(wired(parcelEvents.subscribed("live.changed"))).toEqual(["view cache and live streams"]);
    expect(wired(parcelEvents.subscribed("parcel.created"))).toEqual(["webhooks"]);
    expect(wired(parcelEvents.subscribed("history.added"))).toEqual(["run stops", "webhooks"]);
    expect(wired(parcelEvents.subscribed("status.changed"))).toEqual(["recipient notifications", "recipient messages", "webhooks", "cod"]);
    expect(wired(parcelEvents.subscribed("proof.recorded"))).toEqual(["webhooks"]);
    expect(wired(parcelEvents.subscribed("parcel.deleted"))).toEqual(["runs"]);
    expect(wired(dispatchEvents.subscribed("run.started"))).toEqual(["recipient notifications", "recipient messages"]);
    expect(wired(dispatchEvents.subscribed("stop.near"))).toEqual(["recipient notifications", "recipient messages"]);
  });

  it("a subscriber that throws fails neither the write nor the other subscribers, through either door", async () => {
    const to = "jane.events@example.com";
    const p = await parcel({ recipient_email: to });
    expect(await track(p.tracking_code)).toBeNull(); // cached now
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The views' event comes first of all: its failing subscriber runs after the view cache's, before every other event.
    for (const event of ["views.changed", "history.added", "status.changed"] as const) {
      subscribe(event, () => {
        throw new Error(`test subscriber on ${event}`);
      });
    }
    const hook = ok(await app.admin.post("/api/webhooks", { url: "http://127.0.0.1:9/hook", events: ["status.changed", "history.added"] }), 201);

    // REST
    const entry = ok(await app.admin.post("/api/activities", { parcel_id: p.id, title: "At the hub", description: "Sorted.", status_code: "in_transit" }), 201);
    expect(entry.status_code).toBe("in_transit");
    expect(await track(p.tracking_code)).toBe("in_transit");
    await app.smtp.waitFor((m) => m.to.includes(to));
    // GraphQL
    const g = await app.admin.gql(ENTRY, { i: { parcel_id: p.id, title: "Out", description: "On the way.", status_code: "out_for_delivery" } });
    expect(g.errors).toBeUndefined();
    expect(await track(p.tracking_code)).toBe("out_for_delivery");
    await expect.poll(() => app.smtp.messages.filter((m) => m.to.includes(to)).length).toBe(2);

    await settleWebhooks();
    const sent = await db().webhookDelivery.findMany({ where: { webhook_id: hook.id }, select: { event: true } });
    expect(sent.map((d) => d.event).sort()).toEqual(["history.added", "history.added", "status.changed", "status.changed"]);
    expect(logged.mock.calls.map((c) => String(c.join(" "))).filter((l) => l.includes("test subscriber"))).toHaveLength(6);
    await app.admin.delete(`/api/webhooks/${hook.id}`);
  });

  it("a unit that throws after a committed write still announces it, and its view is forgotten", async () => {
    const p = await parcel();
    expect(await track(p.tracking_code)).toBeNull();
    const heard: string[] = [];
    subscribe("status.changed", ({ changes }) => heard.push(...changes.map((c) => `${c.tracking_code} ${c.status_code} ${c.cause}`)));
    const before = { id: p.id, tracking_code: p.tracking_code, status_code: null };
    await expect(
      parcelWrites(async (w) => {
        await w.updateParcel(before, { status_code: "on_hold" });
        throw new Error("after the commit");
      }),
    ).rejects.toThrow("after the commit");
    expect(heard).toEqual([`${p.tracking_code} on_hold edit`]);
    expect(await track(p.tracking_code)).toBe("on_hold");
    // And nothing is announced when nothing was committed.
    await expect(
      parcelWrites(async (w) => {
        await w.updateParcel({ ...before, id: 2_000_000_000 }, { status_code: "delivered" });
      }),
    ).rejects.toThrow();
    expect(heard).toHaveLength(1);
  });

  it("live streams hear a change of the live part or of the privacy tier, not every write of the parcel", async () => {
    const p = await parcel({ recipient_postcode: "3511 AA" });
    const woken: string[] = [];
    onLiveChange((codes) => {
      if (codes === "all" || codes.includes(p.tracking_code)) woken.push(codes === "all" ? "all" : p.tracking_code);
    });
    ok(await app.admin.post("/api/activities", { parcel_id: p.id, title: "At the hub", description: "Sorted.", status_code: "in_transit" }), 201);
    ok(await app.admin.patch("/api/parcels", { id: p.id, destination: "Amersfoort, NL" }));
    expect(woken.filter((w) => w !== "all")).toEqual([]);
    const g = await app.admin.gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { id } }`, { i: { id: p.id, protect_details: true } });
    expect(g.errors).toBeUndefined();
    expect(woken.filter((w) => w !== "all")).toEqual([p.tracking_code]);
    await parcelWrites(async (w) => w.liveChanged(p.tracking_code));
    expect(woken.filter((w) => w !== "all")).toEqual([p.tracking_code, p.tracking_code]);
  });

  it("the delivery day announces a run started, a stop near and each stop settled; the recipients' mails follow from them", async () => {
    const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
    const email = "courier.events@example.com";
    const courierId = (await db().admin.create({ data: { email, password_hash: await hashPassword("delivery-day-password-1"), role: "courier" } })).id;
    const courier = new Client(app.t.url);
    expect((await courier.post("/api/admins/auth/signin", { email, password: "delivery-day-password-1" })).status).toBe(200);
    ok(await app.admin.patch("/api/settings", { depot_latitude: 52.37, depot_longitude: 4.89, notify_stops_before: 1 }));
    const codes: string[] = [];
    for (const east of [0.01, 0.02, 0.03]) {
      const p = await parcel({ recipient_email: `day.${east}@example.com`, map_destination_latitude: 52.37, map_destination_longitude: 4.89 + east });
      ok(await app.admin.post("/api/scans", { codes: [p.tracking_code], status_code: "in_transit" }));
      codes.push(p.tracking_code);
    }
    const heard: string[] = [];
    subscribeDispatch("run.started", ({ deliveries }) => heard.push(`started ${deliveries.map((d) => d.stops_before).join(",")}`));
    subscribeDispatch("stop.near", ({ stops_before }) => heard.push(`near ${stops_before}`));
    subscribeDispatch("stop.settled", ({ status }) => heard.push(`settled ${status}`));
    const run = ok(
      await app.admin.post("/api/runs", { courier_id: courierId, date: "2026-03-09", stops: codes.map((tracking_code) => ({ tracking_code })) }),
      201,
    );
    const stopOf = (code: string) => run.stops.find((s: { tracking_code: string }) => s.tracking_code === code).id;
    ok(await courier.post(`/api/runs/${run.id}/start`, {}));
    expect(heard).toEqual(["started 0,1,2"]);
    ok(await app.admin.post("/api/scans", { codes: [run.stops[0].tracking_code], status_code: "delivered" }));
    expect(heard).toEqual(["started 0,1,2", "settled done", "near 1"]);
    const g = await courier.gql(`mutation($r: Int!, $s: Int!) { skipStop(runId: $r, stopId: $s) { status } }`, {
      r: run.id,
      s: stopOf(run.stops[1].tracking_code),
    });
    expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
    expect(heard.slice(3)).toEqual(["settled skipped"]);
    // The recipients' window and "near" messages follow from the events (the claims their mails made).
    await settleNotifications();
    const ids = (await db().parcel.findMany({ where: { tracking_code: { in: codes } }, select: { id: true } })).map((p) => p.id);
    const claims = await db().parcelNotification.findMany({ where: { parcel_id: { in: ids }, mail_id: { not: null } }, select: { status_code: true } });
    const kinds = claims.map((c) => c.status_code.split(":")[0]).filter((k) => k === "window" || k === "near");
    expect(kinds.sort()).toEqual(["near", "window", "window", "window"]);
  });
});
