import { useState } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";
import { ErrorAlert } from "../../components/ErrorList";
import { AccountPager, AccountTable } from "./AccountTable";
import { useDocumentTitle } from "../../components/brand";
import { errorMessages } from "../../errors";
import { useBookingsQuery, useCancelBookingMutation } from "../../generated/shipper";
import { fmtDate } from "../parcel/format";
import { fmtMoney } from "../quote/money";
import { add_box, cancel, picture_as_pdf } from "../quote/icons";
import { CodStatus } from "./CodStatus";

const PER_PAGE = 20;

/** The shipper's bookings, newest first: status, price, the label, cancel while pending. */
export function Shipments() {
  const { t, i18n } = useShipperTranslation();
  useDocumentTitle(t("account.nav.shipments"));
  const [page, setPage] = useState(1);
  const { data, loading, error } = useBookingsQuery({ variables: { page, per_page: PER_PAGE }, fetchPolicy: "cache-and-network" });
  const [cancelBooking, cancelling] = useCancelBookingMutation();
  const [errors, setErrors] = useState<string[]>([]);
  const list = data?.bookings;

  const onCancel = async (id: number, code: string) => {
    if (!window.confirm(t("account.cancelConfirm", { code }))) return;
    setErrors([]);
    try {
      await cancelBooking({ variables: { id } });
    } catch (e) {
      setErrors(errorMessages(e));
    }
  };

  return (
    <section className="card account-card" aria-labelledby="shipments-title">
      <div className="account-card-head">
        <h2 id="shipments-title">{t("account.nav.shipments")}</h2>
        <Link className="btn btn-primary btn-small" to="/account/new">
          <Icon path={add_box} size={18} />
          {t("account.nav.newShipment")}
        </Link>
      </div>
      {error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(error)} /> : null}
      {errors.length ? <ErrorAlert title={t("account.cancelFailed")} errors={errors} /> : null}
      {loading && !list ? <p className="quote-hint">{t("common.loading")}</p> : null}
      {list && !list.data.length ? <p className="quote-note">{t("account.noShipments")}</p> : null}
      {list?.data.length ? (
        <AccountTable
          columns={[
            t("account.date"),
            t("account.trackingCode"),
            t("account.service"),
            t("account.status"),
            { label: t("account.price"), num: true },
            { label: t("account.cod"), num: true },
          ]}
        >
          {list.data.map((b) => (
            <tr key={b.id} data-testid="booking-row" data-code={b.tracking_code} data-status={b.status}>
              <td>{fmtDate(i18n.language, b.created_at, { day: "numeric", month: "short", year: "numeric", timeZone: undefined })}</td>
              <td>
                <Link to={`/track.html?code=${encodeURIComponent(b.tracking_code)}`} dir="ltr">
                  {b.tracking_code}
                </Link>
                {b.reference ? <span className="cell-note">{b.reference}</span> : null}
              </td>
              <td>{b.service_name}</td>
              <td>
                <span className={`status-chip status-${b.status}`}>{t(`status.${b.status}`, { defaultValue: b.status })}</span>
              </td>
              <td className="num">{fmtMoney(i18n.language, b.amount, b.currency)}</td>
              <td className={`num cod-cell${b.cod ? "" : " cod-empty"}`} data-testid="booking-cod" data-cod-status={b.cod?.status}>
                {b.cod ? (
                  <>
                    <span className="phone-label">{t("account.cod")}: </span>
                    {fmtMoney(i18n.language, b.cod.amount, b.cod.currency)}
                    <CodStatus status={b.cod.status} />
                  </>
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">{t("account.codNone")}</span>
                  </>
                )}
              </td>
              <td>
                <div className="row-actions">
                  {b.status !== "cancelled" ? (
                    <a className="btn btn-outline btn-small" href={b.label_url} download>
                      <Icon path={picture_as_pdf} size={18} />
                      {t("account.label")}
                    </a>
                  ) : null}
                  {b.status === "pending" ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-small btn-danger"
                      disabled={cancelling.loading}
                      onClick={() => void onCancel(b.id, b.tracking_code)}
                    >
                      <Icon path={cancel} size={18} />
                      {t("account.cancel")}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </AccountTable>
      ) : null}
      <AccountPager page={page} list={list} setPage={setPage} />
    </section>
  );
}
