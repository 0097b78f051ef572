import { Link, useLocation } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import { useAdminCanCreateQuery } from "../../../generated/graphql";
import { CodeField, FormStatus, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { useTitle } from "../../hooks/useTitle";
import { useFlash } from "../../hooks/lists";
import { useSignInForm } from "./useSignInForm";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

export default function SignIn() {
  const { t } = useTranslation("control-auth");
  useTitle(t("signIn.title"));
  const { bind, values, errors, busy, onSubmit, step, goTo } = useSignInForm();
  const flash = useFlash();
  const { data } = useAdminCanCreateQuery({ fetchPolicy: "network-only" });
  const { pathname } = useLocation();
  const signupPath = pathname.startsWith("/cp") ? "/cp/signup" : "/control/signup.html";
  return (
    <AuthScreen icon={icons.lock} title={step === "password" ? t("signIn.title") : t("signIn.twoStepTitle")}>
      {step === "password" ? (
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={errors.length ? "" : flash} />
          <TextField field={bind("email")} label={t("email")} type="email" autoComplete="username" autoFocus={!values.email} />
          <PasswordField field={bind("password")} label={t("password")} autoFocus={Boolean(values.email)} />
          <SubmitButton busy={busy}>{t("signIn.submit")}</SubmitButton>
        </form>
      ) : (
        <form className="cp-form" onSubmit={onSubmit} noValidate data-testid="signin-code-step">
          <p className="cp-note">
            {step === "code" ? (
              <Trans t={t} i18nKey="signIn.codeFor" values={{ email: values.email }} components={{ b: <strong /> }} />
            ) : (
              t("signIn.recoveryHint")
            )}
          </p>
          <FormStatus errors={errors} />
          {step === "code" ? (
            <CodeField key="code" field={bind("totp_code")} label={t("signIn.code")} autoFocus />
          ) : (
            <CodeField key="recovery" field={bind("recovery_code")} label={t("signIn.recoveryCode")} recovery autoFocus />
          )}
          <SubmitButton busy={busy}>{t("signIn.verify")}</SubmitButton>
          <p className="cp-auth-links cp-auth-links-inline">
            <button type="button" className="cp-linkish" onClick={() => goTo(step === "code" ? "recovery" : "code")}>
              {step === "code" ? t("signIn.useRecovery") : t("signIn.useApp")}
            </button>
            <button type="button" className="cp-linkish" onClick={() => goTo("password")}>
              {t("signIn.someoneElse")}
            </button>
          </p>
        </form>
      )}
      {step !== "password" ? null : (
        <p className="cp-auth-links">
          <Link to={`/control/password.html${values.email ? `?email=${encodeURIComponent(values.email)}` : ""}`}>{t("signIn.forgot")}</Link>
          {data?.canCreateAdmin ? <Link to={signupPath}>{t("signIn.noAdmin")}</Link> : null}
        </p>
      )}
    </AuthScreen>
  );
}
