// Issue 23, the parcel's holes, through both doors on both databases: a key rewriting others'
// history (1), rescheduling with the tracking code alone (8), a deleted parcel's proof of delivery
// left under /uploads (9), a proof of delivery on a cancelled parcel (10c), a street shown by the
// privacy tier (11).
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newParcel } from "../helpers/admin.js";
import type { TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { decodeMail, type SmtpPeer } from "../helpers/smtp.js";
import { form, ok } from "../fixtures/rest.js";
import { jpeg, png } from "../fixtures/images.js";
import { db, provider } from "../../server/db/index.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";
import { nextWorkingDays } from "../../shared/modules/delivery/delivery.rules.js";

const UPDATE_ACTIVITY = `mutation($i: UpdateActivityInput!) { updateActivity(input: $i) { id title status_code } }`;
const DELETE_ACTIVITY = `mutation($id: Int!) { deleteActivity(id: $id) }`;
const RESCHEDULE = `mutation($c: String!, $i: RescheduleInput!) { rescheduleDelivery(trackingCode: $c, input: $i) { choice date parcel { reschedule_choice history { description } } } }`;
const RECORD = `mutation($c: String!, $i: RecordDeliveryInput) { recordDelivery(trackingCode: $c, input: $i) { receiver_name } }`;
const TRACK = `query($c: String!) { parcel(trackingCode: $c) { destination current_location pickup_location details_protected } }`;

let app: MailApp;
let t: TestApp;
let admin: Client;
let anon: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  app = await startAppWithMail({
    WEBHOOK_POLL_MS: "600000",
    RATE_LIMIT_RESCHEDULE: "100",
    RATE_LIMIT_VERIFY: "100",
    RATE_LIMIT_VERIFY_PARCEL: "100",
  });
  ({ t, admin, anon, smtp } = app);
});
afterAll(() => app?.close());

let seq = 0;
const parcel = (extra: Record<string, unknown> = {}) => newParcel(admin, "HP", "Leiden, NL", extra);
async function entry(c: { post: Client["post"] }, parcelId: number, input: Record<string, unknown> = {}) {
  return ok(await c.post("/api/activities", { parcel_id: parcelId, title: "Update", description: "At the hub.", ...input }), 201) as { id: number };
}

/** A third party: `Authorization: Bearer <key>` on every request, no cookie. */
async function keyed(scopes: string[]) {
  const { key } = ok(await admin.post("/api/api-keys", { name: `Hole ${++seq}`, scopes }), 201);
  const c = new Client(t.url);
  const h = { authorization: `Bearer ${key}` };
  return {
    post: (p: string, b?: unknown) => c.post(p, b, h),
    patch: (p: string, b?: unknown) => c.patch(p, b, h),
    delete: (p: string, b?: unknown) => c.delete(p, b, h),
    gql: async (query: string, variables?: Record<string, unknown>) => {
      const r = await c.post("/graphql", { query, variables }, h);
      return { status: r.status, data: r.json?.data, errors: r.json?.errors as { message: string; extensions: { code: string } }[] | undefined };
    },
  };
}

