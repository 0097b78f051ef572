import type { FastifyInstance } from "fastify";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { fileAnswer, query } from "../booking/answers.rest.js";
import * as remittances from "./remittance.service.js";
import { RemittanceInput, UpdateRemittanceInput } from "./remittance.type.js";

export function registerRemittanceRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/cod/remittances",
    op: "cod.remittances.create",
    tag: "cod",
    created: true,
    message: "Remittance made",
    summary: "A pay-out to a shipper { shipper_id, to?, offset_statements? }: its handed-over and settled collections on no other remittance",
    description:
      "422 when there is nothing to pay or the net (collections less the open statements deducted) would be below 0; 409 when its collections are on an open remittance, or were taken by one made at the same time.",
    body: [RemittanceInput],
    data: data.ref("CodRemittance"),
    handler: ({ req }) => remittances.createRemittance(actorOf(req), req.body),
  });
  route(api, {
    method: "PATCH",
    url: "/cod/remittances",
    op: "cod.remittances.update",
    tag: "cod",
    message: "Remittance updated",
    summary: "Pay { id, status: paid, paid_reference } or cancel { id, status: cancelled } an open remittance (409 when it is not open)",
    body: [UpdateRemittanceInput],
    data: data.ref("CodRemittance"),
    handler: ({ req }) => remittances.updateRemittance(actorOf(req), req.body),
  });
  route(api, {
    method: "GET",
    url: "/cod/remittances",
    op: "cod.remittances.list",
    tag: "cod",
    summary: "Remittances, newest first (shipper_id, status)",
    data: data.ref("CodRemittancePage"),
    handler: async ({ req }) => {
      const f = await remittances.readRemittanceFilter(query(req));
      return remittances.linkRemittances(await remittances.listRemittances(actorOf(req), f), f, "/api/cod/remittances");
    },
  });
  route(api, {
    method: "GET",
    url: "/users/remittances",
    op: "users.remittances",
    tag: "users",
    summary: "The signed-in shipper's cash-on-delivery pay-outs, newest first, each with its PDF",
    data: data.ref("CodRemittancePage"),
    handler: async ({ req }) => {
      const f = await remittances.readRemittanceFilter(query(req));
      return remittances.linkRemittances(await remittances.listRemittances(actorOf(req), f), f, "/api/users/remittances");
    },
  });
  api.get(
    "/cod/remittances/:id.pdf",
    {
      schema: {
        tags: ["cod"],
        summary: "A remittance's PDF: the staff, or its shipper (404 for another's)",
        ...securityOf("cod.remittances.pdf"),
        params: { type: "object", properties: { id: { type: "string", description: "The remittance's id" } }, required: ["id"] },
        response: fileAnswer("application/pdf", "The remittance"),
      },
      onRequest: allow("cod.remittances.pdf"),
    },
    async (req, reply) => {
      const { pdf, number } = await remittances.remittancePdfOf(actorOf(req), Number((req.params as { id: string }).id));
      return reply.type("application/pdf").header("content-disposition", `inline; filename="${number}.pdf"`).send(pdf);
    },
  );
}
