// Issue 35: the parcel-write unit publishes its events once its statements are committed, and the
// features subscribe (server/core/events.ts, server/modules/parcel/parcel.events.ts). A failing
// subscriber never fails the write nor the subscribers after it; a unit that throws after a commit
// still announces what it committed; live streams hear live changes only. Both doors, both databases.
import "reflect-metadata";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newParcel } from "../helpers/admin.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { ok } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { parcelEvents, type ParcelEvents } from "../../server/modules/parcel/parcel.events.js";
import { parcelWrites } from "../../server/modules/parcel/parcel.writes.js";
import { onLiveChange } from "../../server/modules/parcel/view-cache.js";
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
const mine: [keyof ParcelEvents, string][] = [];
function subscribe<K extends keyof ParcelEvents>(event: K, handler: (p: ParcelEvents[K]) => unknown) {
  const who = `test ${mine.length}`;
  mine.push([event, who]);
  parcelEvents.on(event, who, handler);
}
afterEach(() => {
  for (const [event, who] of mine.splice(0)) parcelEvents.on(event, who, () => {});
  vi.restoreAllMocks();
});

describe("the parcel's events", () => {
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
});
