import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import { config } from "../core/config.js";
import { SESSION_COOKIE } from "../core/context.js";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../modules/common/paging.js";

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
- Admin calls need the session cookie \`${SESSION_COOKIE}\` set by POST /api/admins/auth/signin.
- Paged lists take \`page\` (from 1), \`per_page\` (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}) and \`search\`.
- Uploads: JPEG or PNG by content, at most ${Math.round(config().uploadMaxBytes / 1024)} KB (413 above, 415 for other files);
  served at /uploads/images/{name}. JSON bodies: at most ${Math.round(config().bodyLimitBytes / 1024)} KB.
- Two /api answers have no envelope: this document itself (GET /api/openapi.json) and an invoice as a PDF
  (GET /api/invoices/{id}/pdf, application/pdf; its errors are enveloped).`;

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
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "An API key (Authorization: Bearer ck_...), with scopes tracking:read, parcels:read, parcels:write, history:write",
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  api.get(
    "/openapi.json",
    {
      schema: {
        tags: ["meta"],
        summary: "This OpenAPI 3.1 document (not enveloped)",
        response: { 200: { type: "object", additionalProperties: true } },
      },
    },
    async () => api.swagger(),
  );
}
