import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { languageOf } from "@shared/i18n/languages";
import { controlLanguage, day } from "../../time";
import { formatMajor } from "@shared/core/money";
import { useAdminInvoicesQuery } from "../../../generated/graphql";
import { AddButton, RecordList } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";

/** A list row's date: "24 Nov 2026" as the language writes it. */
const SHORT_DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

export default function InvoiceList() {
  const { t } = useTranslation("control-invoice");
  useTitle(t("title"));
  const { data, loading, error, fetchMore } = useAdminInvoicesQuery();
  const more = useNextPage("invoices", data, fetchMore);
  const rows = data?.invoices.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title={t("title")}
        icon={icons.receipt_long}
        back="/control/index.html"
        backLabel={t("home")}
        actions={<AddButton to="/control/invoice/create.html">{t("create")}</AddButton>}
      />
      <RecordList
        label={t("title")}
        loading={loading}
        error={firstError(error)}
        rows={rows}
        empty={{ title: t("emptyTitle"), hint: t("emptyHint"), action: { to: "/control/invoice/create.html", label: t("emptyAction") } }}
        next={{ nextPageUrl: data?.invoices.next_page_url, more }}
      >
        {(i) => (
          <li key={i.id}>
            <Link to={`/control/invoice/${i.id}`} className="cp-row cp-row-link">
              <span className="cp-row-main">
                <strong className="cp-mono">{i.number}</strong>
                <span>{i.product}</span>
                <small className="cp-muted">
                  {day(i.created_at, SHORT_DATE)}
                  {i.customer_name ? ` · ${i.customer_name}` : ""}
                  {i.tracking_code ? ` · ${i.tracking_code}` : ""}
                </small>
              </span>
              {i.amount != null ? <span className="cp-num">{formatMajor(i.amount, null, languageOf(controlLanguage()).tag)}</span> : null}
            </Link>
          </li>
        )}
      </RecordList>
    </div>
  );
}
