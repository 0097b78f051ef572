import type { FastifyInstance } from "fastify";
import { notFound } from "../../core/errors.js";
import { asJob, jobCaller } from "../../core/jobs.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { siteBase } from "../../core/context.js";
import { data } from "../../rest/schemas.js";
import { CreateInvoiceInput } from "./invoice.input.js";
import * as invoices from "./invoice.service.js";
import { memberLanguageCode } from "../staff/staff.i18n.js";

export function registerInvoiceRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/invoices",
    op: "invoices.create",
    tag: "invoices",
    created: true,
    message: "Invoice created",
    summary: "Create an invoice (tracking_code, when given, must name a parcel)",
    input: CreateInvoiceInput,
    data: data.ref("Invoice"),
    handler: ({ input }) => invoices.createInvoice(input),
  });
  route(api, {
    method: "GET",
    url: "/invoices/:id",
    op: "invoices.get",
    tag: "invoices",
    summary: "One invoice by id (extra: mirrors the GraphQL invoice query)",
    params: { id: "The invoice id" },
    data: data.ref("Invoice"),
    handler: async ({ req }) => {
      const id = (req.params as { id: string }).id;
      if (!/^\d{1,9}$/.test(id)) throw notFound("Invoice not found");
      return invoices.getInvoice(Number(id));
    },
  });
  // The one binary answer besides uploads: route() always answers the JSON envelope, errors still do.
  api.route({
    method: "GET",
    url: "/invoices/:id/pdf",
    schema: {
      tags: ["invoices"],
      summary: "The invoice as a PDF document (not enveloped; errors are)",
      description:
        "A4, with the company's contact details, the invoice number and date, the amount and, when linked to a parcel, a QR code of its public tracking link. Sent as an attachment named after the invoice number.",
      ...securityOf("invoices.get"),
      params: { type: "object", properties: { id: { type: "string", description: "The invoice id" } }, required: ["id"] },
      response: {
        200: { description: "The PDF", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } },
        "4xx": {
          description: '401 no admin session (with "admin": "false"), 404 unknown invoice, 429 a PDF of this member\'s still being drawn (Retry-After)',
          $ref: "ErrorEnvelope#",
        },
      },
    },
    onRequest: allow("invoices.get"),
    handler: async (req, reply) => {
      const id = (req.params as { id: string }).id;
      if (!/^\d{1,9}$/.test(id)) throw notFound("Invoice not found");
      // One PDF at a time per member (429 for a second meanwhile), drawn in a PDF thread.
      // In the language of the member who downloads it (none chosen: the company's).
      const actor = actorOf(req);
      const language = actor?.kind === "member" ? await memberLanguageCode({ id: actor.id }) : null;
      const { number, pdf } = await asJob("documents", jobCaller(actor), () => invoices.invoicePdfOf(Number(id), siteBase(req), { language }));
      return reply.type("application/pdf").header("Content-Disposition", `attachment; filename="${number}.pdf"`).send(pdf);
    },
  });
}
