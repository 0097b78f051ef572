import { Link, useLocation } from "react-router-dom";
import { useAdminCanCreateQuery } from "../../../generated/graphql";
import { FormStatus, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { useFlash } from "../../hooks/lists";
import { useSignInForm } from "./useSignInForm";

export default function SignIn() {
  useTitle("Admin Sign In");
  const { bind, values, errors, busy, onSubmit } = useSignInForm();
  const flash = useFlash();
  const { data } = useAdminCanCreateQuery({ fetchPolicy: "network-only" });
  const { pathname } = useLocation();
  const signupPath = pathname.startsWith("/cp") ? "/cp/signup" : "/control/signup.html";
  return (
    <div className="cp-auth">
      <div className="cp-auth-badge" aria-hidden="true">
        <Icon name="lock" size={30} />
      </div>
      <h1>Admin Sign In</h1>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={errors.length ? "" : flash} />
        <TextField field={bind("email")} label="Email" type="email" autoComplete="username" autoFocus={!values.email} />
        <PasswordField field={bind("password")} label="Password" autoFocus={Boolean(values.email)} />
        <SubmitButton busy={busy}>Sign In</SubmitButton>
      </form>
      <p className="cp-auth-links">
        <Link to={`/control/password.html${values.email ? `?email=${encodeURIComponent(values.email)}` : ""}`}>Forgot your password?</Link>
        {data?.canCreateAdmin ? <Link to={signupPath}>No admin yet? Create the admin account</Link> : null}
      </p>
    </div>
  );
}
