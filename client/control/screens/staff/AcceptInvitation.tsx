import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import { useAdminAcceptInvitationMutation } from "../../../generated/graphql";
import { FormStatus, NewPasswordHint, PasswordField, SubmitButton } from "../../components/fields";
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
  const { t } = useTranslation("control-auth");
  const { t: tc } = useTranslation("control");
  useTitle(t("accept.title"));
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
    <AuthScreen icon={icons.people} title={t("accept.title")}>
      {done ? (
        <div className="cp-form" data-testid="accepted">
          <p className="cp-alert cp-alert-success" role="status">
            <Trans t={t} i18nKey="accept.done" values={{ role: tc(`roles.${done.role}`, { defaultValue: done.role }) }} components={{ b: <strong /> }} />
          </p>
          <Link to={`${SIGN_IN}?email=${encodeURIComponent(done.email)}`} className="cp-btn cp-btn-primary">
            <Icon path={icons.lock} size={20} />
            <span>{t("accept.signInAs", { email: done.email })}</span>
          </Link>
        </div>
      ) : !token ? (
        <div className="cp-form">
          <p className="cp-alert cp-alert-error" role="alert">
            {t("accept.noToken")}
          </p>
        </div>
      ) : (
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <p className="cp-lead">{t("accept.intro")}</p>
          <FormStatus errors={form.errors} />
          <PasswordField field={form.bind("password")} label={t("password")} autoComplete="new-password" autoFocus hint={<NewPasswordHint />} />
          <PasswordField field={form.bind("confirm_password")} label={t("confirmPassword")} autoComplete="new-password" />
          <SubmitButton busy={form.busy}>{t("accept.submit")}</SubmitButton>
        </form>
      )}
      <p className="cp-auth-links">
        <Link to={SIGN_IN}>{t("backToSignIn")}</Link>
      </p>
    </AuthScreen>
  );
}
