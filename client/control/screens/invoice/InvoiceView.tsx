import { Link, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { languageOf } from "@shared/i18n/languages";
import { controlLanguage, day } from "../../time";
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

// An invoice's amount is a number of the major unit with no currency (the contract's Float), in the language's digits.
const money = (n: number) => formatMajor(n, null, languageOf(controlLanguage()).tag);
/** The invoice's date: "24 November 2026" as the language writes it. */
const LONG_DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };
/** What a missing invoice is, for the not-found card (a key of the shell's texts). */
const MISSING = "invoice";

/** A printable invoice: the company's contact details, number, date and what was sold. */
export default function InvoiceView() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, loading, error } = useAdminInvoiceQuery({ variables: { id }, skip: !valid });
  const flash = useFlash();
  const company = useProductName();
  const { t } = useTranslation("control-invoice");
  const inv = data?.invoice;
  useTitle(inv ? t("invoiceOf", { number: inv.number }) : t("invoice"));
  if (!valid || (!inv && isNotFound(error))) return <NotFoundCard what={MISSING} />;
  if (!inv)
    return (
      <div className="cp-container">
        <ListState loading={loading} error={firstError(error)} empty />
      </div>
    );
  const s = data?.adminSettings;
  return (
    <div className="cp-container cp-narrow">
      <div className="cp-noprint">
        <FormStatus errors={[]} message={flash} />
        <div className="cp-actions">
          <Link to="/control/invoice/list.html" className="cp-btn cp-btn-outline">
            <Icon path={icons.arrow_back} size={20} />
            <span>{t("list")}</span>
          </Link>
          <button type="button" className="cp-btn cp-btn-primary" onClick={() => window.print()}>
            <Icon path={icons.print} size={20} />
            <span>{t("print")}</span>
          </button>
          <a href={`/api/invoices/${inv.id}/pdf`} className="cp-btn cp-btn-outline" download={`${inv.number}.pdf`}>
            <Icon path={icons.download} size={20} />
            <span>{t("pdf")}</span>
          </a>
        </div>
      </div>
      <article className="cp-invoice" aria-labelledby="cp-invoice-title">
        <header className="cp-invoice-head">
          <div>
            <h1 id="cp-invoice-title">{t("invoice")}</h1>
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
            <dt>{t("date")}</dt>
            <dd>
              <time dateTime={inv.created_at}>{day(inv.created_at, LONG_DATE)}</time>
            </dd>
          </div>
          {inv.customer_name ? (
            <div>
              <dt>{t("billedTo")}</dt>
              <dd>{inv.customer_name}</dd>
            </div>
          ) : null}
          {inv.tracking_code ? (
            <div>
              <dt>{t("trackingCode")}</dt>
              <dd className="cp-mono">{inv.tracking_code}</dd>
            </div>
          ) : null}
        </dl>
        <table className="cp-table cp-invoice-lines">
          <thead>
            <tr>
              <th scope="col">{t("product")}</th>
              <th scope="col" className="cp-num">
                {t("amount")}
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
                <th scope="row">{t("total")}</th>
                <td className="cp-num">
                  <strong>{money(inv.amount)}</strong>
                </td>
              </tr>
            </tfoot>
          ) : null}
        </table>
        {inv.tracking_code ? <TrackQr code={inv.tracking_code} /> : null}
        <footer className="cp-invoice-foot">
          <p>{t("thanks")}</p>
          {s && (s.contact_twitter || s.contact_instagram || s.contact_telegram) ? (
            <p className="cp-muted cp-small">{[s.contact_twitter, s.contact_instagram, s.contact_telegram].filter(Boolean).join(" · ")}</p>
          ) : null}
        </footer>
      </article>
    </div>
  );
}
