import type { FastifyInstance } from "fastify";
import { fileOf, input as inputOf } from "../../rest/body.js";
import { IdInput } from "../../rest/id.input.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { jobCaller, streamJob } from "../../core/jobs.js";
import { data } from "../../rest/schemas.js";
import { clientKey } from "../../core/client-address.js";
import { notFound } from "../../core/errors.js";
import { PageArgs } from "../common/paging.js";
import { parcelsCsv } from "./parcel.export.js";
import { CreateParcelInput, ParcelListArgs, TrackManyQuery, TrackQuery, UnsubscribeInput, UpdateParcelInput, linkParcelPage } from "./parcel.input.js";
import * as parcels from "./parcel.service.js";
import * as tracking from "./tracking.js";
import { jsonOnce } from "../../rest/json-once.js";

export function registerParcelRoutes(api: FastifyInstance): void {
  // A file, not an envelope (errors still are), like the invoice PDF. Registered before /parcels/:code,
  // which it would otherwise look like; a static path wins in the router either way.
  api.route({
    method: "GET",
    url: "/parcels/export.csv",
    schema: {
      tags: ["parcels"],
      summary: "Every parcel (or those matching ?search=) as CSV for spreadsheets, newest first (not enveloped; errors are)",
      description:
        "UTF-8 with a byte-order mark, CRLF line ends, a header row of field names; text cells that a spreadsheet would run as a formula are prefixed with '.",
      ...securityOf("parcels.export"),
      querystring: { type: "object", properties: { search: { type: "string", description: "Tracking code, recipient or destination containing this text" } } },
      response: {
        200: { description: "The CSV file", content: { "text/csv": { schema: { type: "string" } } } },
        "4xx": {
          description: '401 no admin session (with "admin": "false"), 422 a bad search, 429 an export of this member\'s still running',
          $ref: "ErrorEnvelope#",
        },
      },
    },
    onRequest: allow("parcels.export"),
    handler: async (req, reply) => {
      const { search } = await inputOf(PageArgs, req.query);
      // One export at a time per member: the slot is given back when the stream closes (ended, or the client went away).
      const { filename, stream } = streamJob("export", jobCaller(actorOf(req)), () => parcelsCsv(search));
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(stream);
    },
  });
  route(api, {
    method: "GET",
    url: "/parcels/:code",
    op: "parcel.track",
    tag: "parcels",
    summary: "Track a parcel (public view, history oldest first)",
    params: { code: "The tracking code" },
    input: TrackQuery,
    description:
      "With protect_details on, names are masked, the image left out and places coarse (details_protected: true) unless ?verify= gives the recipient's postcode or e-mail.",
    data: data.ref("PublicParcel"),
    serializedData: true,
    publicRead: true,
    handler: async ({ req, input }) => {
      const code = (req.params as { code: string }).code;
      // "/api/parcels/" names no parcel: a path that leads nowhere, as for pages.
      if (code === "") throw notFound("Tracking code not found");
      if (!input.verify) return jsonOnce(await tracking.trackParcel(code));
      return JSON.stringify(await tracking.trackParcelFor(code, input.verify, clientKey(req)));
    },
  });
  route(api, {
    method: "GET",
    url: "/track",
    op: "parcel.trackMany",
    tag: "parcels",
    summary: "Track up to 20 codes at once (?codes=A,B,C): each with its parcel or its error",
    input: TrackManyQuery,
    data: data.list("TrackResult"),
    publicRead: true,
    items: (req) => tracking.countCodes((req.query as { codes?: unknown }).codes),
    handler: async ({ input, req }) => {
      return tracking.trackMany(tracking.splitCodes(input.codes), input.verify, clientKey(req));
    },
  });
  route(api, {
    method: "POST",
    url: "/notifications/unsubscribe",
    op: "parcel.unsubscribe",
    tag: "parcels",
    message: "You will get no more e-mails about this parcel",
    summary: "The recipient's unsubscribe link (code and token from the e-mail)",
    input: UnsubscribeInput,
    data: data.ref("Unsubscribed"),
    handler: ({ input }) => parcels.unsubscribeRecipient(input.code, input.token),
  });
  route(api, {
    method: "GET",
    url: "/tracking-codes/new",
    op: "parcels.proposeCode",
    tag: "parcels",
    summary: "An unguessable tracking code not yet taken (prefix, 10 characters, a check character), for a new parcel",
    data: { type: "string" },
    handler: () => parcels.proposeTrackingCode(),
  });
  route(api, {
    method: "GET",
    url: "/parcels",
    op: "parcels.list",
    tag: "parcels",
    summary: "Paged parcels, newest first; search by code, recipient or destination; stale_days lists quiet parcels",
    input: ParcelListArgs,
    data: data.ref("ParcelPage"),
    handler: async ({ input }) => linkParcelPage(await parcels.listParcels(input), input),
  });
  route(api, {
    method: "POST",
    url: "/parcels",
    op: "parcels.create",
    tag: "parcels",
    created: true,
    message: "Parcel created",
    summary: "Create a parcel",
    input: CreateParcelInput,
    data: data.ref("Parcel"),
    handler: ({ input }) => parcels.createParcel(input),
  });
  route(api, {
    method: "PATCH",
    url: "/parcels",
    op: "parcels.update",
    tag: "parcels",
    message: "Parcel updated",
    summary: "Update a parcel: id plus any fields (absent fields stay; history is ignored)",
    input: UpdateParcelInput,
    data: data.ref("Parcel"),
    handler: ({ input }) => parcels.updateParcel(input),
  });
  route(api, {
    method: "POST",
    url: "/parcels/image",
    op: "parcels.image",
    tag: "parcels",
    message: "Image saved",
    summary: "Set the parcel's image (replaces and deletes any earlier one)",
    input: IdInput,
    files: ["image"],
    data: data.ref("Parcel"),
    handler: ({ input, req }) => parcels.setParcelImage(input.id, fileOf(req, "image")),
  });
  route(api, {
    method: "DELETE",
    url: "/parcels",
    op: "parcels.delete",
    tag: "parcels",
    message: "Parcel deleted",
    summary: "Delete a parcel with its history and image",
    input: IdInput,
    data: data.none,
    handler: ({ input }) => parcels.deleteParcel(input.id),
  });
}
