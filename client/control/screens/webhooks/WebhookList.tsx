import { useState } from "react";
import { Link } from "react-router-dom";
import {
  useAdminDeleteWebhookMutation,
  useAdminPingWebhookMutation,
  useAdminUpdateWebhookMutation,
  useAdminWebhooksQuery,
  type AdminWebhookDeliveryFieldsFragment,
  type AdminWebhookFieldsFragment,
} from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { AddButton, DeleteButton, ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { evict, useConfirmDelete, useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { DeliveryStatus } from "./DeliveryStatus";
import * as icons from "../../icons";

const mask = (secret: string) => `${secret.slice(0, 6)}${"•".repeat(16)}`;

function Secret({ secret, url }: { secret: string; url: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="cp-secret">
      <code data-testid="webhook-secret">{shown ? secret : mask(secret)}</code>
      <button
        type="button"
        className="cp-icon-btn cp-icon-btn-sm"
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        aria-label={`${shown ? "Hide" : "Show"} the secret of ${url}`}
        title={shown ? "Hide" : "Show"}
      >
        <Icon path={shown ? icons.visibility_off : icons.visibility} size={18} />
      </button>
    </span>
  );
}

type Ping = { delivery?: AdminWebhookDeliveryFieldsFragment; error?: string };

function PingResult({ ping, hookId }: { ping: Ping; hookId: number }) {
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
        <strong>{ok ? "Test event delivered" : "Test event not delivered"}</strong> <DeliveryStatus status={d.status} />{" "}
        {d.response_status != null ? `HTTP ${d.response_status}` : "no answer"}
        {d.error ? ` · ${d.error}` : ""}
      </p>
      {d.response_body ? <pre className="cp-pre">{d.response_body}</pre> : null}
      <p className="cp-small">
        Every attempt is in the <Link to={`/control/webhooks/${hookId}/deliveries.html`}>deliveries log</Link>.
      </p>
    </div>
  );
}

function Row({ hook }: { hook: AdminWebhookFieldsFragment }) {
  const [ping, { loading: pinging }] = useAdminPingWebhookMutation();
  const [update, { loading: updating }] = useAdminUpdateWebhookMutation();
  const [remove] = useAdminDeleteWebhookMutation();
  const del = useConfirmDelete("Webhook");
  const [result, setResult] = useState<Ping | null>(null);
  const sendTest = async () => {
    setResult(null);
    try {
      const { data } = await ping({ variables: { id: hook.id } });
      setResult({ delivery: data?.pingWebhook });
    } catch (e) {
      setResult({ error: errorMessages(e)[0] ?? "Could not send the test event" });
    }
  };
  const toggle = async () => {
    try {
      await update({ variables: { input: { id: hook.id, active: !hook.active } } });
    } catch (e) {
      setResult({ error: errorMessages(e)[0] ?? "Could not change the webhook" });
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
            <span className={`cp-badge ${hook.active ? "cp-badge-ok" : "cp-badge-muted"}`}>{hook.active ? "active" : "paused"}</span>
            {hook.events.map((e) => (
              <code key={e} className="cp-event">
                {e}
              </code>
            ))}
          </span>
        </div>
        <DeleteButton
          label={`Delete webhook ${hook.url}`}
          busy={del.busyId === hook.id}
          onClick={() => del.run(hook.id, () => remove({ variables: { id: hook.id }, update: (cache) => evict(cache, "Webhook", hook.id) }))}
        />
      </div>
      <div className="cp-webhook-secret">
        <span className="cp-label">Secret</span>
        <Secret secret={hook.secret} url={hook.url} />
      </div>
      <div className="cp-webhook-actions">
        <button type="button" className="cp-btn cp-btn-primary cp-btn-sm" onClick={sendTest} disabled={pinging} aria-busy={pinging || undefined}>
          <Icon path={icons.send} size={18} />
          <span>{pinging ? "Sending ..." : "Send test"}</span>
        </button>
        <Link to={`/control/webhooks/${hook.id}/deliveries.html`} className="cp-btn cp-btn-outline cp-btn-sm">
          <Icon path={icons.history} size={18} />
          <span>Deliveries</span>
        </Link>
        <Link to={`/control/webhooks/${hook.id}/edit.html`} className="cp-btn cp-btn-outline cp-btn-sm">
          <Icon path={icons.edit} size={18} />
          <span>Edit</span>
        </Link>
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={toggle} disabled={updating}>
          <span>{hook.active ? "Pause" : "Resume"}</span>
        </button>
      </div>
      {result ? <PingResult ping={result} hookId={hook.id} /> : null}
    </li>
  );
}

export default function WebhookList() {
  useTitle("Webhooks");
  const flash = useFlash();
  const { data, loading, error } = useAdminWebhooksQuery();
  const rows = data?.webhooks ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="Webhooks"
        icon={icons.webhook}
        sub="Other systems hear about parcels as it happens."
        back="/control/index.html"
        backLabel="Control panel home"
        actions={<AddButton to="/control/webhooks/create.html">Add Webhook</AddButton>}
      />
      <FormStatus errors={[]} message={flash} />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: "No webhooks yet",
          hint: "Add a webhook to send parcel events to another system.",
          action: { to: "/control/webhooks/create.html", label: "Add a webhook" },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label="Webhooks">
          {rows.map((h) => (
            <Row key={h.id} hook={h} />
          ))}
        </ul>
      ) : null}
      <Card title="How receivers check a delivery" className="cp-help-card">
        <p className="cp-small">
          Each event is a <code>POST</code> with a JSON body and the headers <code>X-Courier-Event</code>, <code>X-Courier-Delivery</code> and{" "}
          <code>X-Courier-Signature</code>. The signature is <code>sha256=</code> followed by the hex HMAC-SHA256 of the raw body, keyed with the hook's secret:
          compute it over the bytes you received and compare in constant time. Answer with a 2xx status; anything else is retried with growing pauses.
        </p>
      </Card>
    </div>
  );
}
