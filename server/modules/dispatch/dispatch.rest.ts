import type { FastifyInstance } from "fastify";
import { runCall } from "../../core/access.js";
import { notFound } from "../../core/errors.js";
import { input as inputOf } from "../../rest/body.js";
import { IdInput } from "../../rest/id.input.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { data, inputSchema } from "../../rest/schemas.js";
import { CreateRunInput, DispatchQuery, PositionsInput, RunsQuery, UpdateRunInput } from "./dispatch.input.js";
import * as day from "./dispatch.day.js";
import * as planning from "./dispatch.planning.js";
import * as reads from "./dispatch.reads.js";
import { listPositions, recordPositions } from "./positions.service.js";
import { runSheet } from "./run-sheet.service.js";

const idOf = (raw: string, what: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(`${what} not found`);
  return Number(raw);
};
const runId = (req: { params: unknown }) => idOf((req.params as { id: string }).id, "Run");

/** The delivery day (api-contract.md section 11): the dispatch board, runs and their stops, positions. */
export function registerDispatchRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/dispatch",
    op: "dispatch.view",
    tag: "dispatch",
    summary:
      "The dispatch board of ?date=YYYY-MM-DD: every parcel not delivered, returned or cancelled on no run of the date, each with whether it can go on a run and why not (unassigned, with the date's pickups), and the date's runs",
    input: DispatchQuery,
    data: data.ref("DispatchDay"),
    handler: ({ input }) => reads.dispatchDay(input.date),
  });
  route(api, {
    method: "GET",
    url: "/runs",
    op: "runs.list",
    tag: "dispatch",
    summary: "Runs (of ?date=): every run for a member with dispatch, a courier's own otherwise (at most 100, newest date first)",
    input: RunsQuery,
    data: data.list("Run"),
    handler: ({ input }) => reads.listRuns(input.date),
  });
  route(api, {
    method: "GET",
    url: "/runs/:id",
    op: "runs.get",
    tag: "dispatch",
    summary: "One run with its stops in order and their ETAs (its courier, or a member with dispatch)",
    params: { id: "The run id" },
    data: data.ref("Run"),
    handler: ({ req }) => reads.getRun(runId(req)),
  });
  route(api, {
    method: "POST",
    url: "/runs",
    op: "runs.create",
    tag: "dispatch",
    created: true,
    message: "Run created",
    summary: "Make a run: courier_id, date, stops ([{ tracking_code } | { pickup_id }]), optimize, start",
    description: "409 when a stop is already on another run of the date; 422 when courier_id is not an active courier or dispatcher.",
    input: CreateRunInput,
    data: data.ref("Run"),
    handler: ({ input }) => planning.createRun(input),
  });
  route(api, {
    method: "PATCH",
    url: "/runs",
    op: "runs.update",
    tag: "dispatch",
    message: "Run updated",
    summary: "Change a planned run: stops (replaces the list), courier_id, optimize, start",
    input: UpdateRunInput,
    data: data.ref("Run"),
    handler: ({ input }) => planning.updateRun(input),
  });
  route(api, {
    method: "DELETE",
    url: "/runs",
    op: "runs.delete",
    tag: "dispatch",
    message: "Run deleted",
    summary: "Delete a planned run (its stops go back among the unassigned)",
    input: IdInput,
    data: data.none,
    handler: ({ input }) => planning.deleteRun(input.id),
  });
  route(api, {
    method: "POST",
    url: "/runs/:id/start",
    op: "runs.start",
    tag: "dispatch",
    message: "Run started",
    summary: "Start a planned run (its courier, or a member with dispatch): windows from the ETAs, Out for delivery entries, the recipients told",
    params: { id: "The run id" },
    data: data.ref("Run"),
    handler: ({ req }) => day.startRun(runId(req)),
  });
  route(api, {
    method: "POST",
    url: "/runs/:id/stops/:stop_id/skip",
    op: "runs.skip",
    tag: "dispatch",
    message: "Stop skipped",
    summary: "Skip a pending stop of a started run: the parcel goes back among the date's unassigned",
    params: { id: "The run id", stop_id: "The stop id" },
    data: data.ref("Run"),
    handler: ({ req }) => day.skipStop(runId(req), idOf((req.params as { stop_id: string }).stop_id, "Stop")),
  });
  route(api, {
    method: "GET",
    url: "/runs/:id/positions",
    op: "runs.positions.list",
    tag: "dispatch",
    summary: "The courier's positions on a run, oldest first (members with dispatch only)",
    params: { id: "The run id" },
    data: data.list("CourierPosition"),
    handler: ({ req }) => listPositions(runId(req)),
  });
  // A file, not an envelope (errors still are), like the labels.
  api.route({
    method: "GET",
    url: "/runs/:id/sheet.pdf",
    schema: {
      tags: ["dispatch"],
      summary: "The run sheet as a PDF: stops in order with window, recipient and address, contents, code and barcode, a signature column",
      ...securityOf("runs.sheet"),
      params: { type: "object", properties: { id: { type: "string", description: "The run id" } }, required: ["id"] },
      response: {
        200: { description: "The PDF (A4 landscape)", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } },
        "4xx": { description: "401 signed out, 403 not the run's courier nor dispatch, 404 unknown run", $ref: "ErrorEnvelope#" },
      },
    },
    onRequest: allow("runs.sheet"),
    handler: async (req, reply) => {
      const id = runId(req);
      const { pdf, filename } = await runCall(actorOf(req), "runs.sheet", () => runSheet(id));
      return reply.type("application/pdf").header("Content-Disposition", `inline; filename="${filename}"`).header("Cache-Control", "no-store").send(pdf);
    },
  });
  // 204 without a body: not the envelope route (errors still are enveloped).
  api.route({
    method: "POST",
    url: "/runs/:id/positions",
    schema: {
      tags: ["dispatch"],
      summary: "The courier's positions while the run is started (a batch kept by a phone that was offline is fine)",
      description: "Only the run's courier (403 for anyone else), only while the run is started (409). 204 without a body.",
      ...securityOf("runs.positions"),
      params: { type: "object", properties: { id: { type: "string", description: "The run id" } }, required: ["id"] },
      body: inputSchema(PositionsInput),
      consumes: ["application/json"],
      response: {
        204: { description: "Taken", type: "null" },
        "4xx": { description: "403 not the run's courier, 404 unknown run, 409 the run is not started, 422 invalid positions", $ref: "ErrorEnvelope#" },
      },
    },
    onRequest: allow("runs.positions"),
    handler: async (req, reply) => {
      const id = runId(req);
      const body = await inputOf(PositionsInput, req.body);
      await runCall(actorOf(req), "runs.positions", () => recordPositions(id, body));
      return reply.code(204).send();
    },
  });
}
