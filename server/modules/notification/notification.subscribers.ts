import { dispatchEvents } from "../dispatch/dispatch.events.js";
import { parcelEvents } from "../parcel/parcel.events.js";
import { getSettings } from "../settings/settings.service.js";
import { notifyDeliveryDay, notifyRecipient } from "./notification.service.js";

/**
 * Whether the e-mails go their own way: SMS and WhatsApp both off. When either is on, the message queue
 * (server/modules/message) sends each event once on the first channel of the owner's order that can take
 * it, e-mail included ("email" in channel_order), so the recipient is not told twice.
 */
async function mailAlone(): Promise<boolean> {
  const s = await getSettings();
  return !s.sms_enabled && !s.whatsapp_enabled;
}

/** The recipient's e-mails, queued (never awaited by the write): a status a history entry gave (not an edit, an import or an undone entry), the delivery day's window and "near" messages. */
export function subscribeNotifications(): void {
  parcelEvents.on("status.changed", "recipient notifications", async ({ changes }) => {
    if (!changes.some((c) => c.cause === "entry" && c.activity) || !(await mailAlone())) return;
    for (const c of changes) if (c.cause === "entry" && c.activity) notifyRecipient(c.parcel_id, c.activity);
  });
  dispatchEvents.on("run.started", "recipient notifications", async ({ deliveries }) => {
    if (!(await mailAlone())) return;
    for (const d of deliveries) notifyDeliveryDay(d.parcel_id, d.stop_id, "window", d.window, d.stops_before);
  });
  dispatchEvents.on("stop.near", "recipient notifications", async (s) => {
    if (await mailAlone()) notifyDeliveryDay(s.parcel_id, s.stop_id, "near", s.window, s.stops_before);
  });
}
