import { Fragment, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useAdminBookingsQuery, useAdminCancelBookingMutation, type AdminBookingFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { DateFilter, FilterButtons, ListState, ListTable, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFilterParams, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { STATUS_OPTIONS } from "../../options";
import { Money, ShipperSelect, ShippingTabs, StatusBadge, useShipperNames } from "./common";
import * as icons from "../../icons";

const FILTERS = ["shipper_id", "status", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const given = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Partial<Filters>;

/** A booking's kept price, its label, its pickup, and Cancel while its parcel is pending. */
function Detail({ b }: { b: AdminBookingFieldsFragment }) {
  const [cancel, { loading }] = useAdminCancelBookingMutation();
  const [error, setError] = useState("");
  const onCancel = async () => {
    if (!window.confirm(`Cancel booking ${b.tracking_code}? It will not be billed.`)) return;
    setError("");
    try {
      await cancel({ variables: { id: b.id } });
    } catch (e) {
      setError(errorMessages(e)[0] ?? "Could not cancel the booking");
    }
  };
  const cancellable = b.status === "pending" && !b.statement_id;
  return (
    <div className="cp-ship-detail" data-testid="booking-detail">
      <div className="cp-ship-detail-grid">
        <div>
          <h3 className="cp-ship-h3">Price kept at booking</h3>
          <dl className="cp-ship-breakdown" aria-label={`Price of ${b.tracking_code}`}>
            {b.breakdown.map((l) => (
              <div key={l.code}>
                <dt>{l.label}</dt>
                <dd>
                  <Money amount={l.amount} currency={b.currency} />
                </dd>
              </div>
            ))}
            <div className="cp-ship-total">
              <dt>Total</dt>
              <dd>
                <Money amount={b.amount} currency={b.currency} />
              </dd>
            </div>
          </dl>
        </div>
        <dl className="cp-facts cp-ship-facts">
          <div>
            <dt>Chargeable weight</dt>
            <dd>{b.chargeable_weight_kg.toLocaleString()} kg</dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd>{b.reference || "-"}</dd>
          </div>
          <div>
            <dt>Pickup</dt>
            <dd>{b.pickup ? `${b.pickup.date} ${b.pickup.from}–${b.pickup.to}` : "-"}</dd>
          </div>
          <div>
            <dt>Statement</dt>
            <dd>{b.statement_id ? <Link to={`/control/statements/list.html?shipper_id=${b.shipper_id}`}>#{b.statement_id}</Link> : "not billed yet"}</dd>
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
          <span>Label PDF</span>
        </a>
        <Link className="cp-btn cp-btn-outline cp-btn-sm" to={`/control/parcels/${encodeURIComponent(b.tracking_code)}`}>
          <Icon path={icons.inventory_2} size={18} />
          <span>Parcel</span>
        </Link>
        {cancellable ? (
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm cp-danger" onClick={onCancel} disabled={loading} aria-busy={loading || undefined}>
            <Icon path={icons.block} size={18} />
            <span>Cancel booking</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

export default function BookingList() {
  useTitle("Bookings");
  const { setParams, applied, draft, set, clear } = useFilterParams(FILTERS);
  const [open, setOpen] = useState<number | null>(null);
  const { nameOf } = useShipperNames();
  const a = given(applied);
  const { data, loading, error, fetchMore } = useAdminBookingsQuery({
    variables: { shipper_id: a.shipper_id ? Number(a.shipper_id) : undefined, status: a.status, from: a.from, to: a.to },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("bookings", data, fetchMore);
  const rows = data?.bookings.data ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(given(draft));
  };
  return (
    <div className="cp-container">
      <PageHeader
        title="Bookings"
        icon={icons.local_shipping}
        back="/control/index.html"
        backLabel="Control panel home"
        sub="Shipments booked by shippers, at the price kept"
      />
      <ShippingTabs />
      <form className="cp-card cp-ship-filters" onSubmit={submit} aria-label="Filter the bookings">
        <div className="cp-field">
          <label htmlFor="bk-shipper" className="cp-label">
            Shipper
          </label>
          <ShipperSelect id="bk-shipper" value={draft.shipper_id} onChange={set("shipper_id")} all="Every shipper" />
        </div>
        <div className="cp-field">
          <label htmlFor="bk-status" className="cp-label">
            Status
          </label>
          <select id="bk-status" className="cp-input cp-select" value={draft.status} onChange={set("status")}>
            <option value="">Any status</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <DateFilter id="bk-from" label="Booked from" value={draft.from} onChange={set("from")} />
        <DateFilter id="bk-to" label="Booked to" value={draft.to} onChange={set("to")} />
        <FilterButtons className="cp-ship-filter-buttons" reset={clear} />
      </form>
      {data ? (
        <p className="cp-list-count cp-muted" aria-live="polite">
          {data.bookings.total} booking{data.bookings.total === 1 ? "" : "s"}
        </p>
      ) : null}
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: a.shipper_id || a.status || a.from || a.to ? "No booking matches these filters" : "No bookings yet",
          hint: "Shippers book from their account after a quote; each booking makes a parcel with its label.",
        }}
      />
      {rows.length ? (
        <ListTable
          testId="bookings"
          className="cp-ship-table"
          caption="Bookings"
          columns={["Booked", "Tracking code", "Shipper", "Service", "Status", { label: "Amount", num: true }, ""]}
        >
          {rows.map((b) => (
            <Fragment key={b.id}>
              <tr data-testid="booking-row">
                <td data-label="Booked">{new Date(b.created_at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}</td>
                <td data-label="Tracking code">
                  <span className="cp-mono">{b.tracking_code}</span>
                </td>
                <td data-label="Shipper">
                  <Link to={`/control/bookings/list.html?shipper_id=${b.shipper_id}`}>{nameOf(b.shipper_id)}</Link>
                </td>
                <td data-label="Service">{b.service_name}</td>
                <td data-label="Status">
                  <StatusBadge status={b.status} />
                </td>
                <td data-label="Amount" className="cp-num">
                  <Money amount={b.amount} currency={b.currency} />
                </td>
                <td className="cp-ship-toggle-cell">
                  <button
                    type="button"
                    className="cp-btn cp-btn-outline cp-btn-sm"
                    aria-expanded={open === b.id}
                    aria-controls={`booking-${b.id}`}
                    onClick={() => setOpen(open === b.id ? null : b.id)}
                    aria-label={`${open === b.id ? "Hide" : "Show"} booking ${b.tracking_code}`}
                  >
                    {open === b.id ? "Hide" : "Details"}
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
