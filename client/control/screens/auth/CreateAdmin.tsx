import { Link } from "react-router-dom";
import { FormStatus, NEW_PASSWORD_HINT, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { ListState } from "../../components/lists";
import { useTitle } from "../../hooks/useTitle";
import { errorMessages } from "../../../errors";
import { SIGN_IN } from "../../session";
import { useCreateAdminForm } from "./useCreateAdminForm";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

export default function CreateAdmin() {
  useTitle("Create Admin");
  const { bind, errors, busy, onSubmit, loading, open, loadError, token } = useCreateAdminForm();
  return (
    <AuthScreen icon={icons.person} title="Create Admin">
      {loading || (open === null && loadError) ? (
        <ListState loading={loading} error={loadError ? errorMessages(loadError)[0] : null} empty />
      ) : open && !token ? (
        <div className="cp-alert cp-alert-info" role="status">
          <p>This link needs its setup token. Open the link the server printed when it started (it ends in ?token=...).</p>
          <p>Whoever runs the server finds it in its console or log; ADMIN_SETUP_TOKEN sets it.</p>
        </div>
      ) : open ? (
        <>
          <p className="cp-once" role="note">
            THIS LINK CAN ONLY BE USED ONCE
          </p>
          <form className="cp-form" onSubmit={onSubmit} noValidate>
            <FormStatus errors={errors} />
            <TextField field={bind("email")} label="Email" type="email" autoComplete="username" hint="Proposed: the contact e-mail from the site settings." />
            <PasswordField field={bind("password")} label="Password" autoComplete="new-password" autoFocus hint={NEW_PASSWORD_HINT} />
            <SubmitButton busy={busy}>Create Admin</SubmitButton>
          </form>
        </>
      ) : (
        <div className="cp-alert cp-alert-info" role="status">
          <p>An admin account already exists, so this one-time link has been used.</p>
          <p>
            <Link to={SIGN_IN}>Go to Admin Sign In</Link>
          </p>
        </div>
      )}
    </AuthScreen>
  );
}
