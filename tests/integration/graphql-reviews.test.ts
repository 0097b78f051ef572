import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { JPEG, NOT_AN_IMAGE, PNG, expectAllUnauthenticated, expectError, expectFieldError, gqlUpload, pngOf } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";

const CREATE = `mutation($i: CreateReviewInput!, $image: Upload!) { createReview(input: $i, image: $image) { id name review image created_at } }`;
const DELETE = `mutation($id: Int!) { deleteReview(id: $id) }`;
const LIST = `query($page: Int, $per: Int, $s: String) { reviews(page: $page, per_page: $per, search: $s) {
  current_page last_page per_page total next_page_url data { id name review image } } }`;

let t: TestApp;
let admin: Client;
let anon: Client;
const imagesDir = () => path.join(t.dir, "uploads", "images");
const files = () => (fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir()).sort() : []);

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

async function create(name: string, review: string, bytes: Buffer = PNG, filename = "face.png") {
  const r = await gqlUpload(admin, CREATE, { i: { name, review } }, { image: { bytes, filename, type: "image/png" } });
  expect(r.errors, r.text).toBeUndefined();
  return r.data.createReview;
}

describe("createReview", () => {
  it("is UNAUTHENTICATED without a session and stores no file", async () => {
    const before = files();
    const r = await gqlUpload(anon, CREATE, { i: { name: "Spam", review: "Buy now" } }, { image: { bytes: PNG, filename: "a.png" } });
    expectError(r, "UNAUTHENTICATED");
    expect(files()).toEqual(before);
    expect(await db().review.count()).toBe(0);
    await expectAllUnauthenticated(anon, [[DELETE, { id: 1 }]]);
  });

  it("stores the review with its uploaded image, served from /uploads/images", async () => {
    const r = await create("  Maria Silva ", "  Fast and careful delivery to Lisbon.  ");
    expect(r).toMatchObject({ name: "Maria Silva", review: "Fast and careful delivery to Lisbon." });
    expect(r.image).toMatch(/^[a-f0-9]{32}\.png$/);
    const res = await fetch(`${t.url}/uploads/images/${r.image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const jpeg = await create("Kenji Sato", "Everything arrived intact.", JPEG, "kenji.jpg");
    expect(jpeg.image).toMatch(/\.jpg$/);
  });

  it("refuses a file that is not a JPEG or PNG with UNSUPPORTED_MEDIA_TYPE, creating nothing", async () => {
    const before = files();
    const count = await db().review.count();
    const fake = await gqlUpload(
      admin,
      CREATE,
      { i: { name: "Eve", review: "Nice" } },
      { image: { bytes: NOT_AN_IMAGE, filename: "eve.png", type: "image/png" } },
    );
    expectError(fake, "UNSUPPORTED_MEDIA_TYPE", /image must be a JPEG or PNG/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(
      await gqlUpload(admin, CREATE, { i: { name: "Eve", review: "Nice" } }, { image: { bytes: svg, filename: "eve.svg", type: "image/svg+xml" } }),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(
      await gqlUpload(admin, CREATE, { i: { name: "Eve", review: "Nice" } }, { image: { bytes: PNG, filename: "eve.webp", type: "image/webp" } }),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(files()).toEqual(before);
    expect(await db().review.count()).toBe(count);
  });

  it("names the field when the name, the review or the image is missing or too long", async () => {
    const count = await db().review.count();
    const up = (i: Record<string, unknown>, bytes: Buffer = PNG) => gqlUpload(admin, CREATE, { i }, { image: { bytes, filename: "x.png" } });
    expectFieldError(await up({ name: "", review: "Good" }), "name", /required/);
    expectFieldError(await up({ name: "n".repeat(301), review: "Good" }), "name", /at most 300/);
    expectFieldError(await up({ name: "Ann", review: "" }), "review", /required/);
    expectFieldError(await up({ name: "Ann", review: "r".repeat(5001) }), "review", /at most 5000/);
    expectFieldError(await up({ name: "Ann", review: "Good" }, Buffer.alloc(0)), "image", /required/);
    // Without any file part the Upload variable is null: a GraphQL error naming it.
    const noFile = await admin.gql(CREATE, { i: { name: "Ann", review: "Good" }, image: null });
    expectFieldError(noFile, "image");
    expect(await db().review.count()).toBe(count);
  });
});

describe("reviews (public) and deleteReview", () => {
  it("lists newest first with paging and a name search", async () => {
    for (let i = 1; i <= 4; i++) await create(`Customer ${i}`, `Review number ${i}`, pngOf(2, 2, [i * 40, 80, 120]));
    const total = await db().review.count();
    const page = (await anon.gql(LIST, { per: 3 })).data.reviews;
    expect(page).toMatchObject({ current_page: 1, per_page: 3, total, next_page_url: "/api/reviews?page=2&per_page=3" });
    expect(page.data[0].name).toBe("Customer 4");
    const found = (await anon.gql(LIST, { s: "customer" })).data.reviews;
    expect(found.total).toBe(4);
    expect((await anon.gql(LIST, { s: "maria" })).data.reviews.data.map((r: { name: string }) => r.name)).toEqual(["Maria Silva"]);
  });

  it("deletes the review and its image; a second delete is NOT_FOUND", async () => {
    const r = await create("Temporary", "To be removed");
    expect(fs.existsSync(path.join(imagesDir(), r.image))).toBe(true);
    expect((await admin.gql(DELETE, { id: r.id })).data.deleteReview).toBe(true);
    expect(fs.existsSync(path.join(imagesDir(), r.image))).toBe(false);
    expect((await fetch(`${t.url}/uploads/images/${r.image}`)).status).toBe(404);
    expectError(await admin.gql(DELETE, { id: r.id }), "NOT_FOUND", "Review not found");
    expect((await anon.gql(LIST, { s: "Temporary" })).data.reviews.total).toBe(0);
  });
});
