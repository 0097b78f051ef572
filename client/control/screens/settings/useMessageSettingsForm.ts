import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import {
  useAdminMessagesQuery,
  useAdminSendTestMessageMutation,
  useAdminUpdateMessageSettingsMutation,
  type AdminSettingsQuery,
} from "../../../generated/graphql";
import { DEFAULT_CHANNEL_ORDER, MESSAGE_CHANNELS, MESSAGE_SETTING_KEYS, SMS_DAILY_LIMIT_MAX } from "@shared/modules/settings/settings.codes";
import { useFormState } from "../../hooks/useFormState";
import { errorMessages } from "../../../errors";
import { number } from "../../time";
import { SETTINGS_NS } from "./deliveryDay";

type Settings = AdminSettingsQuery["adminSettings"];
export type Channel = (typeof MESSAGE_CHANNELS)[number];

/** The screen's label of each field of the messages group (and of the test message's), in the language. */
export const messageFieldLabel = (t: TFunction, key: string) => t(`msg.label.${key}`);

const WIRE = new RegExp(`\\b(${[...MESSAGE_SETTING_KEYS, "to", "channel"].join("|")})\\b`, "g");
/** A server message with each wire name of this screen's fields replaced by the field's label ("sms_daily_limit must be ..." -> "Daily SMS limit must be ..."). */
export const labelled = (t: TFunction, message: string) => message.replace(WIRE, (k) => messageFieldLabel(t, k));

/** The channel order as the server keeps it, completed with any channel it leaves out (at the end, in the default order). */
export function fullOrder(order: readonly string[]): Channel[] {
  const known = order.filter((c): c is Channel => (MESSAGE_CHANNELS as readonly string[]).includes(c));
  return [...new Set([...known, ...DEFAULT_CHANNEL_ORDER])];
}

/** The channel order moved: the channel at `from` goes to `to` (clamped); the same list when nothing moves. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}

export function useMessageSettingsForm(s: Settings) {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({
    sms_daily_limit: String(s.sms_daily_limit),
    whatsapp_template_status: s.whatsapp_template_status,
    whatsapp_template_window: s.whatsapp_template_window,
    whatsapp_verify_token: s.whatsapp_verify_token,
  });
  const [sms, setSms] = useState(s.sms_enabled);
  const [whatsapp, setWhatsapp] = useState(s.whatsapp_enabled);
  const [order, setOrder] = useState<Channel[]>(() => fullOrder(s.channel_order));
  const move = useCallback((from: number, to: number) => setOrder((o) => moved(o, from, to)), []);
  const [save] = useAdminUpdateMessageSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const limit = v.sms_daily_limit.trim();
    const n = Number(limit);
    if (!limit || !Number.isInteger(n) || n < 0 || n > SMS_DAILY_LIMIT_MAX) {
      form.setErrors([t("msg.limitRange", { field: messageFieldLabel(t, "sms_daily_limit"), max: number(SMS_DAILY_LIMIT_MAX) })]);
      return;
    }
    try {
      await save({
        variables: {
          input: {
            sms_enabled: sms,
            whatsapp_enabled: whatsapp,
            channel_order: order,
            sms_daily_limit: n,
            whatsapp_template_status: v.whatsapp_template_status.trim(),
            whatsapp_template_window: v.whatsapp_template_window.trim(),
            whatsapp_verify_token: v.whatsapp_verify_token.trim(),
          },
        },
      });
    } catch (e) {
      refused(t, form.setErrors, e);
      return;
    }
    return t("msg.saved");
  });
  return { ...form, sms, setSms, whatsapp, setWhatsapp, order, move, onSubmit };
}

/** The server's refusal in the form's panel, each field named by this screen's label. */
function refused(t: TFunction, setErrors: (e: string[]) => void, e: unknown): void {
  const messages = errorMessages(e);
  if (!messages.length) throw e;
  setErrors(messages.map((m) => labelled(t, m)));
}

/** The "send a test message" form: a number (or an address for e-mail), the channel, and the message's fate as the list shows it. */
export function useTestMessage() {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({ to: "", channel: "sms" });
  const [sent, setSent] = useState<{ id: number; channel: string } | null>(null);
  const [send] = useAdminSendTestMessageMutation();
  const onSubmit = form.submit(async () => {
    const to = form.values.to.trim();
    if (!to) {
      form.setErrors([t("msg.test.toRequired", { field: messageFieldLabel(t, "to") })]);
      return;
    }
    setSent(null);
    try {
      const { data } = await send({ variables: { input: { to, channel: form.values.channel } } });
      if (data) setSent({ id: data.sendTestMessage.id, channel: data.sendTestMessage.channel });
    } catch (e) {
      refused(t, form.setErrors, e);
    }
  });
  // The queue sends it within seconds: the newest messages of its channel are read again until it has left "queued".
  const list = useAdminMessagesQuery({
    variables: { channel: sent?.channel, page: 1, per_page: 25 },
    skip: !sent,
    fetchPolicy: "network-only",
    pollInterval: 1500,
  });
  const message = sent ? (list.data?.messages.data.find((m) => m.id === sent.id) ?? null) : null;
  const done = !!message && message.status !== "queued";
  const { stopPolling } = list;
  useEffect(() => {
    if (done) stopPolling();
  }, [done, stopPolling]);
  return { ...form, onSubmit, sent, message };
}
