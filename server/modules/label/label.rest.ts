import type { FastifyInstance } from "fastify";
import { siteBase } from "../../core/context.js";
import { input as inputOf } from "../../rest/body.js";
import { actorOf, allow, securityOf } from "../../rest/route.js";
import { asJob, jobCaller } from "../../core/jobs.js";
import { inputSchema } from "../../rest/schemas.js";
import { LabelQuery, LabelsQuery } from "./label.input.js";
import { labelCodes, labelsPdfOf } from "./label.service.js";
import { MAX_LABELS } from "../../../shared/modules/label/label.codes.js";
import type { LabelFormat } from "./label.pdf.js";

const pdfAnswer = {
  200: { description: "The PDF", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } },
  "4xx": {
    description:
      '401 no admin session (with "admin": "false"), 404 unknown tracking code(s), 422 a bad format or codes, 429 (several codes) a batch of this member\'s or key\'s still being drawn',
    $ref: "ErrorEnvelope#",
  },
};
const LAYOUT =
  "100 x 150 mm per label (thermal printers); ?format=a4 puts four labels on each A4 page. Each label carries the company's name and contact, " +
  "sender and recipient with their addresses, weight, service (shipped_via), the tracking code in large type, its Code 128 barcode and a QR code of the public tracking link.";

/** Shipping labels: PDF files, not envelopes (errors still are), like the invoice PDF. */
export function registerLabelRoutes(api: FastifyInstance): void {
  api.route({
    method: "GET",
    url: "/parcels/:code/label.pdf",
    schema: {
      tags: ["parcels"],
      summary: "The parcel's shipping label as a PDF (not enveloped; errors are)",
      description: LAYOUT,
      ...securityOf("labels.print"),
      params: { type: "object", properties: { code: { type: "string", description: "The tracking code" } }, required: ["code"] },
      querystring: inputSchema(LabelQuery),
      response: pdfAnswer,
    },
    onRequest: allow("labels.print"),
    handler: async (req, reply) => {
      const { format } = await inputOf(LabelQuery, req.query);
      const code = (req.params as { code: string }).code.trim();
      const pdf = await labelsPdfOf([code], siteBase(req), (format ?? "label") as LabelFormat);
      return reply.type("application/pdf").header("Content-Disposition", `inline; filename="label-${code}.pdf"`).send(pdf);
    },
  });
  api.route({
    method: "GET",
    url: "/labels.pdf",
    schema: {
      tags: ["parcels"],
      summary: `Shipping labels of several parcels (?codes=A,B,C, at most ${MAX_LABELS}) as one PDF, in the order given (not enveloped; errors are)`,
      description: LAYOUT,
      ...securityOf("labels.print"),
      querystring: inputSchema(LabelsQuery),
      response: pdfAnswer,
    },
    onRequest: allow("labels.print"),
    handler: async (req, reply) => {
      const { codes, format } = await inputOf(LabelsQuery, req.query);
      const list = labelCodes(codes);
      // One batch at a time per member or key (429 for a second meanwhile); drawn in the labels' thread.
      const pdf = await asJob("labels", jobCaller(actorOf(req)), () => labelsPdfOf(list, siteBase(req), (format ?? "label") as LabelFormat));
      return reply.type("application/pdf").header("Content-Disposition", `inline; filename="labels-${list.length}.pdf"`).send(pdf);
    },
  });
}
