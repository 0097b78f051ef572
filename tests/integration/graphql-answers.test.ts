import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { ok, signedIn } from "../fixtures/rest.js";

// Kept GraphQL answers (server/graphql/answer-memo.ts): a repeated public look-up is answered with the bytes
// made for the first one, only while its root fields still resolve to the same cached views; access,
// limits and the second factor run on every request as before.
const FULL = `query($c: String!) { parcel(trackingCode: $c) { tracking_code status created_at last_event_at history { title created_at } structured_data } }`;
const MANY = `query($codes: [String!]!) { track(codes: $codes) { tracking_code error parcel { status history { title } } } }`;

async function post(base: string, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: r.status, body: await r.text(), cacheControl: r.headers.get("cache-control") };
}
const kept = async () => (await import("../../server/graphql/fastpath.js")).fastPathCacheSize().answers;

describe("kept GraphQL answers", () => {
  let t: TestApp;
  let admin: Client;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedIn(t);
    for (const c of ["KA-1", "KA-2"]) {
      ids[c] = ok(await admin.post("/api/parcels", { tracking_code: c, recipient_name: "Kept Answer", destination: "Oslo", status: "In transit" }), 201).id;
    }
    ok(
      await admin.post("/api/parcels", {
        tracking_code: "KA-P",
        recipient_name: "Private Person",
        destination: "1 Quay Street, Bergen 5003",
        status: "In transit",
        protect_details: true,
        recipient_postcode: "5003",
      }),
      201,
    );
  });
  afterAll(() => t?.close());

  it("answers a repeated look-up with the same bytes, and shows a write at once", async () => {
    const first = await post(t.url, FULL, { c: "KA-1" });
    expect(first.status).toBe(200);
    const before = await kept();
    const again = await post(t.url, FULL, { c: "KA-1" });
    expect(again.body).toBe(first.body);
    expect(await kept()).toBe(before);

    const id = ids["KA-1"];
    ok(await admin.patch("/api/parcels", { id, status: "Out for delivery" }));
    const after = await post(t.url, FULL, { c: "KA-1" });
    expect(JSON.parse(after.body).data.parcel.status).toBe("Out for delivery");

    ok(await admin.post("/api/activities", { parcel_id: id, title: "Left the depot", description: "On the van", icon: "local_shipping", color: "green" }), 201);
    const withEntry = JSON.parse((await post(t.url, FULL, { c: "KA-1" })).body).data.parcel;
    expect(withEntry.history.map((h: { title: string }) => h.title)).toContain("Left the depot");
  });

  it("keeps answers apart by variables, operation and alias", async () => {
    const one = JSON.parse((await post(t.url, FULL, { c: "KA-1" })).body).data.parcel.tracking_code;
    const two = JSON.parse((await post(t.url, FULL, { c: "KA-2" })).body).data.parcel.tracking_code;
    expect([one, two]).toEqual(["KA-1", "KA-2"]);
    const aliased = JSON.parse((await post(t.url, `query($c: String!) { p: parcel(trackingCode: $c) { tracking_code } }`, { c: "KA-2" })).body);
    expect(aliased.data).toEqual({ p: { tracking_code: "KA-2" } });
    const both = JSON.parse(
      (await post(t.url, `{ a: parcel(trackingCode: "KA-1") { status } b: parcel(trackingCode: "KA-2") { status } __typename }`, {})).body,
    );
    expect(both.data).toEqual({ a: { status: "Out for delivery" }, b: { status: "In transit" }, __typename: "Query" });
  });

  it("track(codes): each code's view counts; a write to one of them changes the answer", async () => {
    const a = await post(t.url, MANY, { codes: ["KA-1", "KA-2", "KA-NONE"] });
    const b = await post(t.url, MANY, { codes: ["KA-1", "KA-2", "KA-NONE"] });
    expect(b.body).toBe(a.body);
    expect(JSON.parse(a.body).data.track[2].error).toBe("Tracking code not found");
    ok(await admin.patch("/api/parcels", { id: ids["KA-2"], status: "Delivered to a neighbour" }));
    const c = JSON.parse((await post(t.url, MANY, { codes: ["KA-1", "KA-2", "KA-NONE"] })).body).data.track;
    expect(c[1].parcel.status).toBe("Delivered to a neighbour");
  });

  it("never keeps an answer unlocked by a second factor, nor one with errors, nor a signed-in member's", async () => {
    const q = `query($c: String!, $v: String) { parcel(trackingCode: $c, verify: $v) { recipient_name details_protected } }`;
    const before = await kept();
    const unlocked = await post(t.url, q, { c: "KA-P", v: "5003" });
    expect(JSON.parse(unlocked.body).data.parcel).toEqual({ recipient_name: "Private Person", details_protected: false });
    expect(unlocked.cacheControl).toContain("no-store");
    // The same request again still goes through the second factor (and its limits), and is still private.
    expect(JSON.parse((await post(t.url, q, { c: "KA-P", v: "5003" })).body).data.parcel.details_protected).toBe(false);
    const wrong = JSON.parse((await post(t.url, q, { c: "KA-P", v: "9999" })).body);
    expect(wrong.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.parse((await post(t.url, FULL, { c: "KA-NOPE" })).body).errors[0].extensions.code).toBe("NOT_FOUND");
    expect(admin.cookieHeader().cookie).toBeTruthy();
    await post(t.url, `query($c: String!) { parcel(trackingCode: $c) { id } }`, { c: "KA-2" }, admin.cookieHeader());
    expect(await kept()).toBe(before);
    // The coarse view without the factor is public, and kept like any other.
    const coarse = JSON.parse((await post(t.url, q, { c: "KA-P" })).body).data.parcel;
    expect(coarse.details_protected).toBe(true);
    expect(coarse.recipient_name).not.toBe("Private Person");
  });
});
