import { useTranslation } from "react-i18next";
import { useAdminSendEmailMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

/** The admin's e-mail to anyone; the SMTP password (driver smtp) is sent with this message only. */
export function useSendEmailForm(smtp: boolean) {
  const { t } = useTranslation("control-email");
  const form = useFormState({ to: "", subject: "", body: "", password: "" });
  const [send] = useAdminSendEmailMutation({ refetchQueries: ["AdminOutbox"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    await send({ variables: { input: { to: v.to.trim(), subject: v.subject.trim(), body: v.body, ...(smtp ? { password: v.password } : {}) } } });
    form.setValues({ to: "", subject: "", body: "", password: "" });
    return t("send.sent", { to: v.to.trim() });
  });
  return { ...form, onSubmit };
}
