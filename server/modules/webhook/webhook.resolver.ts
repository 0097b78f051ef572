import { Arg, Args, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { CreateWebhookInput, UpdateWebhookInput, linkDeliveryPage } from "./webhook.input.js";
import * as webhooks from "./webhook.service.js";
import { Webhook, WebhookDelivery, WebhookDeliveryPage } from "./webhook.type.js";

@Resolver()
export class WebhookResolver {
  @Query(() => [Webhook], { description: "Admin: the registered webhooks" })
  @Op("webhooks.list")
  webhooks() {
    return webhooks.listWebhooks();
  }

  @Query(() => WebhookDeliveryPage, { description: "Admin: a webhook's deliveries, newest first, with their answers" })
  @Op("webhooks.deliveries")
  async webhookDeliveries(@Arg("webhookId", () => Int) webhookId: number, @Args(() => PageArgs) args: PageArgs) {
    return linkDeliveryPage(await webhooks.listDeliveries(webhookId, args), { ...args, webhookId });
  }

  @Mutation(() => Webhook, { description: "Register a URL for parcel events; the answer carries its signing secret" })
  @Op("webhooks.create")
  createWebhook(@Arg("input", () => CreateWebhookInput) input: CreateWebhookInput) {
    return webhooks.createWebhook(input);
  }

  @Mutation(() => Webhook)
  @Op("webhooks.update")
  updateWebhook(@Arg("input", () => UpdateWebhookInput) input: UpdateWebhookInput) {
    return webhooks.updateWebhook(input);
  }

  @Mutation(() => Boolean)
  @Op("webhooks.delete")
  async deleteWebhook(@Arg("id", () => Int) id: number) {
    await webhooks.deleteWebhook(id);
    return true;
  }

  @Mutation(() => WebhookDelivery, { description: "Send a signed test event (ping) to the hook now" })
  @Op("webhooks.ping")
  pingWebhook(@Arg("id", () => Int) id: number) {
    return webhooks.pingWebhook(id);
  }
}
