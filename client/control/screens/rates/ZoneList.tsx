import { useAdminDeleteZoneMutation, useAdminZonesQuery, type AdminZonesQuery } from "../../../generated/graphql";
import { AddOrSaveActions, FormStatus, TextField } from "../../components/fields";
import { EditableRows } from "./RatesScreen";
import { useZoneForm } from "./useRateForms";
import * as icons from "../../icons";

type Zone = AdminZonesQuery["zones"][number];

function ZoneForm({ row: zone, done }: { row: Zone | null; done: () => void }) {
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

export default function ZoneList() {
  const { data, loading, error } = useAdminZonesQuery({ fetchPolicy: "cache-and-network" });
  const [remove] = useAdminDeleteZoneMutation();
  return (
    <EditableRows
      what="zone"
      typename="Zone"
      title="Zones"
      icon={icons.map}
      sub="Where a place belongs, for pricing"
      query={{ loading, error, rows: data?.zones ?? [] }}
      nameOf={(z) => z.name}
      summary={(z) => (
        <>
          <strong>{z.name}</strong>
          <small className="cp-muted">
            {z.countries.join(", ")}
            {z.postcodes.length ? ` · postcodes ${z.postcodes.join(", ")}` : " · every postcode"}
          </small>
        </>
      )}
      Form={ZoneForm}
      remove={(z, update) => remove({ variables: { id: z.id }, update })}
    />
  );
}
