import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminCreateInvoiceMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { numberOrNull, textOrNull } from "../../hooks/values";

export function useInvoiceCreateForm() {
  const { t } = useTranslation("control-invoice");
  const form = useFormState({ product: "", customer_name: "", tracking_code: "", amount: "" });
  const [create] = useAdminCreateInvoiceMutation({ refetchQueries: ["AdminInvoices"] });
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const { data } = await create({
      variables: {
        input: {
          product: v.product.trim(),
          customer_name: textOrNull(v.customer_name),
          tracking_code: textOrNull(v.tracking_code),
          amount: numberOrNull(v.amount),
        },
      },
    });
    if (data) navigate(`/control/invoice/${data.createInvoice.id}`, { state: { flash: t("created", { number: data.createInvoice.number }) } });
  });
  return { ...form, onSubmit };
}
