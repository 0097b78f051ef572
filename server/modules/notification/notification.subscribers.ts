import { dispatchEvents } from "../dispatch/dispatch.events.js";
import { parcelEvents } from "../parcel/parcel.events.js";
import { notifyDeliveryDay, notifyRecipient } from "./notification.service.js";

/** The recipient's e-mails, queued (never awaited by the write): a status a history entry gave (not an edit, an import or an undone entry), the delivery day's window and "near" messages. */
export function subscribeNotifications(): void {
  parcelEvents.on("status.changed", "recipient notifications", ({ changes }) => {
    for (const c of changes) if (c.cause === "entry" && c.activity) notifyRecipient(c.parcel_id, c.activity);
  });
  dispatchEvents.on("run.started", "recipient notifications", ({ deliveries }) => {
    for (const d of deliveries) notifyDeliveryDay(d.parcel_id, d.stop_id, "window", d.window, d.stops_before);
  });
  dispatchEvents.on("stop.near", "recipient notifications", (s) => notifyDeliveryDay(s.parcel_id, s.stop_id, "near", s.window, s.stops_before));
}
