// Issue 14 parts 4 and 5 through both doors: proof of delivery (stored, served, shown or hidden by
// the privacy rule in every public door, webhook and e-mail as links), failed attempts counted,
// and the recipient's rescheduling (allowed, refused, verified, rate-limited).
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newParcel } from "../helpers/admin.js";
import type { TestApp } from "../helpers/app.js";
import type { Client } from "../helpers/http.js";
import { makePng } from "../helpers/images.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { decodeMail, type SmtpPeer } from "../helpers/smtp.js";
import { db } from "../../server/db/index.js";
import { settleWebhooks } from "../../server/modules/webhook/webhook.service.js";
import { nextWorkingDays } from "../../shared/modules/delivery/delivery.rules.js";

const CREATE_ACTIVITY = `mutation($i: CreateActivityInput!) { createActivity(input: $i) { id status_code } }`;
const PROOF = `delivery_proof { receiver_name signature_url photo_url delivered_at left_at }`;
const TRACK = `query($c: String!, $v: String) { parcel(trackingCode: $c, verify: $v) { tracking_code status_code details_protected delivery_attempts reschedule_allowed reschedule_choice reschedule_date ${PROOF} } }`;
const TRACK_MANY = `query($c: [String!]!, $v: String) { track(codes: $c, verify: $v) { tracking_code parcel { ${PROOF} } } }`;
const RECORD = `mutation($c: String!, $i: RecordDeliveryInput, $s: Upload, $p: Upload) { recordDelivery(trackingCode: $c, input: $i, signature: $s, photo: $p) { receiver_name signature_url photo_url delivered_at left_at } }`;
const RESCHEDULE = `mutation($c: String!, $i: RescheduleInput!) { rescheduleDelivery(trackingCode: $c, input: $i) { tracking_code choice date rescheduled_at parcel { reschedule_choice reschedule_date history { title description } } } }`;

// The first bytes of a JPEG are all the server checks (content sniffing); the rest is kept as sent.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(200, 7)]);

let app: MailApp;
let t: TestApp;
let admin: Client;
let anon: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  app = await startAppWithMail({
    WEBHOOK_POLL_MS: "600000",
    WEBHOOK_RETRY_BASE_MS: "600000",
    WEBHOOK_ALLOW_PRIVATE: "true",
    RATE_LIMIT_RESCHEDULE: "40",
    RATE_LIMIT_VERIFY: "40",
  });
  ({ t, admin, anon, smtp } = app);
});
afterAll(() => app?.close());

const parcel = (extra: Record<string, unknown> = {}) => newParcel(admin, "DP", "Amsterdam, NL", extra);
async function entry(parcelId: number, input: Record<string, unknown>) {
  const r = await admin.gql(CREATE_ACTIVITY, { i: { parcel_id: parcelId, title: "Update", description: "At the door.", ...input } });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
}
function proofForm(fields: Record<string, string>, files: { signature?: [Buffer, string]; photo?: [Buffer, string] } = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, f] of Object.entries(files)) if (f) fd.append(k, new Blob([new Uint8Array(f[0])]), f[1]);
  return fd;
}
const signature = (): [Buffer, string] => [makePng(60, 20, [10, 10, 10]), "signature.png"];
const photo = (): [Buffer, string] => [JPEG, "door.jpg"];

/** The proof as each public door shows it: REST one, REST many, GraphQL one, GraphQL many. */
async function proofsSeen(c: Client, code: string, verify?: string) {
  const q = verify ? `?verify=${encodeURIComponent(verify)}` : "";
  const one = await c.get(`/api/parcels/${code}${q}`);
  const many = await c.get(`/api/track?codes=${code}${verify ? `&verify=${encodeURIComponent(verify)}` : ""}`);
  const g1 = await c.gql(TRACK, { c: code, v: verify ?? null });
  const g2 = await c.gql(TRACK_MANY, { c: [code], v: verify ?? null });
  expect([one.status, many.status, g1.errors, g2.errors]).toEqual([200, 200, undefined, undefined]);
  return [one.json.data.delivery_proof, many.json.data[0].parcel.delivery_proof, g1.data.parcel.delivery_proof, g2.data.track[0].parcel.delivery_proof];
}