describe("hole 1: an API key changes and deletes only the history entries it added", () => {
  it("another's entry (a member's or another key's) is refused 403 through both doors, nothing changes; its own is changed", async () => {
    const p = await parcel({ recipient_email: "jane.hole1@example.com" });
    const staffEntry = await entry(admin, p.id, { status_code: "in_transit", title: "Arrived at hub" });
    const keyA = await keyed(["history:write"]);
    const keyB = await keyed(["history:write"]);
    const own = await entry(keyA, p.id, { title: "Sorted by partner" });
    const before = await db().activity.findMany({ where: { parcel_id: p.id }, orderBy: { id: "asc" } });

    const forged = { status_code: "delivered", title: "Delivered", description: "Left at the door." };
    for (const target of [staffEntry.id, own.id]) {
      const r = await keyB.patch("/api/activities", { id: target, ...forged });
      expect(r.status, r.text).toBe(403);
      expect(r.json.errors).toEqual(["This API key may only change the history entries it added"]);
      const g = await keyB.gql(UPDATE_ACTIVITY, { i: { id: target, ...forged } });
      expect(g.errors?.[0]).toMatchObject({ message: "This API key may only change the history entries it added", extensions: { code: "FORBIDDEN" } });
      // Other shapes of the same call: a parcel_id of its own, only a status, a blank status.
      for (const body of [
        { id: target, parcel_id: p.id, title: "x" },
        { id: target, status_code: "returned_to_sender" },
        { id: target, status_code: "" },
      ]) {
        expect((await keyB.patch("/api/activities", body)).status, JSON.stringify(body)).toBe(403);
      }
      expect((await keyB.delete("/api/activities", { id: target })).status).toBe(403);
      expect((await keyB.gql(DELETE_ACTIVITY, { id: target })).errors?.[0].extensions.code).toBe("FORBIDDEN");
    }
    // Nothing moved: the entries, the public status, and no "delivered" e-mail.
    expect(await db().activity.findMany({ where: { parcel_id: p.id }, orderBy: { id: "asc" } })).toEqual(before);
    expect(ok(await anon.get(`/api/parcels/${p.tracking_code}`)).status_code).toBe("in_transit");
    await settleNotifications();
    expect(await db().parcelNotification.count({ where: { parcel_id: p.id, status_code: "delivered" } })).toBe(0);

    // A key on its own entry: through either door.
    expect(ok(await keyA.patch("/api/activities", { id: own.id, title: "Sorted at Leiden" })).title).toBe("Sorted at Leiden");
    const g = await keyA.gql(UPDATE_ACTIVITY, { i: { id: own.id, title: "Sorted again" } });
    expect(g.errors).toBeUndefined();
    expect(g.data.updateActivity.title).toBe("Sorted again");
    // Key A may not change the staff's entry either.
    expect((await keyA.patch("/api/activities", { id: staffEntry.id, title: "Mine now" })).status).toBe(403);
    // An unknown entry stays 404.
    expect((await keyB.patch("/api/activities", { id: 2_000_000_000, title: "x" })).status).toBe(404);
    ok(await keyA.delete("/api/activities", { id: own.id }));
  });

  it("members keep their role's rights: the owner (history:edit) edits and deletes a key's entry", async () => {
    const p = await parcel();
    const key = await keyed(["history:write"]);
    const added = await entry(key, p.id, { title: "Partner scan" });
    expect(ok(await admin.patch("/api/activities", { id: added.id, title: "Checked by staff" })).title).toBe("Checked by staff");
    ok(await admin.delete("/api/activities", { id: added.id }));
  });
});

