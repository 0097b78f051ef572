import { useState } from "react";
import { useParams } from "react-router-dom";
import { useAdminPingWebhookMutation, useAdminWebhookDeliveriesQuery, useAdminWebhooksQuery } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { FormStatus } from "../../components/fields";
import { ListState, ListTable, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError, isNotFound } from "../../hooks/errors";
import { useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { NotFoundCard } from "../NotFound";
import { DeliveryStatus } from "./DeliveryStatus";
import * as icons from "../../icons";

function Log({ id }: { id: number }) {
  const hooks = useAdminWebhooksQuery();
  const hook = hooks.data?.webhooks.find((w) => w.id === id);
  useTitle("Webhook deliveries");
  const { data, loading, error, fetchMore, refetch } = useAdminWebhookDeliveriesQuery({
    variables: { webhookId: id },
    fetchPolicy: "network-only",
    nextFetchPolicy: "cache-first",
  });
  const more = useNextPage("webhookDeliveries", data, fetchMore);
  const [ping, { loading: pinging }] = useAdminPingWebhookMutation();
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  if (isNotFound(error)) return <NotFoundCard what="webhook" />;
  const rows = data?.webhookDeliveries.data ?? [];
  const sendTest = async () => {
    setErrors([]);
    setMessage("");
    try {
      const { data: d } = await ping({ variables: { id } });
      const r = d?.pingWebhook;
      setMessage(r ? `Test event ${r.status}${r.response_status != null ? `: HTTP ${r.response_status}` : r.error ? `: ${r.error}` : ""}` : "");
      await refetch();
    } catch (e) {
      setErrors(errorMessages(e));
    }
  };
  return (
    <div className="cp-container">
      <PageHeader
        title="Deliveries"
        icon={icons.history}
        sub={hook ? <span className="cp-break">{hook.url}</span> : "Newest first"}
        back="/control/webhooks/list.html"
        backLabel="Back to webhooks"
        actions={
          <button type="button" className="cp-btn cp-btn-primary" onClick={sendTest} disabled={pinging} aria-busy={pinging || undefined}>
            <Icon path={icons.send} size={20} />
            <span>{pinging ? "Sending ..." : "Send test"}</span>
          </button>
        }
      />
      <FormStatus errors={errors} message={message} />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{ title: "No deliveries yet", hint: "Each event sent to this webhook is listed here. Send a test event to try it." }}
      />
      {rows.length ? (
        <ListTable
          testId="deliveries"
          caption="Deliveries of this webhook, newest first"
          columns={["Time", "Event", "Status", { label: "Attempts", num: true }, { label: "Response", num: true }, "Error"]}
        >
          {rows.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td data-label="Time">
                <time dateTime={d.created_at}>{new Date(d.created_at).toLocaleString()}</time>
              </td>
              <td data-label="Event">
                <code className="cp-event">{d.event}</code>
              </td>
              <td data-label="Status">
                <DeliveryStatus status={d.status} />
              </td>
              <td data-label="Attempts" className="cp-num">
                {d.attempts}
              </td>
              <td data-label="Response" className="cp-num" data-testid="delivery-response">
                {d.response_status ?? "-"}
              </td>
              <td data-label="Error" className={d.error ? "cp-break" : "cp-muted"}>
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
  if (!Number.isInteger(id) || id <= 0) return <NotFoundCard what="webhook" />;
  return <Log id={id} />;
}
