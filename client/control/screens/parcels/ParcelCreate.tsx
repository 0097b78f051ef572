import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { PlacePicker } from "../../components/PlacePicker";
import { useTitle } from "../../hooks/useTitle";
import { useParcelCreateForm } from "./useParcelCreateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function ParcelCreate() {
  useTitle("Add Parcel");
  const { bind, values, errors, busy, onSubmit, pick, bindPoint, located } = useParcelCreateForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Add Parcel" icon={icons.inventory_2} back="/control/parcels/list.html" backLabel="Back to parcels" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField
            field={bind("tracking_code")}
            maxLength={MAX_LENGTH.trackingCode}
            autoFocus
            hint="Proposed: an unguessable code. Keep it or type another (letters, digits and - only); customers track with it."
          />
          <TextField field={bind("recipient_name")} />
          <TextField field={bind("destination")} />
          <fieldset className="cp-fieldset">
            <legend>Destination on the map (Optional)</legend>
            <PlacePicker
              points={[
                {
                  key: "destination",
                  label: "Destination",
                  kind: "destination",
                  latitude: values.map_destination_latitude,
                  longitude: values.map_destination_longitude,
                },
              ]}
              active="destination"
              onPick={pick}
              query={values.destination}
              located={located}
            />
            <div className="cp-field-row">
              <TextField field={bindPoint("map_destination_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bindPoint("map_destination_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </fieldset>
          <p className="cp-hint">
            A parcel needs its destination's point to go on a courier's run. Everything else (sender, status, dates, image and history) is set on the parcel's
            page after saving.
          </p>
          <SubmitButton busy={busy}>Save</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
