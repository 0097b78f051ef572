import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { freshDatabase, dropDatabase } from "../helpers/db.js";
import { Client } from "../helpers/http.js";
import { startSite, type Site } from "../helpers/site.js";
import { DEMO_CLAIM, DEMO_PAGES, DEMO_PARCELS, DEMO_REVIEWS, seedDemo } from "../../prisma/seed.js";
import { db } from "../../server/db/index.js";
import { ACTIVITY_COLORS, ACTIVITY_ICONS } from "../../shared/modules/activity/activity.codes.js";
import { sniffImage } from "../../server/modules/upload/upload.service.js";

const SLUGS = ["about-us", "warehousing", "privacy-policy", "air-freight", "sea-transportation", "road-transportation"];

async function counts() {
  const [pages, reviews, parcels, activities, settings, claims] = await Promise.all([
    db().page.count(),
    db().review.count(),
    db().parcel.count(),
    db().activity.count(),
    db().settings.count(),
    db().oneTimeClaim.count({ where: { name: DEMO_CLAIM } }),
  ]);
  return { pages, reviews, parcels, activities, settings, claims };
}

describe("demo content on an empty database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("seeds once: a second run changes nothing", async () => {
    expect(await seedDemo()).toBe(true);
    const first = await counts();
    expect(first).toEqual({
      pages: 6,
      reviews: 3,
      parcels: DEMO_PARCELS.length,
      activities: DEMO_PARCELS.reduce((n, p) => n + p.history.length, 0),
      settings: 1,
      claims: 1,
    });
    expect(await seedDemo()).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it("has the six pages with real content in the page markup, and no hot-linked media", async () => {
    const c = new Client(t.url);
    const g = await c.gql(`{ graph { pages { slug title sub_title icon hero overlay content } } }`);
    const pages = g.data.graph.pages as Array<Record<string, string>>;
    expect(pages.map((p) => p.slug).sort()).toEqual([...SLUGS].sort());
    for (const p of pages) {
      expect(["people", "copyright", "pages", "folder"]).toContain(p.icon);
      expect(["hero-mixed", "hero-air", "hero-sea", "hero-road", "hero-warehouse"]).toContain(p.hero);
      expect(["overlay1", "overlay2", "overlay3"]).toContain(p.overlay);
      expect(p.title.length).toBeGreaterThan(3);
      expect(p.sub_title.length).toBeGreaterThan(10);
      const lines = p.content.split("\n");
      const directives = lines.filter((l) => l.startsWith("["));
      const paragraphs = lines.filter((l) => l.trim() !== "" && !l.startsWith("["));
      expect(directives.length, p.slug).toBeGreaterThanOrEqual(3);
      for (const d of directives) expect(d, p.slug).toMatch(/^\[(bold|underline|strikethrough)=[A-Za-z ?]+\]$/);
      expect(paragraphs.length, p.slug).toBeGreaterThanOrEqual(6);
      expect(p.content).not.toMatch(/\[(image|video)=/);
      expect(p.content).not.toMatch(/lorem ipsum/i);
    }
    const privacy = pages.find((p) => p.slug === "privacy-policy")!;
    for (const topic of [/retention|how long we keep/i, /your rights/i, /tracking/i, /cookie/i]) expect(privacy.content).toMatch(topic);
    const air = pages.find((p) => p.slug === "air-freight")!;
    for (const topic of [/transit/i, /packag/i, /customs/i, /insurance/i]) expect(air.content).toMatch(topic);
    // The public page route knows them.
    expect((await c.get("/pages/about-us")).status).toBe(200);
  });

  it("sets the settings row with contact details and the mail defaults", async () => {
    const s = await db().settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(s.contact_email).toBe("hello@swiftroute-courier.example");
    // The demo company's one name (COMPANY_NAME unset here), the one its pages use.
    expect(s.company_name).toBe("SwiftRoute Courier");
    expect(s.contact_phone).not.toBe("");
    expect(s.contact_phone_alt).not.toBe("");
    expect(s.contact_address).not.toBe("");
    expect(s.meta_description.length).toBeGreaterThan(40);
    expect(s.mail_driver).toBe("mail");
    expect(s.mail_template).toBe("html1");
  });

  it("has three reviews whose portraits are served from /uploads/images", async () => {
    const c = new Client(t.url);
    const r = await c.gql(`{ reviews { data { name review image } } }`);
    const reviews = r.data.reviews.data as Array<{ name: string; review: string; image: string }>;
    expect(reviews.map((x) => x.image).sort()).toEqual(DEMO_REVIEWS.map((x) => x.image).sort());
    for (const review of reviews) {
      expect(review.review.length).toBeGreaterThan(80);
      const res = await fetch(`${t.url}/uploads/images/${review.image}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(sniffImage(bytes)).toBe("png");
      expect(bytes.readUInt32BE(16)).toBe(160); // IHDR width
      expect(bytes.equals(fs.readFileSync(path.resolve("prisma/seed-assets", review.image)))).toBe(true);
    }
  });

  it("has parcels with a realistic, ordered history and one with a full map", async () => {
    const c = new Client(t.url);
    for (const demo of DEMO_PARCELS) {
      const r = await c.gql(
        `query($c: String!) { parcel(trackingCode: $c) { tracking_code recipient_name destination status weight shipped_via parcel_content declared_value
          min_expected_delivery_date max_expected_delivery_date show_map map_zoom created_at
          map_current_latitude map_current_longitude map_pickup_latitude map_pickup_longitude map_destination_latitude map_destination_longitude
          history { title description icon color created_at created_at_month created_at_day created_at_time } } }`,
        { c: demo.fields.tracking_code },
      );
      const p = r.data.parcel;
      expect(p.tracking_code).toMatch(/^CR-2026-\d{6}$/);
      expect(p.history.length).toBeGreaterThanOrEqual(5);
      expect(p.history.length).toBeLessThanOrEqual(8);
      expect(p.weight).toBeGreaterThan(0);
      expect(p.declared_value).toBeGreaterThan(0);
      expect(p.shipped_via && p.parcel_content && p.status).toBeTruthy();
      expect(p.min_expected_delivery_date <= p.max_expected_delivery_date).toBe(true);
      const times = p.history.map((a: { created_at: string }) => Date.parse(a.created_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times.map((x: number) => new Date(x).toISOString().slice(0, 10))).size).toBeGreaterThan(1);
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
      for (const a of p.history) {
        expect(Object.keys(ACTIVITY_ICONS)).toContain(a.icon);
        expect(ACTIVITY_COLORS).toContain(a.color);
        expect(a.description.length).toBeGreaterThan(20);
      }
    }
    const mapped = await db().parcel.findMany({ where: { show_map: "yes" } });
    expect(mapped.length).toBeGreaterThanOrEqual(1);
    const m = mapped[0];
    for (const k of [
      "map_current_latitude",
      "map_current_longitude",
      "map_pickup_latitude",
      "map_pickup_longitude",
      "map_destination_latitude",
      "map_destination_longitude",
    ] as const) {
      expect(typeof m[k], k).toBe("number");
    }
    expect(m.map_zoom).toBeGreaterThanOrEqual(1);
    expect(m.recipient_email && m.recipient_phone_number && m.sender_email && m.sender_name && m.pickup_location).toBeTruthy();
  });

  it("creates no admin account", async () => {
    expect(await db().admin.count()).toBe(0);
    expect((await new Client(t.url).gql(`{ canCreateAdmin }`)).data.canCreateAdmin).toBe(true);
  });

  it("never brings back a demo page the admin deleted, nor overwrites edited settings", async () => {
    const before = await counts();
    await db().page.delete({ where: { slug: "warehousing" } });
    await db().settings.update({ where: { id: 1 }, data: { contact_email: "ops@mycompany.example" } });
    await db().parcel.deleteMany({});
    expect(await seedDemo()).toBe(false);
    expect(await db().page.findUnique({ where: { slug: "warehousing" } })).toBeNull();
    expect(await db().page.count()).toBe(before.pages - 1);
    expect(await db().parcel.count()).toBe(0);
    expect((await db().settings.findUniqueOrThrow({ where: { id: 1 } })).contact_email).toBe("ops@mycompany.example");
  });

  it("runs again on a database emptied by the admin without re-seeding", async () => {
    await db().page.deleteMany({});
    await db().review.deleteMany({});
    await db().settings.deleteMany({});
    expect(await seedDemo()).toBe(false);
    expect(await db().page.count()).toBe(0);
    expect(await db().review.count()).toBe(0);
  });
});

describe("a database that already has content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("is only claimed, never seeded", async () => {
    await db().page.create({ data: { slug: "our-own", title: "Our own", content: "Ours" } });
    expect(await seedDemo()).toBe(false);
    expect(await db().page.count()).toBe(1);
    expect(await db().parcel.count()).toBe(0);
    expect(await db().oneTimeClaim.count({ where: { name: DEMO_CLAIM } })).toBe(1);
    // Emptying it later does not make the demo appear.
    await db().page.deleteMany({});
    expect(await seedDemo()).toBe(false);
    expect(await db().page.count()).toBe(0);
  });

  it("seeds once when two calls race in one process", async () => {
    await db().oneTimeClaim.deleteMany({});
    const results = await Promise.all([seedDemo(), seedDemo(), seedDemo()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db().page.count()).toBe(DEMO_PAGES.length);
    expect(await db().review.count()).toBe(DEMO_REVIEWS.length);
  });
});

describe("two server processes starting together on one empty database", () => {
  // startTestApp above wrote SEED_DEMO=false into this process's env, which child processes inherit.
  const SITE_ENV = { SEED_DEMO: "true", LOG_LEVEL: "warn" };
  const target = freshDatabase();
  let sites: Site[] = [];
  afterAll(async () => {
    for (const s of sites) await s.stop();
    await dropDatabase(target.url, target.dir);
  });

  it("seed it once, and a restart after deleting a demo page keeps it deleted", async () => {
    sites = await Promise.all([startSite(SITE_ENV, target), startSite(SITE_ENV, target)]);
    const c = new Client(sites[0].url);
    const graph = async () => (await c.gql(`{ graph { pages { id slug } reviews { id } } }`)).data.graph;
    const g = await graph();
    expect(g.pages.map((p: { slug: string }) => p.slug).sort()).toEqual([...SLUGS].sort());
    expect(g.reviews).toHaveLength(3);
    const other = await new Client(sites[1].url).gql(`{ graph { pages { id } } }`);
    expect(other.data.graph.pages).toHaveLength(6);
    const tracked = await new Client(sites[1].url).gql(`{ parcel(trackingCode: "CR-2026-000001") { history { id } } }`);
    expect(tracked.data.parcel.history).toHaveLength(DEMO_PARCELS[0].history.length);

    // The admin deletes a demo page through the API, then both processes restart.
    await c.gql(`mutation { createAdmin(input: { email: "admin@example.com", password: "long enough 1", token: "${SETUP_TOKEN}" }) { email } }`);
    await c.gql(`mutation { signIn(input: { email: "admin@example.com", password: "long enough 1" }) { email } }`);
    const id = g.pages.find((p: { slug: string }) => p.slug === "air-freight").id;
    expect((await c.gql(`mutation($id: Int!) { deletePage(id: $id) }`, { id })).data.deletePage).toBe(true);
    await Promise.all(sites.map((s) => s.stop()));
    sites = await Promise.all([startSite(SITE_ENV, target), startSite(SITE_ENV, target)]);
    const after = (await new Client(sites[0].url).gql(`{ graph { pages { slug } reviews { id } } }`)).data.graph;
    expect(after.pages.map((p: { slug: string }) => p.slug).sort()).toEqual(SLUGS.filter((x) => x !== "air-freight").sort());
    expect(after.reviews).toHaveLength(3);
    // Four server starts, two at a time, each seeding (pages, parcels, the demo prices): a bound for a loaded host.
  }, 150_000);
});
