import { Arg, Args, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { AdminMailInput, VisitorContactInput, linkOutboxPage } from "./mail.input.js";
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
  async sendEmail(@Arg("input", () => AdminMailInput) input: AdminMailInput) {
    await mail.sendAdminMail(input);
    return true;
  }

  @Query(() => MailPage, { description: "Admin: every message the site sent, newest first" })
  @Op("mail.outbox")
  async outbox(@Args(() => PageArgs) args: PageArgs) {
    return linkOutboxPage(await mail.listOutbox(args), args);
  }
}
