import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { expectAllUnauthenticated, expectError, expectFieldError } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";

const FIELDS = `id slug title sub_title icon hero overlay content created_at updated_at`;
const CREATE = `mutation($i: CreatePageInput!) { createPage(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdatePageInput!) { updatePage(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!) { deletePage(id: $id) }`;
const GET = `query($s: String!) { page(slug: $s) { ${FIELDS} } }`;
const LIST = `query($page: Int, $per: Int, $s: String) { pages(page: $page, per_page: $per, search: $s) {
  current_page last_page per_page total next_page_url data { slug title } } }`;

const MARKUP = [
  "Our planes leave every night.",
  "",
  "[bold=Why choose us?]",
  "[underline=Fast and safe]",
  "[strikethrough=Slow boats]",
  "[image=https://cdn.example.com/plane.png]",
  "[video=https://video.example.com/tour.mp4]",
].join("\n");

let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

const create = async (input: Record<string, unknown>) => {
  const r = await admin.gql(CREATE, { i: input });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.createPage;
};

describe("without a session", () => {
  it("createPage, updatePage and deletePage are UNAUTHENTICATED; reads are public", async () => {
    const p = await create({ title: "Guarded Page", content: "Body" });
    await expectAllUnauthenticated(anon, [
      [CREATE, { i: { title: "Sneaky", content: "x" } }],
      [UPDATE, { i: { id: p.id, title: "Defaced" } }],
      [DELETE, { id: p.id }],
    ]);
    expect((await anon.gql(GET, { s: "guarded-page" })).data.page.title).toBe("Guarded Page");
    expect(await db().page.count({ where: { slug: "sneaky" } })).toBe(0);
    await admin.gql(DELETE, { id: p.id });
  });
});

describe("createPage", () => {
  it("derives the slug from the title and fills the defaults", async () => {
    const p = await create({ title: "Air Freight & More!", content: MARKUP });
    expect(p).toMatchObject({
      slug: "air-freight-more",
      title: "Air Freight & More!",
      sub_title: "",
      icon: "people",
      hero: "hero-mixed",
      overlay: "overlay1",
      content: MARKUP,
    });
    expect((await create({ title: "Café Déjà Vu", content: "x" })).slug).toBe("cafe-deja-vu");
    expect((await create({ title: "  --Über   Uns--  ", content: "x" })).slug).toBe("uber-uns");
  });

  it("keeps the optional fields it is given", async () => {
    const p = await create({
      title: "Sea Transportation",
      sub_title: "By the ocean",
      icon: "folder",
      hero: "hero-sea",
      overlay: "overlay3",
      content: "Ships.",
    });
    expect(p).toMatchObject({ slug: "sea-transportation", sub_title: "By the ocean", icon: "folder", hero: "hero-sea", overlay: "overlay3" });
  });

  it("is a CONFLICT when another title gives the same slug", async () => {
    const r = await admin.gql(CREATE, { i: { title: "air freight -- more", content: "Copy" } });
    expectError(r, "CONFLICT", /\/pages\/air-freight-more already exists/);
    expect(await db().page.count({ where: { slug: "air-freight-more" } })).toBe(1);
  });

  it("names the field for every rule", async () => {
    expectFieldError(await admin.gql(CREATE, { i: { title: "", content: "x" } }), "title", /required/);
    expectFieldError(await admin.gql(CREATE, { i: { title: "t".repeat(301), content: "x" } }), "title", /at most 300/);
    expectFieldError(await admin.gql(CREATE, { i: { title: "!!! ???", content: "x" } }), "title", /letters or digits/);
    expectFieldError(await admin.gql(CREATE, { i: { title: "Ok", content: "" } }), "content", /required/);
    expectFieldError(await admin.gql(CREATE, { i: { title: "Ok", content: "c".repeat(50_001) } }), "content", /at most 50000/);
    expectFieldError(await admin.gql(CREATE, { i: { title: "Ok", content: "x", icon: "star" } }), "icon", /people, copyright, pages, folder/);
    expectFieldError(await admin.gql(CREATE, { i: { title: "Ok", content: "x", sub_title: "s".repeat(301) } }), "sub_title", /at most 300/);
    expectFieldError(
      await admin.gql(CREATE, { i: { title: "Ok", content: "x", hero: "../../etc/passwd" } }),
      "hero",
      /one of hero-mixed, hero-air, hero-sea, hero-road, hero-warehouse/,
    );
    expectFieldError(await admin.gql(CREATE, { i: { title: "Ok", content: "x", hero: "hero-space" } }), "hero");
    expectFieldError(await admin.gql(CREATE, { i: { title: "Ok", content: "x", overlay: "overlay4" } }), "overlay", /one of overlay1, overlay2, overlay3/);
    expectFieldError(await admin.gql(CREATE, { i: { content: "x" } }), "title");
    expect(await db().page.count({ where: { slug: "ok" } })).toBe(0);
    // Long content is long text.
    expect((await create({ title: "Long Read", content: "c".repeat(50_000) })).content).toHaveLength(50_000);
  });
});

