import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAdminAcceptInvitationMutation } from "../../../generated/graphql";
import { FormStatus, NEW_PASSWORD_HINT, PasswordField, SubmitButton } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFormState } from "../../hooks/useFormState";
import { useTitle } from "../../hooks/useTitle";
import { SIGN_IN } from "../../session";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

/**
 * The invitation link (/control/accept.html?token=...): the invitee chooses a password. It does not
 * sign in: the member then signs in with the e-mail filled in, like every other sign-in.
 */
export default function AcceptInvitation() {
  useTitle("Accept Invitation");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const form = useFormState({ password: "", confirm_password: "" });
  const [accept] = useAdminAcceptInvitationMutation();
  const [done, setDone] = useState<{ email: string; role: string } | null>(null);
  const onSubmit = form.submit(async () => {
    if (form.values.password !== form.values.confirm_password) {
      form.setErrors(["confirm_password must match password"]);
      return;
    }
    const { data } = await accept({ variables: { input: { token, password: form.values.password } } });
    const who = data?.acceptInvitation;
    if (who) setDone(who);
  });
  return (
    <AuthScreen icon={icons.people} title="Accept Invitation">
      {done ? (
        <div className="cp-form" data-testid="accepted">
          <p className="cp-alert cp-alert-success" role="status">
            Your password is set. You joined as <strong>{done.role}</strong>.
          </p>
          <Link to={`${SIGN_IN}?email=${encodeURIComponent(done.email)}`} className="cp-btn cp-btn-primary">
            <Icon path={icons.lock} size={20} />
            <span>Sign in as {done.email}</span>
          </Link>
        </div>
      ) : !token ? (
        <div className="cp-form">
          <p className="cp-alert cp-alert-error" role="alert">
            This address has no invitation token. Open the link from the invitation e-mail, or ask the owner to invite you again.
          </p>
        </div>
      ) : (
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <p className="cp-lead">You were invited to the control panel. Choose the password you will sign in with.</p>
          <FormStatus errors={form.errors} />
          <PasswordField field={form.bind("password")} label="Password" autoComplete="new-password" autoFocus hint={NEW_PASSWORD_HINT} />
          <PasswordField field={form.bind("confirm_password")} label="Confirm Password" autoComplete="new-password" />
          <SubmitButton busy={form.busy}>Set Password</SubmitButton>
        </form>
      )}
      <p className="cp-auth-links">
        <Link to={SIGN_IN}>Back to sign in</Link>
      </p>
    </AuthScreen>
  );
}
