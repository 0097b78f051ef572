import { Link, useLocation } from "react-router-dom";
import { useAdminCanCreateQuery } from "../../../generated/graphql";
import { CodeField, FormStatus, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { useTitle } from "../../hooks/useTitle";
import { useFlash } from "../../hooks/lists";
import { useSignInForm } from "./useSignInForm";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

export default function SignIn() {
  useTitle("Admin Sign In");
  const { bind, values, errors, busy, onSubmit, step, goTo } = useSignInForm();
  const flash = useFlash();
  const { data } = useAdminCanCreateQuery({ fetchPolicy: "network-only" });
  const { pathname } = useLocation();
  const signupPath = pathname.startsWith("/cp") ? "/cp/signup" : "/control/signup.html";
  return (
    <AuthScreen icon={icons.lock} title={step === "password" ? "Admin Sign In" : "Two-Step Sign In"}>
      {step === "password" ? (
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={errors.length ? "" : flash} />
          <TextField field={bind("email")} label="Email" type="email" autoComplete="username" autoFocus={!values.email} />
          <PasswordField field={bind("password")} label="Password" autoFocus={Boolean(values.email)} />
          <SubmitButton busy={busy}>Sign In</SubmitButton>
        </form>
      ) : (
        <form className="cp-form" onSubmit={onSubmit} noValidate data-testid="signin-code-step">
          <p className="cp-note">
            {step === "code" ? (
              <>
                Enter the 6-digit code your authenticator app shows for <strong>{values.email}</strong>.
              </>
            ) : (
              <>Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.</>
            )}
          </p>
          <FormStatus errors={errors} />
          {step === "code" ? (
            <CodeField key="code" field={bind("totp_code")} label="6-digit code" autoFocus />
          ) : (
            <CodeField key="recovery" field={bind("recovery_code")} label="Recovery code" recovery autoFocus />
          )}
          <SubmitButton busy={busy}>Verify</SubmitButton>
          <p className="cp-auth-links cp-auth-links-inline">
            <button type="button" className="cp-linkish" onClick={() => goTo(step === "code" ? "recovery" : "code")}>
              {step === "code" ? "Use a recovery code instead" : "Use the code of my app"}
            </button>
            <button type="button" className="cp-linkish" onClick={() => goTo("password")}>
              Sign in as someone else
            </button>
          </p>
        </form>
      )}
      {step !== "password" ? null : (
        <p className="cp-auth-links">
          <Link to={`/control/password.html${values.email ? `?email=${encodeURIComponent(values.email)}` : ""}`}>Forgot your password?</Link>
          {data?.canCreateAdmin ? <Link to={signupPath}>No admin yet? Create the admin account</Link> : null}
        </p>
      )}
    </AuthScreen>
  );
}
