import type { FastifyInstance } from "fastify";
import { input as inputOf } from "../../rest/body.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { jobCaller, streamJob } from "../../core/jobs.js";
import { data, envelope, inputSchema } from "../../rest/schemas.js";
import { auditCsv } from "./audit.export.js";
import { AuditQuery, linkAuditPage } from "./audit.input.js";
import * as audit from "./audit.service.js";

export function registerAuditRoutes(api: FastifyInstance): void {
  const list = allow("audit.list");
  const exported = allow("audit.export");
  route(api, {
    method: "GET",
    url: "/audit/actors",
    op: "audit.actors",
    tag: "audit",
    summary: "The members and API keys that appear in the audit log, each once (the choices of its actor filter: member:ID, key:ID)",
    data: data.list("AuditActor"),
    handler: () => audit.listAuditActors(),
  });
  // One path, two answers: the paged envelope, or with ?format=csv the filtered log as a file
  // (errors enveloped either way). So it is written out here rather than with route().
  api.route({
    method: "GET",
    url: "/audit",
    schema: {
      tags: ["audit"],
      summary: "The audit log: every recorded write, newest first, filtered and paged; ?format=csv for the whole filtered log as a file",
      description:
        "actor: member:ID, key:ID, system (workers, the seed and anonymous callers), visitor (anonymous callers of public writes) or a member's e-mail; " +
        "object_type and object_id; from and to: ISO 8601 dates (a whole day, UTC) or date-times. " +
        "CSV: UTF-8 with a byte-order mark, CRLF line ends, columns id, at, actor_kind, actor_id, actor_name, operation, object_type, object_id, changes (JSON text); " +
        'text cells a spreadsheet would run as a formula are prefixed with \'. Secrets and passwords are never recorded: their changes read "(hidden)".',
      ...securityOf("audit.list"),
      "x-operation-csv": "audit.export",
      querystring: inputSchema(AuditQuery),
      response: {
        200: {
          description: "The page of entries (JSON envelope), or the CSV file with format=csv",
          content: {
            "application/json": { schema: envelope(data.ref("AuditPage")) },
            "text/csv": { schema: { type: "string" } },
          },
        },
        "4xx": {
          description:
            '401 not signed in (with "admin": "false"), 403 the role lacks audit, 422 a bad filter, 429 an export of this member\'s still running (format=csv)',
          $ref: "ErrorEnvelope#",
        },
        "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
      },
    },
    // Taking the log away as a file is recorded; reading it on screen is not.
    onRequest: (req, reply) => ((req.query as { format?: unknown }).format === "csv" ? exported : list)(req, reply),
    handler: async (req, reply) => {
      const { format, ...args } = await inputOf(AuditQuery, req.query);
      if (format === "csv") {
        const { filename, stream } = streamJob("export", jobCaller(actorOf(req)), () => auditCsv(args));
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="${filename}"`)
          .header("Cache-Control", "no-store")
          .send(stream);
      }
      const page = linkAuditPage(await audit.listAudit(args), args);
      return reply.type("application/json; charset=utf-8").send({ status: "200", errors: [], message: "", data: page });
    },
  });
}
