import { dispatchEvents } from "../dispatch/dispatch.events.js";
import { parcelEvents } from "../parcel/parcel.events.js";
import { isStatusCode, NOTIFY_MAX_AGE_MS } from "../parcel/status.rules.js";
import { queueEvents, type QueuedEvent } from "./message.service.js";

/**
 * The recipient's messages (contract section 13), queued durably right after the write (awaited: the row
 * is in the database when the write answers; the sending is not): the events the e-mails use, i.e. a
 * status a history entry gave (at most 7 days old), the delivery window when a run starts, the courier near.
 * queueEvents does nothing while SMS and WhatsApp are both off (the e-mails then go as they always did).
 */
export function subscribeMessages(): void {
  parcelEvents.on("status.changed", "recipient messages", async ({ changes }) => {
    const events: QueuedEvent[] = [];
    for (const c of changes) {
      const a = c.activity;
      if (c.cause !== "entry" || !a || !isStatusCode(a.status_code) || Date.now() - a.created_at.getTime() > NOTIFY_MAX_AGE_MS) continue;
      events.push({
        parcel_id: c.parcel_id,
        tracking_code: c.tracking_code,
        event: `status:${a.status_code}`,
        payload: {
          kind: "status",
          status_code: a.status_code,
          status_reason: a.status_reason,
          created_at: a.created_at.toISOString(),
          title: a.title,
          description: a.description,
        },
      });
    }
    await queueEvents(events);
  });
  dispatchEvents.on("run.started", "recipient messages", async ({ deliveries }) => {
    await queueEvents(deliveries.map((d) => deliveryDay(d, "window")));
  });
  dispatchEvents.on("stop.near", "recipient messages", async (s) => {
    await queueEvents([deliveryDay(s, "near")]);
  });
}

function deliveryDay(
  d: { parcel_id: number; stop_id: number; window: { from: Date; to: Date }; stops_before: number; tracking_code?: string },
  kind: "window" | "near",
): QueuedEvent {
  return {
    parcel_id: d.parcel_id,
    tracking_code: d.tracking_code ?? "",
    event: `${kind}:${d.stop_id}`,
    payload: { kind, stop_id: d.stop_id, from: d.window.from.toISOString(), to: d.window.to.toISOString(), stops_before: d.stops_before },
  };
}
