import { Link } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import { FormStatus, NewPasswordHint, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { useTitle } from "../../hooks/useTitle";
import { SIGN_IN } from "../../session";
import { useResetPasswordForm } from "./useResetPasswordForm";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

export default function ResetPassword() {
  const { t } = useTranslation("control-auth");
  useTitle(t("reset.title"));
  const { bind, values, errors, message, busy, step, onSendPin, onReset, back } = useResetPasswordForm();
  return (
    <AuthScreen icon={icons.lock} title={t("reset.title")}>
      <ol className="cp-steps" aria-label={t("reset.steps")}>
        <li className={step === 1 ? "active" : "done"} aria-current={step === 1 ? "step" : undefined}>
          {t("reset.stepEmail")}
        </li>
        <li className={step === 2 ? "active" : ""} aria-current={step === 2 ? "step" : undefined}>
          {t("reset.stepPassword")}
        </li>
      </ol>
      {step === 1 ? (
        <form className="cp-form" onSubmit={onSendPin} noValidate key="step1">
          <p className="cp-lead">{t("reset.intro")}</p>
          <FormStatus errors={errors} />
          <TextField field={bind("email")} label={t("email")} type="email" autoComplete="username" autoFocus />
          <SubmitButton busy={busy}>{t("reset.send")}</SubmitButton>
        </form>
      ) : (
        <form className="cp-form" onSubmit={onReset} noValidate key="step2">
          <p className="cp-lead">
            <Trans t={t} i18nKey="reset.enter" values={{ email: values.email || t("reset.yourEmail") }} components={{ b: <strong /> }} />{" "}
            <button type="button" className="cp-linkish" onClick={back}>
              {t("reset.otherEmail")}
            </button>
          </p>
          <FormStatus errors={errors} message={message} />
          <PasswordField field={bind("new_password")} label={t("newPassword")} autoComplete="new-password" autoFocus hint={<NewPasswordHint />} />
          <PasswordField field={bind("confirm_new_password")} label={t("confirmNewPassword")} autoComplete="new-password" />
          <TextField field={bind("password_token")} label={t("reset.token")} autoComplete="one-time-code" hint={t("reset.tokenHint")} />
          <SubmitButton busy={busy}>{t("reset.submit")}</SubmitButton>
        </form>
      )}
      <p className="cp-auth-links">
        <Link to={SIGN_IN}>{t("backToSignIn")}</Link>
      </p>
    </AuthScreen>
  );
}
