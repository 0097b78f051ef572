import { useState } from "react";
import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminPingWebhookMutation, useAdminWebhookDeliveriesQuery, useAdminWebhooksQuery } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { FormStatus } from "../../components/fields";
import { ListState, ListTable, NextPage, WhenCell } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError, isNotFound } from "../../hooks/errors";
import { useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { NotFoundCard } from "../NotFound";
import { DeliveryStatus } from "./DeliveryStatus";
import * as icons from "../../icons";

/** What a missing webhook is, for the not-found card (a key of the shell's texts). */
const MISSING = "webhook";

function Log({ id }: { id: number }) {
  const hooks = useAdminWebhooksQuery();
  const hook = hooks.data?.webhooks.find((w) => w.id === id);
  const { t } = useTranslation("control-webhooks");
  useTitle(t("logTitle"));
  const { data, loading, error, fetchMore, refetch } = useAdminWebhookDeliveriesQuery({
    variables: { webhookId: id },
    fetchPolicy: "network-only",
    nextFetchPolicy: "cache-first",
  });
  const more = useNextPage("webhookDeliveries", data, fetchMore);
  const [ping, { loading: pinging }] = useAdminPingWebhookMutation();
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  if (isNotFound(error)) return <NotFoundCard what={MISSING} />;
  const rows = data?.webhookDeliveries.data ?? [];
  const col = {
    time: t("col.time"),
    event: t("col.event"),
    status: t("col.status"),
    attempts: t("col.attempts"),
    response: t("col.response"),
    error: t("col.error"),
  };
  const sendTest = async () => {
    setErrors([]);
    setMessage("");
    try {
      const { data: d } = await ping({ variables: { id } });
      const r = d?.pingWebhook;
      const status = r ? t(`status.${r.status}`, { defaultValue: r.status }) : "";
      const detail = r?.response_status != null ? `HTTP ${r.response_status}` : (r?.error ?? "");
      setMessage(r ? (detail ? t("testResultDetail", { status, detail }) : t("testResult", { status })) : "");
      await refetch();
    } catch (e) {
      setErrors(errorMessages(e));
    }
  };
  return (
    <div className="cp-container">
      <PageHeader
        title={t("deliveries")}
        icon={icons.history}
        sub={hook ? <span className="cp-break">{hook.url}</span> : t("newestFirst")}
        back="/control/webhooks/list.html"
        backLabel={t("back")}
        actions={
          <button type="button" className="cp-btn cp-btn-primary" onClick={sendTest} disabled={pinging} aria-busy={pinging || undefined}>
            <Icon path={icons.send} size={20} />
            <span>{pinging ? t("sending") : t("sendTest")}</span>
          </button>
        }
      />
      <FormStatus errors={errors} message={message} />
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyState={{ title: t("emptyLogTitle"), hint: t("emptyLogHint") }} />
      {rows.length ? (
        <ListTable
          testId="deliveries"
          caption={t("caption")}
          columns={[col.time, col.event, col.status, { label: col.attempts, num: true }, { label: col.response, num: true }, col.error]}
        >
          {rows.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <WhenCell label={col.time} at={d.created_at} />
              <td data-label={col.event}>
                <code className="cp-event">{d.event}</code>
              </td>
              <td data-label={col.status}>
                <DeliveryStatus status={d.status} />
              </td>
              <td data-label={col.attempts} className="cp-num">
                {d.attempts}
              </td>
              <td data-label={col.response} className="cp-num" data-testid="delivery-response">
                {d.response_status ?? "-"}
              </td>
              <td data-label={col.error} className={d.error ? "cp-break" : "cp-muted"}>
                {d.error || "-"}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <NextPage nextPageUrl={data?.webhookDeliveries.next_page_url} more={more} />
    </div>
  );
}

export default function WebhookDeliveries() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundCard what={MISSING} />;
  return <Log id={id} />;
}
