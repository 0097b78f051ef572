import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { SHOW_MAP_OPTIONS } from "../../options";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { ParcelGate } from "./ParcelGate";
import { MAP_FIELDS } from "./parcelFields";
import { useParcelUpdateForm } from "./useParcelUpdateForm";
import * as icons from "../../icons";

type Parcel = AdminParcelQuery["adminParcel"];

function MapForm({ parcel, base }: { parcel: Parcel; base: string }) {
  useTitle(`Update Map ${parcel.tracking_code}`);
  const { bind, values, errors, busy, onSubmit } = useParcelUpdateForm(parcel, MAP_FIELDS, "Map updated");
  const needCurrent = values.show_map === "yes";
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="Update Map"
        icon={icons.map}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={base}
        backLabel="Back to the parcel"
      />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <p className="cp-hint cp-converter">
            <Icon path={icons.open_in_new} size={18} />
            <span>
              Need coordinates for an address? Use an address-to-coordinates converter such as{" "}
              <a href="https://www.latlong.net/" target="_blank" rel="noopener noreferrer">
                latlong.net (opens in a new tab)
              </a>
              .
            </span>
          </p>
          <div className="cp-field-row">
            <SelectField field={bind("show_map")} options={SHOW_MAP_OPTIONS} hint="yes shows the map on the tracking page." />
            <TextField field={bind("map_zoom")} type="number" min={1} max={19} hint="1 (world) to 19 (street)." />
          </div>
          <fieldset className="cp-fieldset">
            <legend>Current location {needCurrent ? "" : "(Optional while the map is hidden)"}</legend>
            <div className="cp-field-row">
              <TextField field={bind("map_current_latitude")} type="number" min={-90} max={90} optional={!needCurrent} />
              <TextField field={bind("map_current_longitude")} type="number" min={-180} max={180} optional={!needCurrent} />
            </div>
          </fieldset>
          <fieldset className="cp-fieldset">
            <legend>Pickup location</legend>
            <div className="cp-field-row">
              <TextField field={bind("map_pickup_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_pickup_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </fieldset>
          <fieldset className="cp-fieldset">
            <legend>Destination</legend>
            <div className="cp-field-row">
              <TextField field={bind("map_destination_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_destination_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </fieldset>
          <SubmitButton busy={busy}>Save</SubmitButton>
        </form>
      </Card>
    </div>
  );
}

export default function ParcelMapUpdate() {
  return <ParcelGate>{(parcel, base) => <MapForm parcel={parcel} base={base} />}</ParcelGate>;
}
