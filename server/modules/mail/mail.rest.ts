import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { PageArgs } from "../common/paging.js";
import { AdminMailInput, VisitorContactInput } from "./mail.input.js";
import * as mail from "./mail.service.js";

export function registerMailRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST", url: "/contact", tag: "mail", message: "Message sent",
    summary: "A visitor writes to the company; a signed-in admin may instead send to anyone (`to`, 403 without a session)",
    limit: { rule: "contact", skipForAdmin: true }, body: [VisitorContactInput, AdminMailInput], data: data.none,
    handler: async ({ req, ctx }) => mail.contact(req.body, (await ctx.auth.admin()) !== null),
  });
  route(api, {
    method: "GET", url: "/outbox", tag: "mail", admin: true,
    summary: "Every message the site sent, newest first, with its delivery result (extra: mirrors the GraphQL outbox query)",
    input: PageArgs, data: data.ref("MailPage"),
    handler: ({ input }) => mail.listOutbox(input),
  });
}
