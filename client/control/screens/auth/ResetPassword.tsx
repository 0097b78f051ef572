import { Link } from "react-router-dom";
import { FormStatus, NEW_PASSWORD_HINT, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { useTitle } from "../../hooks/useTitle";
import { SIGN_IN } from "../../session";
import { useResetPasswordForm } from "./useResetPasswordForm";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

export default function ResetPassword() {
  useTitle("Admin Reset Password");
  const { bind, values, errors, message, busy, step, onSendPin, onReset, back } = useResetPasswordForm();
  return (
    <AuthScreen icon={icons.lock} title="Admin Reset Password">
      <ol className="cp-steps" aria-label="Steps">
        <li className={step === 1 ? "active" : "done"} aria-current={step === 1 ? "step" : undefined}>
          E-mail
        </li>
        <li className={step === 2 ? "active" : ""} aria-current={step === 2 ? "step" : undefined}>
          New password
        </li>
      </ol>
      {step === 1 ? (
        <form className="cp-form" onSubmit={onSendPin} noValidate key="step1">
          <p className="cp-lead">Enter the e-mail of your admin account. We will send you a token to reset your password.</p>
          <FormStatus errors={errors} />
          <TextField field={bind("email")} label="Email" type="email" autoComplete="username" autoFocus />
          <SubmitButton busy={busy}>Send Token</SubmitButton>
        </form>
      ) : (
        <form className="cp-form" onSubmit={onReset} noValidate key="step2">
          <p className="cp-lead">
            Enter your new password and the token sent to <strong>{values.email || "your e-mail"}</strong>.{" "}
            <button type="button" className="cp-linkish" onClick={back}>
              Use another e-mail
            </button>
          </p>
          <FormStatus errors={errors} message={message} />
          <PasswordField field={bind("new_password")} label="New Password" autoComplete="new-password" autoFocus hint={NEW_PASSWORD_HINT} />
          <PasswordField field={bind("confirm_new_password")} label="Confirm New Password" autoComplete="new-password" />
          <TextField field={bind("password_token")} label="Token" autoComplete="one-time-code" hint="The token from the e-mail we sent you." />
          <SubmitButton busy={busy}>Reset Password</SubmitButton>
        </form>
      )}
      <p className="cp-auth-links">
        <Link to={SIGN_IN}>Back to sign in</Link>
      </p>
    </AuthScreen>
  );
}
