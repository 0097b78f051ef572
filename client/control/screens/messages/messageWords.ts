// The Messages screen's words for the server's codes (channels, statuses, reasons), without React.
import type { TFunction } from "i18next";

/** The screen's texts (client/i18n/locales/control/control-messages/<code>.json). */
export const MESSAGES_NS = "control-messages";

export const CHANNELS = ["sms", "whatsapp", "email"] as const;
export const STATUSES = ["queued", "sent", "delivered", "read", "failed", "skipped"] as const;
/** The reasons the server gives by code (docs/messages.md); anything else is the provider's own error text. */
export const REASONS = [
  "budget",
  "opted_out",
  "no_provider",
  "off",
  "no_number",
  "invalid_number",
  "no_template",
  "not_chosen",
  "no_address",
  "unsubscribed",
  "already_sent",
  "parcel_deleted",
] as const;

const known = (list: readonly string[], v: string) => list.includes(v);

export const channelLabel = (t: TFunction, c: string) => (known(CHANNELS, c) ? t(`channel.${c}`) : c);
export const statusLabel = (t: TFunction, s: string) => (known(STATUSES, s) ? t(`status.${s}`) : s);

/** A reason in words: the server's codes by their label, a provider's error as "Provider's error: twilio 30003: ...". */
export function reasonLabel(t: TFunction, r: string | null | undefined): string | null {
  if (!r) return null;
  if (known(REASONS, r)) return t(`reason.${r}`);
  if (r === "retry") return t("status.retry");
  return t("reason.provider", { error: r });
}

/** One step of a message's history as the server keeps it (JSON): each channel tried and its outcome. */
export interface HistoryStep {
  at: string;
  channel: string;
  status: string;
  reason?: string | null;
  provider_id?: string | null;
}

export function historyOf(json: string): HistoryStep[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((s): s is HistoryStep => !!s && typeof s === "object" && typeof (s as HistoryStep).at === "string") : [];
  } catch {
    return [];
  }
}

/** A step's status in words ("retry" is a try that will be made again). */
export const stepLabel = (t: TFunction, s: string) => (s === "retry" ? t("status.retry") : statusLabel(t, s));
