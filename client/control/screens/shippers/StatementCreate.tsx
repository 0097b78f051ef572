import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { ShipperSelect } from "./common";
import { useStatementCreateForm } from "./useStatementForms";
import * as icons from "../../icons";

export default function StatementCreate() {
  const { t } = useTranslation("control-shippers");
  useTitle(t("statementCreate.title"));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { bind, errors, message, busy, onSubmit } = useStatementCreateForm(params.get("shipper_id") ?? "", (s) =>
    navigate(`/control/statements/list.html?shipper_id=${s.shipper_id}&open=${s.id}`, {
      state: { flash: t("statementCreate.made", { number: s.number, count: s.lines.length }) },
    }),
  );
  const shipper = bind("shipper_id");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("statementCreate.title")} icon={icons.receipt_long} back="/control/statements/list.html" backLabel={t("statementCreate.back")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <div className="cp-field">
            <label htmlFor="st-shipper" className="cp-label">
              {t("col.shipper")}
            </label>
            <ShipperSelect id="st-shipper" value={shipper.value} onChange={shipper.onChange} invalid={shipper["aria-invalid"]} />
          </div>
          <div className="cp-field-row">
            <TextField field={bind("from")} type="date" label={t("statementCreate.from")} />
            <TextField field={bind("to")} type="date" label={t("statementCreate.to")} />
          </div>
          <p className="cp-hint">{t("statementCreate.hint")}</p>
          <SubmitButton busy={busy} icon={icons.receipt_long}>
            {t("statements.make")}
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
