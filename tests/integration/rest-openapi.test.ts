import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document, walked by shape
let doc: any;
let routes: Set<string>;
beforeAll(async () => {
  t = await startTestApp();
  const r = await new Client(t.url).get("/api/openapi.json");
  expect(r.status).toBe(200);
  doc = r.json;
  routes = (await import("../../server/rest/openapi.js")).apiRoutes;
});
afterAll(async () => t?.close());

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const op = (method: string, p: string) => doc.paths[p]?.[method.toLowerCase()];

/** The fields of a GraphQL type (output or input), with whether each is non-null. */
async function gqlFields(name: string): Promise<Map<string, boolean>> {
  const r = await new Client(t.url).gql(`query($n: String!) { __type(name: $n) { fields { name type { kind } } inputFields { name type { kind } } } }`, {
    n: name,
  });
  const type = r.data.__type;
  expect(type, name).toBeTruthy();
  return new Map<string, boolean>((type.fields ?? type.inputFields).map((f: { name: string; type: { kind: string } }) => [f.name, f.type.kind === "NON_NULL"]));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document, walked by shape
const nullable = (s: any) => (Array.isArray(s.type) && s.type.includes("null")) || (s.oneOf ?? s.anyOf ?? []).some((x: any) => x.type === "null");

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document of the /api routes only, with the session cookie scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Courier REST API");
    expect(Object.keys(doc.paths).every((p) => p.startsWith("/api/"))).toBe(true);
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: "courier_sid" });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents every registered /api route (fails when one is missing)", () => {
    expect(routes.size).toBeGreaterThanOrEqual(28);
    const missing = [...routes].filter((r) => {
      const [method, url] = r.split(" ");
      return !op(method, toOpenApiPath(url));
    });
    expect(missing).toEqual([]);
    const documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(
      [...routes]
        .map((r) => {
          const [m, u] = r.split(" ");
          return `${m} ${toOpenApiPath(u)}`;
        })
        .sort(),
    );
  });

  it("gives every operation a tag, a summary, a success envelope and the error envelope", () => {
    for (const r of routes) {
      const [method, url] = r.split(" ");
      const o = op(method, toOpenApiPath(url));
      expect(o.tags?.length, r).toBeGreaterThan(0);
      expect(o.summary, r).toBeTruthy();
      if (url === "/api/openapi.json") continue;
      // The courier's positions: 204 without a body.
      if (url === "/api/runs/:id/positions" && method === "POST") {
        expect(Object.keys(o.responses)).toContain("204");
        expect(o.requestBody, r).toBeTruthy();
        continue;
      }
      // Cash on delivery's ledger entries are never changed: PUT, PATCH and DELETE on them answer 405 only.
      if (url.startsWith("/api/cod/ledger") && method !== "GET") {
        expect(Object.keys(o.responses), r).toContain("405");
        expect(o.responses["405"].content["application/json"].schema.$ref, r).toBe("#/components/schemas/ErrorEnvelope");
        continue;
      }
      const success = o.responses["200"] ?? o.responses["201"];
      // The invoice PDF, the labels and the parcel CSV answer files on success; their errors are enveloped like every other answer.
      if (
        [
          "/api/invoices/:id/pdf",
          "/api/parcels/:code/label.pdf",
          "/api/labels.pdf",
          "/api/runs/:id/sheet.pdf",
          "/api/bookings/:id/label.pdf",
          "/api/statements/:id.pdf",
          "/api/cod/remittances/:id.pdf",
        ].includes(url)
      )
        expect(Object.keys(success.content), r).toEqual(["application/pdf"]);
      else if (url === "/api/parcels/export.csv" || url === "/api/rate-cards/:id.csv") expect(Object.keys(success.content), r).toEqual(["text/csv"]);
      // Meta's webhook verification answers its challenge as text (contract section 13).
      else if (r === "GET /api/messages/whatsapp") expect(Object.keys(success.content), r).toEqual(["text/plain"]);
      else expect(Object.keys(success.content["application/json"].schema.properties), r).toEqual(["status", "errors", "message", "data"]);
      expect(o.responses["4XX"].content["application/json"].schema.$ref, r).toBe("#/components/schemas/ErrorEnvelope");
      // Signing out by POST takes no body (setting up two-step sign-in takes the password), nor do starting a run, skipping a stop and revoking all of a shipper's keys.
      if (method !== "GET" && !/\/(signout|start|skip|api-keys\/all)$/.test(url)) expect(o.requestBody, r).toBeTruthy();
    }
  });

  it("marks admin operations with the session requirement and created ones with 201", () => {
    expect(op("GET", "/api/parcels").security).toEqual([{ session: [] }, { apiKey: ["parcels:read"] }]);
    // Public, and a key with tracking:read may call it as itself; a public operation says [] (anyone).
    expect(op("GET", "/api/parcels/{code}").security).toEqual([{}, { apiKey: ["tracking:read"] }]);
    expect(op("GET", "/api/graph").security).toEqual([]);
    expect(op("POST", "/api/bookings").security).toEqual([{ session: [] }, { shipperSession: [] }, { apiKey: [] }]);
    expect(op("GET", "/api/users/addresses").security).toEqual([{ shipperSession: [] }]);
    expect(op("POST", "/api/parcels").responses["201"]).toBeTruthy();
    expect(op("DELETE", "/api/parcels").responses["200"].content["application/json"].schema.properties.data).toEqual({ type: "null" });
    expect(op("POST", "/api/parcels/image").requestBody.content).toHaveProperty("multipart/form-data");
    expect(op("POST", "/api/parcels/image").requestBody.content["multipart/form-data"].schema.properties.image).toMatchObject({
      type: "string",
      format: "binary",
    });
    expect(op("POST", "/api/parcels").requestBody.content).toHaveProperty("application/json");
  });

  it("names every operation once, says who may call each, and where the site is (what client generators need)", () => {
    const ops = Object.entries<Record<string, { operationId?: string; security?: unknown[] }>>(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, o]) => ({ at: `${m.toUpperCase()} ${p}`, ...o })),
    );
    expect(ops.filter((o) => !o.operationId || !Array.isArray(o.security)).map((o) => o.at)).toEqual([]);
    const ids = ops.map((o) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(op("GET", "/api/parcels/{code}").operationId).toBe("getParcel");
    expect(op("GET", "/api/webhooks").operationId).toBe("listWebhooks");
    expect(doc.servers).toEqual([{ url: expect.any(String), description: "This site" }]);
  });

  it("an allowed list is its items' enum, not the array's", () => {
    const events = op("POST", "/api/webhooks").requestBody.content["application/json"].schema.properties.events;
    expect(events).toMatchObject({ type: "array", items: { type: "string", enum: expect.arrayContaining(["status.changed"]) } });
    expect(events.enum).toBeUndefined();
    const scopes = op("POST", "/api/api-keys").requestBody.content["application/json"].schema.properties.scopes;
    expect(scopes.items.enum).toEqual(["tracking:read", "parcels:read", "parcels:write", "history:write"]);
    expect(scopes.enum).toBeUndefined();
  });

  it("documents the paging query of each list", () => {
    const query = (p: string) =>
      op("GET", p)
        .parameters.filter((x: { in: string }) => x.in === "query")
        .map((x: { name: string }) => x.name)
        .sort();
    for (const p of ["/api/pages", "/api/reviews", "/api/outbox"]) expect(query(p), p).toEqual(["page", "per_page", "search"]);
    expect(query("/api/parcels")).toEqual(["page", "per_page", "search", "stale_days", "to_reschedule"]);
    expect(op("GET", "/api/parcels/{code}").parameters).toEqual([
      expect.objectContaining({ in: "query", name: "verify" }),
      expect.objectContaining({ in: "path", name: "code", required: true }),
    ]);
    expect(query("/api/track")).toEqual(["codes", "verify"]);
  });
});

