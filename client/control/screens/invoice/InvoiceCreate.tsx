import { useTranslation } from "react-i18next";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useInvoiceCreateForm } from "./useInvoiceCreateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function InvoiceCreate() {
  const { t } = useTranslation("control-invoice");
  useTitle(t("create"));
  const { bind, errors, busy, onSubmit } = useInvoiceCreateForm();
  const [productField, customerField, codeField, amountField] = [bind("product"), bind("customer_name"), bind("tracking_code"), bind("amount")];
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("create")} icon={icons.receipt_long} back="/control/invoice/list.html" backLabel={t("back")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={productField} autoFocus hint={t("productHint")} />
          <TextField field={customerField} optional />
          <TextField field={codeField} maxLength={MAX_LENGTH.trackingCode} optional />
          <TextField field={amountField} type="number" min={0} optional />
          <SubmitButton busy={busy}>{t("create")}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
