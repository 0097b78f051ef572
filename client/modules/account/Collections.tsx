import { useState } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";
import { ErrorAlert } from "../../components/ErrorList";
import { AccountPager, AccountTable } from "./AccountTable";
import { CodStatus } from "./CodStatus";
import { useDocumentTitle } from "../../components/brand";
import { errorMessages } from "../../errors";
import { useCollectionsQuery, useUserRemittancesQuery, type UserRemittancesQuery } from "../../generated/shipper";
import { fmtDate, fmtMoment } from "../parcel/format";
import { fmtMoney } from "../quote/money";
import { picture_as_pdf } from "../quote/icons";

const PER_PAGE = 20;
/** Stands for a pay-out's number in a sentence, so the number is put in whole, left to right, in any language. */
const NUMBER = "\u2063N\u2063";

/** A translated sentence with `number` where NUMBER stands, the number kept in one piece (RM-202611-000001). */
function Numbered({ text, number }: { text: string; number: string }) {
  const [before, after = ""] = text.split(NUMBER);
  return (
    <>
      {before}
      <bdi dir="ltr" className="nowrap">
        {number}
      </bdi>
      {after}
    </>
  );
}
type Remittance = UserRemittancesQuery["userRemittances"]["data"][number];

/**
 * Cash on delivery as the shipper follows it (contract section 12): each amount its recipients pay at the door (to
 * collect, with the courier, counted in at the depot, paid by card, paid out), and the company's pay-outs (remittances):
 * the collections each pays, the open statements deducted, the net, its status and bank reference, and its PDF.
 */
export function Collections() {
  const { t } = useShipperTranslation();
  useDocumentTitle(t("account.nav.cod"));
  const [page, setPage] = useState(1);
  const [payPage, setPayPage] = useState(1);
  const payouts = useUserRemittancesQuery({ variables: { page: payPage, per_page: PER_PAGE }, fetchPolicy: "cache-and-network" });
  const numbers = new Map((payouts.data?.userRemittances.data ?? []).map((r) => [r.id, r.number]));
  return (
    <>
      <CollectionList page={page} setPage={setPage} numbers={numbers} />
      <section className="card account-card" aria-labelledby="payouts-title">
        <h2 id="payouts-title">{t("account.payouts")}</h2>
        <p className="auth-intro">{t("account.payoutsIntro")}</p>
        {payouts.error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(payouts.error)} /> : null}
        {payouts.data && !payouts.data.userRemittances.data.length ? <p className="quote-note">{t("account.noPayouts")}</p> : null}
        {payouts.data?.userRemittances.data.length ? (
          <ul className="plain-list remittance-list">
            {payouts.data.userRemittances.data.map((r) => (
              <Payout key={r.id} r={r} />
            ))}
          </ul>
        ) : null}
        <AccountPager page={payPage} list={payouts.data?.userRemittances} setPage={setPayPage} />
      </section>
    </>
  );
}

/** The shipper's bookings with cash on delivery, newest first: the amount, its status, when and how it was paid. */
function CollectionList({ page, setPage, numbers }: { page: number; setPage: (p: number) => void; numbers: Map<number, string> }) {
  const { t, i18n } = useShipperTranslation();
  const { data, loading, error } = useCollectionsQuery({ variables: { page, per_page: PER_PAGE }, fetchPolicy: "cache-and-network" });
  const list = data?.bookings;
  return (
    <section className="card account-card" aria-labelledby="collections-title">
      <h2 id="collections-title">{t("account.collections")}</h2>
      <p className="auth-intro">{t("account.collectionsIntro")}</p>
      {error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(error)} /> : null}
      {loading && !list ? <p className="quote-hint">{t("common.loading")}</p> : null}
      {list && !list.data.length ? (
        <p className="quote-note">
          {t("account.noCollections")} <Link to="/account/new">{t("account.nav.newShipment")}</Link>
        </p>
      ) : null}
      {list?.data.length ? (
        <AccountTable
          actions={false}
          className="cod-table"
          columns={[t("account.trackingCode"), t("account.status"), t("account.collectedAt"), { label: t("account.amount"), num: true }]}
        >
          {list.data.map((b) =>
            b.cod ? (
              <tr key={b.id} data-testid="collection-row" data-code={b.tracking_code} data-status={b.cod.status}>
                <td>
                  <Link to={`/track.html?code=${encodeURIComponent(b.tracking_code)}`} dir="ltr">
                    {b.tracking_code}
                  </Link>
                  {b.reference ? <span className="cell-note">{b.reference}</span> : null}
                </td>
                <td>
                  <CodStatus status={b.cod.status} />
                  {b.cod.remittance_id && numbers.has(b.cod.remittance_id) ? (
                    <span className="cell-note">
                      <Numbered text={t("account.onPayout", { number: NUMBER })} number={numbers.get(b.cod.remittance_id)!} />
                    </span>
                  ) : null}
                </td>
                <td>
                  {b.cod.collected_at ? (
                    <>
                      {fmtMoment(i18n.language, b.cod.collected_at)}
                      {b.cod.method ? <span className="cell-note">{t(`account.method.${b.cod.method}`, { defaultValue: b.cod.method })}</span> : null}
                    </>
                  ) : (
                    <span className="cell-note">{t("account.notCollected")}</span>
                  )}
                </td>
                <td className="num">{fmtMoney(i18n.language, b.cod.collected_amount ?? b.cod.amount, b.cod.currency)}</td>
              </tr>
            ) : null,
          )}
        </AccountTable>
      ) : null}
      <AccountPager page={page} list={list} setPage={setPage} />
    </section>
  );
}

