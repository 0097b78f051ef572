import { useTranslation } from "react-i18next";
import { useAdminDeleteZoneMutation, useAdminZonesQuery, type AdminZonesQuery } from "../../../generated/graphql";
import { AddOrSaveActions, FormStatus, TextField } from "../../components/fields";
import { EditableRows } from "./RatesScreen";
import { useZoneForm } from "./useRateForms";
import * as icons from "../../icons";

type Zone = AdminZonesQuery["zones"][number];

function ZoneForm({ row: zone, done }: { row: Zone | null; done: () => void }) {
  const { t } = useTranslation("control-rates");
  const { bind, errors, message, busy, onSubmit } = useZoneForm(zone, done);
  return (
    <form className="cp-form" onSubmit={onSubmit} noValidate aria-label={zone ? t("zones.edit", { name: zone.name }) : t("zones.add")}>
      <FormStatus errors={errors} message={message} />
      <TextField field={bind("name")} hint={t("zones.nameHint")} />
      <TextField field={bind("countries")} label={t("zones.countries")} hint={t("zones.countriesHint")} />
      <TextField field={bind("postcodes")} optional label={t("zones.postcodes")} hint={t("zones.postcodesHint")} />
      <AddOrSaveActions busy={busy} what={t("zones.what")} editing={zone !== null} close={done} />
    </form>
  );
}

export default function ZoneList() {
  const { data, loading, error } = useAdminZonesQuery({ fetchPolicy: "cache-and-network" });
  const [remove] = useAdminDeleteZoneMutation();
  const { t } = useTranslation("control-rates");
  return (
    <EditableRows
      kind="zone"
      texts={{ empty: t("zones.empty"), add: t("zones.add"), row: (name) => t("zones.row", { name }) }}
      typename="Zone"
      title={t("zones.title")}
      icon={icons.map}
      sub={t("zones.sub")}
      query={{ loading, error, rows: data?.zones ?? [] }}
      nameOf={(z) => z.name}
      summary={(z) => (
        <>
          <strong>{z.name}</strong>
          <small className="cp-muted">
            {z.countries.join(", ")}
            {" · "}
            {z.postcodes.length ? t("zones.postcodeList", { list: z.postcodes.join(", ") }) : t("zones.everyPostcode")}
          </small>
        </>
      )}
      Form={ZoneForm}
      remove={(z, update) => remove({ variables: { id: z.id }, update })}
    />
  );
}
