import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useInvoiceCreateForm } from "./useInvoiceCreateForm";

export default function InvoiceCreate() {
  useTitle("Create Invoice");
  const { bind, errors, busy, onSubmit } = useInvoiceCreateForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Create Invoice" icon="receipt_long" back="/control/invoice/list.html" backLabel="Back to invoices" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={bind("product")} autoFocus hint="What the invoice is for, e.g. Air freight, 12 kg, Lagos to London." />
          <TextField field={bind("customer_name")} optional />
          <TextField field={bind("tracking_code")} maxLength={64} optional />
          <TextField field={bind("amount")} type="number" min={0} optional />
          <SubmitButton busy={busy}>Create Invoice</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
