import { useState } from "react";
import { Link } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import {
  useAdminDeleteWebhookMutation,
  useAdminPingWebhookMutation,
  useAdminUpdateWebhookMutation,
  useAdminWebhooksQuery,
  type AdminWebhookDeliveryFieldsFragment,
  type AdminWebhookFieldsFragment,
} from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { AddButton, DeleteRecord, RecordList } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { DeliveryStatus } from "./DeliveryStatus";
import * as icons from "../../icons";

const WEBHOOKS_NS = "control-webhooks";
/** The receiver's headers and the signature's prefix, as the help names them (the same in every language). */
const CODE = <code />;

const mask = (secret: string) => `${secret.slice(0, 6)}${"•".repeat(16)}`;

function Secret({ secret, url }: { secret: string; url: string }) {
  const [shown, setShown] = useState(false);
  const { t } = useTranslation(WEBHOOKS_NS);
  return (
    <span className="cp-secret">
      <code data-testid="webhook-secret">{shown ? secret : mask(secret)}</code>
      <button
        type="button"
        className="cp-icon-btn cp-icon-btn-sm"
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        aria-label={t(shown ? "hideSecret" : "showSecret", { url })}
        title={shown ? t("hide") : t("show")}
      >
        <Icon path={shown ? icons.visibility_off : icons.visibility} size={18} />
      </button>
    </span>
  );
}

type Ping = { delivery?: AdminWebhookDeliveryFieldsFragment; error?: string };

function PingResult({ ping, hookId }: { ping: Ping; hookId: number }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  if (ping.error)
    return (
      <p className="cp-alert cp-alert-error cp-ping" role="alert" data-testid="ping-result">
        {ping.error}
      </p>
    );
  const d = ping.delivery!;
  const ok = d.status === "delivered";
  return (
    <div className={`cp-alert ${ok ? "cp-alert-success" : "cp-alert-error"} cp-ping`} role="status" data-testid="ping-result">
      <p>
        <strong>{ok ? t("testDelivered") : t("testFailed")}</strong> <DeliveryStatus status={d.status} />{" "}
        {d.response_status != null ? `HTTP ${d.response_status}` : t("noAnswer")}
        {d.error ? ` · ${d.error}` : ""}
      </p>
      {d.response_body ? <pre className="cp-pre">{d.response_body}</pre> : null}
      <p className="cp-small">
        <Trans t={t} i18nKey="log" components={{ goto: <Link to={`/control/webhooks/${hookId}/deliveries.html`} /> }} />
      </p>
    </div>
  );
}

function Row({ hook }: { hook: AdminWebhookFieldsFragment }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const [ping, { loading: pinging }] = useAdminPingWebhookMutation();
  const [update, { loading: updating }] = useAdminUpdateWebhookMutation();
  const [remove] = useAdminDeleteWebhookMutation();
  const [result, setResult] = useState<Ping | null>(null);
  const sendTest = async () => {
    setResult(null);
    try {
      const { data } = await ping({ variables: { id: hook.id } });
      setResult({ delivery: data?.pingWebhook });
    } catch (e) {
      setResult({ error: errorMessages(e)[0] ?? t("pingFailed") });
    }
  };
  const toggle = async () => {
    try {
      await update({ variables: { input: { id: hook.id, active: !hook.active } } });
    } catch (e) {
      setResult({ error: errorMessages(e)[0] ?? t("changeFailed") });
    }
  };
  return (
    <li className="cp-card cp-webhook" data-testid="webhook-row">
      <div className="cp-webhook-head">
        <span className="cp-row-icon cp-accent" aria-hidden="true">
          <Icon path={icons.webhook} size={24} />
        </span>
        <div className="cp-row-main">
          <strong className="cp-break" data-testid="webhook-url">
            {hook.url}
          </strong>
          <span className="cp-webhook-meta">
            <span className={`cp-badge ${hook.active ? "cp-badge-ok" : "cp-badge-muted"}`}>{hook.active ? t("active") : t("paused")}</span>
            {hook.events.map((e) => (
              <code key={e} className="cp-event">
                {e}
              </code>
            ))}
          </span>
        </div>
        <DeleteRecord
          typename="Webhook"
          id={hook.id}
          label={t("deleteHook", { url: hook.url })}
          remove={(update) => remove({ variables: { id: hook.id }, update })}
        />
      </div>
      <div className="cp-webhook-secret">
        <span className="cp-label">{t("secret")}</span>
        <Secret secret={hook.secret} url={hook.url} />
      </div>
      <div className="cp-webhook-actions">
        <button type="button" className="cp-btn cp-btn-primary cp-btn-sm" onClick={sendTest} disabled={pinging} aria-busy={pinging || undefined}>
          <Icon path={icons.send} size={18} />
          <span>{pinging ? t("sending") : t("sendTest")}</span>
        </button>
        <Link to={`/control/webhooks/${hook.id}/deliveries.html`} className="cp-btn cp-btn-outline cp-btn-sm">
          <Icon path={icons.history} size={18} />
          <span>{t("deliveries")}</span>
        </Link>
        <Link to={`/control/webhooks/${hook.id}/edit.html`} className="cp-btn cp-btn-outline cp-btn-sm">
          <Icon path={icons.edit} size={18} />
          <span>{t("editButton")}</span>
        </Link>
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={toggle} disabled={updating}>
          <span>{hook.active ? t("pause") : t("resume")}</span>
        </button>
      </div>
      {result ? <PingResult ping={result} hookId={hook.id} /> : null}
    </li>
  );
}

export default function WebhookList() {
  const { t } = useTranslation(WEBHOOKS_NS);
  useTitle(t("title"));
  const flash = useFlash();
  const { data, loading, error } = useAdminWebhooksQuery();
  const rows = data?.webhooks ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title={t("title")}
        icon={icons.webhook}
        sub={t("sub")}
        back="/control/index.html"
        backLabel={t("home")}
        actions={<AddButton to="/control/webhooks/create.html">{t("add")}</AddButton>}
      />
      <FormStatus errors={[]} message={flash} />
      <RecordList
        label={t("title")}
        loading={loading}
        error={firstError(error)}
        rows={rows}
        empty={{ title: t("emptyTitle"), hint: t("emptyHint"), action: { to: "/control/webhooks/create.html", label: t("emptyAction") } }}
      >
        {(h) => <Row key={h.id} hook={h} />}
      </RecordList>
      <Card title={t("helpTitle")} className="cp-help-card">
        <p className="cp-small">
          <Trans t={t} i18nKey="help" components={{ c: CODE }} />
        </p>
      </Card>
    </div>
  );
}
