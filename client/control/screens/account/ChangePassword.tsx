import { FormStatus, NEW_PASSWORD_HINT, PasswordField, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useChangePasswordForm } from "./useChangePasswordForm";
import * as icons from "../../icons";

export default function ChangePassword() {
  useTitle("Change Password");
  const { bind, errors, message, busy, onSubmit } = useChangePasswordForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Change Password" icon={icons.lock} back="/control/account/index.html" backLabel="My Account" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <PasswordField field={bind("password")} label="Current Password" autoComplete="current-password" autoFocus />
          <PasswordField field={bind("new_password")} label="New Password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
          <PasswordField field={bind("confirm_new_password")} label="Confirm New Password" autoComplete="new-password" />
          <SubmitButton busy={busy}>Update</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
