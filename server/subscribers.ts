import { subscribeCod } from "./modules/cod/cod.subscribers.js";
import { subscribeDispatch } from "./modules/dispatch/dispatch.subscribers.js";
import { subscribeMessages } from "./modules/message/message.subscribers.js";
import { subscribeNotifications } from "./modules/notification/notification.subscribers.js";
import { subscribeViewCache } from "./modules/parcel/view-cache.js";
import { subscribeWebhooks } from "./modules/webhook/webhook.subscribers.js";

/**
 * Every feature's subscriptions to other features' events (server/core/events.ts), in the order they
 * run: the view cache first (a write returns once every process forgot its views), then dispatch, the
 * recipient's e-mails, their SMS and WhatsApp messages (queued durably), webhooks, cash on delivery (void or due again). Called once at start (buildApp); calling it again changes nothing.
 */
export function registerSubscribers(): void {
  subscribeViewCache();
  subscribeDispatch();
  subscribeNotifications();
  subscribeMessages();
  subscribeWebhooks();
  subscribeCod();
}
