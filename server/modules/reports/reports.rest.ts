import type { FastifyInstance } from "fastify";
import { input as inputOf } from "../../rest/body.js";
import { actorOf, allow, securityOf } from "../../rest/route.js";
import { jobCaller, type JobCaller } from "../../core/jobs.js";
import { data, envelope, inputSchema } from "../../rest/schemas.js";
import type { Schema } from "../../rest/shapes.js";
import * as reports from "./reports.service.js";
import { readReportArgs, type ReportArgs } from "./reports.args.js";
import { dailyCsv, summaryCsv } from "./reports.csv.js";
import { ReportRestQuery } from "./reports.type.js";
import { startRollups, stopRollups } from "./reports.rollups.js";

const FILTERS =
  "from and to: YYYY-MM-DD, both included, calendar days in TIME_ZONE (default the 30 days ending today; at most 366 days); " +
  "shipper_id, courier_id, service: only the parcels (and bookings) of that shipper, that courier's runs, that service. " +
  "CSV: UTF-8 with a byte-order mark, CRLF line ends.";

/** The owner's dashboard (api-contract.md section 14): one path, two answers (the envelope, or with ?format=csv a file), as the audit log's. */
export function registerReportRoutes(api: FastifyInstance): void {
  // The reports' daily roll-ups live with the server that serves them: rebuilt when missing or counted for another
  // TIME_ZONE, recounted after writes, stopped on close (reports.rollups.ts).
  startRollups(api.log);
  api.addHook("onClose", async () => stopRollups());
  const one = (
    url: string,
    summary: string,
    shape: Schema,
    csvColumns: string,
    run: (a: ReportArgs, caller: JobCaller) => Promise<{ json: unknown; csv: () => string }>,
  ) =>
    api.route({
      method: "GET",
      url,
      schema: {
        tags: ["reports"],
        summary,
        description: `${FILTERS} ${csvColumns}`,
        ...securityOf("reports.read"),
        querystring: inputSchema(ReportRestQuery),
        response: {
          200: {
            description: "The report (JSON envelope), or the CSV file with format=csv",
            content: { "application/json": { schema: envelope(shape) }, "text/csv": { schema: { type: "string" } } },
          },
          "4xx": { description: '401 not signed in (with "admin": "false"), 403 the role lacks reports, 422 a bad period or filter', $ref: "ErrorEnvelope#" },
          "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
        },
      },
      onRequest: allow("reports.read"),
      handler: async (req, reply) => {
        const { format, ...raw } = await inputOf(ReportRestQuery, req.query);
        const args = await readReportArgs(raw as Record<string, unknown>);
        const answer = await run(args, jobCaller(actorOf(req)));
        if (format === "csv") {
          const name = `${url.split("/").pop()}-${args.from}-${args.to}.csv`;
          return reply
            .type("text/csv; charset=utf-8")
            .header("Content-Disposition", `attachment; filename="report-${name}"`)
            .header("Cache-Control", "no-store")
            .send(answer.csv());
        }
        return reply.type("application/json; charset=utf-8").send({ status: "200", errors: [], message: "", data: answer.json });
      },
    });
  one(
    "/reports/summary",
    "The period's figures (created, delivered, on time, first attempt, failures by reason, delivery hours, revenue, cash on delivery, couriers) and the previous period's",
    data.ref("ReportSummary"),
    "CSV columns figure, current, previous (one line per figure; failures.<reason>, revenue.service.<code>, revenue.shipper.<id>, courier.<figure>.<id>).",
    async (a, caller) => {
      const s = await reports.reportSummary(a, caller);
      return { json: s, csv: () => summaryCsv(s) };
    },
  );
  one(
    "/reports/daily",
    "One row for every day of the period, zeros included: created, delivered, failed_attempts, on_time_rate, revenue",
    data.list("ReportDay"),
    "CSV columns date, created, delivered, failed_attempts, on_time_rate, revenue.",
    async (a, caller) => {
      const rows = await reports.reportDaily(a, caller);
      return { json: rows, csv: () => dailyCsv(rows) };
    },
  );
}
