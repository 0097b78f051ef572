import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useInvoiceCreateForm } from "./useInvoiceCreateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function InvoiceCreate() {
  useTitle("Create Invoice");
  const { bind, errors, busy, onSubmit } = useInvoiceCreateForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Create Invoice" icon={icons.receipt_long} back="/control/invoice/list.html" backLabel="Back to invoices" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={bind("product")} autoFocus hint="What the invoice is for, e.g. Air freight, 12 kg, Lagos to London." />
          <TextField field={bind("customer_name")} optional />
          <TextField field={bind("tracking_code")} maxLength={MAX_LENGTH.trackingCode} optional />
          <TextField field={bind("amount")} type="number" min={0} optional />
          <SubmitButton busy={busy}>Create Invoice</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