describe("hole 8: rescheduling needs the second factor or the e-mail's link", () => {
  const days = () => nextWorkingDays(new Date());
  async function failed(extra: Record<string, unknown> = {}) {
    const p = await parcel({ allow_reschedule: true, recipient_postcode: "2311 EZ", ...extra });
    await entry(admin, p.id, { status_code: "delivery_failed", status_reason: "nobody_home", title: "Delivery attempt failed" });
    return p;
  }

  it("the tracking code alone is refused 422 naming verify and token, through both doors, on an unprotected parcel; nothing is saved", async () => {
    const p = await failed();
    const url = `/api/parcels/${p.tracking_code}/reschedule`;
    for (const body of [{ choice: "depot" }, { choice: "delivery", date: days()[0] }, { choice: "depot", verify: "   ", token: "" }]) {
      const r = await anon.post(url, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.errors[0]).toMatch(/^verify or token is required/);
    }
    const g = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot" } });
    expect(g.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    expect(g.errors?.[0].message).toMatch(/verify or token is required/);
    // A staff session is no recipient either.
    expect((await admin.post(url, { choice: "depot" })).status).toBe(422);
    expect((await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).reschedule_choice).toBeNull();
  });

  it("verify (the recipient's postcode or e-mail) reschedules; a wrong one is 422 VERIFY_MISMATCH", async () => {
    const p = await failed({ recipient_email: "jane.h8@example.com", notify_recipient: false });
    const url = `/api/parcels/${p.tracking_code}/reschedule`;
    const wrong = await anon.post(url, { choice: "depot", verify: "9999 ZZ" });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors[0]).toMatch(/verify does not match/);
    const g = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot", verify: "someone@else.example" } });
    expect(g.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH" });

    const day = days()[1];
    const r = ok(await anon.post(url, { choice: "delivery", date: day, verify: "2311ez" }));
    expect(r).toMatchObject({ choice: "delivery", date: day });
    expect(r.parcel.history.at(-1).description).toMatch(/after confirming the postcode or e-mail address/);
    const g2 = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot", verify: "JANE.H8@example.com" } });
    expect(g2.errors).toBeUndefined();
    expect(g2.data.rescheduleDelivery.choice).toBe("depot");
  });

  it("the failed-attempt e-mail carries a reschedule link whose token stands in for verify; a forged token is refused", async () => {
    const p = await failed({ recipient_email: "jane.link@example.com" });
    await settleNotifications();
    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes("jane.link@example.com"))).raw);
    const link = mail.text.match(/https:\/\/track\.example\.com\/track\.html\?code=[^\s&]+&reschedule=([A-Za-z0-9_-]+)/);
    expect(link, mail.text).toBeTruthy();
    expect(link![0]).toContain(`code=${encodeURIComponent(p.tracking_code)}`);
    const token = link![1];
    // Only a hash is kept; the outbox's copy masks the secret; no view carries it.
    const row = await db().parcel.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.reschedule_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.reschedule_token_hash).not.toContain(token);
    const recorded = await db().mailMessage.findFirstOrThrow({ where: { to: "jane.link@example.com" }, orderBy: { id: "desc" } });
    expect(recorded.body).not.toContain(token);
    for (const r of [await anon.get(`/api/parcels/${p.tracking_code}`), await admin.get(`/api/parcels?search=${p.tracking_code}`)]) {
      expect(r.text).not.toContain("reschedule_token");
      expect(r.text).not.toContain(row.reschedule_token_hash!);
    }

    const url = `/api/parcels/${p.tracking_code}/reschedule`;
    const other = await failed({ recipient_email: "other.link@example.com" });
    for (const forged of [`${token.slice(0, -2)}xx`, "a".repeat(32), "short", token.toUpperCase()]) {
      const r = await anon.post(url, { choice: "depot", token: forged });
      expect(r.status, forged).toBe(422);
      expect(r.json.errors[0]).toMatch(/^token is not the one of this parcel's reschedule link/);
    }
    // The link of one parcel does not open another's; a wrong token is not saved by a right verify beside it.
    expect((await anon.post(`/api/parcels/${other.tracking_code}/reschedule`, { choice: "depot", token })).status).toBe(422);
    expect((await anon.post(url, { choice: "depot", token: "a".repeat(32), verify: "2311EZ" })).status).toBe(422);
    const g = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "depot", token: "b".repeat(40) } });
    expect(g.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "RESCHEDULE_LINK_INVALID" });
    expect((await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).reschedule_choice).toBeNull();

    const r = ok(await anon.post(url, { choice: "depot", token }));
    expect(r.choice).toBe("depot");
    expect(r.parcel.history.at(-1).description).toMatch(/with the link in the delivery e-mail/);
    const g2 = await anon.gql(RESCHEDULE, { c: p.tracking_code, i: { choice: "delivery", date: days()[0], token } });
    expect(g2.errors).toBeUndefined();
    expect(g2.data.rescheduleDelivery).toMatchObject({ choice: "delivery", date: days()[0] });
  });

  it("no link in the e-mail when the admin does not offer rescheduling", async () => {
    const p = await parcel({ recipient_email: "jane.nolink@example.com" });
    await entry(admin, p.id, { status_code: "delivery_failed", status_reason: "refused" });
    await settleNotifications();
    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes("jane.nolink@example.com"))).raw);
    expect(mail.text).not.toContain("reschedule=");
    expect((await db().parcel.findUniqueOrThrow({ where: { id: p.id } })).reschedule_token_hash).toBeNull();
  });

  it("OpenAPI states the rule", async () => {
    const op = (await anon.get("/api/openapi.json")).json.paths["/api/parcels/{code}/reschedule"].post;
    expect(op.description).toMatch(/tracking code alone is not enough/);
    expect(Object.keys(op.requestBody.content["application/json"].schema.properties)).toEqual(expect.arrayContaining(["verify", "token"]));
  });
});

