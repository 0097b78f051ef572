import { useState } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Icon } from "../../components/Icon";
import { ErrorAlert } from "../../components/ErrorList";
import { AccountPager, AccountTable } from "./AccountTable";
import { useDocumentTitle } from "../../components/brand";
import { errorMessages } from "../../errors";
import { useUserStatementsQuery } from "../../generated/shipper";
import { fmtDate } from "../parcel/format";
import { fmtMoney } from "../quote/money";
import { picture_as_pdf } from "../quote/icons";

/** The shipper's statements (its invoices), each with its PDF. */
export function Statements() {
  const { t, i18n } = useShipperTranslation();
  useDocumentTitle(t("account.nav.statements"));
  const [page, setPage] = useState(1);
  const { data, error } = useUserStatementsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  const list = data?.userStatements;
  const day = (d: string) => fmtDate(i18n.language, d, { day: "numeric", month: "short", year: "numeric" });
  return (
    <section className="card account-card" aria-labelledby="statements-title">
      <h2 id="statements-title">{t("account.nav.statements")}</h2>
      {error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(error)} /> : null}
      {list && !list.data.length ? <p className="quote-note">{t("account.noStatements")}</p> : null}
      {list?.data.length ? (
        <AccountTable columns={[t("account.number"), t("account.period"), t("account.status"), { label: t("account.total"), num: true }]}>
          {list.data.map((s) => (
            <tr key={s.id}>
              <td dir="ltr">{s.number}</td>
              <td>
                {day(s.from)} – {day(s.to)}
              </td>
              <td>
                <span className={`status-chip statement-${s.status}`}>{t(`account.statement.${s.status}`, { defaultValue: s.status })}</span>
              </td>
              <td className="num">{fmtMoney(i18n.language, s.total, s.currency)}</td>
              <td>
                <a className="btn btn-outline btn-small" href={s.pdf_url} target="_blank" rel="noopener">
                  <Icon path={picture_as_pdf} size={18} />
                  PDF
                </a>
              </td>
            </tr>
          ))}
        </AccountTable>
      ) : null}
      <AccountPager page={page} list={list} setPage={setPage} />
    </section>
  );
}
