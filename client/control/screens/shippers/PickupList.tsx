import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { useAdminPickupsQuery } from "../../../generated/graphql";
import { ListState, ListTable } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { ShipperTabs, StatusBadge, today, useShipperNames } from "./common";
import { day, number } from "../../time";
import * as icons from "../../icons";

/** Moves a YYYY-MM-DD date by whole days. */
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export default function PickupList() {
  const { t } = useTranslation("control-shippers");
  useTitle(t("tabs.pickups"));
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
        title={t("tabs.pickups")}
        icon={icons.schedule}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        sub={t("pickups.sub")}
      />
      <ShipperTabs />
      <div className="cp-card cp-ship-day">
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={() => go(shift(date, -1))}>
          {t("pickups.before")}
        </button>
        <div className="cp-field">
          <label htmlFor="pickup-date" className="cp-label">
            {t("col.date")}
          </label>
          <input id="pickup-date" type="date" className="cp-input" value={date} onChange={(e) => e.target.value && go(e.target.value)} required />
        </div>
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={() => go(shift(date, 1))}>
          {t("pickups.after")}
        </button>
      </div>
      {data ? (
        <p className="cp-list-count cp-muted" aria-live="polite">
          {t("pickups.summary", {
            pickups: t("pickups.pickups", { count: rows.length }),
            parcels: t("pickups.parcels", { count: parcels }),
            day: day(date, { dateStyle: "full" }),
          })}
        </p>
      ) : null}
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText={t("pickups.empty")} />
      {rows.length ? (
        <ListTable
          testId="pickups"
          className="cp-ship-table"
          caption={t("pickups.caption", { day: day(date, { dateStyle: "long" }) })}
          columns={[t("col.window"), t("col.shipper"), t("col.address"), { label: t("col.parcels"), num: true }, t("col.status")]}
        >
          {rows.map((p) => (
            <tr key={p.id} data-testid="pickup-row">
              <td data-label={t("col.window")}>
                <span className="cp-mono">
                  {p.from}–{p.to}
                </span>
              </td>
              <td data-label={t("col.shipper")}>
                <Link to={`/control/bookings/list.html?shipper_id=${p.shipper_id}`}>{nameOf(p.shipper_id)}</Link>
              </td>
              <td data-label={t("col.address")}>
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
              <td data-label={t("col.parcels")} className="cp-num">
                {number(p.booking_ids?.length ?? 0)}
              </td>
              <td data-label={t("col.status")}>
                <StatusBadge status={p.status} />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </div>
  );
}
