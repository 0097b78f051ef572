import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { FormStatus, SelectField, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { Icon } from "../../../components/Icon";
import { MAIL_DRIVERS, MAIL_TEMPLATES } from "@shared/modules/mail/mail.codes";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { useMailSettingsForm } from "./useMailSettingsForm";
import * as icons from "../../icons";
import { SETTINGS_NS } from "./deliveryDay";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit, allowPlain, setAllowPlain } = useMailSettingsForm(settings);
  const { t } = useTranslation(SETTINGS_NS);
  const driverOptions = MAIL_DRIVERS.map((v) => ({ value: v, label: v === "smtp" ? t("mail.driverSmtp") : v === "mail" ? t("mail.driverMail") : v }));
  const templateOptions = MAIL_TEMPLATES.map((v) => ({ value: v, label: v === "plain" ? t("mail.templatePlain") : v }));
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <SelectField field={bind("mail_driver")} label={t("mail.driver")} options={driverOptions} hint={t("mail.driverHint")} />
        <label className="cp-check">
          <input type="checkbox" name="smtp_allow_plain" checked={allowPlain} onChange={(ev) => setAllowPlain(ev.target.checked)} />
          <span>
            <strong>{t("mail.allowPlain")}</strong>
            <small className="cp-muted">{t("mail.allowPlainHint")}</small>
          </span>
        </label>
        {allowPlain ? (
          <p className="cp-alert cp-alert-warn" role="alert" data-testid="smtp-plain-warning">
            <Icon path={icons.error} size={20} />
            <span>{t("mail.plainWarning")}</span>
          </p>
        ) : null}
        <SelectField field={bind("mail_template")} label={t("mail.template")} options={templateOptions} hint={t("mail.templateHint")} />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </form>
      <p className="cp-hint">
        <Link to="/control/email/send.html">{t("mail.send")}</Link> · <Link to="/control/email/outbox.html">{t("mail.outbox")}</Link>
      </p>
    </Card>
  );
}

export default function MailSettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.mail"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("menu.mail")} icon={icons.email} back="/control/settings" backLabel={t("back")} />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
