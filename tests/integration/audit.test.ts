// Issue 13 part 4: the audit log. Every kind of write leaves one entry with who, the operation,
// the object and the changed fields before and after (secrets as "(hidden)", never a value);
// GET /api/audit and GraphQL auditLog read it (owner only), filtered and paged, and as CSV.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, SETUP_TOKEN, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { makePng } from "../helpers/images.js";
import { fails, form, ok } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { hashPassword } from "../../server/modules/admin/admin.service.js";
import { sha256 } from "../../server/core/tokens.js";
import { settleWebhooks } from "../../server/modules/webhook/webhook.service.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";

const OWNER = { email: "owner@audit.example", password: "owner-pass-word-1" };
const DISPATCHER = { email: "disp@audit.example", password: "dispatch-pass-word-2" };

let t: TestApp;
let owner: Client;
let anon: Client;
let ownerId: number;

type Entry = {
  id: number;
  at: string;
  actor: { kind: string; id: number | null; name: string };
  operation: string;
  object_type: string;
  object_id: string | null;
  changes: Record<string, [unknown, unknown]>;
};

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_POLL_MS: "600000", WEBHOOK_RETRY_BASE_MS: "600000", WEBHOOK_ALLOW_PRIVATE: "true" });
  owner = new Client(t.url);
  anon = new Client(t.url);
  ok(await owner.post("/api/admins", { ...OWNER, token: SETUP_TOKEN }), 201);
  ok(await owner.post("/api/admins/auth/signin", OWNER));
  ownerId = (await db().admin.findUniqueOrThrow({ where: { email: OWNER.email } })).id;
});
afterAll(async () => {
  await settleWebhooks();
  await settleNotifications();
  await t?.close();
});

const query = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
const log = async (q: Record<string, string | number | undefined> = {}) => ok(await owner.get(`/api/audit?${query({ per_page: 100, ...q })}`));
/** The entries of one object, oldest first. */
const historyOf = async (object_type: string, object_id: unknown): Promise<Entry[]> =>
  (await log({ object_type, object_id: String(object_id) })).data.reverse();
const last = async (object_type: string, object_id: unknown) => (await historyOf(object_type, object_id)).at(-1)!;
const byOwner = { kind: "member", id: expect.any(Number), name: OWNER.email };

let seq = 0;
const newCode = () => `AUD-${++seq}-${Date.now().toString(36)}`.toUpperCase();
async function parcel(extra: Record<string, unknown> = {}) {
  return ok(await owner.post("/api/parcels", { tracking_code: newCode(), recipient_name: "Jane Doe", destination: "Amsterdam, NL", ...extra }), 201);
}

