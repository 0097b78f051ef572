import { Arg, Args, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { Op } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { AdminMailInput, VisitorContactInput } from "./mail.input.js";
import * as mail from "./mail.service.js";
import { MailPage } from "./mail.type.js";

@Resolver()
export class MailResolver {
  @Mutation(() => Boolean, { description: "A visitor writes to the company (goes to contact_email, Reply-To the visitor)" })
  @Op("mail.contact")
  async contact(@Arg("input", () => VisitorContactInput) input: VisitorContactInput) {
    await mail.sendVisitorMessage(input);
    return true;
  }

  @Mutation(() => Boolean, { description: "Admin: send an e-mail to anyone" })
  @Op("mail.send")
  async sendEmail(@Arg("input", () => AdminMailInput) input: AdminMailInput, @Ctx() _ctx: Context) {
    await mail.sendAdminMail(input);
    return true;
  }

  @Query(() => MailPage, { description: "Admin: every message the site sent, newest first" })
  @Op("mail.outbox")
  outbox(@Args(() => PageArgs) args: PageArgs) {
    return mail.listOutbox(args);
  }
}
