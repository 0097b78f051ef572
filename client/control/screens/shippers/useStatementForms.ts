import { useAdminCreateStatementMutation, useAdminPayStatementMutation, type AdminStatementFieldsFragment } from "../../../generated/graphql";
import { useTranslation } from "react-i18next";
import { useFormState } from "../../hooks/useFormState";

/** The month before this one, as the default period. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Make a statement: a shipper and a period; every unbilled booking of it goes on. */
export function useStatementCreateForm(shipperId: string, done: (s: AdminStatementFieldsFragment) => void) {
  const form = useFormState({ shipper_id: shipperId, ...lastMonth() });
  const [create] = useAdminCreateStatementMutation({ refetchQueries: ["AdminStatements", "AdminShippers"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    if (!v.shipper_id) throw new Error("shipper_id is required");
    const { data } = await create({ variables: { input: { shipper_id: Number(v.shipper_id), from: v.from, to: v.to } } });
    if (data) done(data.createStatement);
  });
  return { ...form, onSubmit };
}

/** Mark paid, with the payment's reference (the server records the time). */
export function usePayStatementForm(s: AdminStatementFieldsFragment) {
  const { t } = useTranslation("control-shippers");
  const form = useFormState({ paid_reference: "" });
  const [pay] = useAdminPayStatementMutation({ refetchQueries: ["AdminShippers"] });
  const onSubmit = form.submit(async () => {
    await pay({ variables: { input: { id: s.id, status: "paid", paid_reference: form.values.paid_reference.trim() } } });
    return t("statements.paid", { number: s.number });
  });
  return { ...form, onSubmit };
}
