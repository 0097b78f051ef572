import { useTranslation } from "react-i18next";
import { useAdminChangePasswordMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useChangePasswordForm() {
  const { t } = useTranslation("control-account");
  const empty = { password: "", new_password: "", confirm_new_password: "" };
  const form = useFormState(empty);
  const [change] = useAdminChangePasswordMutation();
  const onSubmit = form.submit(async () => {
    await change({ variables: { input: { ...form.values } } });
    form.setValues(empty);
    return t("password.done");
  });
  return { ...form, onSubmit };
}
