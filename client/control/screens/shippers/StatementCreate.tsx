import { useNavigate, useSearchParams } from "react-router-dom";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { ShipperSelect } from "./common";
import { useStatementCreateForm } from "./useStatementForms";
import * as icons from "../../icons";

export default function StatementCreate() {
  useTitle("Make a statement");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { bind, errors, message, busy, onSubmit } = useStatementCreateForm(params.get("shipper_id") ?? "", (s) =>
    navigate(`/control/statements/list.html?shipper_id=${s.shipper_id}&open=${s.id}`, {
      state: { flash: `Statement ${s.number} made: ${s.lines.length} booking${s.lines.length === 1 ? "" : "s"}` },
    }),
  );
  const shipper = bind("shipper_id");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Make a statement" icon={icons.receipt_long} back="/control/statements/list.html" backLabel="Back to statements" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <div className="cp-field">
            <label htmlFor="st-shipper" className="cp-label">
              Shipper
            </label>
            <ShipperSelect id="st-shipper" value={shipper.value} onChange={shipper.onChange} invalid={shipper["aria-invalid"]} />
          </div>
          <div className="cp-field-row">
            <TextField field={bind("from")} type="date" label="From" />
            <TextField field={bind("to")} type="date" label="To" />
          </div>
          <p className="cp-hint">Every booking of the period that is not cancelled and not on an earlier statement goes on it; none is ever billed twice.</p>
          <SubmitButton busy={busy} icon={icons.receipt_long}>
            Make statement
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
