import { getSettings } from "../settings/settings.service.js";
import { DEFAULT_CHANNEL_ORDER, MESSAGE_CHANNELS, type MessageChannel } from "../../../shared/modules/settings/settings.codes.js";

// The messages' settings as the queue reads them, and the shapes the queue and the callbacks share.

export type MessageStatus = "queued" | "sent" | "delivered" | "read" | "failed" | "skipped";

/** The settings of the messages group as the queue reads them. */
export async function messageSettings() {
  const s = await getSettings();
  const order = s.channel_order.filter((c): c is MessageChannel => (MESSAGE_CHANNELS as readonly string[]).includes(c));
  return {
    sms: s.sms_enabled,
    whatsapp: s.whatsapp_enabled,
    order: order.length ? order : [...DEFAULT_CHANNEL_ORDER],
    smsDailyLimit: s.sms_daily_limit,
    templates: { status: s.whatsapp_template_status, window: s.whatsapp_template_window },
    verifyToken: s.whatsapp_verify_token,
    company: s.company_name,
  };
}

/** A step of a message's history: a try, a skip, a provider's report (the control panel's provider history). */
export interface HistoryItem {
  at: string;
  channel: string;
  status: string;
  reason?: string;
  provider_id?: string;
}