describe("proof of delivery", () => {
  it("401 without a session, 404 for an unknown code, nothing stored", async () => {
    const p = await parcel();
    const r = await anon.post(`/api/parcels/${p.tracking_code}/delivery-proof`, proofForm({ receiver_name: "J. Smith" }, { signature: signature() }));
    expect(r.status).toBe(401);
    expect(r.json.admin).toBe("false");
    const g = await anon.gql(RECORD, { c: p.tracking_code, i: { receiver_name: "J. Smith" } });
    expect(g.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await admin.post(`/api/parcels/NO-SUCH-CODE/delivery-proof`, proofForm({ receiver_name: "J. Smith" }))).status).toBe(404);
    const row = await db().parcel.findUniqueOrThrow({ where: { id: p.id } });
    expect([row.delivered_at, row.status_code]).toEqual([null, null]);
  });

  it("422 naming the fields, 415 for a signature that is not a PNG", async () => {
    const p = await parcel();
    const url = `/api/parcels/${p.tracking_code}/delivery-proof`;
    const none = await admin.post(url, proofForm({ left_at: "Porch" }));
    expect(none.status).toBe(422);
    expect(none.json.errors[0]).toMatch(/receiver_name, signature or photo is required/);
    const long = await admin.post(url, proofForm({ receiver_name: "x".repeat(301), left_at: "y".repeat(301) }));
    expect(long.status).toBe(422);
    expect(long.json.errors.join(" ")).toMatch(/receiver_name/);
    expect(long.json.errors.join(" ")).toMatch(/left_at/);
    const text = await admin.post(url, proofForm({ receiver_name: "J. Smith" }, { signature: [Buffer.from("not an image at all"), "signature.png"] }));
    expect(text.status).toBe(415);
    expect(text.json.errors[0]).toMatch(/signature must be a PNG/);
    const jpegSig = await admin.post(url, proofForm({ receiver_name: "J. Smith" }, { signature: [JPEG, "signature.jpg"] }));
    expect(jpegSig.status).toBe(415);
    const badPhoto = await admin.post(
      url,
      proofForm({ receiver_name: "J. Smith" }, { signature: signature(), photo: [Buffer.from("GIF89a......"), "door.gif"] }),
    );
    expect(badPhoto.status).toBe(415);
    expect(badPhoto.json.errors[0]).toMatch(/photo/);
    // Nothing half-written: no proof, no status, and the signature of the refused request was not kept.
    const row = await db().parcel.findUniqueOrThrow({ where: { id: p.id } });
    expect([row.delivered_at, row.status_code, row.delivery_signature]).toEqual([null, null, null]);
    const g = await admin.gql(RECORD, { c: p.tracking_code, i: { receiver_name: "   " } });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("201 stores name, signature, photo and left_at, marks delivered once, serves the images, and the public cache follows", async () => {
    const p = await parcel({ recipient_email: "jane.dp@example.com" });
    await entry(p.id, { status_code: "out_for_delivery", title: "Out for delivery" });
    // The public view is cached before the proof: it must not survive the write.
    expect((await proofsSeen(anon, p.tracking_code)).every((x) => x === null)).toBe(true);
    const r = await admin.post(
      `/api/parcels/${p.tracking_code}/delivery-proof`,
      proofForm({ receiver_name: " J. Smith ", left_at: "Front porch" }, { signature: signature(), photo: photo() }),
    );
    expect(r.status).toBe(201);
    expect(r.json.message).toBe("Delivery recorded");
    const proof = r.json.data;
    expect(proof.receiver_name).toBe("J. Smith");
    expect(proof.left_at).toBe("Front porch");
    expect(proof.signature_url).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.png$/);
    expect(proof.photo_url).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.jpg$/);
    expect(Date.now() - Date.parse(proof.delivered_at)).toBeLessThan(60_000);

    const sig = await fetch(t.url + proof.signature_url);
    expect(sig.status).toBe(200);
    expect(Buffer.from(await sig.arrayBuffer()).equals(signature()[0])).toBe(true);
    expect((await fetch(t.url + proof.photo_url)).status).toBe(200);

    for (const seen of await proofsSeen(anon, p.tracking_code)) expect(seen).toEqual(proof);
    const view = (await anon.get(`/api/parcels/${p.tracking_code}`)).json.data;
    expect(view.status_code).toBe("delivered");
    expect(view.history.filter((a: { status_code: string }) => a.status_code === "delivered")).toHaveLength(1);
    // The history (shown even on protected parcels) does not carry the receiver's name.
    expect(JSON.stringify(view.history)).not.toContain("Smith");
    // Raw columns stay private.
    expect(Object.keys(view).filter((k) => k.startsWith("delivery_") && k !== "delivery_proof" && k !== "delivery_attempts")).toEqual([]);
    const adminView = await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { delivery_recorded_by ${PROOF} } }`, { c: p.tracking_code });
    expect(adminView.data.adminParcel.delivery_recorded_by).toBe("admin@example.com");

    // The recipient's "delivered" e-mail carries the proof as absolute links.
    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes("jane.dp@example.com") && /Delivered/.test(decodeMail(m.raw).subject))).raw);
    expect(mail.text).toContain("Delivered to J. Smith");
    expect(mail.text).toContain(`https://track.example.com${proof.signature_url}`);
    expect(mail.text).toContain(`https://track.example.com${proof.photo_url}`);

    const again = await admin.post(`/api/parcels/${p.tracking_code}/delivery-proof`, proofForm({ receiver_name: "Someone else" }));
    expect(again.status).toBe(409);
  });

  it("hidden on protected parcels in every public door until verify unlocks them; the control panel always sees it", async () => {
    const p = await parcel({ protect_details: true, recipient_postcode: "1011 AB" });
    const r = await admin.post(`/api/parcels/${p.tracking_code}/delivery-proof`, proofForm({ receiver_name: "J. Smith" }, { photo: photo() }));
    expect(r.status).toBe(201);
    expect(await proofsSeen(anon, p.tracking_code)).toEqual([null, null, null, null]);
    const unlocked = await proofsSeen(anon, p.tracking_code, "1011ab");
    for (const seen of unlocked) expect(seen).toEqual(r.json.data);
    const wrong = await anon.get(`/api/parcels/${p.tracking_code}?verify=9999ZZ`);
    expect(wrong.status).toBe(422);
    const a = await admin.gql(`query($c: String!) { adminParcel(trackingCode: $c) { ${PROOF} } }`, { c: p.tracking_code });
    expect(a.data.adminParcel.delivery_proof.receiver_name).toBe("J. Smith");
    expect((await admin.get(`/api/parcels?search=${p.tracking_code}`)).json.data.data[0].delivery_proof.receiver_name).toBe("J. Smith");
  });

  it("GraphQL recordDelivery with uploads; an already delivered parcel keeps its one entry and parcel.delivered carries absolute links", async () => {
    const hook = await admin.gql(`mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }`, {
      i: { url: "http://127.0.0.1:9/hook", events: ["parcel.delivered"] },
    });
    expect(hook.errors).toBeUndefined();
    const p = await parcel();
    await entry(p.id, { status_code: "delivered", title: "Delivered (scan)" });
    const fd = new FormData();
    fd.append("operations", JSON.stringify({ query: RECORD, variables: { c: p.tracking_code, i: { receiver_name: "Ann Lee" }, s: null, p: null } }));
    fd.append("map", JSON.stringify({ "0": ["variables.s"], "1": ["variables.p"] }));
    fd.append("0", new Blob([new Uint8Array(signature()[0])], { type: "image/png" }), "signature.png");
    fd.append("1", new Blob([new Uint8Array(makePng(40, 30))], { type: "image/png" }), "photo.png");
    const r = await admin.request("POST", "/graphql", fd, { "apollo-require-preflight": "true" });
    expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
    const proof = r.json.data.recordDelivery;
    expect(proof.receiver_name).toBe("Ann Lee");
    expect(proof.photo_url).toMatch(/\.png$/);
    const history = (await db().activity.findMany({ where: { parcel_id: p.id } })).filter((a) => a.status_code === "delivered");
    expect(history).toHaveLength(1);
    expect(new Date(proof.delivered_at).getTime()).toBe(history[0].created_at.getTime());
    await settleWebhooks();
    const sent = await db().webhookDelivery.findMany({ where: { webhook_id: hook.data.createWebhook.id, event: "parcel.delivered" } });
    const withProof = sent.map((d) => JSON.parse(d.payload)).find((b) => b.data.parcel.tracking_code === p.tracking_code && b.data.parcel.delivery_proof);
    expect(withProof.data.parcel.delivery_proof.signature_url).toBe(`https://track.example.com${proof.signature_url}`);
    expect(withProof.data.parcel.delivery_proof.photo_url).toBe(`https://track.example.com${proof.photo_url}`);
    expect(withProof.data.activity.status_code).toBe("delivered");
  });
});