/** One pay-out: its number, status and figures (collected, statements deducted, net), the collections it pays, the PDF. */
function Payout({ r }: { r: Remittance }) {
  const { t, i18n } = useShipperTranslation();
  const money = (n: number) => fmtMoney(i18n.language, n, r.currency);
  const deducted = r.offsets.reduce((n, o) => n + o.amount, 0);
  const day = (iso: string) => fmtDate(i18n.language, iso, { day: "numeric", month: "short", year: "numeric", timeZone: undefined });
  return (
    <li className="remittance" data-testid="remittance" data-number={r.number} data-status={r.status}>
      <div className="remittance-head">
        <h3 id={`rm-${r.id}`} dir="ltr">
          {r.number}
        </h3>
        <span className={`status-chip remittance-${r.status}`}>{t(`account.payoutStatus.${r.status}`, { defaultValue: r.status })}</span>
        <span className="cell-note">{day(r.created_at)}</span>
      </div>
      <dl className="remittance-figures">
        <div>
          <dt>
            {t("account.collectedTotal")}
            <span className="cell-note">{t("account.pickupShipmentsN", { n: r.lines.length })}</span>
          </dt>
          <dd className="num">{money(r.total_collected)}</dd>
        </div>
        {r.offsets.length ? (
          <div>
            <dt>
              {t("account.statementsDeducted")}
              {r.offsets.map((o) => (
                <span key={o.statement_number} className="cell-note">
                  <span dir="ltr">{o.statement_number}</span>: {money(o.amount)}
                </span>
              ))}
            </dt>
            <dd className="num">{money(-deducted)}</dd>
          </div>
        ) : null}
        <div className="remittance-net">
          <dt>{t(r.status === "paid" ? "account.netPaid" : "account.netToPay")}</dt>
          <dd className="num" data-testid="remittance-net">
            {money(r.net)}
          </dd>
        </div>
        {r.status === "paid" ? (
          <div>
            <dt>{t("account.paidReference")}</dt>
            <dd data-testid="remittance-reference">
              <span dir="ltr">{r.paid_reference}</span>
              {r.paid_at ? <span className="cell-note">{t("account.paidOn", { date: day(r.paid_at) })}</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <details className="remittance-lines">
        <summary>{t("account.payoutLines", { n: r.lines.length })}</summary>
        <AccountTable
          actions={false}
          className="cod-table"
          columns={[t("account.trackingCode"), t("account.collectedAt"), t("account.methodLabel"), { label: t("account.amount"), num: true }]}
        >
          {r.lines.map((l) => (
            <tr key={l.tracking_code}>
              <td dir="ltr">{l.tracking_code}</td>
              <td>{fmtMoment(i18n.language, l.collected_at)}</td>
              <td>{t(`account.method.${l.method}`, { defaultValue: l.method })}</td>
              <td className="num">{money(l.amount)}</td>
            </tr>
          ))}
        </AccountTable>
      </details>
      <a className="btn btn-outline btn-small" href={r.pdf_url} target="_blank" rel="noopener" data-testid="remittance-pdf">
        <Icon path={picture_as_pdf} size={18} />
        {t("account.payoutPdf", { number: r.number })}
      </a>
    </li>
  );
}
