import { siteUrl } from "../../core/links.js";
import { parcelEvents, type ParcelViews } from "../parcel/parcel.events.js";
import type { AdminView } from "../parcel/view-shape.js";
import { emitEvent, emitEvents, listensTo } from "./webhook.service.js";
import type { WebhookEvent } from "./webhook.rules.js";

/**
 * The parcel's events as webhooks: parcel.created, history.added, status.changed and parcel.delivered.
 * The payloads (each parcel with its whole history) are read only when an active hook listens, once
 * for all of a unit's events (ParcelViews). Queuing never fails the write (webhook.service.ts).
 */

/** The parcel as webhooks carry it: the proof's images as absolute links (never bytes). */
export function forWebhook(parcel: AdminView) {
  const proof = parcel.delivery_proof;
  if (!proof) return parcel;
  const abs = (u: string | null) => (u ? `${siteUrl()}${u}` : null);
  return { ...parcel, delivery_proof: { ...proof, signature_url: abs(proof.signature_url), photo_url: abs(proof.photo_url) } };
}

type Queued = { event: WebhookEvent; data: Record<string, unknown>; imported?: boolean };
/**
 * Each event queued and sent at once (a batch of scans too: its deliveries go out now, not with the
 * polling); an import's events in one insert, sent with the polling but the first round.
 */
function send(list: Queued[]): void {
  const imported = list.filter((q) => q.imported);
  for (const q of list) if (!q.imported) emitEvent(q.event, q.data);
  emitEvents(imported.map(({ event, data }) => ({ event, data })));
}

/** Views of these parcels, those written in the unit known already, the rest read once. */
async function viewsOf(views: ParcelViews, items: { parcel_id: number; view?: AdminView }[]): Promise<Map<number, AdminView>> {
  const known = new Map(items.flatMap((i) => (i.view ? [[i.parcel_id, i.view] as const] : [])));
  const read = await views.of(items.filter((i) => !i.view).map((i) => i.parcel_id));
  return new Map([...read, ...known]);
}

export function subscribeWebhooks(): void {
  parcelEvents.on("parcel.created", "webhooks", async ({ parcels, views }) => {
    if (!(await listensTo(["parcel.created"]))) return;
    const byId = await viewsOf(views, parcels);
    send(
      parcels.flatMap((p) =>
        byId.has(p.parcel_id) ? [{ event: "parcel.created" as const, data: { parcel: byId.get(p.parcel_id) }, imported: p.imported }] : [],
      ),
    );
  });

  parcelEvents.on("history.added", "webhooks", async ({ entries, views }) => {
    if (!(await listensTo(["history.added"]))) return;
    const byId = await views.of(entries.map((a) => a.parcel_id));
    const list: Queued[] = [];
    for (const a of entries) {
      const parcel = byId.get(a.parcel_id);
      if (parcel) list.push({ event: "history.added", data: { parcel, activity: a.activity } }); // else deleted meanwhile
    }
    send(list);
  });

  parcelEvents.on("status.changed", "webhooks", async ({ changes, views }) => {
    if (!(await listensTo(["status.changed", "parcel.delivered"]))) return;
    const byId = await viewsOf(views, changes);
    const list: Queued[] = [];
    for (const c of changes) {
      const view = byId.get(c.parcel_id);
      if (!view) continue; // deleted meanwhile
      const parcel = forWebhook(view);
      const imported = c.cause === "import";
      list.push({
        event: "status.changed",
        data: { parcel, activity: c.activity, status_code: parcel.status_code, status_reason: parcel.status_reason },
        imported,
      });
      // An undone entry that gives "delivered" back delivers nothing new.
      if (parcel.status_code === "delivered" && c.cause !== "undo") list.push({ event: "parcel.delivered", data: { parcel, activity: c.activity }, imported });
    }
    send(list);
  });

  // A proof recorded after the "Delivered" entry (a scan came first): parcel.delivered once more, with the proof.
  parcelEvents.on("proof.recorded", "webhooks", async ({ parcel_id, status_code, views }) => {
    if (status_code !== "delivered" || !(await listensTo(["parcel.delivered"]))) return;
    const view = (await views.of([parcel_id])).get(parcel_id);
    if (!view) return; // deleted meanwhile
    const entry = view.history.filter((a) => a.status_code === "delivered").at(-1) ?? null;
    emitEvent("parcel.delivered", { parcel: forWebhook(view), activity: entry });
  });
}
