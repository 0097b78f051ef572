import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { ok, signedIn } from "../fixtures/rest.js";

// Kept GraphQL answers (server/graphql/answer-memo.ts) and the limits: in a file of its own, because the
// limiter reads its rules once per process.
const FULL = `query($c: String!) { parcel(trackingCode: $c) { tracking_code status created_at last_event_at history { title created_at } structured_data } }`;

async function post(base: string, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: r.status, body: await r.text(), cacheControl: r.headers.get("cache-control") };
}
const kept = async () => (await import("../../server/graphql/fastpath.js")).fastPathCacheSize().answers;

describe("kept answers and the limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_TRACKING: "4", GRAPHQL_ANSWERS_KEPT: "3" });
    const admin = await signedIn(t);
    for (const c of ["KL-1", "KL-2", "KL-3", "KL-4", "KL-5"])
      ok(await admin.post("/api/parcels", { tracking_code: c, recipient_name: "Limit", destination: "Rome" }), 201);
  });
  afterAll(() => t?.close());

  it("every look-up still counts against the tracking limit, and at most GRAPHQL_ANSWERS_KEPT answers are kept", async () => {
    for (const c of ["KL-1", "KL-2", "KL-3", "KL-4"]) expect(JSON.parse((await post(t.url, FULL, { c })).body).data.parcel.tracking_code).toBe(c);
    expect(await kept()).toBe(3);
    // KL-4's answer is kept; the fifth look-up from this client is refused all the same.
    const fifth = JSON.parse((await post(t.url, FULL, { c: "KL-4" })).body);
    expect(fifth.data).toBeNull();
    expect(fifth.errors[0].extensions.code).toBe("TOO_MANY_REQUESTS");
  });
});
