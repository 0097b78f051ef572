import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { cachedPublicView } from "../../server/modules/parcel/view-cache.js";

// The service layer caches public parcel views and the start-up graph; every write through
// either door must show on the very next look-up through either door.
let t: TestApp;
let admin: Client;
const visitor = () => new Client(t.url);
const track = async (code: string) =>
  (await visitor().gql(`query($c: String!) { parcel(trackingCode: $c) { tracking_code status image history { title } } }`, { c: code })).data?.parcel ?? null;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
});
afterAll(async () => t?.close());

describe("cached views stay correct", () => {
  it("an unknown code that is then created is found at once", async () => {
    fails(await visitor().get("/api/parcels/CACHE-1"), 404);
    expect(await track("CACHE-1")).toBeNull();
    ok(await admin.post("/api/parcels", { tracking_code: "CACHE-1", recipient_name: "Cache", destination: "Lyon" }), 201);
    expect(ok(await visitor().get("/api/parcels/CACHE-1")).destination).toBe("Lyon");
    expect((await track("CACHE-1")).tracking_code).toBe("CACHE-1");
  });

  it("a REST update shows in the next GraphQL look-up and a GraphQL update in the next REST look-up", async () => {
    const id = ok(await visitor().get("/api/parcels/CACHE-1")).id;
    await track("CACHE-1"); // warm both
    ok(await admin.patch("/api/parcels", { id, status: "Held at customs" }));
    expect((await track("CACHE-1")).status).toBe("Held at customs");
    await admin.gql(`mutation($id: Int!) { updateParcel(input: { id: $id, status: "Released" }) { id } }`, { id });
    expect(ok(await visitor().get("/api/parcels/CACHE-1")).status).toBe("Released");
  });

  it("history changes through either door show at once", async () => {
    const id = ok(await visitor().get("/api/parcels/CACHE-1")).id;
    const a = ok(await admin.post("/api/activities", { parcel_id: id, title: "Arrived", description: "At the hub", icon: "home_work", color: "green" }), 201);
    expect((await track("CACHE-1")).history.map((h: { title: string }) => h.title)).toEqual(["Arrived"]);
    await admin.gql(`mutation($id: Int!) { updateActivity(input: { id: $id, title: "Arrived at hub" }) { id } }`, { id: a.id });
    expect(ok(await visitor().get("/api/parcels/CACHE-1")).history[0].title).toBe("Arrived at hub");
    ok(await admin.delete("/api/activities", { id: a.id }));
    expect((await track("CACHE-1")).history).toEqual([]);
  });

  it("a renamed code is gone under the old name and found under the new one; a deleted parcel is gone", async () => {
    const id = ok(await visitor().get("/api/parcels/CACHE-1")).id;
    ok(await admin.patch("/api/parcels", { id, tracking_code: "CACHE-2" }));
    fails(await visitor().get("/api/parcels/CACHE-1"), 404);
    expect((await track("CACHE-2")).tracking_code).toBe("CACHE-2");
    ok(await admin.delete("/api/parcels", { id }));
    fails(await visitor().get("/api/parcels/CACHE-2"), 404);
    expect(await track("CACHE-2")).toBeNull();
  });

  it("a cached view is frozen under tests: a caller that changes it throws, the cache keeps its answer", async () => {
    const p = ok(await admin.post("/api/parcels", { tracking_code: "CACHE-FROZEN", recipient_name: "Frozen", destination: "Oslo" }), 201);
    ok(await admin.post("/api/activities", { parcel_id: p.id, title: "Picked up", description: "At the sender" }), 201);
    const view = (await cachedPublicView("CACHE-FROZEN"))!;
    expect(await cachedPublicView("CACHE-FROZEN")).toBe(view); // the cached object itself
    const v = view as unknown as Record<string, unknown> & { history: Record<string, unknown>[] };
    expect(() => (v.destination = "Elsewhere")).toThrow(TypeError);
    expect(() => delete v.destination).toThrow(TypeError);
    expect(() => (v.history[0].title = "Changed")).toThrow(TypeError);
    expect(() => v.history.push({})).toThrow(TypeError);
    expect(ok(await visitor().get("/api/parcels/CACHE-FROZEN")).destination).toBe("Oslo");
    expect((await track("CACHE-FROZEN")).history).toEqual([{ title: "Picked up" }]);
  });

  it("page, review and settings writes show in the next start-up graph", async () => {
    const before = ok(await visitor().get("/api/graph"));
    const page = ok(await admin.post("/api/pages", { title: "Cache Page", content: "Hello", icon: "pages" }), 201);
    expect(ok(await visitor().get("/api/graph")).pages.map((p: { slug: string }) => p.slug)).toContain("cache-page");
    await admin.gql(`mutation { updateContactSettings(input: { contact_email: "cache@example.com" }) { contact_email } }`);
    expect((await visitor().gql(`{ graph { settings { contact_email } } }`)).data.graph.settings.contact_email).toBe("cache@example.com");
    ok(await admin.delete("/api/pages", { id: page.id }));
    expect(ok(await visitor().get("/api/graph")).pages.length).toBe(before.pages.length);
  });
});

describe("the pre-serialized start-up graph", () => {
  it("has exactly the documented shape and the caller's admin flag", async () => {
    const spec = (await visitor().get("/api/openapi.json")).json.components.schemas;
    const g = ok(await visitor().get("/api/graph"));
    expect(Object.keys(g).sort()).toEqual(Object.keys(spec.SiteGraph.properties).sort());
    expect(g.admin).toBe(false);
    expect(g.role).toBeNull();
    expect(ok(await admin.get("/api/graph"))).toMatchObject({ admin: true, role: "owner" });
    await admin.post("/api/pages", { title: "Shape Page", content: "x" });
    const again = ok(await visitor().get("/api/graph"));
    for (const p of again.pages) expect(Object.keys(p).sort()).toEqual(Object.keys(spec.Page.properties).sort());
    expect(Object.keys(again.settings).sort()).toEqual(Object.keys(spec.PublicSettings.properties).sort());
  });
});
