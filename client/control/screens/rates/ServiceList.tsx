import { useState } from "react";
import { useAdminDeleteServiceMutation, useAdminServicesQuery, type AdminServiceFieldsFragment } from "../../../generated/graphql";
import { DeleteButton, ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { YES_NO_OPTIONS } from "../../options";
import { firstError } from "../../hooks/errors";
import { evict, useConfirmDelete } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { RatesTabs } from "./RatesTabs";
import { useServiceForm } from "./useRateForms";
import * as icons from "../../icons";

function ServiceForm({ service, done }: { service: AdminServiceFieldsFragment | null; done: () => void }) {
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
      <div className="cp-ship-actions">
        <SubmitButton busy={busy}>{service ? "Save service" : "Add service"}</SubmitButton>
        {service ? (
          <button type="button" className="cp-btn cp-btn-outline" onClick={done}>
            Close
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ServiceRow({ service: s }: { service: AdminServiceFieldsFragment }) {
  const [editing, setEditing] = useState(false);
  const [remove] = useAdminDeleteServiceMutation();
  const del = useConfirmDelete("Service");
  return (
    <li className="cp-card cp-ship-card" data-testid="service-row">
      {editing ? (
        <ServiceForm service={s} done={() => setEditing(false)} />
      ) : (
        <div className="cp-ship-card-head">
          <div className="cp-row-main">
            <strong>
              {s.name} <code>{s.code}</code>
            </strong>
            <small className="cp-muted">
              {s.transit_days_min === s.transit_days_max ? s.transit_days_min : `${s.transit_days_min}–${s.transit_days_max}`} working days · cutoff {s.cutoff}{" "}
              · divisor {s.volumetric_divisor}
            </small>
          </div>
          <span className="cp-ship-badges">
            {s.active ? null : <span className="cp-badge cp-badge-muted">inactive</span>}
            <button type="button" className="cp-icon-btn" onClick={() => setEditing(true)} aria-label={`Edit service ${s.code}`} title="Edit">
              <Icon path={icons.edit} size={20} />
            </button>
            <DeleteButton
              label={`Delete service ${s.code}`}
              busy={del.busyId === s.id}
              onClick={() => del.run(s.id, () => remove({ variables: { id: s.id }, update: (cache) => evict(cache, "Service", s.id) }))}
            />
          </span>
        </div>
      )}
    </li>
  );
}

export default function ServiceList() {
  useTitle("Services");
  const { data, loading, error } = useAdminServicesQuery({ fetchPolicy: "cache-and-network" });
  const rows = data?.services ?? [];
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="Services"
        icon={icons.local_shipping}
        back="/control/index.html"
        backLabel="Control panel home"
        sub="What shippers can book: speed and cutoff"
      />
      <RatesTabs />
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText="No services yet: add the first below" />
      {rows.length ? (
        <ul className="cp-ship-cards" aria-label="Services">
          {rows.map((s) => (
            <ServiceRow key={s.id} service={s} />
          ))}
        </ul>
      ) : null}
      <Card title="Add a service">
        <ServiceForm service={null} done={() => undefined} />
      </Card>
    </div>
  );
}
