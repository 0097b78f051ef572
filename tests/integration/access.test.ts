import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isObjectType, type GraphQLObjectType } from "graphql";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { OPERATIONS, type Operation } from "../../server/core/access.js";
import { PERMISSIONS } from "../../shared/core/permissions.js";

// Issue 13, item 1: every GraphQL query and mutation and every REST route names an operation of
// the one access table; nothing is left undeclared and nothing is declared twice in other words.
let t: TestApp;
let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };
beforeAll(async () => {
  t = await startTestApp();
  doc = (await new Client(t.url).get("/api/openapi.json")).json;
});
afterAll(async () => t?.close());

async function rootFields(): Promise<{ field: string; operation: unknown }[]> {
  const { schema } = await import("../../server/graphql/schema.js");
  const s = await schema();
  const out: { field: string; operation: unknown }[] = [];
  for (const root of [s.getQueryType(), s.getMutationType(), s.getSubscriptionType()].filter((x): x is GraphQLObjectType => !!x && isObjectType(x))) {
    for (const f of Object.values(root.getFields())) out.push({ field: `${root.name}.${f.name}`, operation: f.extensions?.operation });
  }
  return out;
}

function restRoutes(): { route: string; operation: unknown; access: unknown }[] {
  const out: { route: string; operation: unknown; access: unknown }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(ops)) {
      out.push({ route: `${method.toUpperCase()} ${path}`, operation: o["x-operation"], access: o["x-access"] });
      // One path, a second operation for its CSV answer (the audit log's export).
      if (o["x-operation-csv"]) out.push({ route: `${method.toUpperCase()} ${path}?format=csv`, operation: o["x-operation-csv"], access: o["x-access"] });
    }
  }
  return out;
}

describe("the access table", () => {
  it("every GraphQL query and mutation names a declared operation", async () => {
    const fields = await rootFields();
    expect(fields.length).toBeGreaterThan(40);
    const undeclared = fields.filter((f) => typeof f.operation !== "string" || !(f.operation in OPERATIONS)).map((f) => f.field);
    expect(undeclared).toEqual([]);
  });

  it("every REST route names a declared operation (the OpenAPI document itself is the one public route without one)", () => {
    const routes = restRoutes().filter((r) => r.route !== "GET /api/openapi.json");
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((r) => typeof r.operation !== "string" || !(r.operation in OPERATIONS)).map((r) => r.route);
    expect(undeclared).toEqual([]);
  });

  it("every declared operation has a door, and both doors of an operation read the same declaration", async () => {
    const used = new Set([...(await rootFields()).map((f) => f.operation), ...restRoutes().map((r) => r.operation)]);
    expect(Object.keys(OPERATIONS).filter((op) => !used.has(op))).toEqual([]);
    // What the REST door documents is derived from the same entry the GraphQL door enforces.
    for (const r of restRoutes()) {
      if (typeof r.operation !== "string") continue;
      const o = OPERATIONS[r.operation as keyof typeof OPERATIONS] as Operation;
      if (o.access === "public") expect(r.access, r.route).toMatch(/^public/);
      else if (o.access === "shipper") expect(r.access, r.route).toMatch(/^shippers \(/);
      else expect(r.access, r.route).toContain(`members whose role has ${o.access}`);
    }
  });

  it("names a permission every operation needs that some role has, and only scopes that exist", () => {
    for (const [name, o] of Object.entries(OPERATIONS) as [string, Operation][]) {
      if (o.access !== "public" && o.access !== "shipper") expect(PERMISSIONS[o.access].length, name).toBeGreaterThan(0);
      // A key scope never reaches staff-only areas.
      if (o.scope) expect(["settings", "staff", "api-keys", "webhooks", "audit", "account", "mail", "invoices", "content:write"], name).not.toContain(o.access);
    }
  });
});

describe("no door checks access by itself", () => {
  it("the guards that the table replaces are gone from the code", async () => {
    const { execSync } = await import("node:child_process");
    const hits = execSync("grep -rnE 'AdminOnly|skipForAdmin|limitLookups|admin: true,|requireAdmin\\b' server --include=*.ts || true", { encoding: "utf8" })
      .split("\n")
      .filter((l) => l && !l.includes(".test.ts") && !l.includes("auth.requireAdmin") && !l.includes("include: { admin: true }"));
    expect(hits).toEqual([]);
  });
});
