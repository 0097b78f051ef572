import { Link, useSearchParams } from "react-router-dom";
import { useAdminPickupsQuery } from "../../../generated/graphql";
import { ListState, ListTable } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { ShippingTabs, StatusBadge, today, useShipperNames } from "./common";
import * as icons from "../../icons";

/** Moves a YYYY-MM-DD date by whole days. */
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export default function PickupList() {
  useTitle("Pickups");
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") ?? "") ? params.get("date")! : today();
  const { nameOf } = useShipperNames();
  const { data, loading, error } = useAdminPickupsQuery({ variables: { date }, fetchPolicy: "cache-and-network" });
  const rows = data?.pickups ?? [];
  const go = (d: string) => setParams(d ? { date: d } : {});
  const parcels = rows.reduce((n, p) => n + (p.booking_ids?.length ?? 0), 0);
  return (
    <div className="cp-container">
      <PageHeader
        title="Pickups"
        icon={icons.schedule}
        back="/control/index.html"
        backLabel="Control panel home"
        sub="Collections asked for by shippers, by day"
      />
      <ShippingTabs />
      <div className="cp-card cp-ship-day">
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={() => go(shift(date, -1))} aria-label="The day before">
          ‹ Day before
        </button>
        <div className="cp-field">
          <label htmlFor="pickup-date" className="cp-label">
            Date
          </label>
          <input id="pickup-date" type="date" className="cp-input" value={date} onChange={(e) => e.target.value && go(e.target.value)} required />
        </div>
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={() => go(shift(date, 1))} aria-label="The day after">
          Day after ›
        </button>
      </div>
      {data ? (
        <p className="cp-list-count cp-muted" aria-live="polite">
          {rows.length} pickup{rows.length === 1 ? "" : "s"}, {parcels} parcel{parcels === 1 ? "" : "s"} on{" "}
          {new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: "full", timeZone: "UTC" })}
        </p>
      ) : null}
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText="No pickups on this day" />
      {rows.length ? (
        <ListTable
          testId="pickups"
          className="cp-ship-table"
          caption={`Pickups on ${date}`}
          columns={["Window", "Shipper", "Address", { label: "Parcels", num: true }, "Status"]}
        >
          {rows.map((p) => (
            <tr key={p.id} data-testid="pickup-row">
              <td data-label="Window">
                <span className="cp-mono">
                  {p.from}–{p.to}
                </span>
              </td>
              <td data-label="Shipper">
                <Link to={`/control/bookings/list.html?shipper_id=${p.shipper_id}`}>{nameOf(p.shipper_id)}</Link>
              </td>
              <td data-label="Address">
                <span className="cp-ship-address">
                  <strong>{p.address.company || p.address.name}</strong>
                  {p.address.company ? ` (${p.address.name})` : ""}
                  <br />
                  {[p.address.line1, p.address.line2].filter(Boolean).join(", ")}
                  <br />
                  {[p.address.postcode, p.address.city, p.address.region, p.address.country].filter(Boolean).join(" ")}
                  {p.address.phone ? (
                    <>
                      <br />
                      <a href={`tel:${p.address.phone}`}>{p.address.phone}</a>
                    </>
                  ) : null}
                </span>
              </td>
              <td data-label="Parcels" className="cp-num">
                {p.booking_ids?.length ?? 0}
              </td>
              <td data-label="Status">
                <StatusBadge status={p.status} />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </div>
  );
}
