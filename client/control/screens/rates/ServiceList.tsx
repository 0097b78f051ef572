import { useAdminDeleteServiceMutation, useAdminServicesQuery, type AdminServiceFieldsFragment } from "../../../generated/graphql";
import { AddOrSaveActions, FormStatus, SelectField, TextField } from "../../components/fields";
import { YES_NO_OPTIONS } from "../../options";
import { EditableRows } from "./RatesScreen";
import { useServiceForm } from "./useRateForms";
import * as icons from "../../icons";

function ServiceForm({ row: service, done }: { row: AdminServiceFieldsFragment | null; done: () => void }) {
  const { bind, errors, message, busy, onSubmit } = useServiceForm(service, done);
  return (
    <form className="cp-form" onSubmit={onSubmit} noValidate aria-label={service ? `Edit service ${service.code}` : "Add a service"}>
      <FormStatus errors={errors} message={message} />
      <div className="cp-field-row">
        <TextField field={bind("code")} hint="Rate cards and bookings name the service by it, e.g. express" maxLength={40} />
        <TextField field={bind("name")} hint="What shippers read, e.g. Express" />
      </div>
      <div className="cp-field-row">
        <TextField field={bind("transit_days_min")} type="number" min={0} label="Transit days, fewest" />
        <TextField field={bind("transit_days_max")} type="number" min={0} label="Transit days, most" />
      </div>
      <div className="cp-field-row">
        <TextField field={bind("cutoff")} label="Cutoff (HH:MM)" hint="Booked later, it ships the next working day." maxLength={5} placeholder="17:00" />
        <TextField field={bind("volumetric_divisor")} type="number" min={1} hint="cm³ per chargeable kg (5000 is usual)" />
      </div>
      <SelectField field={bind("active")} options={YES_NO_OPTIONS} hint="An inactive service is not offered." />
      <AddOrSaveActions busy={busy} what="service" editing={service !== null} close={done} />
    </form>
  );
}

export default function ServiceList() {
  const { data, loading, error } = useAdminServicesQuery({ fetchPolicy: "cache-and-network" });
  const [remove] = useAdminDeleteServiceMutation();
  return (
    <EditableRows
      what="service"
      typename="Service"
      title="Services"
      icon={icons.local_shipping}
      sub="What shippers can book: speed and cutoff"
      query={{ loading, error, rows: data?.services ?? [] }}
      nameOf={(s) => s.code}
      summary={(s) => (
        <>
          <strong>
            {s.name} <code>{s.code}</code>
          </strong>
          <small className="cp-muted">
            {s.transit_days_min === s.transit_days_max ? s.transit_days_min : `${s.transit_days_min}–${s.transit_days_max}`} working days · cutoff {s.cutoff} ·
            divisor {s.volumetric_divisor}
          </small>
        </>
      )}
      badges={(s) => (s.active ? null : <span className="cp-badge cp-badge-muted">inactive</span>)}
      Form={ServiceForm}
      remove={(s, update) => remove({ variables: { id: s.id }, update })}
    />
  );
}
