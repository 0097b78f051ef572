import { siteUrl } from "../../core/links.js";
import { emitEvent } from "../webhook/webhook.service.js";
import type { AdminView, HistoryEntry } from "./view-shape.js";

/** The webhook events of a parcel's writes, and the parcel as webhooks carry it. */

/** The parcel as webhooks carry it: the proof's images as absolute links (never bytes). */
export function forWebhook(parcel: AdminView) {
  const proof = parcel.delivery_proof;
  if (!proof) return parcel;
  const abs = (u: string | null) => (u ? `${siteUrl()}${u}` : null);
  return { ...parcel, delivery_proof: { ...proof, signature_url: abs(proof.signature_url), photo_url: abs(proof.photo_url) } };
}

/** Webhook events of a new status: status.changed, and parcel.delivered when it is delivered. */
export function statusEvents(parcel: AdminView, activity: HistoryEntry | null): void {
  const sent = forWebhook(parcel);
  emitEvent("status.changed", { parcel: sent, activity, status_code: parcel.status_code, status_reason: parcel.status_reason });
  if (parcel.status_code === "delivered") emitEvent("parcel.delivered", { parcel: sent, activity });
}
