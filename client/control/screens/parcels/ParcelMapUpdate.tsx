import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { PlacePicker, type Located, type Picked } from "../../components/PlacePicker";
import { useTitle } from "../../hooks/useTitle";
import { SHOW_MAP_OPTIONS } from "../../options";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { ParcelGate } from "./ParcelGate";
import { MAP_FIELDS } from "./parcelFields";
import { useParcelUpdateForm } from "./useParcelUpdateForm";
import * as icons from "../../icons";
import { fieldLabel } from "../../fieldLabels";
import { labels, NS } from "./cod";

type Parcel = AdminParcelQuery["adminParcel"];
type Point = "destination" | "pickup" | "current";

function MapForm({ parcel, base }: { parcel: Parcel; base: string }) {
  const { t } = useTranslation(NS);
  useTitle(t("map.pageTitle", { code: parcel.tracking_code }));
  const f = labels("destination", "pickup_location", "current_location");
  // How the destination's point was found: sent only once the map, a found place or its fields changed it.
  const [located, setLocated] = useState<Located | null>(null);
  const { bind, values, setValues, errors, busy, onSubmit } = useParcelUpdateForm(parcel, MAP_FIELDS, t("map.done"), () =>
    located ? { destination_located: located } : {},
  );
  const [active, setActive] = useState<Point>("destination");
  const needCurrent = values.show_map === "yes";
  const pick = (key: string, at: Picked) => {
    const k = key as Point;
    setValues((v) => ({ ...v, [`map_${k}_latitude`]: String(at.latitude), [`map_${k}_longitude`]: String(at.longitude) }));
    if (k === "destination") setLocated(at.located);
  };
  /** The destination's fields typed by hand: an exact point. */
  const bindDestination = (name: "map_destination_latitude" | "map_destination_longitude") => {
    const b = bind(name);
    return {
      ...b,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        b.onChange(e);
        setLocated("exact");
      },
    };
  };
  const point = (k: Point) => ({
    key: k,
    label: fieldLabel(k === "destination" ? "destination" : `${k}_location`),
    kind: k,
    latitude: values[`map_${k}_latitude`] ?? "",
    longitude: values[`map_${k}_longitude`] ?? "",
  });
  const query = { destination: parcel.destination, pickup: parcel.pickup_location ?? "", current: parcel.current_location ?? "" }[active];
  const shownLocated = located ?? (parcel.destination_located === "city" ? "city" : null);
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={t("map.title")}
        icon={icons.map}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={base}
        backLabel={t("backToParcel")}
      />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <div className="cp-field-row">
            <SelectField field={bind("show_map")} options={SHOW_MAP_OPTIONS} hint={t("map.showHint")} />
            <TextField field={bind("map_zoom")} type="number" min={1} max={19} hint={t("map.zoomHint")} />
          </div>
          <PlacePicker
            points={[point("destination"), point("pickup"), point("current")]}
            active={active}
            onActive={(k) => setActive(k as Point)}
            onPick={pick}
            query={query}
            located={active === "destination" ? shownLocated : null}
          />
          <fieldset className="cp-fieldset">
            <legend>{f.destination}</legend>
            <div className="cp-field-row">
              <TextField field={bindDestination("map_destination_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bindDestination("map_destination_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </fieldset>
          <fieldset className="cp-fieldset">
            <legend>{f.pickup_location}</legend>
            <div className="cp-field-row">
              <TextField field={bind("map_pickup_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_pickup_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </fieldset>
          <fieldset className="cp-fieldset">
            <legend>
              {f.current_location} {needCurrent ? "" : t("map.optionalHidden")}
            </legend>
            <div className="cp-field-row">
              <TextField field={bind("map_current_latitude")} type="number" min={-90} max={90} optional={!needCurrent} />
              <TextField field={bind("map_current_longitude")} type="number" min={-180} max={180} optional={!needCurrent} />
            </div>
          </fieldset>
          <SubmitButton busy={busy}>{t("actions.save", { ns: "control" })}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}

export default function ParcelMapUpdate() {
  return <ParcelGate>{(parcel, base) => <MapForm parcel={parcel} base={base} />}</ParcelGate>;
}
