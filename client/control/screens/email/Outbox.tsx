import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminOutboxQuery } from "../../../generated/graphql";
import { ListState, ListTable, NextPage, WhenCell } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";

export default function Outbox() {
  const { t } = useTranslation("control-email");
  useTitle(t("outbox.title"));
  const { data, loading, error, fetchMore } = useAdminOutboxQuery({ fetchPolicy: "network-only", nextFetchPolicy: "cache-first" });
  const more = useNextPage("outbox", data, fetchMore);
  const rows = data?.outbox.data ?? [];
  const columns = [t("outbox.time"), t("outbox.to"), t("outbox.subject"), t("outbox.kind"), t("outbox.result")];
  return (
    <div className="cp-container">
      <PageHeader
        title={t("outbox.title")}
        icon={icons.outbox}
        sub={t("outbox.sub")}
        back="/control/email/send.html"
        backLabel={t("outbox.back")}
        actions={
          <Link to="/control/email/send.html" className="cp-btn cp-btn-primary">
            <Icon path={icons.send} size={20} />
            <span>{t("outbox.send")}</span>
          </Link>
        }
      />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: t("outbox.emptyTitle"),
          hint: t("outbox.emptyHint"),
          action: { to: "/control/email/send.html", label: t("outbox.emptyAction") },
        }}
      />
      {rows.length ? (
        <ListTable testId="outbox" columns={columns}>
          {rows.map((m) => (
            <tr key={m.id}>
              <WhenCell label={columns[0]} at={m.created_at} />
              <td data-label={columns[1]} className="cp-break">
                {m.to}
              </td>
              <td data-label={columns[2]}>{m.subject}</td>
              <td data-label={columns[3]}>
                {t(`kind.${m.kind}`, { defaultValue: m.kind })}
                <small className="cp-muted"> · {m.template}</small>
              </td>
              <td data-label={columns[4]}>
                {m.delivered ? (
                  <span className="cp-badge cp-badge-ok">{t("outbox.delivered")}</span>
                ) : (
                  <span className="cp-badge cp-badge-fail" title={m.error}>
                    {t("outbox.failed", { error: m.error || t("outbox.unknownError") })}
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
