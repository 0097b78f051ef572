import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { getIntrospectionQuery, parse, validate, type GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_LIMITS, limitsRule } from "./limits.js";
import { schema } from "./schema.js";

let s: GraphQLSchema;
beforeAll(async () => {
  s = await schema();
});

/** The limit messages a document gets (only the limits rule runs). */
const limitErrors = (doc: string) => validate(s, parse(doc), [limitsRule]).map((e) => e.message);

const PARCEL_FIELDS = `id tracking_code recipient_name recipient_email recipient_phone_number sender_name sender_email destination
  current_location pickup_location status weight shipped_via parcel_content declared_value min_expected_delivery_date
  max_expected_delivery_date image show_map map_zoom map_current_latitude map_current_longitude map_pickup_latitude
  map_pickup_longitude map_destination_latitude map_destination_longitude created_at updated_at`;

function graphqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : graphqlFiles(p);
    return p.endsWith(".graphql") ? [p] : [];
  });
}

describe("GraphQL limits", () => {
  it("accept every operation the client sends", () => {
    const files = graphqlFiles(path.resolve("client"));
    expect(files.length).toBeGreaterThan(5);
    const texts = files.map((f) => fs.readFileSync(f, "utf8"));
    const fragments = texts.filter((x) => /^\s*fragment\s/m.test(x) && !/^\s*(query|mutation)\s/m.test(x)).join("\n");
    for (const [i, text] of texts.entries()) {
      if (!/^\s*(query|mutation)\s/m.test(text)) continue;
      expect(limitErrors(`${text}\n${fragments}`), files[i]).toEqual([]);
    }
  });

  it("accept a full page of parcels with every field and their history (a paged result is one object, not a list)", () => {
    const doc = `{ parcels(per_page: 100) { total next_page_url data { ${PARCEL_FIELDS} history { id title description icon color created_at created_at_month created_at_day created_at_time } } } }`;
    expect(limitErrors(doc)).toEqual([]);
    expect(
      limitErrors(
        `{ graph { admin pages { id slug title sub_title icon hero overlay content } reviews { id name review image } settings { contact_email } } }`,
      ),
    ).toEqual([]);
  });

  it("count list nesting: several aliased pages of parcels with history cost too much", () => {
    const one = (n: number) => `p${n}: parcels(per_page: 100) { data { history { id title description icon color created_at } } }`;
    const errors = limitErrors(`{ ${[1, 2, 3].map(one).join(" ")} }`);
    expect(
      errors.some((m) => /query cost \d+ exceeds the limit of 5000/.test(m)),
      JSON.stringify(errors),
    ).toBe(true);
    expect(limitErrors(`{ ${one(1)} }`)).toEqual([]);
  });

  it("count aliases", () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: canCreateAdmin`).join(" ")} }`;
    expect(limitErrors(aliases(GRAPHQL_LIMITS.maxAliases))).toEqual([]);
    expect(limitErrors(aliases(GRAPHQL_LIMITS.maxAliases + 1))).toEqual([
      `query uses ${GRAPHQL_LIMITS.maxAliases + 1} aliases; the limit is ${GRAPHQL_LIMITS.maxAliases}`,
    ]);
  });

  it("count fields through fragments too", () => {
    const many = Array.from({ length: GRAPHQL_LIMITS.maxFields + 5 }, (_, i) => `f${i % 20}x${Math.floor(i / 20)}: me { email }`);
    const errors = limitErrors(`query { ...F } fragment F on Query { ${many.join(" ")} }`);
    expect(errors.some((m) => /fields; the limit is/.test(m))).toBe(true);
  });

  it("allow the standard introspection query but not an endless ofType chain", () => {
    expect(limitErrors(getIntrospectionQuery())).toEqual([]);
    let chain = "name";
    for (let i = 0; i < 25; i++) chain = `ofType { ${chain} }`;
    expect(limitErrors(`{ __schema { types { fields { type { ${chain} } } } } }`).some((m) => /depth/.test(m))).toBe(true);
    expect(limitErrors(`{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }`)).toEqual([]);
  });

  it("count depth through inline fragments and named fragments", () => {
    // The schema is shallow, so only a document that is invalid anyway can be deep: the rule still measures it.
    let deep = "id";
    for (let i = 0; i < GRAPHQL_LIMITS.maxDepth + 2; i++) deep = `... on Query { graph { pages { ${deep} } } }`;
    expect(limitErrors(`{ ${deep} }`).some((m) => /query depth \d+ exceeds the limit/.test(m))).toBe(true);
  });

  it("measure each fragment once: a chain of fragments that spread the next twice is refused at once", () => {
    const levels = 40;
    const frags = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${i + 1 < levels ? `...F${i + 1} ...F${i + 1}` : "__typename"} }`);
    const started = process.hrtime.bigint();
    const errors = limitErrors(`query { ...F0 } ${frags.join(" ")}`);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(
      errors.some((m) => /fields; the limit is/.test(m)),
      JSON.stringify(errors),
    ).toBe(true);
    // A blow-up bound, not a benchmark: the old walk took minutes at 30 levels.
    expect(ms).toBeLessThan(500);
  });

  it("count __typename and its aliases", () => {
    const typenames = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `t${i}: __typename`).join(" ")} }`;
    expect(limitErrors(typenames(GRAPHQL_LIMITS.maxAliases))).toEqual([]);
    expect(limitErrors(typenames(300))).toContain(`query uses 300 aliases; the limit is ${GRAPHQL_LIMITS.maxAliases}`);
    const plain = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxFields + 1 }, () => "__typename").join(" ")} }`;
    expect(limitErrors(plain).some((m) => /fields; the limit is/.test(m))).toBe(true);
  });
});
