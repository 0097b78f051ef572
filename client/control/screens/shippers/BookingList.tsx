import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAdminBookingsQuery, useAdminCancelBookingMutation, type AdminBookingFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { ListState, ListTable, NextPage } from "../../components/lists";
import { FilterButtons, FilterInput } from "../../components/FilteredList";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useListFilters, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { STATUS_OPTIONS } from "../../options";
import { Money, ShipperSelect, ShipperTabs, StatusBadge, useShipperNames } from "./common";
import { day, moment, number } from "../../time";
import * as icons from "../../icons";

const FILTERS = ["shipper_id", "status", "from", "to"] as const;

/** A booking's kept price, its label, its pickup, and Cancel while its parcel is pending. */
function Detail({ b }: { b: AdminBookingFieldsFragment }) {
  const { t } = useTranslation("control-shippers");
  const [cancel, { loading }] = useAdminCancelBookingMutation();
  const [error, setError] = useState("");
  const onCancel = async () => {
    if (!window.confirm(t("bookings.confirmCancel", { code: b.tracking_code }))) return;
    setError("");
    try {
      await cancel({ variables: { id: b.id } });
    } catch (e) {
      setError(errorMessages(e)[0] ?? t("bookings.cancelFailed"));
    }
  };
  const cancellable = b.status === "pending" && !b.statement_id;
  return (
    <div className="cp-ship-detail" data-testid="booking-detail">
      <div className="cp-ship-detail-grid">
        <div>
          <h2 className="cp-ship-h3">{t("bookings.priceKept")}</h2>
          <dl className="cp-ship-breakdown" aria-label={t("bookings.priceOf", { code: b.tracking_code })}>
            {b.breakdown.map((l) => (
              <div key={l.code}>
                {/* The line's words by its code (the server's kept label, English, for a code this screen does not know). */}
                <dt>{t(`bookings.lines.${l.code}`, { defaultValue: l.label })}</dt>
                <dd>
                  <Money amount={l.amount} currency={b.currency} />
                </dd>
              </div>
            ))}
            <div className="cp-ship-total">
              <dt>{t("bookings.total")}</dt>
              <dd>
                <Money amount={b.amount} currency={b.currency} />
              </dd>
            </div>
          </dl>
        </div>
        <dl className="cp-facts cp-ship-facts">
          <div>
            <dt>{t("bookings.weight")}</dt>
            <dd>{t("bookings.kg", { n: number(b.chargeable_weight_kg) })}</dd>
          </div>
          <div>
            <dt>{t("bookings.reference")}</dt>
            <dd>{b.reference || "-"}</dd>
          </div>
          <div>
            <dt>{t("bookings.pickup")}</dt>
            <dd>{b.pickup ? t("bookings.pickupWhen", { day: day(b.pickup.date), from: b.pickup.from, to: b.pickup.to }) : "-"}</dd>
          </div>
          <div>
            <dt>{t("bookings.statement")}</dt>
            <dd>{b.statement_id ? <Link to={`/control/statements/list.html?shipper_id=${b.shipper_id}`}>#{b.statement_id}</Link> : t("bookings.notBilled")}</dd>
          </div>
        </dl>
      </div>
      {error ? (
        <p className="cp-alert cp-alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cp-ship-actions">
        <a className="cp-btn cp-btn-outline cp-btn-sm" href={b.label_url} target="_blank" rel="noreferrer">
          <Icon path={icons.print} size={18} />
          <span>{t("bookings.label")}</span>
        </a>
        <Link className="cp-btn cp-btn-outline cp-btn-sm" to={`/control/parcels/${encodeURIComponent(b.tracking_code)}`}>
          <Icon path={icons.inventory_2} size={18} />
          <span>{t("bookings.parcel")}</span>
        </Link>
        {cancellable ? (
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm cp-danger" onClick={onCancel} disabled={loading} aria-busy={loading || undefined}>
            <Icon path={icons.block} size={18} />
            <span>{t("bookings.cancel")}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

export default function BookingList() {
  const { t } = useTranslation("control-shippers");
  useTitle(t("tabs.bookings"));
  const { given: a, field, submit, clear } = useListFilters(FILTERS);
  const [open, setOpen] = useState<number | null>(null);
  const { nameOf } = useShipperNames();
  const { data, loading, error, fetchMore } = useAdminBookingsQuery({
    variables: { shipper_id: a.shipper_id ? Number(a.shipper_id) : undefined, status: a.status, from: a.from, to: a.to },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("bookings", data, fetchMore);
  const rows = data?.bookings.data ?? [];
  const fields = { shipper_id: field("shipper_id"), status: field("status"), from: field("from"), to: field("to") };
  return (
    <div className="cp-container">
      <PageHeader
        title={t("tabs.bookings")}
        icon={icons.local_shipping}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        sub={t("bookings.sub")}
      />
      <ShipperTabs />
      <form className="cp-card cp-ship-filters" onSubmit={submit} aria-label={t("bookings.filter")}>
        <div className="cp-field">
          <label htmlFor="bk-shipper" className="cp-label">
            {t("col.shipper")}
          </label>
          <ShipperSelect id="bk-shipper" {...fields.shipper_id} all={t("everyShipper")} />
        </div>
        <div className="cp-field">
          <label htmlFor="bk-status" className="cp-label">
            {t("col.status")}
          </label>
          <select id="bk-status" className="cp-input cp-select" {...fields.status}>
            <option value="">{t("bookings.anyStatus")}</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <FilterInput id="bk-from" type="date" label={t("bookings.from")} {...fields.from} />
        <FilterInput id="bk-to" type="date" label={t("bookings.to")} {...fields.to} />
        <FilterButtons className="cp-ship-filter-buttons" reset={clear} />
      </form>
      {data ? (
        <p className="cp-list-count cp-muted" aria-live="polite">
          {t("bookings.count", { count: data.bookings.total })}
        </p>
      ) : null}
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: t(a.shipper_id || a.status || a.from || a.to ? "bookings.noMatch" : "bookings.empty"),
          hint: t("bookings.emptyHint"),
        }}
      />
      {rows.length ? (
        <ListTable
          testId="bookings"
          className="cp-ship-table"
          caption={t("tabs.bookings")}
          columns={[t("col.booked"), t("col.code"), t("col.shipper"), t("col.service"), t("col.status"), { label: t("col.amount"), num: true }, t("details")]}
        >
          {rows.map((b) => (
            <Fragment key={b.id}>
              <tr data-testid="booking-row">
                <td data-label={t("col.booked")}>{moment(b.created_at)}</td>
                <td data-label={t("col.code")}>
                  <span className="cp-mono">{b.tracking_code}</span>
                </td>
                <td data-label={t("col.shipper")}>
                  <Link to={`/control/bookings/list.html?shipper_id=${b.shipper_id}`}>{nameOf(b.shipper_id)}</Link>
                </td>
                <td data-label={t("col.service")}>{b.service_name}</td>
                <td data-label={t("col.status")}>
                  <StatusBadge status={b.status} />
                </td>
                <td data-label={t("col.amount")} className="cp-num">
                  <Money amount={b.amount} currency={b.currency} />
                </td>
                <td className="cp-ship-toggle-cell">
                  <button
                    type="button"
                    className="cp-btn cp-btn-outline cp-btn-sm"
                    aria-expanded={open === b.id}
                    aria-controls={`booking-${b.id}`}
                    onClick={() => setOpen(open === b.id ? null : b.id)}
                  >
                    {/* The name says what shows and which booking, and holds the words shown (axe label-content-name-mismatch). */}
                    {open === b.id ? t("form.hide", { ns: "control" }) : t("details")}
                    <span className="cp-visually-hidden"> {b.tracking_code}</span>
                  </button>
                </td>
              </tr>
              {open === b.id ? (
                <tr id={`booking-${b.id}`} className="cp-ship-detail-row">
                  <td colSpan={7}>
                    <Detail b={b} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </ListTable>
      ) : null}
      <NextPage nextPageUrl={data?.bookings.next_page_url} more={more} />
    </div>
  );
}
