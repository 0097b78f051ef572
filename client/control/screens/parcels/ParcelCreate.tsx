import { useTranslation } from "react-i18next";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { PlacePicker } from "../../components/PlacePicker";
import { useTitle } from "../../hooks/useTitle";
import { fieldLabel } from "../../fieldLabels";
import { useParcelCreateForm } from "./useParcelCreateForm";
import { CodAmountField, isCodMessage, NS } from "./cod";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function ParcelCreate() {
  const { t } = useTranslation(NS);
  useTitle(t("create.title"));
  const { bind, values, errors, busy, onSubmit, pick, bindPoint, located, cod, setCod, codError, currency } = useParcelCreateForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("create.title")} icon={icons.inventory_2} back="/control/parcels/list.html" backLabel={t("back")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors.filter((m) => !isCodMessage(m))} />
          <TextField field={bind("tracking_code")} maxLength={MAX_LENGTH.trackingCode} autoFocus hint={t("create.codeHint")} />
          <TextField field={bind("recipient_name")} />
          <TextField field={bind("destination")} />
          <CodAmountField value={cod} onChange={setCod} currency={currency} errors={errors} local={codError} />
          <fieldset className="cp-fieldset">
            <legend>{t("create.mapLegend")}</legend>
            <PlacePicker
              points={[
                {
                  key: "destination",
                  label: fieldLabel("destination"),
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
          <p className="cp-hint">{t("create.after")}</p>
          <SubmitButton busy={busy}>{t("actions.save", { ns: "control" })}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
