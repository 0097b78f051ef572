import { parcelEvents } from "../parcel/parcel.events.js";
import { notifyRecipient } from "./notification.service.js";

/** The recipient's e-mail on a status a history entry gave (not an edit, an import or an undone entry): queued, never awaited by the write. */
export function subscribeNotifications(): void {
  parcelEvents.on("status.changed", "recipient notifications", ({ changes }) => {
    for (const c of changes) if (c.cause === "entry" && c.activity) notifyRecipient(c.parcel_id, c.activity);
  });
}