describe("documented", () => {
  it("OpenAPI lists both paths: the proof as multipart with its two images, the choice as JSON", async () => {
    const doc = (await anon.get("/api/openapi.json")).json;
    const proof = doc.paths["/api/parcels/{code}/delivery-proof"].post;
    const form = proof.requestBody.content["multipart/form-data"].schema;
    expect(form.properties.signature).toMatchObject({ type: "string", format: "binary" });
    expect(form.properties.photo).toMatchObject({ type: "string", format: "binary" });
    expect(Object.keys(form.properties)).toEqual(expect.arrayContaining(["receiver_name", "left_at"]));
    expect(proof.responses["201"]).toBeDefined();
    expect(proof.security).toEqual([{ session: [] }, { apiKey: ["history:write"] }]);
    const choice = doc.paths["/api/parcels/{code}/reschedule"].post;
    expect(choice.requestBody.content["application/json"].schema.properties.choice.enum).toEqual(["delivery", "depot"]);
    expect(choice.security).toEqual([]);
  });
});

describe("failed attempts and rescheduling", () => {
  const days = () => nextWorkingDays(new Date());

  it("counts failed attempts only, in every door", async () => {
    const p = await parcel();
    await entry(p.id, { status_code: "out_for_delivery" });
    await entry(p.id, { status_code: "delivery_failed", status_reason: "nobody_home" });
    await entry(p.id, { status_code: "out_for_delivery" });
    await entry(p.id, { status_code: "delivery_failed", status_reason: "access_restricted" });
    await entry(p.id, { title: "Note", description: "Called the recipient." });
    expect((await anon.get(`/api/parcels/${p.tracking_code}`)).json.data.delivery_attempts).toBe(2);
    expect((await anon.gql(TRACK, { c: p.tracking_code })).data.parcel.delivery_attempts).toBe(2);
    const fresh = await parcel();
    expect((await anon.gql(TRACK, { c: fresh.tracking_code })).data.parcel.delivery_attempts).toBe(0);
  });

  it("refused unless the admin allows it and the last attempt failed; bad days refused; a good choice is an entry and on the list", async () => {
    const p = await parcel({ recipient_postcode: "2311 EZ" });
    const url = `/api/parcels/${p.tracking_code}/reschedule`;
    // The recipient proves who they are (issue 23): the postcode here; holes-parcel.test.ts has the rest.
    const verify = "2311ez";
    await entry(p.id, { status_code: "delivery_failed", status_reason: "nobody_home" });
    const off = await anon.post(url, { choice: "delivery", date: days()[0], verify });
    expect(off.status).toBe(403);
    expect((await anon.gql(TRACK, { c: p.tracking_code })).data.parcel.reschedule_allowed).toBe(false);

    await admin.patch("/api/parcels", { id: p.id, allow_reschedule: true });
    expect((await anon.gql(TRACK, { c: p.tracking_code })).data.parcel.reschedule_allowed).toBe(true);
    const saturday = (() => {
      const d = new Date();
      do d.setUTCDate(d.getUTCDate() + 1);
      while (d.getUTCDay() !== 6);
      return d.toISOString().slice(0, 10);
    })();
    for (const [body, field] of [
      [{ choice: "delivery", date: saturday }, /date must be one of the next 5 working days/],
      [{ choice: "delivery", date: new Date().toISOString().slice(0, 10) }, /date must be one of/],
      [{ choice: "delivery" }, /date is required/],
      [{ choice: "delivery", date: "26/11/2026" }, /date must be a date as YYYY-MM-DD/],
      [{ choice: "teleport" }, /choice must be one of delivery, depot/],
    ] as const) {
      const r = await anon.post(url, { ...body, verify });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.errors.join(" ")).toMatch(field);
    }
    expect((await anon.post(`/api/parcels/NOPE-1/reschedule`, { choice: "depot", verify })).status).toBe(404);

    const day = days()[2];
    const ok = await anon.post(url, { choice: "delivery", date: day, verify });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ tracking_code: p.tracking_code, choice: "delivery", date: day });
    expect(ok.json.data.parcel.reschedule_date).toBe(day);
    const last = ok.json.data.parcel.history.at(-1);
    expect(last.title).toBe("New delivery day chosen");
    expect(last.description).toMatch(
      /The recipient chose delivery on \w+day,? \d+ \w+ \d{4} on the tracking page \(after confirming the postcode or e-mail address\)/,
    );
    // The same choice again adds nothing; a new one (GraphQL) replaces it.
    const same = await anon.post(url, { choice: "delivery", date: day, verify });
    expect(same.json.data.parcel.history).toHaveLength(ok.json.data.parcel.history.length);
    const g = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot", verify } });
    expect(g.errors).toBeUndefined();
    expect(g.data.rescheduleDelivery).toMatchObject({ choice: "depot", date: null });
    expect(g.data.rescheduleDelivery.parcel.history.at(-1).title).toBe("Pick-up at the depot chosen");

    const staff = await admin.gql(
      `query { parcels(to_reschedule: true, per_page: 100) { total data { tracking_code reschedule_choice rescheduled_at delivery_attempts } } }`,
    );
    const row = staff.data.parcels.data.find((x: { tracking_code: string }) => x.tracking_code === p.tracking_code);
    expect(row).toMatchObject({ reschedule_choice: "depot", delivery_attempts: 1 });
    expect(row.rescheduled_at).toBeTruthy();
    const rest = await admin.get(`/api/parcels?to_reschedule=true&per_page=100`);
    expect(rest.json.data.data.map((x: { tracking_code: string }) => x.tracking_code)).toContain(p.tracking_code);
    expect(rest.json.data.data.every((x: { status_code: string }) => x.status_code === "delivery_failed")).toBe(true);

    // Out for delivery again: no longer to reschedule, and the recipient can no longer choose.
    await entry(p.id, { status_code: "out_for_delivery" });
    expect((await anon.post(url, { choice: "depot", verify })).status).toBe(409);
    const after = await admin.get(`/api/parcels?to_reschedule=true&per_page=100`);
    expect(after.json.data.data.map((x: { tracking_code: string }) => x.tracking_code)).not.toContain(p.tracking_code);
    // A new failed attempt clears the earlier choice.
    await entry(p.id, { status_code: "delivery_failed", status_reason: "refused" });
    const v = (await anon.gql(TRACK, { c: p.tracking_code })).data.parcel;
    expect(v).toMatchObject({ delivery_attempts: 2, reschedule_choice: null, reschedule_allowed: true });
  });

  it("a protected parcel needs the recipient's postcode or e-mail first", async () => {
    const p = await parcel({ protect_details: true, recipient_postcode: "SW1A 1AA", recipient_email: "r@example.com", allow_reschedule: true });
    await entry(p.id, { status_code: "delivery_failed", status_reason: "address_not_found" });
    const url = `/api/parcels/${p.tracking_code}/reschedule`;
    const missing = await anon.post(url, { choice: "depot" });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0]).toMatch(/verify or token is required/);
    const wrong = await anon.post(url, { choice: "depot", verify: "N1 9GU" });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors[0]).toMatch(/verify does not match/);
    const g = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot", verify: "wrong@example.com" } });
    expect(g.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH" });
    // Without a second factor: the same code, no reason (the client tells the two apart by it).
    const none = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot" } });
    expect(none.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(none.errors?.[0].extensions).not.toHaveProperty("reason");
    expect((await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).reschedule_choice).toBeNull();
    const ok = await anon.post(url, { choice: "depot", verify: "sw1a1aa" });
    expect(ok.status).toBe(200);
    expect(ok.json.data.parcel.details_protected).toBe(false);
    expect(ok.json.data.parcel.history.at(-1).description).toMatch(/after confirming the postcode or e-mail address/);
  });

  it("is rate-limited per client (429 with Retry-After)", async () => {
    const p = await parcel();
    let last = { status: 0, headers: new Headers() };
    for (let i = 0; i < 45 && last.status !== 429; i++) last = await anon.post(`/api/parcels/${p.tracking_code}/reschedule`, { choice: "depot" });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    const g = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot" } });
    expect(g.errors?.[0].extensions.code).toBe("TOO_MANY_REQUESTS");
  });
});
