import { useNavigate } from "react-router-dom";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { MoneyField, useCurrency } from "./common";
import { useCardOptions } from "./ShipperList";
import { useShipperCreateForm } from "./useShipperForms";
import * as icons from "../../icons";

export default function ShipperCreate() {
  useTitle("Create Shipper");
  const navigate = useNavigate();
  const currency = useCurrency();
  const cards = useCardOptions();
  const { bind, values, setValues, errors, message, busy, onSubmit } = useShipperCreateForm(currency, (s) =>
    navigate("/control/shippers/list.html", { state: { flash: `Shipper ${s.name} created: an invitation was mailed to ${s.email}` } }),
  );
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Create Shipper" icon={icons.people} back="/control/shippers/list.html" backLabel="Back to shippers" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <TextField field={bind("name")} label="Contact name" autoFocus autoComplete="off" />
          <TextField field={bind("email")} type="email" label="E-mail" autoComplete="off" hint="The invitation to set a password goes here." />
          <TextField field={bind("company")} optional autoComplete="off" />
          <SelectField field={bind("rate_card_id")} label="Rate card" options={cards} optional emptyLabel="Default card" />
          <MoneyField
            name="credit_limit"
            label="Credit limit"
            currency={currency}
            value={values.credit_limit}
            onChange={(e) => setValues((v) => ({ ...v, credit_limit: e.target.value }))}
            optional
            invalid={errors.some((m) => m.startsWith("credit_limit"))}
            hint="Unpaid bookings may not go above it. Blank: no limit."
          />
          <SubmitButton busy={busy} icon={icons.add}>
            Create Shipper
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
