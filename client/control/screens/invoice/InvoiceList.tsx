import { Link } from "react-router-dom";
import { formatMajor } from "@shared/core/money";
import { useAdminInvoicesQuery } from "../../../generated/graphql";
import { AddButton, ListState, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";

export default function InvoiceList() {
  useTitle("Invoices");
  const { data, loading, error, fetchMore } = useAdminInvoicesQuery();
  const more = useNextPage("invoices", data, fetchMore);
  const rows = data?.invoices.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="Invoices"
        icon={icons.receipt_long}
        back="/control/index.html"
        backLabel="Control panel home"
        actions={<AddButton to="/control/invoice/create.html">Create Invoice</AddButton>}
      />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: "No invoices yet",
          hint: "An invoice names the customer, what was shipped and the amount; it links to the parcel's tracking page.",
          action: { to: "/control/invoice/create.html", label: "Create an invoice" },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label="Invoices">
          {rows.map((i) => (
            <li key={i.id}>
              <Link to={`/control/invoice/${i.id}`} className="cp-row cp-row-link">
                <span className="cp-row-main">
                  <strong className="cp-mono">{i.number}</strong>
                  <span>{i.product}</span>
                  <small className="cp-muted">
                    {new Date(i.created_at).toLocaleDateString()}
                    {i.customer_name ? ` · ${i.customer_name}` : ""}
                    {i.tracking_code ? ` · ${i.tracking_code}` : ""}
                  </small>
                </span>
                {i.amount != null ? <span className="cp-num">{formatMajor(i.amount, null)}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.invoices.next_page_url} more={more} />
    </div>
  );
}
