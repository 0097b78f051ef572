import { useTranslation } from "react-i18next";
import { FormStatus, NewPasswordHint, PasswordField, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useChangePasswordForm } from "./useChangePasswordForm";
import * as icons from "../../icons";

export default function ChangePassword() {
  const { t } = useTranslation("control-account");
  useTitle(t("password.title"));
  const { bind, errors, message, busy, onSubmit } = useChangePasswordForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("password.title")} icon={icons.lock} back="/control/account/index.html" backLabel={t("title")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <PasswordField field={bind("password")} label={t("password.current")} autoComplete="current-password" autoFocus />
          <PasswordField field={bind("new_password")} label={t("password.new")} autoComplete="new-password" hint={<NewPasswordHint />} />
          <PasswordField field={bind("confirm_new_password")} label={t("password.confirm")} autoComplete="new-password" />
          <SubmitButton busy={busy}>{t("password.submit")}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
