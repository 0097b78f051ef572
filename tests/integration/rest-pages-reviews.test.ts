import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { file, hugePng, jpeg, notAnImage, png } from "../fixtures/images.js";
import { fails, form, ok, signedIn } from "../fixtures/rest.js";

const UPLOAD_MAX = 20_000;
let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX) });
  admin = await signedIn(t);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

let n = 0;
const title = (base = "Page") => `${base} ${++n} ${Date.now().toString(36)}`;
const imageFile = (name: string) => path.join(t.dir, "uploads", "images", name);
const createPage = async (extra: Record<string, unknown> = {}) =>
  ok(await admin.post("/api/pages", { title: title(), content: "Hello\n\nWorld", ...extra }), 201);
const createReview = async (name = "Happy Customer", image = file(png())) =>
  ok(await admin.post("/api/reviews", form({ name, review: "Fast and careful.", image: [image, "face.png"] })), 201);

describe("POST /api/pages", () => {
  it("201 with the slug derived from the title and the defaults", async () => {
    const r = await admin.post("/api/pages", { title: "Air Freight & More!", content: "Line one" });
    const p = ok(r, 201);
    expect(r.json.message).toBe("Page created");
    expect(p).toMatchObject({ slug: "air-freight-more", title: "Air Freight & More!", icon: "people", hero: "hero-mixed", overlay: "overlay1", sub_title: "" });
    expect(new Date(p.created_at).toISOString()).toBe(p.created_at);
  });

  it("409 when the derived slug is taken", async () => {
    expect(fails(await admin.post("/api/pages", { title: "air freight  more", content: "x" }), 409)[0]).toMatch(/\/pages\/air-freight-more already exists/);
  });

  it("422 naming each bad field", async () => {
    expect(fails(await admin.post("/api/pages", {}), 422)).toEqual(["title is required", "content is required"]);
    expect(fails(await admin.post("/api/pages", { title: " ", content: "   " }), 422)).toEqual(["title is required", "content is required"]);
    expect(fails(await admin.post("/api/pages", { title: "T", content: "C", icon: "star" }), 422)).toEqual([
      "icon must be one of people, copyright, pages, folder",
    ]);
    expect(fails(await admin.post("/api/pages", { title: "T", content: "C", hero: "../etc" }), 422)).toEqual([expect.stringMatching(/^hero /)]);
    expect(fails(await admin.post("/api/pages", { title: "x".repeat(301), content: "C" }), 422)).toEqual(["title must be at most 300 characters"]);
    expect(fails(await admin.post("/api/pages", { title: "!!!", content: "C" }), 422)).toEqual(["title must contain letters or digits"]);
    expect(fails(await admin.post("/api/pages", { title: "T", content: { html: "<b>" } }), 422)).toEqual(["content must be text"]);
  });

  it("takes multipart and optional fields; 401 without a session", async () => {
    // Multipart is taken only where files are uploaded: a page is JSON.
    fails(await admin.post("/api/pages", form({ title: title("Form"), content: "C", icon: "folder", sub_title: "Sub", overlay: "overlay2" })), 415);
    const p = ok(await admin.post("/api/pages", { title: title("Form"), content: "C", icon: "folder", sub_title: "Sub", overlay: "overlay2" }), 201);
    expect(p).toMatchObject({ icon: "folder", sub_title: "Sub", overlay: "overlay2" });
    fails(await anon.post("/api/pages", { title: title(), content: "C" }), 401);
  });
});

