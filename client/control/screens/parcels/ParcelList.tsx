import { Link } from "react-router-dom";
import { useAdminDeleteParcelMutation, useAdminParcelsQuery } from "../../../generated/graphql";
import { AddButton, DeleteButton, ListState, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../components/Icon";
import { evict, useConfirmDelete, useFlash, useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";

export default function ParcelList() {
  useTitle("Parcels");
  const flash = useFlash();
  const { data, loading, error, fetchMore } = useAdminParcelsQuery();
  const more = useNextPage("parcels", data, fetchMore);
  const [remove] = useAdminDeleteParcelMutation();
  const del = useConfirmDelete("Parcel");
  const rows = data?.parcels.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="Parcels"
        icon="inventory_2"
        back="/control/index.html"
        backLabel="Control panel home"
        actions={
          <>
            <a href="/api/parcels/export.csv" className="cp-btn cp-btn-outline" download title="Every parcel as a CSV file for spreadsheets">
              <Icon name="download" size={20} />
              <span>Export CSV</span>
            </a>
            <Link to="/control/parcels/stale.html" className="cp-btn cp-btn-outline">
              <Icon name="schedule" size={20} />
              <span>Stale parcels</span>
            </Link>
            <Link to="/control/parcels/reschedule.html" className="cp-btn cp-btn-outline">
              <Icon name="pan_tool" size={20} />
              <span>To reschedule</span>
            </Link>
            <AddButton to="/control/parcels/create.html">Add Parcel</AddButton>
          </>
        }
      />
      <FormStatus errors={[]} message={flash} />
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} />
      {rows.length ? (
        <ul className="cp-list" aria-label="Parcels">
          {rows.map((p) => (
            <li key={p.id} className="cp-row">
              <span className="cp-row-icon cp-accent" aria-hidden="true">
                <Icon name="inventory_2" size={24} />
              </span>
              <Link to={`/control/parcels/${encodeURIComponent(p.tracking_code)}`} className="cp-row-main">
                <strong className="cp-mono">{p.tracking_code}</strong>
                <span>{p.recipient_name}</span>
                <small className="cp-muted">
                  {p.destination}
                  {p.status ? ` · ${p.status}` : ""}
                </small>
              </Link>
              <DeleteButton
                label={`Delete parcel ${p.tracking_code}`}
                busy={del.busyId === p.id}
                onClick={() => del.run(p.id, () => remove({ variables: { id: p.id }, update: (cache) => evict(cache, "Parcel", p.id) }))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {more.error ? <p className="cp-state cp-state-error" role="alert">{more.error}</p> : null}
      <NextPage nextPageUrl={data?.parcels.next_page_url} loading={more.loading} onNext={more.next} />
    </div>
  );
}
