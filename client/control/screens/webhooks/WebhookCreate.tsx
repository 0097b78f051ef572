import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminWebhooksQuery, type AdminWebhookFieldsFragment } from "../../../generated/graphql";
import { CheckList, FormStatus, SubmitButton, TextField } from "../../components/fields";
import { ListState } from "../../components/lists";
import { firstError } from "../../hooks/errors";
import { NotFoundCard } from "../NotFound";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { WEBHOOK_EVENTS } from "@shared/modules/webhook/webhook.codes";
import { useWebhookForm } from "./useWebhookForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

/** What a missing webhook is, for the not-found card (a key of the shell's texts); an example address for the URL field. */
const MISSING = "webhook";
const EXAMPLE_URL = "https://example.com/hooks/courier";

function WebhookForm({ hook }: { hook?: AdminWebhookFieldsFragment }) {
  const { t } = useTranslation("control-webhooks");
  const title = hook ? t("edit") : t("add");
  useTitle(title);
  const { bind, errors, busy, onSubmit, events, toggleEvent, active, setActive } = useWebhookForm(hook);
  const urlField = bind("url");
  const eventOptions = WEBHOOK_EVENTS.map((v) => ({ value: v, label: v, hint: t(`event.${v.replace(".", "_")}`) }));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={title} icon={icons.webhook} back="/control/webhooks/list.html" backLabel={t("back")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField
            field={urlField}
            type="url"
            label={t("url")}
            maxLength={MAX_LENGTH.webhookUrl}
            autoFocus={!hook}
            placeholder={EXAMPLE_URL}
            hint={t("urlHint")}
          />
          <CheckList legend={t("events")} name="events" options={eventOptions} ticked={events} onToggle={toggleEvent} />
          <label className="cp-check">
            <input type="checkbox" name="active" value="true" checked={active} onChange={(ev) => setActive(ev.target.checked)} />
            <span>
              <strong>{t("activeLabel")}</strong>
              <small className="cp-muted">{t("activeHint")}</small>
            </span>
          </label>
          <SubmitButton busy={busy}>{hook ? t("save") : t("add")}</SubmitButton>
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
  if (data || !Number.isInteger(id)) return <NotFoundCard what={MISSING} />;
  return (
    <div className="cp-container">
      <ListState loading={loading} error={firstError(error)} empty />
    </div>
  );
}