describe("the data shapes mirror the GraphQL object types", () => {
  it.each([
    ["Parcel", "Parcel"],
    ["PublicParcel", "PublicParcel"],
    ["Activity", "Activity"],
    ["Page", "Page"],
    ["Review", "Review"],
    ["Settings", "Settings"],
    ["PublicSettings", "PublicSettings"],
    ["Invoice", "Invoice"],
    ["MailRecord", "MailRecord"],
    ["AdminAccount", "AdminAccount"],
    ["SiteGraph", "SiteGraph"],
    ["ParcelPage", "ParcelPage"],
    ["PagePage", "PagePage"],
    ["ReviewPage", "ReviewPage"],
    ["MailPage", "MailPage"],
    ["TrackResult", "TrackResult"],
    ["Webhook", "Webhook"],
    ["WebhookDelivery", "WebhookDelivery"],
    ["WebhookDeliveryPage", "WebhookDeliveryPage"],
    ["Unsubscribed", "Unsubscribed"],
    ["DeliveryProof", "DeliveryProof"],
    ["Rescheduled", "Rescheduled"],
    ["StaffMember", "StaffMember"],
    ["StaffPage", "StaffPage"],
    ["TotpStatus", "TotpStatus"],
    ["TotpSetup", "TotpSetup"],
    ["RecoveryCodes", "RecoveryCodes"],
    ["TeamPolicy", "TeamPolicy"],
  ])("%s = GraphQL %s (fields and nullability)", async (component, gqlType) => {
    const schema = doc.components.schemas[component];
    const fields = await gqlFields(gqlType);
    // Computed on request by a GraphQL field resolver only (the tracking page's JSON-LD).
    fields.delete("structured_data");
    expect(Object.keys(schema.properties).sort()).toEqual([...fields.keys()].sort());
    for (const [name, nonNull] of fields) expect(nullable(schema.properties[name]), `${component}.${name}`).toBe(!nonNull);
  });

  it("PublicParcel has none of the private fields", () => {
    const props = Object.keys(doc.components.schemas.PublicParcel.properties);
    for (const f of ["recipient_email", "recipient_phone_number", "sender_email"]) expect(props).not.toContain(f);
  });

  it("dates are ISO date-time strings", () => {
    expect(doc.components.schemas.Parcel.properties.created_at).toMatchObject({ type: "string", format: "date-time" });
  });
});

