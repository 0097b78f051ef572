import type { FastifyInstance } from "fastify";
import { route, allow, securityOf } from "../../rest/route.js";
import { IdInput } from "../../rest/id.input.js";
import { data } from "../../rest/schemas.js";
import { caller } from "../shipper/shipper.auth.js";
import * as rates from "./rates.service.js";
import * as quotes from "./quote.service.js";
import { QuoteInput, RateCardInput, ServiceInput, ZoneInput } from "./rates.type.js";

const csvRequest = (req: { headers: Record<string, string | string[] | undefined> }) => /^\s*text\/csv/i.test(String(req.headers["content-type"] ?? ""));

export function registerRatesRoutes(api: FastifyInstance): void {
  const crud = (
    path: string,
    tag: string,
    what: string,
    body: new () => object,
    svc: { list(): Promise<unknown>; create(b: unknown): Promise<unknown>; update(b: unknown): Promise<unknown>; remove(b: unknown): Promise<void> },
  ) => {
    route(api, { method: "GET", url: path, op: "rates.read", tag, summary: `The ${what}s`, data: data.list(what), handler: () => svc.list() });
    route(api, {
      method: "POST",
      url: path,
      op: "rates.write",
      tag,
      created: true,
      message: `${what} created`,
      summary: `Create a ${what.toLowerCase()}`,
      body: [body],
      data: data.ref(what),
      handler: ({ req }) => svc.create(req.body),
    });
    route(api, {
      method: "PATCH",
      url: path,
      op: "rates.write",
      tag,
      message: `${what} saved`,
      summary: `Change a ${what.toLowerCase()}: id + the fields that change`,
      body: [body],
      data: data.ref(what),
      handler: ({ req }) => svc.update(req.body),
    });
    route(api, {
      method: "DELETE",
      url: path,
      op: "rates.write",
      tag,
      message: `${what} deleted`,
      summary: `Delete a ${what.toLowerCase()} { id } (409 while a rate card prices it)`,
      body: [IdInput],
      data: data.none,
      handler: async ({ req }) => svc.remove(req.body),
    });
  };
  crud("/zones", "rates", "Zone", ZoneInput, { list: rates.listZones, create: rates.createZone, update: rates.updateZone, remove: rates.deleteZone });
  crud("/services", "rates", "Service", ServiceInput, {
    list: rates.listServices,
    create: rates.createService,
    update: rates.updateService,
    remove: rates.deleteService,
  });
  route(api, {
    method: "GET",
    url: "/rate-cards",
    op: "rates.read",
    tag: "rates",
    summary: "The rate cards (default always exists)",
    data: data.list("RateCard"),
    handler: () => rates.listRateCards(),
  });
  route(api, {
    method: "GET",
    url: "/rate-cards/:id",
    op: "rates.read",
    tag: "rates",
    summary: "A rate card: lanes (brackets, per_kg_above) and surcharges",
    params: { id: "The card's id (default always exists)" },
    data: data.ref("RateCard"),
    handler: ({ req }) => rates.getRateCard((req.params as { id: string }).id),
  });
  api.get(
    "/rate-cards/:id.csv",
    {
      schema: {
        tags: ["rates"],
        summary: "The card's grid as CSV: one row per lane and bracket (service, from_zone, to_zone, up_to_kg, amount, per_kg_above)",
        ...securityOf("rates.read"),
        params: { type: "object", properties: { id: { type: "string", description: "The card's id" } }, required: ["id"] },
        response: {
          200: { description: "The CSV file", content: { "text/csv": { schema: { type: "string" } } } },
          "4xx": { description: '401 no session (with "admin": "false"), 403 not allowed, 404 unknown card', $ref: "ErrorEnvelope#" },
        },
      },
      onRequest: allow("rates.read"),
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const csv = await rates.rateCardCsv(id);
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="rate-card-${id}.csv"`).send(csv);
    },
  );
  route(api, {
    method: "PUT",
    url: "/rate-cards/:id",
    op: "rates.write",
    tag: "rates",
    message: "Rate card saved",
    summary:
      "Create or replace a card (JSON: name, lanes, surcharges), or with Content-Type text/csv (also at /rate-cards/{id}.csv) replace its grid: per-row errors (422) and nothing saved when a row is wrong",
    params: { id: "The card's id: lower-case letters, digits, - and _" },
    csv: true,
    body: [RateCardInput],
    data: data.ref("RateCard"),
    handler: ({ req }) => {
      const id = (req.params as { id: string }).id;
      const asCsv = id.endsWith(".csv") || csvRequest(req);
      const card = id.replace(/\.csv$/, "");
      return asCsv ? rates.putRateCardCsv(card, typeof req.body === "string" ? req.body : "") : rates.putRateCard(card, req.body);
    },
  });
  route(api, {
    method: "POST",
    url: "/quotes",
    op: "quotes.create",
    tag: "quotes",
    summary:
      "Price a shipment: each active service whose lane fits, cheapest first ([] with the message No service covers this route, which adds when no prices are set yet); a signed-in shipper or its key is priced on its own card. Limited per client (RATE_LIMIT_QUOTE a minute)",
    body: [QuoteInput],
    data: data.list("QuoteOption"),
    answerOf: (a: Awaited<ReturnType<typeof quotes.quote>>) => ({ data: a.options, message: a.message }),
    handler: ({ req }) => quotes.quote(req.body, caller()),
  });
}
