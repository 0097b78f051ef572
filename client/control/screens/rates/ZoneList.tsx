import { useAdminDeleteZoneMutation, useAdminZonesQuery, type AdminZonesQuery } from "../../../generated/graphql";
import { EditableCard, ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { AddOrSaveActions, FormStatus, TextField } from "../../components/fields";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { RatesTabs } from "./RatesTabs";
import { useZoneForm } from "./useRateForms";
import * as icons from "../../icons";

type Zone = AdminZonesQuery["zones"][number];

function ZoneForm({ zone, done }: { zone: Zone | null; done: () => void }) {
  const { bind, errors, message, busy, onSubmit } = useZoneForm(zone, done);
  return (
    <form className="cp-form" onSubmit={onSubmit} noValidate aria-label={zone ? `Edit zone ${zone.name}` : "Add a zone"}>
      <FormStatus errors={errors} message={message} />
      <TextField field={bind("name")} hint="Rate cards name their lanes' zones by it; a rename follows into every card." />
      <TextField field={bind("countries")} hint="ISO codes, separated by commas: DE, AT, CH" />
      <TextField
        field={bind("postcodes")}
        optional
        hint="Only places whose postcode matches: prefixes (10, 20) or ranges on the leading digits (1000-1999). Blank: the whole countries."
      />
      <AddOrSaveActions busy={busy} what="zone" editing={zone !== null} close={done} />
    </form>
  );
}

function ZoneRow({ zone }: { zone: Zone }) {
  const [remove] = useAdminDeleteZoneMutation();
  return (
    <EditableCard
      testId="zone-row"
      typename="Zone"
      id={zone.id}
      name={`zone ${zone.name}`}
      summary={
        <>
          <strong>{zone.name}</strong>
          <small className="cp-muted">
            {zone.countries.join(", ")}
            {zone.postcodes.length ? ` · postcodes ${zone.postcodes.join(", ")}` : " · every postcode"}
          </small>
        </>
      }
      form={(done) => <ZoneForm zone={zone} done={done} />}
      remove={(update) => remove({ variables: { id: zone.id }, update })}
    />
  );
}

export default function ZoneList() {
  useTitle("Zones");
  const { data, loading, error } = useAdminZonesQuery({ fetchPolicy: "cache-and-network" });
  const rows = data?.zones ?? [];
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Zones" icon={icons.map} back="/control/index.html" backLabel="Control panel home" sub="Where a place belongs, for pricing" />
      <RatesTabs />
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText="No zones yet: add the first below" />
      {rows.length ? (
        <ul className="cp-ship-cards" aria-label="Zones">
          {rows.map((z) => (
            <ZoneRow key={z.id} zone={z} />
          ))}
        </ul>
      ) : null}
      <Card title="Add a zone">
        <ZoneForm zone={null} done={() => undefined} />
      </Card>
    </div>
  );
}
