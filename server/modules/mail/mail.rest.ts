import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { authorize, runCall } from "../../core/access.js";
import { forbidden } from "../../core/errors.js";
import { data } from "../../rest/schemas.js";
import { PageArgs } from "../common/paging.js";
import { AdminMailInput, VisitorContactInput, linkOutboxPage } from "./mail.input.js";
import * as mail from "./mail.service.js";

export function registerMailRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/contact",
    op: "mail.contact",
    tag: "mail",
    message: "Message sent",
    summary: "A visitor writes to the company; a signed-in admin may instead send to anyone (`to`, 403 without a session)",
    body: [VisitorContactInput, AdminMailInput],
    data: data.none,
    // One path, two operations (the contract's): with `to` it is Send Email, which needs the mail permission.
    handler: async ({ req, ctx }) => {
      const body = req.body as Record<string, unknown> | undefined;
      if (body && typeof body === "object" && body.to !== undefined) {
        if (!(await ctx.auth.admin())) throw forbidden("Only a signed-in admin may choose the recipient");
        const actor = await authorize(ctx, "mail.send");
        return runCall(actor, "mail.send", () => mail.sendAdminMail(body));
      }
      return mail.sendVisitorMessage(body);
    },
  });
  route(api, {
    method: "GET",
    url: "/outbox",
    op: "mail.outbox",
    tag: "mail",
    summary: "Every message the site sent, newest first, with its delivery result (extra: mirrors the GraphQL outbox query)",
    input: PageArgs,
    data: data.ref("MailPage"),
    handler: async ({ input }) => linkOutboxPage(await mail.listOutbox(input), input),
  });
}
