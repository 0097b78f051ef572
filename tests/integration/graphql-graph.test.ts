import fs from "node:fs";
import { buildClientSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema, type IntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { PNG, expectError, gqlUpload } from "../fixtures/graphql.js";

const GRAPH = `{ graph { admin pages { id slug title icon } reviews { id name image } settings { contact_email meta_description chat_code } } }`;

/** Operations anyone may call (the access table's public ones); every other query and mutation is for the staff. */
async function publicFields(): Promise<Record<"Query" | "Mutation", string[]>> {
  const { schema } = await import("../../server/graphql/schema.js");
  const { OPERATIONS } = await import("../../server/core/access.js");
  const s = await schema();
  const of = (t: ReturnType<typeof s.getQueryType>) =>
    Object.values(t!.getFields())
      .filter((f) => (OPERATIONS as Record<string, { access: string }>)[f.extensions.operation as string]?.access === "public")
      .map((f) => f.name);
  return { Query: of(s.getQueryType()), Mutation: of(s.getMutationType()) };
}

let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

describe("graph: what the site loads at start-up", () => {
  it("is public and tells each client whether it has an admin session", async () => {
    expect((await anon.gql(GRAPH)).data.graph).toEqual({
      admin: false,
      pages: [],
      reviews: [],
      settings: { contact_email: "", meta_description: "", chat_code: "" },
    });
    expect((await admin.gql(`{ graph { admin } }`)).data.graph.admin).toBe(true);
  });

  it("carries the pages (oldest first), the reviews (newest first) and the public settings", async () => {
    for (const title of ["About Us", "Air Freight", "Privacy Policy"]) {
      await admin.gql(`mutation($i: CreatePageInput!) { createPage(input: $i) { id } }`, { i: { title, content: `${title} text`, icon: "pages" } });
    }
    for (const name of ["First Customer", "Second Customer"]) {
      const r = await gqlUpload(
        admin,
        `mutation($i: CreateReviewInput!, $image: Upload!) { createReview(input: $i, image: $image) { id } }`,
        { i: { name, review: "Great" } },
        { image: { bytes: PNG, filename: "p.png" } },
      );
      expect(r.errors, r.text).toBeUndefined();
    }
    await admin.gql(`mutation { updateContactSettings(input: { contact_email: "hi@courier.example" }) { contact_email } }`);
    await admin.gql(`mutation { updateHtmlSettings(input: { meta_description: "Parcels", chat_code: "<!-- chat -->" }) { chat_code } }`);
    const g = (await anon.gql(GRAPH)).data.graph;
    expect(g.admin).toBe(false);
    expect(g.pages.map((p: { slug: string }) => p.slug)).toEqual(["about-us", "air-freight", "privacy-policy"]);
    expect(g.reviews.map((r: { name: string }) => r.name)).toEqual(["Second Customer", "First Customer"]);
    expect(g.settings).toEqual({ contact_email: "hi@courier.example", meta_description: "Parcels", chat_code: "<!-- chat -->" });
  });

  it("flips admin back to false after signOut", async () => {
    const c = await signedInAdmin(t.url);
    expect((await c.gql(`{ graph { admin } }`)).data.graph.admin).toBe(true);
    await c.gql(`mutation { signOut }`);
    expect((await c.gql(`{ graph { admin } }`)).data.graph.admin).toBe(false);
  });
});

describe("the schema", () => {
  let introspection: IntrospectionQuery;
  beforeAll(async () => {
    const r = await anon.gql(getIntrospectionQuery());
    expect(r.errors).toBeUndefined();
    introspection = r.data;
  });

  it("is open to introspection and equals the committed schema/schema.graphql", async () => {
    const live = printSchema(lexicographicSortSchema(buildClientSchema(introspection)));
    const committed = fs
      .readFileSync("schema/schema.graphql", "utf8")
      .replace(/^#.*\n\n/, "")
      .trim();
    expect(live.trim()).toBe(committed);
  });

  it("guards every operation that is not public: each one is UNAUTHENTICATED without a session", async () => {
    type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
    const types = new Map(introspection.__schema.types.map((x) => [x.name, x]));
    const named = (r: TypeRef): TypeRef => (r.ofType ? named(r.ofType) : r);
    // A GraphQL-valid dummy value: only the type matters, the guard runs before validation.
    const dummy = (r: TypeRef): unknown => {
      if (r.kind === "NON_NULL") return dummy(r.ofType!);
      if (r.kind === "LIST") return [dummy(r.ofType!)];
      if (r.kind === "INPUT_OBJECT") {
        const def = types.get(r.name!) as unknown as { inputFields: Array<{ name: string; type: TypeRef }> };
        return Object.fromEntries(def.inputFields.filter((f) => f.type.kind === "NON_NULL").map((f) => [f.name, dummy(f.type)]));
      }
      return { Int: 1, Float: 1.5, Boolean: true, String: "x", DateTimeISO: "2026-01-01T00:00:00.000Z" }[r.name!] ?? "x";
    };
    const typeText = (r: TypeRef): string => (r.kind === "NON_NULL" ? `${typeText(r.ofType!)}!` : r.kind === "LIST" ? `[${typeText(r.ofType!)}]` : r.name!);

    const guarded: string[] = [];
    const PUBLIC = await publicFields();
    // The documented public operations are among them.
    expect(PUBLIC.Query).toEqual(expect.arrayContaining(["graph", "parcel", "track", "pages", "page", "reviews", "settings", "me", "canCreateAdmin"]));
    expect(PUBLIC.Mutation).toEqual(expect.arrayContaining(["createAdmin", "signIn", "signOut", "sendPin", "resetPassword", "contact", "unsubscribe"]));
    for (const root of ["Query", "Mutation"] as const) {
      const def = types.get(root) as unknown as { fields: Array<{ name: string; args: Array<{ name: string; type: TypeRef }>; type: TypeRef }> };
      for (const field of def.fields) {
        if (PUBLIC[root].includes(field.name)) continue;
        guarded.push(field.name);
        const vars = field.args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(", ");
        const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
        const ret = named(field.type);
        const selection = ret.kind === "OBJECT" ? " { __typename }" : "";
        const op = root === "Query" ? "query" : "mutation";
        const doc = `${op}${vars ? `(${vars})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`;
        const uploads = field.args.filter((a) => named(a.type).name === "Upload");
        const variables = Object.fromEntries(field.args.filter((a) => named(a.type).name !== "Upload").map((a) => [a.name, dummy(a.type)]));
        const r = uploads.length
          ? await gqlUpload(anon, doc, variables, Object.fromEntries(uploads.map((u) => [u.name, { bytes: PNG, filename: "x.png" }])))
          : await anon.gql(doc, variables);
        expect(r.errors?.[0]?.extensions?.code, `${doc} -> ${JSON.stringify(r.errors ?? r.data)}`).toBe("UNAUTHENTICATED");
      }
    }
    // The sweep really covered the admin surface.
    for (const op of [
      "adminParcel",
      "parcels",
      "createParcel",
      "updateParcel",
      "updateParcelImage",
      "deleteParcel",
      "activity",
      "createActivity",
      "updateActivity",
      "deleteActivity",
      "createPage",
      "updatePage",
      "deletePage",
      "createReview",
      "deleteReview",
      "adminSettings",
      "updateMailSettings",
      "updateHtmlSettings",
      "updateContactSettings",
      "changePassword",
      "invoice",
      "invoices",
      "createInvoice",
      "sendEmail",
      "outbox",
    ]) {
      expect(guarded).toContain(op);
    }
  });
});

describe("errors of the document itself", () => {
  it("a syntax error is GRAPHQL_PARSE_FAILED with status 400 and no stack trace", async () => {
    const r = await anon.gql(`{ graph { pages { slug }`);
    expect(r.status).toBe(400);
    expectError(r, "GRAPHQL_PARSE_FAILED", /Syntax Error/);
  });

  it("an unknown field is GRAPHQL_VALIDATION_FAILED naming it", async () => {
    const r = await anon.gql(`{ graph { passwords } }`);
    expect(r.status).toBe(400);
    expectError(r, "GRAPHQL_VALIDATION_FAILED", /passwords/);
  });

  it("a missing argument is refused before any resolver runs", async () => {
    expectError(await anon.gql(`{ parcel { id } }`), "GRAPHQL_VALIDATION_FAILED", /trackingCode/);
  });
});

describe("limits that keep one document from taking the server down", () => {
  it("refuse too many aliases with a clear message, before any resolver runs", async () => {
    const doc = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: graph { pages { content } }`).join(" ")} }`;
    const r = await anon.gql(doc);
    expect(r.status).toBe(400);
    expect(r.data ?? null).toBeNull();
    expect(r.errors!.map((e) => e.message).join("\n")).toMatch(/aliases; the limit is/);
  });

  it("refuse an oversized document with 413", async () => {
    const r = await anon.post("/graphql", { query: `{ graph { admin } }${" ".repeat(25_000)}` });
    expect(r.status).toBe(413);
    expect(r.json.errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("accept an admin's full page of parcels with every field and history", async () => {
    await admin.gql(`mutation { createParcel(input: { tracking_code: "LIMIT-1", recipient_name: "R", destination: "D" }) { id } }`);
    const r = await admin.gql(`{ parcels(per_page: 100) { total data { id tracking_code recipient_name recipient_email recipient_phone_number sender_name
      sender_email destination current_location pickup_location status weight shipped_via parcel_content declared_value
      min_expected_delivery_date max_expected_delivery_date image show_map map_zoom map_current_latitude map_current_longitude
      map_pickup_latitude map_pickup_longitude map_destination_latitude map_destination_longitude created_at updated_at
      history { id title description icon color created_at created_at_month created_at_day created_at_time } } } }`);
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(r.data.parcels.data.map((p: { tracking_code: string }) => p.tracking_code)).toContain("LIMIT-1");
  });
});
