import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, freshDatabase, PG_BASE } from "../helpers/db.js";
import { startSite, type Site } from "../helpers/site.js";
import { Client } from "../helpers/http.js";
import { SETUP_TOKEN } from "../helpers/app.js";
import { ADMIN, signedInAdmin } from "../helpers/admin.js";
import { gqlUpload, makePng } from "../helpers/images.js";
import { channelOf } from "../../server/core/bus.js";
import { waitFor } from "../helpers/wait.js";

// Two server processes on one PostgreSQL database, each with its own uploads folder, as on two machines.
const db = freshDatabase("postgresql");
let a: Site;
let b: Site;
beforeAll(async () => {
  const shared = { SEED_DEMO: "true", RATE_LIMIT_SIGNIN: "6" };
  a = await startSite({ ...shared, UPLOADS_DIR: path.join(db.dir, "uploads-a") }, db);
  b = await startSite({ ...shared, UPLOADS_DIR: path.join(db.dir, "uploads-b") }, db);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await dropDatabase(db.url, db.dir);
});

// One sign-in for the whole file: the last test counts sign-in attempts from this client.
let admin: Client | undefined;
const adminOnA = async () => (admin ??= await signedInAdmin(a.url));

/** The same cookies, sent to the other process. */
function onOther(c: Client, base: string): Client {
  const other = new Client(base);
  other.cookies = new Map(c.cookies);
  return other;
}

