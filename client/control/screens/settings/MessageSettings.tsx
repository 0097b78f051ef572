import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { SMS_DAILY_LIMIT_MAX } from "@shared/modules/settings/settings.codes";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { SETTINGS_NS } from "./deliveryDay";
import { labelled, messageFieldLabel, useMessageSettingsForm, useTestMessage, type Channel } from "./useMessageSettingsForm";
import { moment, number } from "../../time";
import * as icons from "../../icons";
import "./messageSettings.css";

type Settings = AdminSettingsQuery["adminSettings"];
/** A template's parameters as Meta writes them ({{1}}...), given as values so i18next leaves them as they are. */
const PARAMS = { p1: "{{1}}", p2: "{{2}}", p3: "{{3}}" };

const channelName = (t: TFunction, c: string) => t(`msg.channel.${c}`, { defaultValue: c });

/** Which providers the server has (environment variables, read-only here). */
function Providers({ p }: { p: Settings["message_providers"] }) {
  const { t } = useTranslation(SETTINGS_NS);
  const sms =
    p.sms === "twilio"
      ? p.sms_ready
        ? t("msg.providers.twilio")
        : t("msg.providers.twilioMissing")
      : p.sms === "log"
        ? t("msg.providers.log")
        : t("msg.providers.smsNone");
  const whatsapp =
    p.whatsapp === "cloud"
      ? p.whatsapp_ready
        ? p.whatsapp_signed
          ? t("msg.providers.cloud")
          : t("msg.providers.cloudUnsigned")
        : t("msg.providers.cloudMissing")
      : t("msg.providers.whatsappNone");
  const row = (label: string, ok: boolean, text: string, id: string) => (
    <div className="cp-msg-provider" data-testid={id}>
      <dt>{label}</dt>
      <dd>
        <span className={ok ? "cp-badge cp-badge-ok" : "cp-badge cp-badge-warn"}>{ok ? t("msg.providers.ready") : t("msg.providers.notReady")}</span>{" "}
        <span>{text}</span>
      </dd>
    </div>
  );
  const smsRow = row(channelName(t, "sms"), p.sms_ready, sms, "provider-sms");
  const whatsappRow = row(channelName(t, "whatsapp"), p.whatsapp_ready, whatsapp, "provider-whatsapp");
  return (
    <Card title={t("msg.providers.title")}>
      <dl className="cp-msg-providers">
        {smsRow}
        {whatsappRow}
      </dl>
      <p className="cp-hint">{t("msg.providers.hint")}</p>
    </Card>
  );
}

/** The channel order: each channel with buttons to move it (and Alt+arrow keys on them); the new place is announced. */
function ChannelOrder({ order, move }: { order: Channel[]; move: (from: number, to: number) => void }) {
  const { t } = useTranslation(SETTINGS_NS);
  const [said, setSaid] = useState("");
  const focus = useRef<{ channel: Channel; dir: "up" | "down" } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const f = focus.current;
    if (!f || !list.current) return;
    focus.current = null;
    const buttons = list.current.querySelectorAll<HTMLButtonElement>(`[data-channel="${f.channel}"] button`);
    // Keep the keyboard on the moved channel: the same button, or the other one when it reached an end.
    const wanted = [...buttons].find((b) => b.dataset.dir === f.dir && !b.disabled) ?? [...buttons].find((b) => !b.disabled);
    wanted?.focus();
  }, [order]);
  const go = (i: number, dir: "up" | "down") => {
    const to = dir === "up" ? i - 1 : i + 1;
    if (to < 0 || to >= order.length) return;
    focus.current = { channel: order[i]!, dir };
    move(i, to);
    setSaid(t("msg.order.moved", { channel: channelName(t, order[i]!), position: number(to + 1), count: number(order.length) }));
  };
  const onKey = (i: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    go(i, e.key === "ArrowUp" ? "up" : "down");
  };
  return (
    <fieldset className="cp-msg-order" aria-describedby="msg-order-hint">
      <legend className="cp-label">{t("msg.label.channel_order")}</legend>
      <small id="msg-order-hint" className="cp-hint">
        {t("msg.order.hint")}
      </small>
      <ol ref={list} className="cp-msg-order-list" data-testid="channel-order">
        {order.map((c, i) => (
          <li key={c} data-channel={c} className="cp-msg-order-item">
            <span className="cp-msg-order-pos" aria-hidden="true">
              {number(i + 1)}
            </span>
            <strong className="cp-msg-order-name">{channelName(t, c)}</strong>
            <button
              type="button"
              className="cp-btn cp-btn-outline cp-btn-sm"
              data-dir="up"
              disabled={i === 0}
              onClick={() => go(i, "up")}
              onKeyDown={onKey(i)}
              aria-label={t("msg.order.upLabel", { channel: channelName(t, c) })}
            >
              {t("msg.order.up")}
            </button>
            <button
              type="button"
              className="cp-btn cp-btn-outline cp-btn-sm"
              data-dir="down"
              disabled={i === order.length - 1}
              onClick={() => go(i, "down")}
              onKeyDown={onKey(i)}
              aria-label={t("msg.order.downLabel", { channel: channelName(t, c) })}
            >
              {t("msg.order.down")}
            </button>
          </li>
        ))}
      </ol>
      <p className="cp-visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}

function Switch({ name, checked, onChange, hint }: { name: string; checked: boolean; onChange: (v: boolean) => void; hint: string }) {
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <label className="cp-check">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <strong>{messageFieldLabel(t, name)}</strong>
        <small className="cp-muted">{hint}</small>
      </span>
    </label>
  );
}

