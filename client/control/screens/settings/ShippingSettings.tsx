import { useTranslation } from "react-i18next";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { useShippingSettingsForm } from "./useShippingSettingsForm";
import * as icons from "../../icons";
import { SETTINGS_NS } from "./deliveryDay";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useShippingSettingsForm(settings);
  const { t } = useTranslation(SETTINGS_NS);
  const signupOptions = [
    { value: "open", label: t("shipping.signupOpen") },
    { value: "off", label: t("shipping.signupOff") },
  ];
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <SelectField field={bind("shipper_signup")} label={t("shipping.signup")} options={signupOptions} />
        <TextField field={bind("currency")} label={t("shipping.currency")} maxLength={3} hint={t("shipping.currencyHint")} />
        <TextField field={bind("pickup_cutoff")} label={t("shipping.cutoff")} maxLength={5} placeholder="14:00" hint={t("shipping.cutoffHint")} />
        <TextField field={bind("max_amount")} label={t("shipping.maxAmount", { currency: settings.currency })} hint={t("shipping.maxAmountHint")} />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </form>
    </Card>
  );
}

export default function ShippingSettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.shipping"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("menu.shipping")} icon={icons.local_shipping} back="/control/settings" backLabel={t("back")} />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
