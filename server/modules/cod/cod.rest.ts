import type { FastifyInstance } from "fastify";
import { input as inputOf } from "../../rest/body.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { jobCaller, streamJob } from "../../core/jobs.js";
import { data, envelope, inputSchema } from "../../rest/schemas.js";
import { LedgerQuery, linkLedgerPage, ReversalInput } from "./cod.input.js";
import * as cod from "./cod.service.js";

const APPEND_ONLY = "Ledger entries are only ever added: none is changed or deleted. Undo one with POST /api/cod/reversals { entry_id, note } (owner)";

/** Cash on delivery's books (contract section 12): the ledger (JSON or CSV), balances, reversals; entries never change (405). */
export function registerCodRoutes(api: FastifyInstance): void {
  const list = allow("cod.ledger");
  const exported = allow("cod.ledger.export");
  // One path, two answers: the paged envelope, or with ?format=csv the filtered ledger as a file (like the audit log).
  api.route({
    method: "GET",
    url: "/cod/ledger",
    schema: {
      tags: ["cod"],
      summary: "The cash-on-delivery ledger: every entry, newest first, filtered and paged; ?format=csv for the whole filtered ledger as a file",
      description:
        "from and to: ISO 8601 dates (a whole day, UTC) or date-times; shipper_id: entries of shipper:ID; courier_id: entries of courier:ID; tracking_code: a parcel's. " +
        "Each entry moves amount (smallest unit) from credit to debit; accounts courier:ID, card_clearing, depot_cash, over_short, shipper:ID, bank, statements, company. " +
        "CSV: UTF-8 with a byte-order mark, CRLF line ends, columns id, at, kind, amount, currency, debit, credit, tracking_code, cashup_id, remittance_id, member_id, note, reverses.",
      ...securityOf("cod.ledger"),
      "x-operation-csv": "cod.ledger.export",
      querystring: inputSchema(LedgerQuery),
      response: {
        200: {
          description: "The page of entries (JSON envelope), or the CSV file with format=csv",
          content: {
            "application/json": { schema: envelope(data.ref("CodLedgerPage")) },
            "text/csv": { schema: { type: "string" } },
          },
        },
        "4xx": {
          description:
            '401 not signed in (with "admin": "false"), 403 the role lacks cod, 422 a bad filter, 429 an export of this member\'s still running (format=csv)',
          $ref: "ErrorEnvelope#",
        },
        "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
      },
    },
    onRequest: (req, reply) => ((req.query as { format?: unknown }).format === "csv" ? exported : list)(req, reply),
    handler: async (req, reply) => {
      const { format, ...args } = await inputOf(LedgerQuery, req.query);
      if (format === "csv") {
        const { filename, stream } = streamJob("export", jobCaller(actorOf(req)), () => cod.ledgerCsv(args));
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="${filename}"`)
          .header("Cache-Control", "no-store")
          .send(stream);
      }
      const page = linkLedgerPage(await cod.listLedger(args), args);
      return reply.type("application/json; charset=utf-8").send({ status: "200", errors: [], message: "", data: page });
    },
  });
  // Entries are only ever added: a change or deletion of one, by any path, is 405 (the database refuses it too).
  for (const url of ["/cod/ledger", "/cod/ledger/:id"]) {
    api.route({
      method: ["PUT", "PATCH", "DELETE"],
      url,
      schema: {
        tags: ["cod"],
        summary: "Not allowed: ledger entries are never changed or deleted (405); undo one with POST /api/cod/reversals",
        ...securityOf("cod.ledger"),
        ...(url.endsWith(":id") ? { params: { type: "object", properties: { id: { type: "string", description: "An entry's id" } }, required: ["id"] } } : {}),
        response: {
          405: { description: APPEND_ONLY, $ref: "ErrorEnvelope#" },
          "4xx": { description: '401 not signed in (with "admin": "false"), 403 the role lacks cod', $ref: "ErrorEnvelope#" },
        },
      },
      onRequest: list,
      handler: async (_req, reply) =>
        reply
          .code(405)
          .header("Allow", url.endsWith(":id") ? "" : "GET")
          .send({ status: "405", errors: [APPEND_ONLY], message: "", data: null }),
    });
  }
  route(api, {
    method: "GET",
    url: "/cod/balances",
    op: "cod.balances",
    tag: "cod",
    summary:
      "Every account's balance (debits minus credits; a shipper's as owed): couriers' cash held, depot cash, card clearing, over/short, bank, statements, company, shippers owed. They sum to zero",
    data: data.ref("CodBalances"),
    handler: ({ req }) => cod.balances((req.query as { currency?: string }).currency ?? null),
  });
  route(api, {
    method: "POST",
    url: "/cod/reversals",
    op: "cod.reversals.create",
    tag: "cod",
    created: true,
    message: "Entry reversed",
    summary: "Undo a ledger entry { entry_id, note } by a new reversed entry with its debit and credit swapped (owner; 409 when reversed already)",
    body: [ReversalInput],
    data: data.ref("CodLedgerEntry"),
    handler: ({ req }) => cod.reverseEntry(req.body),
  });
}
