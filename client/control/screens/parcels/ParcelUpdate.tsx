import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { LANGUAGE_OPTIONS, SHOW_MAP_OPTIONS, STATUS_OPTIONS, YES_NO_OPTIONS } from "../../options";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { ParcelGate } from "./ParcelGate";
import { BOOL_FIELDS, NUMBER_FIELDS, TEXT_FIELDS } from "./parcelFields";
import { useParcelUpdateForm } from "./useParcelUpdateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import { useCurrency } from "../shippers/common";
import { fieldLabel } from "../../fieldLabels";
import { CodAmountField, codLock, codMinor, codText, codTypedError, isCodMessage, NS } from "./cod";

type Parcel = AdminParcelQuery["adminParcel"];
const FIELDS = [...TEXT_FIELDS, ...NUMBER_FIELDS, ...BOOL_FIELDS, "map_zoom"] as const;

function UpdateForm({ parcel, base }: { parcel: Parcel; base: string }) {
  const { t } = useTranslation(NS);
  useTitle(t("update.pageTitle", { code: parcel.tracking_code }));
  const currency = useCurrency();
  // Cash on delivery, typed in the major unit of its currency; sent (as its smallest unit) only when it changed.
  const codCurrency = parcel.cod_currency ?? currency;
  const [cod, setCod] = useState(() => codText(parcel.cod_amount, codCurrency));
  const [codError, setCodError] = useState<string | null>(null);
  const codAmount = () => codMinor(cod, codCurrency);
  const { bind, values, errors, busy, onSubmit } = useParcelUpdateForm(
    parcel,
    FIELDS,
    t("update.done"),
    () => (codAmount() !== (parcel.cod_amount ?? null) ? { cod_amount: codAmount() } : {}),
    () => {
      const typed = codTypedError(t, cod, codCurrency);
      setCodError(typed);
      return !typed;
    },
  );
  const locked = codLock(t, parcel);
  return (
    <div className="cp-container">
      <PageHeader title={t("update.title")} sub={<span className="cp-mono">{parcel.tracking_code}</span>} back={base} backLabel={t("backToParcel")} />
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors.filter((m) => !isCodMessage(m))} />
        <div className="cp-form-grid">
          <Card title={t("update.people")}>
            <TextField field={bind("tracking_code")} maxLength={MAX_LENGTH.trackingCode} />
            <TextField field={bind("recipient_name")} />
            <TextField field={bind("recipient_email")} type="email" optional />
            <TextField field={bind("recipient_phone_number")} type="tel" optional />
            <TextField field={bind("sender_name")} optional />
            <TextField field={bind("sender_email")} type="email" optional />
          </Card>
          <Card title={t("update.shipment")}>
            <TextField field={bind("destination")} />
            <TextField field={bind("current_location")} optional />
            <TextField field={bind("pickup_location")} optional />
            <TextField field={bind("shipped_via")} optional />
            <TextField field={bind("parcel_content")} optional />
            <div className="cp-field-row">
              <TextField field={bind("weight")} type="number" min={0} optional />
              <TextField
                field={bind("declared_value")}
                label={t("update.inCurrency", { field: fieldLabel("declared_value"), currency })}
                type="number"
                min={0}
                optional
              />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("min_expected_delivery_date")} type="date" optional />
              <TextField field={bind("max_expected_delivery_date")} type="date" optional />
            </div>
          </Card>
          <Card title={t("cod.title")}>
            <CodAmountField value={cod} onChange={setCod} currency={codCurrency} errors={errors} local={codError} locked={locked} />
          </Card>
          <Card title={t("detail.status.title")}>
            <SelectField field={bind("status_code")} optional emptyLabel={t("update.none")} options={STATUS_OPTIONS} hint={t("update.statusCodeHint")} />
            <TextField field={bind("status_reason")} optional hint={t("update.statusReasonHint")} />
            <TextField field={bind("status")} optional hint={t("update.statusHint")} />
          </Card>
          <Card title={t("detail.notices.title")}>
            <SelectField
              field={bind("notify_recipient")}
              options={YES_NO_OPTIONS}
              hint={values.notify_recipient === "true" && !values.recipient_email.trim() ? t("update.notifyNoEmail") : t("update.notifyHint")}
            />
            <SelectField
              field={bind("recipient_language")}
              optional
              emptyLabel={t("detail.notices.englishDefault")}
              options={LANGUAGE_OPTIONS}
              hint={t("update.languageHint")}
            />
            {parcel.recipient_unsubscribed ? (
              <p className="cp-alert cp-alert-info cp-note" role="note" data-testid="unsubscribed-note">
                {t("update.unsubscribed")}
              </p>
            ) : null}
            <SelectField field={bind("protect_details")} options={YES_NO_OPTIONS} hint={t("update.protectHint")} />
            <TextField field={bind("recipient_postcode")} optional maxLength={MAX_LENGTH.postcode} hint={t("update.postcodeHint")} />
            <SelectField field={bind("allow_reschedule")} options={YES_NO_OPTIONS} hint={t("update.rescheduleHint")} />
          </Card>
          <Card title={t("detail.map.title")}>
            <div className="cp-field-row">
              <SelectField field={bind("show_map")} options={SHOW_MAP_OPTIONS} />
              <TextField field={bind("map_zoom")} type="number" min={1} max={19} />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("map_current_latitude")} type="number" min={-90} max={90} optional={values.show_map !== "yes"} />
              <TextField field={bind("map_current_longitude")} type="number" min={-180} max={180} optional={values.show_map !== "yes"} />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("map_pickup_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_pickup_longitude")} type="number" min={-180} max={180} optional />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("map_destination_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_destination_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </Card>
        </div>
        <div className="cp-form-actions">
          <SubmitButton busy={busy}>{t("actions.save", { ns: "control" })}</SubmitButton>
        </div>
      </form>
    </div>
  );
}

export default function ParcelUpdate() {
  return <ParcelGate>{(parcel, base) => <UpdateForm parcel={parcel} base={base} />}</ParcelGate>;
}