describe("hole 9: deleting a parcel removes every file it owns", () => {
  async function withFiles() {
    const p = await parcel();
    const image = ok(await admin.post("/api/parcels/image", form({ id: String(p.id), image: [new Blob([new Uint8Array(png(3, 3))]), "parcel.png"] })))
      .image as string;
    const fd = new FormData();
    fd.append("receiver_name", "J. Smith");
    fd.append("signature", new Blob([new Uint8Array(png(40, 10, [0, 0, 0]))]), "signature.png");
    fd.append("photo", new Blob([new Uint8Array(jpeg())]), "door.jpg");
    const proof = ok(await admin.post(`/api/parcels/${p.tracking_code}/delivery-proof`, fd), 201);
    const urls = [`/uploads/images/${image}`, proof.signature_url as string, proof.photo_url as string];
    for (const u of urls) expect((await fetch(t.url + u)).status, u).toBe(200);
    return { p, urls, names: urls.map((u) => u.split("/").at(-1)!) };
  }

  for (const door of ["REST", "GraphQL"] as const) {
    it(`${door}: the image, the signature and the photo are 404 afterwards (and gone from the database on PostgreSQL)`, async () => {
      const { p, urls, names } = await withFiles();
      if (door === "REST") ok(await admin.delete("/api/parcels", { id: p.id }));
      else expect((await admin.gql(`mutation($id: Int!) { deleteParcel(id: $id) }`, { id: p.id })).errors).toBeUndefined();
      for (const u of urls) expect((await fetch(t.url + u)).status, u).toBe(404);
      if (provider() === "postgresql") expect(await db().storedImage.count({ where: { name: { in: names } } })).toBe(0);
    });
  }
});

describe("hole 10c: a proof of delivery is refused where a delivered scan is", () => {
  for (const final of ["cancelled", "returned_to_sender"] as const) {
    it(`${final}: 409 through both doors, as the scan's refusal; the parcel stays ${final} and keeps no file`, async () => {
      const p = await parcel();
      await entry(admin, p.id, { status_code: final, title: final });
      const scan = ok(await admin.post("/api/scans", { codes: [p.tracking_code], status_code: "delivered" }));
      expect(scan[0].error.code).toBe("NOT_ALLOWED");

      const fd = new FormData();
      fd.append("receiver_name", "J. Smith");
      fd.append("signature", new Blob([new Uint8Array(png(40, 10, [0, 0, 0]))]), "signature.png");
      const r = await admin.post(`/api/parcels/${p.tracking_code}/delivery-proof`, fd);
      expect(r.status, r.text).toBe(409);
      expect(r.json.errors[0]).toMatch(
        /^A proof of delivery cannot be recorded: the parcel is (cancelled|returned to sender) \(Not allowed: the parcel's journey is over\)$/,
      );
      const g = await admin.gql(RECORD, { c: p.tracking_code, i: { receiver_name: "J. Smith" } });
      expect(g.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT" } });
      expect(g.errors?.[0].message).toMatch(/A proof of delivery cannot be recorded/);

      const row = await db().parcel.findUniqueOrThrow({ where: { id: p.id } });
      expect([row.status_code, row.delivered_at, row.delivery_signature, row.delivery_receiver_name]).toEqual([final, null, null, null]);
      expect(ok(await anon.get(`/api/parcels/${p.tracking_code}`)).status_code).toBe(final);
    });
  }

  it("a parcel a scan delivered still takes its proof", async () => {
    const p = await parcel();
    ok(await admin.post("/api/scans", { codes: [p.tracking_code], status_code: "delivered" }));
    ok(await admin.post(`/api/parcels/${p.tracking_code}/delivery-proof`, form({ receiver_name: "J. Smith" })), 201);
  });
});

describe("hole 11: the privacy tier never shows a street", () => {
  it("a free-text address without a country shows the town or nothing, in every public door", async () => {
    const p = await parcel({
      protect_details: true,
      recipient_postcode: "N1 7GR",
      destination: "Depot 4, 12 Wharf Road, London N1 7GR",
      current_location: "Unit 7, 3 Dock Street",
      pickup_location: "Depot 4, 12 Wharf Road, United Kingdom",
    });
    const rest = ok(await anon.get(`/api/parcels/${p.tracking_code}`));
    const many = ok(await anon.get(`/api/track?codes=${p.tracking_code}`))[0].parcel;
    const g = (await anon.gql(TRACK, { c: p.tracking_code })).data.parcel;
    for (const v of [rest, many, g]) {
      expect(v.details_protected).toBe(true);
      expect([v.destination, v.current_location, v.pickup_location]).toEqual(["London", null, "United Kingdom"]);
    }
    // The second factor still shows the address as typed.
    expect(ok(await anon.get(`/api/parcels/${p.tracking_code}?verify=n17gr`)).destination).toBe("Depot 4, 12 Wharf Road, London N1 7GR");
  });
});
