import { Link, useParams } from "react-router-dom";
import { formatMajor } from "@shared/core/money";
import { useAdminInvoiceQuery } from "../../../generated/graphql";
import { FormStatus } from "../../components/fields";
import { ListState } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { firstError, isNotFound } from "../../hooks/errors";
import { useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { LogoMark, useProductName } from "../../../components/brand";
import { NotFoundCard } from "../NotFound";
import { TrackQr } from "./TrackQr";
import * as icons from "../../icons";

// An invoice's amount is a number of the major unit with no currency (the contract's Float).
const money = (n: number) => formatMajor(n, null);

/** A printable invoice: the company's contact details, number, date and what was sold. */
export default function InvoiceView() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, loading, error } = useAdminInvoiceQuery({ variables: { id }, skip: !valid });
  const flash = useFlash();
  const company = useProductName();
  const inv = data?.invoice;
  useTitle(inv ? `Invoice ${inv.number}` : "Invoice");
  if (!valid || (!inv && isNotFound(error))) return <NotFoundCard what="invoice" />;
  if (!inv)
    return (
      <div className="cp-container">
        <ListState loading={loading} error={firstError(error)} empty />
      </div>
    );
  const s = data?.adminSettings;
  const date = new Date(inv.created_at);
  return (
    <div className="cp-container cp-narrow">
      <div className="cp-noprint">
        <FormStatus errors={[]} message={flash} />
        <div className="cp-actions">
          <Link to="/control/invoice/list.html" className="cp-btn cp-btn-outline">
            <Icon path={icons.arrow_back} size={20} />
            <span>Invoices</span>
          </Link>
          <button type="button" className="cp-btn cp-btn-primary" onClick={() => window.print()}>
            <Icon path={icons.print} size={20} />
            <span>Print</span>
          </button>
          <a href={`/api/invoices/${inv.id}/pdf`} className="cp-btn cp-btn-outline" download={`${inv.number}.pdf`}>
            <Icon path={icons.download} size={20} />
            <span>Download PDF</span>
          </a>
        </div>
      </div>
      <article className="cp-invoice" aria-labelledby="cp-invoice-title">
        <header className="cp-invoice-head">
          <div>
            <h1 id="cp-invoice-title">Invoice</h1>
            <p className="cp-invoice-number" data-testid="invoice-number">
              {inv.number}
            </p>
          </div>
          <address className="cp-invoice-company">
            <div className="cp-invoice-brand">
              <LogoMark size={30} />
              <strong>{company}</strong>
            </div>
            {s?.contact_address ? <div>{s.contact_address}</div> : null}
            {s?.contact_email ? <div>{s.contact_email}</div> : null}
            {s?.contact_phone ? <div>{s.contact_phone}</div> : null}
            {s?.contact_phone_alt ? <div>{s.contact_phone_alt}</div> : null}
          </address>
        </header>
        <dl className="cp-invoice-meta">
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={inv.created_at}>{date.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" })}</time>
            </dd>
          </div>
          {inv.customer_name ? (
            <div>
              <dt>Billed to</dt>
              <dd>{inv.customer_name}</dd>
            </div>
          ) : null}
          {inv.tracking_code ? (
            <div>
              <dt>Tracking code</dt>
              <dd className="cp-mono">{inv.tracking_code}</dd>
            </div>
          ) : null}
        </dl>
        <table className="cp-table cp-invoice-lines">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="cp-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{inv.product}</td>
              <td className="cp-num">{inv.amount != null ? money(inv.amount) : "-"}</td>
            </tr>
          </tbody>
          {inv.amount != null ? (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="cp-num">
                  <strong>{money(inv.amount)}</strong>
                </td>
              </tr>
            </tfoot>
          ) : null}
        </table>
        {inv.tracking_code ? <TrackQr code={inv.tracking_code} /> : null}
        <footer className="cp-invoice-foot">
          <p>Thank you for your business.</p>
          {s && (s.contact_twitter || s.contact_instagram || s.contact_telegram) ? (
            <p className="cp-muted cp-small">{[s.contact_twitter, s.contact_instagram, s.contact_telegram].filter(Boolean).join(" · ")}</p>
          ) : null}
        </footer>
      </article>
    </div>
  );
}