describe("GET /api/pages (public, paged)", () => {
  it("pages in creation order and follows next_page_url; search by title", async () => {
    const tag = `Srch${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await createPage({ title: `${tag} ${i}` });
    const first = ok(await anon.get(`/api/pages?per_page=2&search=${tag.toLowerCase()}`));
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.data.map((p: { title: string }) => p.title)).toEqual([`${tag} 0`, `${tag} 1`]);
    expect(first.next_page_url).toBe(`/api/pages?page=2&per_page=2&search=${tag.toLowerCase()}`);
    const second = ok(await anon.get(first.next_page_url));
    expect(second.data.map((p: { title: string }) => p.title)).toEqual([`${tag} 2`]);
    expect(second.next_page_url).toBeNull();
  });

  it("defaults to 20 per page; 422 for per_page over 100", async () => {
    expect(ok(await anon.get("/api/pages")).per_page).toBe(20);
    expect(fails(await anon.get("/api/pages?per_page=500"), 422)).toEqual(["per_page must be at most 100"]);
  });
});

describe("GET /api/pages/{slug} (public)", () => {
  it("200 with the page; 404 for an unknown slug", async () => {
    const p = await createPage();
    expect(ok(await anon.get(`/api/pages/${p.slug}`))).toEqual(p);
    expect(fails(await anon.get("/api/pages/no-such-page"), 404)).toEqual(["Page not found"]);
  });
});

describe("PATCH /api/pages", () => {
  it("200 with the changes; the slug stays", async () => {
    const p = await createPage();
    const r = await admin.patch("/api/pages", { id: p.id, title: "Renamed", icon: "pages", content: "New" });
    expect(ok(r)).toMatchObject({ id: p.id, slug: p.slug, title: "Renamed", icon: "pages", content: "New" });
    expect(r.json.message).toBe("Page updated");
  });

  it("404 unknown id; 422 missing id or blank title; 401", async () => {
    fails(await admin.patch("/api/pages", { id: 999999, title: "x" }), 404);
    expect(fails(await admin.patch("/api/pages", { title: "x" }), 422)).toEqual(["id is required"]);
    const p = await createPage();
    expect(fails(await admin.patch("/api/pages", { id: p.id, title: "" }), 422)).toEqual(["title is required"]);
    fails(await anon.patch("/api/pages", { id: p.id, title: "Hacked" }), 401);
    expect(ok(await anon.get(`/api/pages/${p.slug}`)).title).toBe(p.title);
  });
});

describe("DELETE /api/pages", () => {
  it("200 null, then the page is gone; 404 the second time; 422 without id; 401", async () => {
    const p = await createPage();
    fails(await anon.delete("/api/pages", { id: p.id }), 401);
    const r = await admin.delete("/api/pages", { id: p.id });
    expect(ok(r)).toBeNull();
    expect(r.json.message).toBe("Page deleted");
    fails(await anon.get(`/api/pages/${p.slug}`), 404);
    fails(await admin.delete("/api/pages", { id: p.id }), 404);
    expect(fails(await admin.delete("/api/pages", { id: "x" }), 422)).toEqual(["id must be a whole number"]);
  });
});

describe("POST /api/reviews (multipart)", () => {
  it("201 with the stored image, served under /uploads/images/", async () => {
    const r = await admin.post("/api/reviews", form({ name: "Jo", review: "r".repeat(1000), image: [file(jpeg()), "me.jpg"] }));
    const d = ok(r, 201);
    expect(r.json.message).toBe("Review created");
    expect(d).toMatchObject({ name: "Jo" });
    expect(d.image).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const served = await fetch(`${t.url}/uploads/images/${d.image}`);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg())).toBe(true);
  });

  it("415 for a file that is not a JPEG or PNG; 413 over the limit", async () => {
    fails(await admin.post("/api/reviews", form({ name: "Jo", review: "R", image: [file(notAnImage()), "me.jpg"] })), 415);
    fails(await admin.post("/api/reviews", form({ name: "Jo", review: "R", image: [file(hugePng(UPLOAD_MAX + 1)), "me.png"] })), 413);
  });

  it("422 naming missing fields and a missing image (also for a JSON body, which cannot carry one)", async () => {
    expect(fails(await admin.post("/api/reviews", form({ image: [file(png()), "a.png"] })), 422)).toEqual(["name is required", "review is required"]);
    expect(fails(await admin.post("/api/reviews", form({ name: "  ", review: " \n ", image: [file(png()), "a.png"] })), 422)).toEqual([
      "name is required",
      "review is required",
    ]);
    expect(fails(await admin.post("/api/reviews", form({ name: "Jo", review: "R" })), 422)).toEqual(["image is required"]);
    expect(fails(await admin.post("/api/reviews", { name: "Jo", review: "R" }), 422)).toEqual(["image is required"]);
    expect(fails(await admin.post("/api/reviews", form({ name: "x".repeat(301), review: "R", image: [file(png()), "a.png"] })), 422)).toEqual([
      "name must be at most 300 characters",
    ]);
  });

  it("401 without a session, and no file is written", async () => {
    const dir = path.join(t.dir, "uploads", "images");
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    fails(await anon.post("/api/reviews", form({ name: "Jo", review: "R", image: [file(png()), "a.png"] })), 401);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(before);
  });
});

describe("GET /api/reviews (public, paged)", () => {
  it("newest first, paged with next_page_url, searchable by name", async () => {
    const tag = `Rev${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createReview(`${tag} ${i}`));
    const first = ok(await anon.get(`/api/reviews?per_page=2&search=${tag}`));
    expect(first).toMatchObject({ total: 3, last_page: 2 });
    expect(first.data.map((r: { id: number }) => r.id)).toEqual([made[2].id, made[1].id]);
    const second = ok(await anon.get(first.next_page_url));
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([made[0].id]);
    expect(second.next_page_url).toBeNull();
    expect(ok(await anon.get("/api/reviews?search=nobody-by-this-name")).total).toBe(0);
  });
});

describe("DELETE /api/reviews", () => {
  it("deletes the review and its image file", async () => {
    const rv = await createReview();
    expect(fs.existsSync(imageFile(rv.image))).toBe(true);
    fails(await anon.delete("/api/reviews", { id: rv.id }), 401);
    const r = await admin.delete("/api/reviews", { id: rv.id });
    expect(ok(r)).toBeNull();
    expect(r.json.message).toBe("Review deleted");
    expect(fs.existsSync(imageFile(rv.image))).toBe(false);
    expect((await fetch(`${t.url}/uploads/images/${rv.image}`)).status).toBe(404);
    expect(ok(await anon.get("/api/reviews?per_page=100")).data.map((x: { id: number }) => x.id)).not.toContain(rv.id);
  });

  it("404 for an unknown id; 422 without one", async () => {
    fails(await admin.delete("/api/reviews", { id: 424242 }), 404);
    expect(fails(await admin.delete("/api/reviews", {}), 422)).toEqual(["id is required"]);
  });
});
