import { useTranslation } from "react-i18next";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useAdminResetPasswordMutation, useAdminSendPinMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { SIGN_IN } from "../../session";

/** Step 1 asks for the e-mail (sendPin); step 2 takes the new password and the e-mailed token. */
export function useResetPasswordForm() {
  const { t } = useTranslation("control-auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const form = useFormState({
    email: params.get("email") ?? "",
    new_password: "",
    confirm_new_password: "",
    password_token: token,
  });
  const [step, setStep] = useState<1 | 2>(token && params.get("email") ? 2 : 1);
  const [sendPin] = useAdminSendPinMutation();
  const [reset] = useAdminResetPasswordMutation();
  const navigate = useNavigate();

  const onSendPin = form.submit(async () => {
    await sendPin({ variables: { input: { email: form.values.email.trim() } } });
    setStep(2);
    return t("reset.sent");
  });

  const onReset = form.submit(async () => {
    const v = form.values;
    await reset({
      variables: {
        input: { email: v.email.trim(), new_password: v.new_password, confirm_new_password: v.confirm_new_password, password_token: v.password_token.trim() },
      },
    });
    navigate(`${SIGN_IN}?email=${encodeURIComponent(v.email.trim())}`, {
      replace: true,
      state: { flash: t("reset.done") },
    });
  });

  const back = () => {
    form.setErrors([]);
    form.setMessage("");
    setStep(1);
  };
  return { ...form, step, onSendPin, onReset, back };
}