describe("every kind of write is recorded with its before and after values", () => {
  it("a parcel: create, update, image, delete", async () => {
    const p = await parcel({ weight: 2.5 });
    const created = await last("parcel", p.id);
    expect(created).toMatchObject({ actor: byOwner, operation: "parcels.create", object_type: "parcel", object_id: String(p.id) });
    expect(created.actor.id).toBe(ownerId);
    expect(created.changes).toMatchObject({ tracking_code: [null, p.tracking_code], recipient_name: [null, "Jane Doe"], weight: [null, 2.5] });
    expect(created.changes.updated_at).toBeUndefined();
    expect(new Date(created.at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    ok(await owner.patch("/api/parcels", { id: p.id, destination: "Rotterdam, NL", weight: 3 }));
    const updated = await last("parcel", p.id);
    expect(updated).toMatchObject({ operation: "parcels.update", actor: byOwner });
    expect(updated.changes).toEqual({ destination: ["Amsterdam, NL", "Rotterdam, NL"], weight: [2.5, 3] });

    ok(await owner.post("/api/parcels/image", form({ id: String(p.id), image: [new Blob([new Uint8Array(makePng(4, 4, [200, 10, 10]))]), "box.png"] })));
    const image = await last("parcel", p.id);
    expect(image.operation).toBe("parcels.image");
    expect(image.changes.image[0]).toBeNull();
    expect(image.changes.image[1]).toMatch(/\.png$/);

    ok(await owner.delete("/api/parcels", { id: p.id }));
    const deleted = await last("parcel", p.id);
    expect(deleted.operation).toBe("parcels.delete");
    expect(deleted.changes).toMatchObject({ tracking_code: [p.tracking_code, null], destination: ["Rotterdam, NL", null] });
  });

  it("a history entry: create (stamped with who added it), update, delete; a history change touches no parcel field", async () => {
    const p = await parcel();
    const a = ok(
      await owner.post("/api/activities", { parcel_id: p.id, title: "Picked up", description: "At the sender.", icon: "home_work", color: "green" }),
      201,
    );
    expect(a).toMatchObject({ created_by_kind: "member", created_by_name: OWNER.email });
    const created = await last("activity", a.id);
    expect(created).toMatchObject({ operation: "activities.create", actor: byOwner });
    expect(created.changes).toMatchObject({
      title: [null, "Picked up"],
      parcel_id: [null, p.id],
      created_by_kind: [null, "member"],
      created_by_name: [null, OWNER.email],
    });

    ok(await owner.patch("/api/activities", { id: a.id, title: "Picked up at noon" }));
    expect(await last("activity", a.id)).toMatchObject({ operation: "activities.update", changes: { title: ["Picked up", "Picked up at noon"] } });

    ok(await owner.delete("/api/activities", { id: a.id }));
    expect(await last("activity", a.id)).toMatchObject({ operation: "activities.delete", changes: { title: ["Picked up at noon", null] } });

    // The parcel's version and updated_at move with its history (bookkeeping, not recorded): no
    // parcel entry claims its fields were emptied.
    const parcelEntries = await historyOf("parcel", p.id);
    expect(parcelEntries.map((e) => e.operation)).toEqual(["parcels.create"]);
  });

  it("a scan, a delivery proof and a CSV import row", async () => {
    const p = await parcel();
    const scanned = ok(await owner.post("/api/scans", { codes: [p.tracking_code], status_code: "picked_up" }));
    const scanEntry = await last("activity", scanned[0].activity.id);
    expect(scanEntry).toMatchObject({ operation: "scans.record", actor: byOwner, changes: { status_code: [null, "picked_up"] } });
    const afterScan = (await historyOf("parcel", p.id)).at(-1)!;
    expect(afterScan).toMatchObject({ operation: "scans.record", changes: { status_code: [null, "picked_up"] } });

    const proof = new FormData();
    proof.append("receiver_name", "J. Smith");
    ok(await owner.post(`/api/parcels/${p.tracking_code}/delivery-proof`, proof), 201);
    const proofEntries = (await log({ object_type: "parcel", object_id: String(p.id) })).data as Entry[];
    expect(proofEntries[0]).toMatchObject({ operation: "delivery.record", actor: byOwner });
    expect(proofEntries.some((e) => e.operation === "delivery.record" && e.changes.delivery_receiver_name?.[1] === "J. Smith")).toBe(true);
    expect(proofEntries.some((e) => e.operation === "delivery.record" && e.changes.status_code?.[1] === "delivered")).toBe(true);

    const code = newCode();
    const file = new Blob([`tracking_code,recipient_name,destination,weight\n${code},Ann Import,Lisbon,4\n`], { type: "text/csv" });
    expect(ok(await owner.post("/api/parcels/import", form({ file: [file, "parcels.csv"] })))).toMatchObject({ created: 1, failed: 0 });
    const imported = await db().parcel.findUniqueOrThrow({ where: { tracking_code: code } });
    expect(await last("parcel", imported.id)).toMatchObject({
      operation: "parcels.import",
      actor: byOwner,
      changes: { tracking_code: [null, code], recipient_name: [null, "Ann Import"], destination: [null, "Lisbon"], weight: [null, 4] },
    });
    const again = new Blob([`tracking_code,destination\n${code},Porto\n`], { type: "text/csv" });
    expect(ok(await owner.post("/api/parcels/import", form({ file: [again, "parcels.csv"] })))).toMatchObject({ updated: 1 });
    expect(await last("parcel", imported.id)).toMatchObject({ operation: "parcels.import", changes: { destination: ["Lisbon", "Porto"] } });
  });

  it("a page, a review, settings groups, an invoice", async () => {
    const page = ok(await owner.post("/api/pages", { title: "Audit Terms", content: "One" }), 201);
    expect(await last("page", page.id)).toMatchObject({ operation: "pages.create", changes: { title: [null, "Audit Terms"], content: [null, "One"] } });
    ok(await owner.patch("/api/pages", { id: page.id, content: "Two" }));
    expect(await last("page", page.id)).toMatchObject({ operation: "pages.update", changes: { content: ["One", "Two"] } });
    ok(await owner.delete("/api/pages", { id: page.id }));
    expect(await last("page", page.id)).toMatchObject({ operation: "pages.delete", changes: { title: ["Audit Terms", null] } });

    const review = ok(
      await owner.post("/api/reviews", form({ name: "Ada", review: "Quick.", image: [new Blob([new Uint8Array(makePng(2, 2, [0, 0, 0]))]), "a.png"] })),
      201,
    );
    expect(await last("review", review.id)).toMatchObject({ operation: "reviews.create", changes: { name: [null, "Ada"], review: [null, "Quick."] } });
    ok(await owner.delete("/api/reviews", { id: review.id }));
    expect(await last("review", review.id)).toMatchObject({ operation: "reviews.delete", changes: { name: ["Ada", null] } });

    // The first save changes the settings row from its defaults (the row is made with them on first use, which the
    // server's own background work may already have been: the messages' worker and the reports' roll-ups read the
    // settings); later saves change one group each.
    ok(await owner.patch("/api/settings", { contact_email: "first@audit.example", contact_phone: "+31 1", contact_address: "1 Quay" }));
    const first = (await last("settings", 1)).changes as Record<string, unknown[]>;
    expect(first.contact_address?.[1]).toBe("1 Quay");
    expect([null, ""]).toContain(first.contact_address?.[0]);
    ok(await owner.patch("/api/settings", { contact_email: "desk@audit.example", contact_phone: "+31 20 000" }));
    ok(await owner.patch("/api/settings", { mail_driver: "mail", mail_template: "html2" }));
    const settings = (await historyOf("settings", 1)).filter((e) => e.operation === "settings.update");
    expect(settings.at(-2)!.changes).toEqual({ contact_email: ["first@audit.example", "desk@audit.example"], contact_phone: ["+31 1", "+31 20 000"] });
    expect(settings.at(-1)!.changes).toEqual({ mail_template: ["html1", "html2"] });
    // The company's language (the general group), and back.
    ok(await owner.patch("/api/settings", { language: "de" }));
    ok(await owner.patch("/api/settings", { language: "en" }));
    const language = (await historyOf("settings", 1)).filter((e) => e.operation === "settings.update").slice(-2);
    expect(language.map((e) => e.changes)).toEqual([{ language: ["en", "de"] }, { language: ["de", "en"] }]);

    const inv = ok(await owner.post("/api/invoices", { product: "Air freight", customer_name: "Ada Obi", amount: 12.5 }), 201);
    // Created with a placeholder number, then numbered: two entries of the one operation.
    const invoice = await historyOf("invoice", inv.id);
    expect(invoice.every((e) => e.operation === "invoices.create" && e.actor.name === OWNER.email)).toBe(true);
    expect(invoice.find((e) => e.changes.product)?.changes).toMatchObject({ product: [null, "Air freight"], amount: [null, 12.5] });
    expect(invoice.some((e) => e.changes.number?.[1] === inv.number)).toBe(true);
  });

  it("a webhook: its secret is recorded as changed, never with its value", async () => {
    const hook = ok(await owner.post("/api/webhooks", { url: "http://127.0.0.1:9/hook", events: ["parcel.created"] }), 201);
    const created = await last("webhook", hook.id);
    expect(created).toMatchObject({ operation: "webhooks.create", changes: { url: [null, "http://127.0.0.1:9/hook"], secret: [null, "(hidden)"] } });
    ok(await owner.patch("/api/webhooks", { id: hook.id, active: false }));
    expect(await last("webhook", hook.id)).toMatchObject({ operation: "webhooks.update", changes: { active: [true, false] } });
    ok(await owner.delete("/api/webhooks", { id: hook.id }));
    expect(await last("webhook", hook.id)).toMatchObject({ operation: "webhooks.delete", changes: { secret: ["(hidden)", null] } });
    const csv = (await owner.get("/api/audit?format=csv&object_type=webhook")).text;
    expect(csv).not.toContain(hook.secret);
    expect(JSON.stringify((await log()).data)).not.toContain(hook.secret);
  });

  it("the first admin and a password change: the password never appears, only a hidden marker", async () => {
    const first = (await historyOf("member", ownerId))[0];
    expect(first).toMatchObject({
      operation: "account.createFirst",
      actor: { kind: "system", id: null, name: "visitor" },
      changes: { email: [null, OWNER.email], password_hash: [null, "(hidden)"] },
    });
    const hash = (await db().admin.findUniqueOrThrow({ where: { id: ownerId } })).password_hash;

    const next = "owner-pass-word-changed";
    ok(await owner.patch("/api/admins/auth/update/password-user", { password: OWNER.password, new_password: next, confirm_new_password: next }));
    const change = await last("member", ownerId);
    expect(change).toMatchObject({ operation: "account.changePassword", actor: byOwner });
    expect(change.changes).toEqual({ password_hash: ["(hidden)", "(hidden)"] });
    ok(await owner.patch("/api/admins/auth/update/password-user", { password: next, new_password: OWNER.password, confirm_new_password: OWNER.password }));

    // Signing in is recorded once, as the sign-in (its last_sign_in_at is bookkeeping, not a change).
    const before = (await log()).total;
    ok(await new Client(t.url).post("/api/admins/auth/signin", OWNER));
    expect((await log()).total).toBe(before + 1);
    expect(await last("member", ownerId)).toMatchObject({ operation: "account.signIn", actor: byOwner, changes: { signed_in_with: [null, "password"] } });

    const all = (await owner.get("/api/audit?format=csv")).text;
    for (const secret of [OWNER.password, next, hash]) expect(all).not.toContain(secret);
  });

  it("the recipient's unsubscribe and reschedule: anonymous, recorded as kind system named visitor", async () => {
    const p = await parcel({ recipient_email: "jane@audit.example", allow_reschedule: true });
    // A write outside any request (a worker, the seed): kind system named system; the token hidden.
    await db().parcel.update({ where: { id: p.id }, data: { unsubscribe_token: "tok-audit-0123456789" } });
    expect(await last("parcel", p.id)).toMatchObject({
      actor: { kind: "system", id: null, name: "system" },
      operation: "parcel.update",
      changes: { unsubscribe_token: [null, "(hidden)"] },
    });

    ok(await anon.post("/api/notifications/unsubscribe", { code: p.tracking_code, token: "tok-audit-0123456789" }));
    expect(await last("parcel", p.id)).toMatchObject({
      actor: { kind: "system", id: null, name: "visitor" },
      operation: "parcel.unsubscribe",
      changes: { recipient_unsubscribed: [false, true] },
    });

    ok(
      await owner.post("/api/activities", {
        parcel_id: p.id,
        title: "Missed",
        description: "Nobody home.",
        icon: "home_work",
        color: "red",
        status_code: "delivery_failed",
        status_reason: "nobody_home",
      }),
      201,
    );
    ok(await anon.post(`/api/parcels/${p.tracking_code}/reschedule`, { choice: "depot", verify: "jane@audit.example" }));
    const entries = (await log({ actor: "visitor" })).data as Entry[];
    expect(entries.every((e) => e.actor.kind === "system" && e.actor.name === "visitor")).toBe(true);
    const rescheduled = entries.find((e) => e.operation === "delivery.reschedule" && e.object_type === "parcel" && e.object_id === String(p.id));
    expect(rescheduled?.changes.reschedule_choice).toEqual([null, "depot"]);
    const entry = entries.find((e) => e.operation === "delivery.reschedule" && e.object_type === "activity");
    expect(entry?.changes.parcel_id).toEqual([null, p.id]);
    // An entry added anonymously carries no "added by".
    expect(entry?.changes.created_by_kind).toBeUndefined();
  });
});

describe("who added a history entry", () => {
  it("the control panel's views carry it; the public page and public API never do", async () => {
    const p = await parcel({ recipient_postcode: "1011AB", protect_details: false });
    ok(await owner.post("/api/activities", { parcel_id: p.id, title: "Sorted", description: "At the hub.", icon: "home_work", color: "green" }), 201);
    const staff = ok(await owner.get(`/api/parcels?search=${p.tracking_code}`)).data[0];
    expect(staff.history.at(-1)).toMatchObject({ created_by_kind: "member", created_by_name: OWNER.email });
    const g = await owner.gql(`query($c: String!) { adminParcel(trackingCode: $c) { history { title created_by_kind created_by_name } } }`, {
      c: p.tracking_code,
    });
    expect(g.data.adminParcel.history.at(-1)).toEqual({ title: "Sorted", created_by_kind: "member", created_by_name: OWNER.email });

    // Signed in or not, the public doors are the public view.
    for (const c of [anon, owner]) {
      const views = [
        await c.get(`/api/parcels/${p.tracking_code}`),
        await c.get(`/api/parcels/${p.tracking_code}?verify=1011AB`),
        await c.get(`/api/track?codes=${p.tracking_code}`),
      ];
      for (const v of views) {
        expect(v.status).toBe(200);
        expect(v.text).not.toContain(OWNER.email);
        expect(v.text).not.toMatch(/"created_by_(kind|name)":"/);
      }
      const pub = await c.gql(
        `query($c: String!) { parcel(trackingCode: $c) { history { title created_by_kind created_by_name } } track(codes: [$c]) { parcel { history { created_by_kind created_by_name } } } }`,
        { c: p.tracking_code },
      );
      expect(pub.errors).toBeUndefined();
      expect(pub.data.parcel.history.at(-1)).toEqual({ title: "Sorted", created_by_kind: null, created_by_name: null });
      expect(pub.data.track[0].parcel.history.every((h: Record<string, unknown>) => h.created_by_kind === null && h.created_by_name === null)).toBe(true);
    }
    // The tracking page as a browser loads it (server-rendered head and start-up data).
    const html = await anon.get(`/track.html?code=${p.tracking_code}`);
    expect(html.text).not.toContain(OWNER.email);
  });
});

describe("reading the log", () => {
  let dispatcher: Client;
  let dispatcherId: number;
  beforeAll(async () => {
    // A member created straight in the database (outside any request): recorded as the system.
    dispatcherId = (await db().admin.create({ data: { email: DISPATCHER.email, password_hash: await hashPassword(DISPATCHER.password), role: "dispatcher" } }))
      .id;
    dispatcher = new Client(t.url);
    ok(await dispatcher.post("/api/admins/auth/signin", DISPATCHER));
  });

  it("a member added by the system reads as kind system; the dispatcher's writes as that member", async () => {
    expect((await historyOf("member", dispatcherId))[0]).toMatchObject({
      actor: { kind: "system", name: "system" },
      operation: "member.create",
      changes: { role: [null, "dispatcher"], password_hash: [null, "(hidden)"] },
    });
    const p = ok(await dispatcher.post("/api/parcels", { tracking_code: newCode(), recipient_name: "By Dispatcher", destination: "Oslo" }), 201);
    expect(await last("parcel", p.id)).toMatchObject({ actor: { kind: "member", id: dispatcherId, name: DISPATCHER.email } });
  });

  it("an API key's writes read as kind key with its id and name; history entries it adds say so", async () => {
    const secret = `ck_${"k".repeat(40)}`;
    const key = await db().apiKey.create({
      data: { name: "Shop connector", prefix: secret.slice(0, 8), key_hash: sha256(secret), scopes: "parcels:write,history:write" },
    });
    expect((await historyOf("api_key", key.id))[0]).toMatchObject({
      actor: { kind: "system", name: "system" },
      changes: { name: [null, "Shop connector"], key_hash: [null, "(hidden)"] },
    });
    const bearer = { authorization: `Bearer ${secret}` };
    const p = ok(await anon.post("/api/parcels", { tracking_code: newCode(), recipient_name: "Via Key", destination: "Bergen" }, bearer), 201);
    expect(await last("parcel", p.id)).toMatchObject({ actor: { kind: "key", id: key.id, name: "Shop connector" }, operation: "parcels.create" });
    const a = ok(
      await anon.post("/api/activities", { parcel_id: p.id, title: "Booked", description: "By the shop.", icon: "home_work", color: "green" }, bearer),
      201,
    );
    expect(a).toMatchObject({ created_by_kind: "key", created_by_name: "Shop connector" });
    expect((await log({ actor: `key:${key.id}` })).data.map((e: Entry) => e.operation).sort()).toEqual(["activities.create", "parcels.create"]);

    // The who filter's choices: the members and keys that appear, each once.
    const actors = ok(await owner.get("/api/audit/actors"));
    expect(actors).toEqual([
      { kind: "member", id: dispatcherId, name: DISPATCHER.email },
      { kind: "member", id: ownerId, name: OWNER.email },
      { kind: "key", id: key.id, name: "Shop connector" },
    ]);
    expect((await owner.gql("{ auditActors { kind id name } }")).data.auditActors).toEqual(actors);
    fails(await dispatcher.get("/api/audit/actors"), 403);
    fails(await anon.get("/api/audit/actors", bearer), 403);
  });

  it("401 anonymous, 403 for a role without audit, in both doors and for the CSV", async () => {
    expect(fails(await anon.get("/api/audit"), 401)).toBeTruthy();
    fails(await anon.get("/api/audit?format=csv"), 401);
    expect(fails(await dispatcher.get("/api/audit"), 403)[0]).toMatch(/lacks the permission audit/);
    fails(await dispatcher.get("/api/audit?format=csv"), 403);
    const g = await dispatcher.gql("{ auditLog { total } }");
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect((await anon.gql("{ auditLog { total } }")).errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("each filter narrows the result", async () => {
    const all = await log();
    const members = (await log({ actor: `member:${dispatcherId}` })).data as Entry[];
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((e) => e.actor.kind === "member" && e.actor.id === dispatcherId)).toBe(true);
    const byEmail = (await log({ actor: DISPATCHER.email.toUpperCase() })).data as Entry[];
    expect(byEmail.map((e) => e.id)).toEqual(members.map((e) => e.id));
    const system = (await log({ actor: "system" })).data as Entry[];
    expect(system.length).toBeGreaterThan(0);
    expect(system.every((e) => e.actor.kind === "system")).toBe(true);
    expect((await log({ actor: "key:999" })).total).toBe(0);

    const pages = (await log({ object_type: "page" })).data as Entry[];
    expect(pages.length).toBe(3);
    expect(pages.every((e) => e.object_type === "page")).toBe(true);
    // The dispatcher's row: created, then signed in.
    const oneMember = (await log({ object_type: "member", object_id: String(dispatcherId) })).data as Entry[];
    expect(oneMember.map((e) => e.operation)).toEqual(["account.signIn", "member.create"]);

    const future = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    expect((await log({ from: future })).total).toBe(0);
    expect((await log({ to: "2020-01-01" })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log({ from: today, to: today })).total).toBe(all.total);
    const newest = all.data[0] as Entry;
    const exact = (await log({ from: newest.at, to: newest.at })).data as Entry[];
    expect(exact.map((e) => e.id)).toContain(newest.id);
    expect(exact.every((e) => e.at === newest.at)).toBe(true);
  });

  it("bad filters are 422 naming the field", async () => {
    for (const [q, field] of [
      ["actor=somebody", /^actor must be member:ID/],
      ["actor=member:abc", /^actor must be/],
      ["object_type=spaceship", /^object_type must be one of parcel, activity/],
      ["from=yesterday", /^from must be an ISO 8601/],
      ["to=2026-13-45", /^to must be an ISO 8601/],
      ["from=2026-02-01&to=2026-01-01", /^from must not be after to/],
      ["per_page=1000", /^per_page must be at most 100/],
      ["format=xml", /^format must be json or csv/],
    ] as const) {
      expect(fails(await owner.get(`/api/audit?${q}`), 422)[0], q).toMatch(field);
    }
    expect(fails(await owner.get("/api/audit?format=csv&from=nope"), 422)[0]).toMatch(/^from must be/);
    const g = await owner.gql(`{ auditLog(object_type: "spaceship") { total } }`);
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("pages newest first, with next_page_url keeping the filters", async () => {
    const first = await log({ per_page: 2, object_type: "parcel" });
    expect(first).toMatchObject({ current_page: 1, per_page: 2 });
    expect(first.total).toBeGreaterThan(4);
    expect(first.next_page_url).toBe("/api/audit?page=2&per_page=2&object_type=parcel");
    const second = ok(await owner.get(first.next_page_url));
    expect(second.current_page).toBe(2);
    const ids = [...first.data, ...second.data].map((e: Entry) => e.id);
    expect(new Set(ids).size).toBe(4);
    const ats = [...first.data, ...second.data].map((e: Entry) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(ids[0]).toBeGreaterThan(ids[3]);
  });

  it("GraphQL auditLog answers the same entries, changes listed field by field as JSON text", async () => {
    const rest = await log({ object_type: "webhook", per_page: 5 });
    const g = await owner.gql(
      `query($t: String) { auditLog(object_type: $t, per_page: 5) { total data { id at actor { kind id name } operation object_type object_id changes { field before after } } } }`,
      { t: "webhook" },
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.auditLog.total).toBe(rest.total);
    const [gq, r] = [g.data.auditLog.data[0], rest.data[0] as Entry];
    expect({ ...gq, changes: undefined }).toEqual({ ...r, changes: undefined });
    expect(
      Object.fromEntries(
        gq.changes.map((c: { field: string; before: string | null; after: string | null }) => [
          c.field,
          [c.before && JSON.parse(c.before), c.after && JSON.parse(c.after)],
        ]),
      ),
    ).toEqual(r.changes);
  });

  it("the CSV: headers, byte-order mark, one row per entry with the changes as JSON, formula-safe, filters applied", async () => {
    ok(await owner.post("/api/pages", { title: "=HYPERLINK(1)", content: "x" }), 201);
    const r = await owner.get("/api/audit?format=csv&object_type=page");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const raw = Buffer.from(await (await fetch(`${t.url}/api/audit?format=csv&object_type=page`, { headers: owner.cookieHeader() })).arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = r.text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe("id,at,actor_kind,actor_id,actor_name,operation,object_type,object_id,changes");
    const pages = await log({ object_type: "page" });
    expect(lines.length - 1).toBe(pages.total);
    const newest = pages.data[0] as Entry;
    expect(lines[1].startsWith(`${newest.id},${newest.at},member,${ownerId},${OWNER.email},pages.create,page,${newest.object_id},"{`)).toBe(true);
    const json = lines[1].slice(lines[1].indexOf(',"{') + 2, -1).replace(/""/g, '"');
    expect(JSON.parse(json)).toEqual(newest.changes);
    expect(json).toContain("=HYPERLINK(1)"); // inside JSON text, never first in a cell
    for (const line of lines.slice(1)) expect(line.split(",")[6]).toBe("page");
  });

  it("the OpenAPI document describes the route, its filters and both answers", async () => {
    const doc = ok(await anon.get("/api/openapi.json").then((r) => ({ ...r, json: { status: "200", errors: [], message: "", data: r.json } })));
    const op = doc.paths["/api/audit"].get;
    expect(op["x-operation"]).toBe("audit.list");
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "actor",
      "format",
      "from",
      "object_id",
      "object_type",
      "page",
      "per_page",
      "to",
    ]);
    expect(Object.keys(op.responses["200"].content).sort()).toEqual(["application/json", "text/csv"]);
    expect(doc.components.schemas.AuditEntry.properties.changes.type).toBe("object");
  });
});