describe("page(slug) and pages", () => {
  it("reads one page by slug and is NOT_FOUND for an unknown one", async () => {
    const r = await anon.gql(GET, { s: "air-freight-more" });
    expect(r.data.page.content).toBe(MARKUP);
    expectError(await anon.gql(GET, { s: "no-such-page" }), "NOT_FOUND", "Page not found");
    expectError(await anon.gql(GET, { s: "x".repeat(500) }), "NOT_FOUND");
  });

  it("lists pages oldest first, with paging and a case-insensitive title search", async () => {
    for (let i = 1; i <= 6; i++) await create({ title: `Region ${i} Depot`, content: "Depot page" });
    const total = await db().page.count();
    const first = (await anon.gql(LIST, { per: 4 })).data.pages;
    expect(first).toMatchObject({ current_page: 1, per_page: 4, total, last_page: Math.ceil(total / 4), next_page_url: "/api/pages?page=2&per_page=4" });
    expect(first.data[0].slug).toBe("air-freight-more");
    const found = (await anon.gql(LIST, { s: "DEPOT", per: 5 })).data.pages;
    expect(found.total).toBe(6);
    expect(found.data.map((p: { slug: string }) => p.slug)).toEqual(["region-1-depot", "region-2-depot", "region-3-depot", "region-4-depot", "region-5-depot"]);
    expect(found.next_page_url).toBe("/api/pages?page=2&per_page=5&search=DEPOT");
    const second = (await anon.gql(LIST, { s: "DEPOT", per: 5, page: 2 })).data.pages;
    expect(second).toMatchObject({ current_page: 2, next_page_url: null, data: [{ slug: "region-6-depot", title: "Region 6 Depot" }] });
    expectFieldError(await anon.gql(LIST, { per: 500 }), "per_page");
  });
});

describe("updatePage", () => {
  it("changes the fields sent and keeps the slug, so published links keep working", async () => {
    const p = await create({ title: "Road Transportation", content: "Trucks." });
    const r = await admin.gql(UPDATE, { i: { id: p.id, title: "Road Freight", icon: "pages", content: "Trucks and vans.\n[bold=Fast]" } });
    expect(r.data.updatePage).toMatchObject({
      id: p.id,
      slug: "road-transportation",
      title: "Road Freight",
      icon: "pages",
      content: "Trucks and vans.\n[bold=Fast]",
      hero: "hero-mixed",
    });
    expect((await anon.gql(GET, { s: "road-transportation" })).data.page.title).toBe("Road Freight");
    // Blank optional fields mean "leave as is" (their defaults), never an invalid empty value.
    expect((await admin.gql(UPDATE, { i: { id: p.id, icon: "", hero: "" } })).data.updatePage).toMatchObject({ icon: "pages", hero: "hero-mixed" });
  });

  it("refuses blanks and bad values naming the field, and is NOT_FOUND for an unknown id", async () => {
    const p = await create({ title: "Warehousing", content: "Stock." });
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, title: "" } }), "title", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, content: "" } }), "content", /required/);
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, icon: "truck" } }), "icon");
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, hero: "hero-moon" } }), "hero");
    expectFieldError(await admin.gql(UPDATE, { i: { id: p.id, overlay: "dark" } }), "overlay");
    expectError(await admin.gql(UPDATE, { i: { id: 999999, title: "Ghost" } }), "NOT_FOUND", "Page not found");
    expect((await db().page.findUniqueOrThrow({ where: { id: p.id } })).title).toBe("Warehousing");
  });
});

describe("deletePage", () => {
  it("deletes a page; its slug is then free and a second delete is NOT_FOUND", async () => {
    const p = await create({ title: "Temporary Offer", content: "Soon gone" });
    expect((await admin.gql(DELETE, { id: p.id })).data.deletePage).toBe(true);
    expectError(await anon.gql(GET, { s: "temporary-offer" }), "NOT_FOUND");
    expectError(await admin.gql(DELETE, { id: p.id }), "NOT_FOUND");
    expect((await anon.get("/pages/temporary-offer")).status).toBe(404);
    expect((await create({ title: "Temporary Offer", content: "Back again" })).slug).toBe("temporary-offer");
  });
});

describe("editing a page's subtitle", () => {
  it("clears it when sent blank", async () => {
    const created = await admin.gql(`mutation { createPage(input: { title: "Subtitle Page", content: "x", sub_title: "Old line" }) { id sub_title } }`);
    const id = created.data.createPage.id;
    expect(created.data.createPage.sub_title).toBe("Old line");
    const edited = await admin.gql(`mutation($id: Int!) { updatePage(input: { id: $id, sub_title: "" }) { sub_title icon } }`, { id });
    expect(edited.data.updatePage).toEqual({ sub_title: "", icon: "people" });
  });
});
