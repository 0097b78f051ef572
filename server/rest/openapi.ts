import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import { config } from "../core/config.js";
import { SESSION_COOKIE, USER_COOKIE } from "../core/context.js";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../modules/common/paging.js";
import { operationId } from "./operation-ids.js";

/** Every route registered under /api (method and path), so a test can hold the document to it. */
export const apiRoutes = new Set<string>();

const DESCRIPTION = `The REST facade of the courier site: a thin door onto the same services as GraphQL (/graphql).

- Every response is JSON \`{ status, errors, message, data }\`; the HTTP status equals \`Number(status)\`.
  \`errors\` holds one message per failed field (422), naming the field. A 401 also carries \`"admin": "false"\`.
- Writes take \`application/json\` or \`multipart/form-data\` (other bodies: 415). A write with no body and no
  Content-Type is read as no fields (422 where any are required). Unknown fields are ignored; JSON keys
  \`__proto__\` and \`constructor.prototype\` are dropped, and multipart fields named after Object.prototype
  properties are refused (400). Numbers may be sent as numeric strings (multipart); an empty string clears an
  optional number. In multipart the last value of a repeated field wins; a form cut short keeps its complete parts.
- DELETE takes a JSON body \`{ "id": N }\`.
- Cross-site writes are refused with 403: the \`Origin\` (or \`Referer\`) must name this site (its Host, or
  PUBLIC_URL when set). Requests with neither header (server-to-server) are allowed.
- Admin calls need the session cookie \`${SESSION_COOKIE}\` set by POST /api/admins/auth/signin; a shipper's calls its own,
  \`${USER_COOKIE}\` (POST /api/users/auth/signin), or the shipper's API key. Each operation's \`security\` says which; \`[]\`: anyone.
- Paged lists take \`page\` (from 1), \`per_page\` (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}) and \`search\`.
- Uploads: JPEG or PNG by content, at most ${Math.round(config().uploadMaxBytes / 1024)} KB (413 above, 415 for other files);
  served at /uploads/images/{name}. JSON bodies: at most ${Math.round(config().bodyLimitBytes / 1024)} KB.
- Two /api answers have no envelope: this document itself (GET /api/openapi.json) and an invoice as a PDF
  (GET /api/invoices/{id}/pdf, application/pdf; its errors are enveloped).`;

type Operation = { operationId?: string; security?: unknown[] };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * Every operation named (operation-ids.ts) and declaring who may call it: a route that declares no
 * security is public (`security: []`, route.ts's securityOf).
 */
function completeOperations<D extends { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } }>(doc: D): D {
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      // A route of several methods (GET and POST sign-out) shares one operation object: each gets its own.
      item[method] = { ...op, operationId: op.operationId ?? operationId(method, path), security: op.security ?? [] };
    }
  // The shapes are every GraphQL object type's (schemas.ts); the document keeps those an answer uses.
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) {
      const name = k === "$ref" && typeof x === "string" ? /^#\/components\/schemas\/(.+)$/.exec(x)?.[1] : undefined;
      if (name && !used.has(name)) {
        used.add(name);
        walk(schemas[name]);
      } else walk(x);
    }
  };
  walk(doc.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return doc;
}

/** @fastify/swagger in the /api scope only: it documents the routes registered after it. */
export async function registerOpenApi(api: FastifyInstance): Promise<void> {
  api.addHook("onRoute", (r) => {
    for (const m of [r.method].flat()) if (m !== "HEAD") apiRoutes.add(`${m} ${r.url}`);
  });
  await api.register(fastifySwagger, {
    hideUntagged: true,
    openapi: {
      openapi: "3.1.0",
      info: { title: "Courier REST API", version: "1.0.0", description: DESCRIPTION },
      // The paths hold /api: the site's own address (PUBLIC_URL), else wherever this document was read.
      servers: [{ url: config().publicUrl || "/", description: "This site" }],
      tags: [
        { name: "site", description: "Start-up graph and settings" },
        { name: "parcels", description: "Tracking, parcels and their images" },
        { name: "activities", description: "Parcel history entries" },
        { name: "pages", description: "Content pages" },
        { name: "reviews", description: "Testimonials" },
        { name: "admins", description: "First admin, sign-in, passwords" },
        { name: "invoices", description: "Invoices" },
        { name: "mail", description: "Contact messages and the outbox" },
        { name: "staff", description: "Staff members, roles and invitations" },
        { name: "audit", description: "The audit log of every write" },
        { name: "meta", description: "This document" },
      ],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "A member's session (sign in); what it may do depends on the role" },
          shipperSession: {
            type: "apiKey",
            in: "cookie",
            name: USER_COOKIE,
            description: "A shipper's session (POST /api/users/auth/signin): its own bookings, pickups, addresses",
          },
          apiKey: {
            type: "http",
            scheme: "bearer",
            description:
              "An API key (Authorization: Bearer ck_...): a staff key with scopes tracking:read, parcels:read, parcels:write, history:write, or a shipper's own key (no scopes), which acts as that shipper",
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (d) => ("openapiObject" in d ? completeOperations(d.openapiObject as never) : d.swaggerObject) as never,
  });
  api.get(
    "/openapi.json",
    {
      schema: {
        tags: ["meta"],
        summary: "This OpenAPI 3.1 document (not enveloped)",
        security: [],
        response: {
          200: { description: "The document", type: "object", additionalProperties: true },
          "4xx": { description: "401 an unknown API key in Authorization, 429 past its rate limit", $ref: "ErrorEnvelope#" },
        },
      },
    },
    async () => api.swagger(),
  );
}
