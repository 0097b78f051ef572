import { useTranslation } from "react-i18next";
import { useAdminDeleteServiceMutation, useAdminServicesQuery, type AdminServiceFieldsFragment } from "../../../generated/graphql";
import { AddOrSaveActions, FormStatus, SelectField, TextField } from "../../components/fields";
import { YES_NO_OPTIONS } from "../../options";
import { EditableRows } from "./RatesScreen";
import { useServiceForm } from "./useRateForms";
import * as icons from "../../icons";
import { number } from "../../time";

function ServiceForm({ row: service, done }: { row: AdminServiceFieldsFragment | null; done: () => void }) {
  const { t } = useTranslation("control-rates");
  const { bind, errors, message, busy, onSubmit } = useServiceForm(service, done);
  return (
    <form className="cp-form" onSubmit={onSubmit} noValidate aria-label={service ? t("services.edit", { code: service.code }) : t("services.add")}>
      <FormStatus errors={errors} message={message} />
      <div className="cp-field-row">
        <TextField field={bind("code")} hint={t("services.codeHint")} maxLength={40} />
        <TextField field={bind("name")} hint={t("services.nameHint")} />
      </div>
      <div className="cp-field-row">
        <TextField field={bind("transit_days_min")} type="number" min={0} label={t("services.transitMin")} />
        <TextField field={bind("transit_days_max")} type="number" min={0} label={t("services.transitMax")} />
      </div>
      <div className="cp-field-row">
        <TextField field={bind("cutoff")} label={t("services.cutoff")} hint={t("services.cutoffHint")} maxLength={5} placeholder="17:00" />
        <TextField field={bind("volumetric_divisor")} type="number" min={1} label={t("services.divisor")} hint={t("services.divisorHint")} />
      </div>
      <SelectField field={bind("active")} options={YES_NO_OPTIONS} label={t("services.active")} hint={t("services.activeHint")} />
      <AddOrSaveActions busy={busy} what={t("services.what")} editing={service !== null} close={done} />
    </form>
  );
}

export default function ServiceList() {
  const { data, loading, error } = useAdminServicesQuery({ fetchPolicy: "cache-and-network" });
  const [remove] = useAdminDeleteServiceMutation();
  const { t } = useTranslation("control-rates");
  return (
    <EditableRows
      kind="service"
      texts={{ empty: t("services.empty"), add: t("services.add"), row: (name) => t("services.row", { name }) }}
      typename="Service"
      title={t("services.title")}
      icon={icons.local_shipping}
      sub={t("services.sub")}
      query={{ loading, error, rows: data?.services ?? [] }}
      nameOf={(s) => s.code}
      summary={(s) => (
        <>
          <strong>
            {s.name} <code>{s.code}</code>
          </strong>
          <small className="cp-muted">
            {t("services.summary", {
              count: s.transit_days_max,
              days: s.transit_days_min === s.transit_days_max ? number(s.transit_days_min) : `${number(s.transit_days_min)}–${number(s.transit_days_max)}`,
              cutoff: s.cutoff,
              divisor: number(s.volumetric_divisor, { useGrouping: false }),
            })}
          </small>
        </>
      )}
      badges={(s) => (s.active ? null : <span className="cp-badge cp-badge-muted">{t("services.inactive")}</span>)}
      Form={ServiceForm}
      remove={(s, update) => remove({ variables: { id: s.id }, update })}
    />
  );
}
