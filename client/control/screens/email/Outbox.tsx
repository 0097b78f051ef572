import { Link } from "react-router-dom";
import { useAdminOutboxQuery } from "../../../generated/graphql";
import { ListState, ListTable, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";

const KIND: Record<string, string> = {
  admin: "Admin e-mail",
  contact: "Contact form",
  reset: "Password reset",
  notification: "Notification",
  invitation: "Invitation",
  security: "Account security",
};

export default function Outbox() {
  useTitle("Outbox");
  const { data, loading, error, fetchMore } = useAdminOutboxQuery({ fetchPolicy: "network-only", nextFetchPolicy: "cache-first" });
  const more = useNextPage("outbox", data, fetchMore);
  const rows = data?.outbox.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="Outbox"
        icon={icons.outbox}
        sub="Every message the site sent, newest first."
        back="/control/email/send.html"
        backLabel="Back to Send Email"
        actions={
          <Link to="/control/email/send.html" className="cp-btn cp-btn-primary">
            <Icon path={icons.send} size={20} />
            <span>Send Email</span>
          </Link>
        }
      />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: "No e-mail sent yet",
          hint: "Every message the site sends (contact form, status e-mails, resets, Send Email) is listed here.",
          action: { to: "/control/email/send.html", label: "Send an e-mail" },
        }}
      />
      {rows.length ? (
        <ListTable testId="outbox" columns={["Time", "To", "Subject", "Kind", "Result"]}>
          {rows.map((m) => (
            <tr key={m.id}>
              <td data-label="Time">
                <time dateTime={m.created_at}>{new Date(m.created_at).toLocaleString()}</time>
              </td>
              <td data-label="To" className="cp-break">
                {m.to}
              </td>
              <td data-label="Subject">{m.subject}</td>
              <td data-label="Kind">
                {KIND[m.kind] ?? m.kind}
                <small className="cp-muted"> · {m.template}</small>
              </td>
              <td data-label="Result">
                {m.delivered ? (
                  <span className="cp-badge cp-badge-ok">delivered</span>
                ) : (
                  <span className="cp-badge cp-badge-fail" title={m.error}>
                    failed: {m.error || "unknown error"}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <NextPage nextPageUrl={data?.outbox.next_page_url} more={more} />
    </div>
  );
}
