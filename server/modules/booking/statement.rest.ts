import type { FastifyInstance } from "fastify";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { IdInput } from "../../rest/id.input.js";
import { data } from "../../rest/schemas.js";
import { caller } from "../shipper/shipper.auth.js";
import { fileAnswer, query } from "./answers.rest.js";
import * as statements from "./statement.service.js";
import { PayStatementInput, StatementInput } from "./statement.type.js";

export function registerStatementRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/statements",
    op: "statements.create",
    tag: "statements",
    created: true,
    message: "Statement made",
    summary: "A shipper's statement for a period: every booking not cancelled and on no earlier statement (422 when none is left)",
    body: [StatementInput],
    data: data.ref("Statement"),
    handler: ({ req }) => statements.createStatement(req.body),
  });
  route(api, {
    method: "PATCH",
    url: "/statements",
    op: "statements.update",
    tag: "statements",
    message: "Statement marked paid",
    summary: "Mark a statement paid { id, status: paid, paid_reference } (409 when paid already)",
    body: [PayStatementInput],
    data: data.ref("Statement"),
    handler: ({ req }) => statements.markPaid(req.body),
  });
  route(api, {
    method: "POST",
    url: "/statements/mail",
    op: "statements.mail",
    tag: "statements",
    message: "Statement sent",
    summary: "Mail a statement { id } to its shipper, its PDF attached",
    body: [IdInput],
    data: data.none,
    handler: async ({ req }) => statements.mailStatement(caller(), req.body),
  });
  route(api, {
    method: "GET",
    url: "/statements",
    op: "statements.list",
    tag: "statements",
    summary: "Statements, newest first (shipper_id, status)",
    data: data.ref("StatementPage"),
    handler: async ({ req }) => {
      const f = await statements.readStatementFilter(query(req));
      return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/statements");
    },
  });
  route(api, {
    method: "GET",
    url: "/users/statements",
    op: "users.statements",
    tag: "users",
    summary: "The signed-in shipper's statements, newest first, each with its PDF",
    data: data.ref("StatementPage"),
    handler: async ({ req }) => {
      const f = await statements.readStatementFilter(query(req));
      return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/users/statements");
    },
  });
  api.get(
    "/statements/:id.pdf",
    {
      schema: {
        tags: ["statements"],
        summary: "A statement's PDF: the staff, or its shipper (404 for another's)",
        ...securityOf("statements.pdf"),
        params: { type: "object", properties: { id: { type: "string", description: "The statement's id" } }, required: ["id"] },
        response: fileAnswer("application/pdf", "The statement"),
      },
      onRequest: allow("statements.pdf"),
    },
    async (req, reply) => {
      const { pdf, number } = await statements.statementPdfOf(actorOf(req), Number((req.params as { id: string }).id));
      return reply.type("application/pdf").header("content-disposition", `inline; filename="${number}.pdf"`).send(pdf);
    },
  );
}