describe("the request bodies mirror the GraphQL input types", () => {
  const body = (method: string, p: string) => {
    const content = op(method, p).requestBody.content;
    return (content["application/json"] ?? content["multipart/form-data"]).schema;
  };
  it.each([
    ["POST", "/api/parcels", "CreateParcelInput"],
    ["PATCH", "/api/parcels", "UpdateParcelInput"],
    ["POST", "/api/activities", "CreateActivityInput"],
    ["PATCH", "/api/activities", "UpdateActivityInput"],
    ["POST", "/api/pages", "CreatePageInput"],
    ["PATCH", "/api/pages", "UpdatePageInput"],
    ["POST", "/api/invoices", "CreateInvoiceInput"],
    ["POST", "/api/admins", "CreateAdminInput"],
    ["POST", "/api/admins/auth/signin", "SignInInput"],
    ["POST", "/api/admins/auth/send-pin", "SendPinInput"],
    ["PATCH", "/api/admins/auth/update/password-guest", "ResetPasswordInput"],
    ["PATCH", "/api/admins/auth/update/password-user", "ChangePasswordInput"],
  ])("%s %s = %s", async (method, p, input) => {
    const schema = body(method, p);
    const fields = await gqlFields(input);
    expect(Object.keys(schema.properties).sort()).toEqual([...fields.keys()].sort());
    // Required in the body exactly where GraphQL requires a value (updates leave fields out).
    for (const [name, nonNull] of fields) expect(schema.required?.includes(name) ?? false, `${input}.${name}`).toBe(nonNull);
  });

  it("POST /api/reviews = CreateReviewInput plus the image file; the two groups-by-fields bodies are oneOf", async () => {
    const reviews = body("POST", "/api/reviews");
    expect(Object.keys(reviews.properties).sort()).toEqual([...(await gqlFields("CreateReviewInput")).keys(), "image"].sort());
    expect(reviews.required).toContain("image");
    const settings = body("PATCH", "/api/settings").oneOf.map((s: { properties: object }) => Object.keys(s.properties).sort());
    const groups = [
      "GeneralSettingsInput",
      "MailSettingsInput",
      "HtmlSettingsInput",
      "ContactSettingsInput",
      "DispatchSettingsInput",
      "ShippingSettingsInput",
      "CodSettingsInput",
      "MessageSettingsInput",
    ];
    expect(settings).toHaveLength(groups.length);
    for (const [i, name] of groups.entries()) {
      expect(settings[i]).toEqual([...(await gqlFields(name)).keys()].sort());
    }
    const contact = body("POST", "/api/contact").oneOf.map((s: { properties: object }) => Object.keys(s.properties).sort());
    expect(contact).toEqual([[...(await gqlFields("VisitorContactInput")).keys()].sort(), [...(await gqlFields("AdminMailInput")).keys()].sort()]);
  });

  it("field rules are documented: lengths, patterns, ranges, lists, formats", () => {
    const p = body("POST", "/api/parcels").properties;
    expect(p.tracking_code).toMatchObject({ type: "string", maxLength: 64, pattern: "^[A-Za-z0-9-]+$" });
    expect(p.map_zoom).toMatchObject({ type: "integer", minimum: 1, maximum: 19 });
    expect(p.map_current_latitude).toMatchObject({ type: ["number", "null"], minimum: -90, maximum: 90 });
    expect(p.recipient_email).toMatchObject({ format: "email" });
    expect(p.min_expected_delivery_date).toMatchObject({ format: "date" });
    expect(p.show_map).toMatchObject({ enum: ["yes", "no"] });
    expect(body("POST", "/api/activities").properties.color.enum).toEqual(["green", "black", "gold", "red", null]);
  });
});
