import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { MoneyField, useCurrency } from "./common";
import { useCardOptions } from "./ShipperList";
import { useShipperCreateForm } from "./useShipperForms";
import * as icons from "../../icons";

export default function ShipperCreate() {
  const { t } = useTranslation("control-shippers");
  useTitle(t("create.title"));
  const navigate = useNavigate();
  const currency = useCurrency();
  const cards = useCardOptions();
  const { bind, values, setValues, errors, message, busy, onSubmit } = useShipperCreateForm(currency, (s) =>
    navigate("/control/shippers/list.html", { state: { flash: t("create.created", { name: s.name, email: s.email }) } }),
  );
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("create.title")} icon={icons.people} back="/control/shippers/list.html" backLabel={t("create.back")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <TextField field={bind("name")} label={t("create.contact")} autoFocus autoComplete="off" />
          <TextField field={bind("email")} type="email" label={t("create.email")} autoComplete="off" hint={t("create.emailHint")} />
          <TextField field={bind("company")} label={t("create.company")} optional autoComplete="off" />
          <SelectField field={bind("rate_card_id")} label={t("shippers.rateCard")} options={cards} optional emptyLabel={t("shippers.defaultCard")} />
          <MoneyField
            name="credit_limit"
            label={t("shippers.creditLimit")}
            currency={currency}
            value={values.credit_limit}
            onChange={(e) => setValues((v) => ({ ...v, credit_limit: e.target.value }))}
            optional
            invalid={errors.some((m) => m.startsWith("credit_limit"))}
            hint={t("creditHint")}
          />
          <SubmitButton busy={busy} icon={icons.add}>
            {t("create.title")}
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
