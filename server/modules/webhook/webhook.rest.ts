import type { FastifyInstance } from "fastify";
import { notFound } from "../../core/errors.js";
import { IdInput } from "../../rest/id.input.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { PageArgs } from "../common/paging.js";
import { CreateWebhookInput, UpdateWebhookInput, linkDeliveryPage } from "./webhook.input.js";
import * as webhooks from "./webhook.service.js";

const hookId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound("Webhook not found");
  return Number(raw);
};

export function registerWebhookRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/webhooks",
    op: "webhooks.list",
    tag: "webhooks",
    summary: "The registered webhooks",
    data: data.list("Webhook"),
    handler: () => webhooks.listWebhooks(),
  });
  route(api, {
    method: "POST",
    url: "/webhooks",
    op: "webhooks.create",
    tag: "webhooks",
    created: true,
    message: "Webhook created",
    summary: "Register a URL for events (parcel.created, history.added, status.changed, parcel.delivered); the answer carries the signing secret",
    input: CreateWebhookInput,
    data: data.ref("Webhook"),
    handler: ({ input }) => webhooks.createWebhook(input),
  });
  route(api, {
    method: "PATCH",
    url: "/webhooks",
    op: "webhooks.update",
    tag: "webhooks",
    message: "Webhook updated",
    summary: "Change a webhook's URL, events or active switch",
    input: UpdateWebhookInput,
    data: data.ref("Webhook"),
    handler: ({ input }) => webhooks.updateWebhook(input),
  });
  route(api, {
    method: "DELETE",
    url: "/webhooks",
    op: "webhooks.delete",
    tag: "webhooks",
    message: "Webhook deleted",
    summary: "Delete a webhook and its delivery log",
    input: IdInput,
    data: data.none,
    handler: ({ input }) => webhooks.deleteWebhook(input.id),
  });
  route(api, {
    method: "GET",
    url: "/webhooks/:id/deliveries",
    op: "webhooks.deliveries",
    tag: "webhooks",
    summary: "A webhook's deliveries, newest first, with their answers",
    params: { id: "The webhook id" },
    input: PageArgs,
    data: data.ref("WebhookDeliveryPage"),
    handler: async ({ req, input }) => {
      const webhookId = hookId((req.params as { id: string }).id);
      return linkDeliveryPage(await webhooks.listDeliveries(webhookId, input), { ...input, webhookId });
    },
  });
  route(api, {
    method: "POST",
    url: "/webhooks/ping",
    op: "webhooks.ping",
    tag: "webhooks",
    message: "Test event sent",
    summary: "Send a signed test event (ping) to the hook now",
    input: IdInput,
    data: data.ref("WebhookDelivery"),
    handler: ({ input }) => webhooks.pingWebhook(input.id),
  });
}
