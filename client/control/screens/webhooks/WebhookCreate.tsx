import { useParams } from "react-router-dom";
import { useAdminWebhooksQuery, type AdminWebhookFieldsFragment } from "../../../generated/graphql";
import { CheckList, FormStatus, SubmitButton, TextField } from "../../components/fields";
import { ListState } from "../../components/lists";
import { firstError } from "../../hooks/errors";
import { NotFoundCard } from "../NotFound";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { WEBHOOK_EVENT_OPTIONS } from "../../options";
import { useWebhookForm } from "./useWebhookForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

function WebhookForm({ hook }: { hook?: AdminWebhookFieldsFragment }) {
  const title = hook ? "Edit Webhook" : "Add Webhook";
  useTitle(title);
  const { bind, errors, busy, onSubmit, events, toggleEvent, active, setActive } = useWebhookForm(hook);
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={title} icon={icons.webhook} back="/control/webhooks/list.html" backLabel="Back to webhooks" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField
            field={bind("url")}
            type="url"
            label="URL"
            maxLength={MAX_LENGTH.webhookUrl}
            autoFocus={!hook}
            placeholder="https://example.com/hooks/courier"
            hint="Receives a POST with a JSON body for each event, signed with the hook's secret."
          />
          <CheckList legend="Events" name="events" options={WEBHOOK_EVENT_OPTIONS} ticked={events} onToggle={toggleEvent} />
          <label className="cp-check">
            <input type="checkbox" name="active" value="true" checked={active} onChange={(ev) => setActive(ev.target.checked)} />
            <span>
              <strong>Active</strong>
              <small className="cp-muted">Send events as they happen. A paused hook receives nothing but test events.</small>
            </span>
          </label>
          <SubmitButton busy={busy}>{hook ? "Save" : "Add Webhook"}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}

export default function WebhookCreate() {
  return <WebhookForm />;
}

export function WebhookEdit() {
  const id = Number(useParams().id);
  const { data, loading, error } = useAdminWebhooksQuery();
  const hook = data?.webhooks.find((w) => w.id === id);
  if (hook) return <WebhookForm key={hook.id} hook={hook} />;
  if (data || !Number.isInteger(id)) return <NotFoundCard what="webhook" />;
  return (
    <div className="cp-container">
      <ListState loading={loading} error={firstError(error)} empty />
    </div>
  );
}