function Form({ settings }: { settings: Settings }) {
  const { t } = useTranslation(SETTINGS_NS);
  const f = useMessageSettingsForm(settings);
  const label = (k: string) => messageFieldLabel(t, k);
  const text = (k: "whatsapp_template_status" | "whatsapp_template_window" | "whatsapp_verify_token", hint: string, maxLength: number) => (
    <TextField field={f.bind(k)} label={label(k)} optional maxLength={maxLength} autoComplete="off" hint={hint} />
  );
  const limitLabel = label("sms_daily_limit");
  const statusTemplate = text("whatsapp_template_status", t("msg.templateStatusHint", PARAMS), 512);
  const windowTemplate = text("whatsapp_template_window", t("msg.templateWindowHint", PARAMS), 512);
  const verifyToken = text("whatsapp_verify_token", t("msg.verifyTokenHint"), 200);
  return (
    <form className="cp-form" onSubmit={f.onSubmit} noValidate aria-label={t("msg.channelsTitle")}>
      <Card title={t("msg.channelsTitle")}>
        <Switch name="sms_enabled" checked={f.sms} onChange={f.setSms} hint={t("msg.smsHint")} />
        <Switch name="whatsapp_enabled" checked={f.whatsapp} onChange={f.setWhatsapp} hint={t("msg.whatsappHint")} />
        <ChannelOrder order={f.order} move={f.move} />
        <TextField
          field={f.bind("sms_daily_limit")}
          label={limitLabel}
          type="number"
          min={0}
          max={SMS_DAILY_LIMIT_MAX}
          hint={t("msg.limitHint", { max: number(SMS_DAILY_LIMIT_MAX) })}
        />
      </Card>
      <Card title={t("msg.whatsappTitle")}>
        <p className="cp-muted">{t("msg.templatesIntro")}</p>
        {statusTemplate}
        {windowTemplate}
        {verifyToken}
      </Card>
      <div className="cp-msg-save">
        <FormStatus errors={f.errors} message={f.message} />
        <SubmitButton busy={f.busy}>{t("save")}</SubmitButton>
      </div>
    </form>
  );
}

/** "Send a test message": queued and sent like the others; its fate is read back from the Messages list. */
function TestMessage() {
  const { t } = useTranslation(SETTINGS_NS);
  const f = useTestMessage();
  const options = (["sms", "whatsapp", "email"] as const).map((c) => ({ value: c, label: channelName(t, c) }));
  const m = f.message;
  const channelLabel = label(t, "channel");
  const toLabel = label(t, "to");
  return (
    <Card title={t("msg.test.title")}>
      <form className="cp-form" onSubmit={f.onSubmit} noValidate aria-label={t("msg.test.title")}>
        <p className="cp-muted">{t("msg.test.intro")}</p>
        <div className="cp-field-row">
          <SelectField field={f.bind("channel")} label={channelLabel} options={options} />
          <TextField
            field={f.bind("to")}
            label={toLabel}
            type={f.values.channel === "email" ? "email" : "tel"}
            maxLength={200}
            autoComplete="off"
            hint={f.values.channel === "email" ? t("msg.test.toEmailHint") : t("msg.test.toPhoneHint")}
          />
        </div>
        <FormStatus errors={f.errors.map((e) => labelled(t, e))} />
        <SubmitButton busy={f.busy} icon={icons.forum}>
          {t("msg.test.send")}
        </SubmitButton>
      </form>
      {f.sent ? (
        <div className="cp-alert cp-alert-success cp-msg-test-result" role="status" data-testid="test-result">
          {m ? (
            <p>
              {t("msg.test.result", {
                id: m.id,
                channel: channelName(t, m.channel),
                status: t(`msg.status.${m.status}`, { defaultValue: m.status }),
                to: m.to || "",
              })}
              {m.reason ? ` ${t("msg.test.reason", { reason: m.reason })}` : ""} <small className="cp-muted">{moment(m.updated_at)}</small>
            </p>
          ) : (
            <p>{t("msg.test.queued", { id: f.sent.id })}</p>
          )}
          <Link to={`/control/messages?open=${f.sent.id}`}>{t("msg.test.see")}</Link>
        </div>
      ) : null}
    </Card>
  );
}

const label = (t: TFunction, k: string) => messageFieldLabel(t, k);

export default function MessageSettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.messages"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={t("menu.messages")}
        icon={icons.forum}
        back="/control/settings"
        backLabel={t("back")}
        sub={t("msg.sub")}
        actions={
          <Link to="/control/messages" className="cp-btn cp-btn-outline">
            <Icon path={icons.outbox} size={20} />
            <span>{t("msg.list")}</span>
          </Link>
        }
      />
      <SettingsGate>
        {(s) => (
          <>
            <Providers p={s.message_providers} />
            <Form settings={s} />
            <TestMessage />
          </>
        )}
      </SettingsGate>
    </div>
  );
}
