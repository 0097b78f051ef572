import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { isLanguageCode, languageOf } from "@shared/i18n/languages";
import { controlLanguageOf } from "../../../i18n/control";
import { useUpdateAccountMutation } from "../../../generated/graphql";
import { PageHeader, Card } from "../../components/PageHeader";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { useFormState } from "../../hooks/useFormState";
import { textOrNull } from "../../hooks/values";
import { useSession } from "../../session";
import { useStore } from "../../../state/store";
import { LANGUAGE_OPTIONS } from "../../i18n";
import { MEMBER_NAME_MAX } from "@shared/modules/admin/member.codes";
import * as icons from "../../icons";

/**
 * The member's own name and control-panel language (contract section 13's last bullet): saved with the member, so it
 * follows them to every device; none chosen is the browser's language.
 */
function ProfileCard() {
  const { t, i18n } = useTranslation("control-account");
  const { name, language } = useSession();
  const { dispatch } = useStore();
  const form = useFormState({ name: name ?? "", language: language ?? "" });
  const [update] = useUpdateAccountMutation();
  const onSubmit = form.submit(async () => {
    const { data } = await update({ variables: { input: { name: textOrNull(form.values.name), language: textOrNull(form.values.language) } } });
    const saved = data?.updateAccount;
    if (!saved) return;
    // The session holds the language: the control panel changes to it at once.
    const chosen = saved.language && isLanguageCode(saved.language) ? saved.language : null;
    dispatch({ type: "session/profile", name: saved.name ?? null, language: chosen });
    // Said in the language the panel changes to (the screen's texts change with it; the message would stay in the old).
    const tag = languageOf(controlLanguageOf(chosen)).tag;
    await i18n.loadLanguages(tag).catch(() => undefined);
    return i18n.getFixedT(tag, "control-account")("profile.saved");
  });
  return (
    <Card title={t("profile.title")}>
      <form className="cp-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
        <FormStatus errors={form.errors} message={form.message} />
        <TextField field={form.bind("name")} label={t("profile.name")} optional maxLength={MEMBER_NAME_MAX} autoComplete="name" hint={t("profile.nameHint")} />
        <SelectField
          field={form.bind("language")}
          label={t("profile.language")}
          optional
          emptyLabel={t("profile.browserLanguage")}
          options={LANGUAGE_OPTIONS}
          hint={t("profile.languageHint")}
        />
        <SubmitButton busy={form.busy}>{t("profile.submit")}</SubmitButton>
      </form>
    </Card>
  );
}

export default function Account() {
  const { t } = useTranslation("control-account");
  useTitle(t("title"));
  const { email, totpEnabled: on, checked } = useSession();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={t("title")}
        icon={icons.person}
        sub={email ? t("signedInAs", { email }) : undefined}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
      />
      <ul className="cp-list cp-menu">
        <li>
          <Link to="/control/account/password.html" className="cp-row cp-row-link">
            <span className="cp-row-icon cp-accent" aria-hidden="true">
              <Icon path={icons.lock} size={26} />
            </span>
            <span className="cp-row-main">
              <strong>{t("password.title")}</strong>
            </span>
            <Icon path={icons.chevron_right} size={22} />
          </Link>
        </li>
        <li>
          <Link to="/control/account/two-step.html" className="cp-row cp-row-link">
            <span className="cp-row-icon cp-accent" aria-hidden="true">
              <Icon path={icons.shield} size={26} />
            </span>
            <span className="cp-row-main">
              <strong>{t("twoStep.title")}</strong>
            </span>
            {!checked ? null : <span className={`cp-badge ${on ? "cp-badge-ok" : "cp-badge-muted"}`}>{on ? t("on") : t("off")}</span>}
            <Icon path={icons.chevron_right} size={22} />
          </Link>
        </li>
      </ul>
      <ProfileCard key={`${checked}`} />
    </div>
  );
}
