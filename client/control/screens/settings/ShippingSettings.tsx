import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { useShippingSettingsForm } from "./useShippingSettingsForm";
import * as icons from "../../icons";

const SIGNUP_OPTIONS = [
  { value: "open", label: "Open: anyone may sign up" },
  { value: "off", label: "Off: only the staff add shippers" },
];

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useShippingSettingsForm(settings);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <SelectField field={bind("shipper_signup")} label="Shipper sign-up" options={SIGNUP_OPTIONS} />
        <TextField
          field={bind("currency")}
          maxLength={3}
          hint="ISO 4217 code, e.g. EUR. Every price, balance and statement is in it; amounts already kept do not change."
        />
        <TextField
          field={bind("pickup_cutoff")}
          label="Pickup cut-off (HH:MM)"
          maxLength={5}
          placeholder="14:00"
          hint="A same-day pickup must be asked for before it."
        />
        <TextField
          field={bind("max_amount")}
          label={`Largest amount (${settings.currency})`}
          hint="A quote, booking, rate card or credit limit past it is refused naming the field."
        />
        <SubmitButton busy={busy}>Save</SubmitButton>
      </form>
    </Card>
  );
}

export default function ShippingSettings() {
  useTitle("Shipping Settings");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Shipping Settings" icon={icons.local_shipping} back="/control/settings" backLabel="Back to settings" />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