describe("two processes on one PostgreSQL database", () => {
  it("seeded the demo content once although both started on the empty database", async () => {
    const r = await new Client(a.url).gql(`{ pages(per_page: 100) { total } reviews { total } }`);
    expect(r.data.pages.total).toBe(6);
    expect(r.data.reviews.total).toBe(3);
  });

  it("forgets cached views, unknown codes and the start-up graph in the other process at once", async () => {
    const adminA = await adminOnA();
    const adminB = onOther(adminA, b.url);
    const visitorA = new Client(a.url);
    const visitorB = new Client(b.url);
    const track = (c: Client, code: string) => c.gql(`query($c: String!) { parcel(trackingCode: $c) { tracking_code status } }`, { c: code });

    // Unknown on A (and remembered as unknown there), then created through B: found on A.
    expect((await track(visitorA, "MP-2")).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await visitorA.get("/api/parcels/MP-2")).status).toBe(404);
    const id = (await adminB.gql(`mutation { createParcel(input: { tracking_code: "MP-2", recipient_name: "Multi", destination: "Turku" }) { id } }`)).data
      .createParcel.id;
    expect((await track(visitorA, "MP-2")).data.parcel.tracking_code).toBe("MP-2");
    expect((await visitorA.get("/api/parcels/MP-2")).json.data.tracking_code).toBe("MP-2");

    // Renamed through A: gone under the old code on B, found under the new one.
    expect((await track(visitorB, "MP-2")).data.parcel.status).toBeNull();
    await adminA.patch("/api/parcels", { id, tracking_code: "MP-3", status: "Renamed" });
    expect((await track(visitorB, "MP-2")).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await track(visitorB, "MP-3")).data.parcel.status).toBe("Renamed");

    // Content written through B shows in A's start-up graph, through either door.
    const slugs = async () => (await visitorA.get("/api/graph")).json.data.pages.map((p: { slug: string }) => p.slug);
    expect(await slugs()).not.toContain("multi-page");
    await adminB.post("/api/pages", { title: "Multi Page", content: "Hello" });
    expect(await slugs()).toContain("multi-page");
    await adminB.gql(`mutation { updateContactSettings(input: { contact_email: "multi@example.com" }) { contact_email } }`);
    expect((await visitorA.gql(`{ graph { settings { contact_email } } }`)).data.graph.settings.contact_email).toBe("multi@example.com");
    // The settings row each process keeps (the page's description, the delivery day's depot) follows too.
    await (await fetch(`${a.url}/`)).text();
    await adminB.patch("/api/settings", { meta_description: "Multi process description" });
    expect(await (await fetch(`${a.url}/`)).text()).toContain('content="Multi process description"');
  });

  it("has every process forget before a write returns: many writes, each read at once on the other process", async () => {
    // A write returns only once every live listener has answered that its caches are clear, so
    // no read can slip in between (without that wait this failed now and then on a busy machine).
    const adminA = await adminOnA();
    const adminB = onOther(adminA, b.url);
    const visitorA = new Client(a.url);
    const visitorB = new Client(b.url);
    const id = (await adminA.gql(`mutation { createParcel(input: { tracking_code: "MP-RACE", recipient_name: "Race", destination: "Oulu" }) { id } }`)).data
      .createParcel.id;
    for (let i = 0; i < 25; i++) {
      const [writer, reader] = i % 2 ? [adminA, visitorB] : [adminB, visitorA];
      // Both caches warm with the old values first.
      await Promise.all([visitorA.get("/api/graph"), visitorB.get("/api/parcels/MP-RACE")]);
      await writer.gql(`mutation($e: String!) { updateContactSettings(input: { contact_email: $e }) { contact_email } }`, { e: `race${i}@example.com` });
      expect((await reader.get("/api/graph")).json.data.settings.contact_email).toBe(`race${i}@example.com`);
      await writer.patch("/api/parcels", { id, status: `Round ${i}` });
      expect((await reader.get("/api/parcels/MP-RACE")).json.data.status).toBe(`Round ${i}`);
    }
  });

  it("waits for a slow peer's answer before a write returns, and not for one that said goodbye", async () => {
    const adminB = onOther(await adminOnA(), b.url);
    const id = (await new Client(a.url).get("/api/parcels/MP-RACE")).json.data.id;
    const pg = new (await import("pg")).default.Client({ connectionString: PG_BASE });
    await pg.connect();
    const channel = channelOf(new URL(db.url).searchParams.get("schema")!);
    // When the slow peer sends its ack: the server may read the ack and answer the write before
    // this client hears that its own NOTIFY went through, so the time is taken before sending.
    let ackedAt = 0;
    const heard = new Set<string>();
    pg.on("notification", (m) => {
      const [from, topic, target] = (m.payload ?? "").split(" ");
      if (topic === "ack" && target === "slowpeer:2") heard.add(from);
      // The 400 ms is what is tested: a peer that is slow to answer.
      if (!from.startsWith("slowpeer:") && topic === "parcel")
        setTimeout(() => {
          ackedAt = Date.now();
          void pg.query("SELECT pg_notify($1, $2)", [channel, `slowpeer:0 ack ${from}`]).catch(() => {});
        }, 400);
    });
    try {
      await pg.query(`LISTEN "${channel}"`);
      await pg.query("SELECT pg_notify($1, $2)", [channel, "slowpeer:1 ping"]);
      // Both processes have heard the ping once they have acked what the slow peer sent after it (each
      // listener takes the notifications in order): an invalidation of a code that does not exist.
      await pg.query("SELECT pg_notify($1, $2)", [channel, "slowpeer:2 parcel NO-SUCH-CODE"]);
      await waitFor(() => heard.size >= 2, { what: "both processes to ack the slow peer" });
      await adminB.patch("/api/parcels", { id, status: "Slow peer" });
      const doneAt = Date.now();
      expect(ackedAt).toBeGreaterThan(0);
      expect(doneAt).toBeGreaterThanOrEqual(ackedAt);
      // Gone: the next write does not wait for it.
      await pg.query("SELECT pg_notify($1, $2)", [channel, "slowpeer:0 bye"]);
      // No wait: the bye reaches B's listener before the write's own notification (PostgreSQL delivers them in
      // order), and a bye received while a write waits takes the peer off that write's list too.
      ackedAt = 0;
      await adminB.patch("/api/parcels", { id, status: "Peer gone" });
      expect(ackedAt).toBe(0);
    } finally {
      await pg.end();
    }
  });

  it("stays correct while the invalidation channel is cut and after it reconnects", async () => {
    const adminB = onOther(await adminOnA(), b.url);
    const visitorA = new Client(a.url);
    const status = async () => (await visitorA.get("/api/parcels/MP-3")).json.data.status;
    const id = (await visitorA.get("/api/parcels/MP-3")).json.data.id;
    const pg = new (await import("pg")).default.Client({ connectionString: PG_BASE });
    await pg.connect();
    const channel = channelOf(new URL(db.url).searchParams.get("schema")!);
    const listeners = async () => Number((await pg.query(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, [channel])).rows[0].count);
    try {
      const before = await listeners();
      expect(before).toBe(2);
      await pg.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [channel]);
      // Cut off: each process checks versions in the database until it listens again.
      await adminB.patch("/api/parcels", { id, status: "Cut off" });
      expect(await status()).toBe("Cut off");
      await waitFor(async () => (await listeners()) >= before, { what: "both processes to listen again" });
      expect(await listeners()).toBe(before);
      await adminB.patch("/api/parcels", { id, status: "Listening again" });
      expect(await status()).toBe("Listening again");
    } finally {
      await pg.end();
    }
  });

  it("shares sessions, images, updates and the one-time admin link", async () => {
    const adminA = await adminOnA();
    const adminB = onOther(adminA, b.url);
    expect((await adminB.gql(`{ me { email } }`)).data.me.email).toBe(ADMIN.email);

    // The one-time link, used on A, is closed on B.
    const second = await new Client(b.url).gql(
      `mutation { createAdmin(input: { email: "x@example.com", password: "another-pass-1", token: "${SETUP_TOKEN}" }) { email } }`,
    );
    expect(second.errors?.[0].extensions.code).toBe("FORBIDDEN");

    const created = await adminA.gql(`mutation { createParcel(input: { tracking_code: "MP-1", recipient_name: "Multi", destination: "Bergen" }) { id } }`);
    const id = created.data.createParcel.id;
    const up = await adminA.post(
      "/graphql",
      gqlUpload(`mutation($id: Int!, $image: Upload!) { updateParcelImage(id: $id, image: $image) { image } }`, { id }, "image", makePng(16, 16), "box.png"),
      { "apollo-require-preflight": "true" },
    );
    const image = up.json.data.updateParcelImage.image as string;
    const served = await fetch(`${b.url}/uploads/images/${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(makePng(16, 16))).toBe(true);
    // B now keeps a copy on its own disk; deleting the parcel on A removes it there too, and caches asked again hear 404.
    expect(served.headers.get("cache-control")).toBe("public, no-cache");
    const etag = served.headers.get("etag")!;
    expect((await fetch(`${b.url}/uploads/images/${image}`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const doomed = await adminA.gql(`mutation { createParcel(input: { tracking_code: "MP-2", recipient_name: "Gone", destination: "Oslo" }) { id } }`);
    const doomedId = doomed.data.createParcel.id;
    const doomedUp = await adminA.post(
      "/graphql",
      gqlUpload(
        `mutation($id: Int!, $image: Upload!) { updateParcelImage(id: $id, image: $image) { image } }`,
        { id: doomedId },
        "image",
        makePng(8, 8),
        "gone.png",
      ),
      { "apollo-require-preflight": "true" },
    );
    const doomedImage = doomedUp.json.data.updateParcelImage.image as string;
    expect((await fetch(`${b.url}/uploads/images/${doomedImage}`)).status).toBe(200);
    expect(fs.existsSync(path.join(db.dir, "uploads-b", "images", doomedImage))).toBe(true);
    await adminA.gql(`mutation($id: Int!) { deleteParcel(id: $id) }`, { id: doomedId });
    await waitFor(() => !fs.existsSync(path.join(db.dir, "uploads-b", "images", doomedImage)));
    expect((await fetch(`${b.url}/uploads/images/${doomedImage}`)).status).toBe(404);
    expect((await fetch(`${b.url}/uploads/images/${doomedImage}`, { headers: { "if-none-match": `"${doomedImage}"` } })).status).toBe(404);

    // An update through B is what the next look-up through A sees, and the other way round.
    const visitorA = new Client(a.url);
    const visitorB = new Client(b.url);
    const track = `query { parcel(trackingCode: "MP-1") { status history { title } } }`;
    expect((await visitorA.gql(track)).data.parcel.status).toBeNull();
    await adminB.gql(`mutation($id: Int!) { updateParcel(input: { id: $id, status: "In transit" }) { status } }`, { id });
    expect((await visitorA.gql(track)).data.parcel.status).toBe("In transit");
    await adminA.gql(`mutation($id: Int!) { createActivity(input: { parcel_id: $id, title: "Left Oslo", description: "On the truck" }) { id } }`, { id });
    expect((await visitorB.gql(track)).data.parcel.history.map((h: { title: string }) => h.title)).toEqual(["Left Oslo"]);

    // Signing out on B ends the session on A too.
    await adminB.gql(`mutation { signOut }`);
    expect((await adminA.gql(`{ me { email } }`)).data.me).toBeNull();
  });

  it("counts sign-in attempts across both processes", async () => {
    const attempt = (base: string) => new Client(base).gql(`mutation { signIn(input: { email: "nobody@example.com", password: "wrong-password" }) { email } }`);
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) codes.push((await attempt(i % 2 ? a.url : b.url)).errors?.[0].extensions.code);
    // RATE_LIMIT_SIGNIN=6 per client in all (the earlier sign-in counted too): once the shared counter
    // is full, both processes refuse, alternately asked.
    const first = codes.indexOf("TOO_MANY_REQUESTS");
    expect(first).toBe(5);
    expect(codes.slice(0, first).every((c) => c === "BAD_USER_INPUT")).toBe(true);
    expect(codes.slice(first)).toEqual(["TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS"]);
  });
});
