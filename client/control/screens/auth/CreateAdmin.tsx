import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { FormStatus, NewPasswordHint, PasswordField, SubmitButton, TextField } from "../../components/fields";
import { ListState } from "../../components/lists";
import { useTitle } from "../../hooks/useTitle";
import { errorMessages } from "../../../errors";
import { SIGN_IN } from "../../session";
import { useCreateAdminForm } from "./useCreateAdminForm";
import { AuthScreen } from "../../components/AuthScreen";
import * as icons from "../../icons";

export default function CreateAdmin() {
  const { t } = useTranslation("control-auth");
  useTitle(t("create.title"));
  const { bind, errors, busy, onSubmit, loading, open, loadError, token } = useCreateAdminForm();
  return (
    <AuthScreen icon={icons.person} title={t("create.title")}>
      {loading || (open === null && loadError) ? (
        <ListState loading={loading} error={loadError ? errorMessages(loadError)[0] : null} empty />
      ) : open && !token ? (
        <div className="cp-alert cp-alert-info" role="status">
          <p>{t("create.needsToken")}</p>
          <p>{t("create.tokenWhere")}</p>
        </div>
      ) : open ? (
        <>
          <p className="cp-once" role="note">
            {t("create.once")}
          </p>
          <form className="cp-form" onSubmit={onSubmit} noValidate>
            <FormStatus errors={errors} />
            <TextField field={bind("email")} label={t("email")} type="email" autoComplete="username" hint={t("create.emailHint")} />
            <PasswordField field={bind("password")} label={t("password")} autoComplete="new-password" autoFocus hint={<NewPasswordHint />} />
            <SubmitButton busy={busy}>{t("create.submit")}</SubmitButton>
          </form>
        </>
      ) : (
        <div className="cp-alert cp-alert-info" role="status">
          <p>{t("create.used")}</p>
          <p>
            <Link to={SIGN_IN}>{t("create.toSignIn")}</Link>
          </p>
        </div>
      )}
    </AuthScreen>
  );
}
